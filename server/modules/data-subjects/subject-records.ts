import { and, asc, eq, getTableColumns, inArray, or, sql, type Table } from 'drizzle-orm'
import type { DataSubjectKind } from '@/lib/contracts/data-subjects'
import { pepDeclarationOf } from '@/lib/contracts/kyc-values'
import { decryptOptionalField } from '@/server/crypto/field-cipher'
import type { Executor } from '@/server/db/client'
import {
  audits,
  businesses,
  businessUsers,
  crmAccounts,
  externalHandovers,
  files,
  governmentRepresentatives,
  kycDocuments,
  kycVerifications,
  marketingEvents,
  supportInquiries,
  meansOfIds,
  personalDataViews,
  roles,
  sessions,
  shareholders,
  userPreferences,
  userRoles,
  users,
  type MeansOfId,
  type Shareholder,
  type StoredFile,
} from '@/server/db/schema'
import { AppError, notFound } from '@/server/http/app-error'
import { entityOfRepresentative, representativeDutyOf, retentionDutyOf } from './find-subjects'
import { sourceOfWealthOf } from './source-of-wealth'

/** Everything the portal holds about one person, clear values included (for their export), and their files. */
export interface SubjectRecords {
  kind: DataSubjectKind
  id: string
  /** The business the person's KYC record belongs to (a user: none). */
  businessId: string | null
  retentionDuty: string | null
  data: Record<string, unknown>
  files: StoredFile[]
  meansOfIds: MeansOfId[]
  shareholder: Shareholder | null
}

/** Government representatives, CRM contacts and support inquiries: people outside any business's KYC. */
async function loadOutsideRecords(db: Executor, kind: DataSubjectKind, id: string): Promise<SubjectRecords> {
  const base = { kind, id, businessId: null, meansOfIds: [], shareholder: null }
  if (kind === 'GOVERNMENT_REPRESENTATIVE') {
    const [row] = await db.select().from(governmentRepresentatives).where(eq(governmentRepresentatives.id, id))
    const entity = row ? await entityOfRepresentative(db, id) : null
    if (!row || !entity) throw notFound('Person')
    const repFiles = await filesByIds(db, [row.idFileId, row.addressFileId, row.photoFileId])
    return {
      ...base,
      retentionDuty: representativeDutyOf(entity),
      files: repFiles,
      data: {
        governmentEntity: { id: entity.id, name: entity.name, archiveStatus: entity.archiveStatus },
        representative: {
          id: row.id,
          firstName: row.firstName,
          lastName: row.lastName,
          position: row.position,
          email: row.email,
          phone: row.phone,
          idType: row.idType,
          idNumber: decryptOptionalField(row.idNumber),
          idIssueDate: row.idIssueDate,
          idExpiryDate: row.idExpiryDate,
          dateOfBirth: decryptOptionalField(row.dateOfBirth),
          pepDeclaration: pepDeclarationOf(row),
          address: row.address,
          createdAt: row.createdAt,
          updatedAt: row.updatedAt,
        },
        viewsOfThisRecord: await viewsOf(db, [id, ...repFiles.map((f) => f.id)]),
        files: repFiles.map((f, i) => fileView(f, archivePathOf(i, f))),
      },
    }
  }
  if (kind === 'CRM_CONTACT') {
    const [account] = await db.select().from(crmAccounts).where(eq(crmAccounts.id, id))
    if (!account) throw notFound('Person')
    return {
      ...base,
      retentionDuty: null,
      files: [],
      data: {
        crmAccount: {
          id: account.id,
          externalRef: account.externalRef,
          name: account.name,
          contactEmail: account.contactEmail,
          contactPhone: account.contactPhone,
          importedAt: account.updatedAt,
        },
      },
    }
  }
  const [inquiry] = await db.select().from(supportInquiries).where(eq(supportInquiries.id, id))
  if (!inquiry) throw notFound('Person')
  const attachment = await filesByIds(db, [inquiry.attachmentFileId])
  return {
    ...base,
    retentionDuty: null,
    files: attachment,
    data: {
      supportInquiry: {
        id: inquiry.id,
        reference: inquiry.reference,
        name: inquiry.name,
        email: inquiry.email,
        subject: inquiry.subject,
        message: inquiry.message,
        status: inquiry.status,
        createdAt: inquiry.createdAt,
      },
      files: attachment.map((f, i) => fileView(f, archivePathOf(i, f))),
    },
  }
}

const businessColumns = {
  id: businesses.id,
  name: businesses.name,
  approvalStatus: businesses.approvalStatus,
  archiveStatus: businesses.archiveStatus,
}

/** Some of a table's columns, under their own names, for a `select`. */
function columnsOf<T extends Table, K extends keyof T['_']['columns'] & string>(table: T, ...names: K[]) {
  const columns = getTableColumns(table)
  return Object.fromEntries(names.map((name) => [name, columns[name]])) as Pick<T['_']['columns'], K>
}

/** What a user's export says of each of their sessions, tracked events, audited actions and uploads. */
const sessionColumns = columnsOf(sessions, 'createdAt', 'expiresAt', 'revokedAt', 'ip', 'userAgent')
const marketingEventColumns = columnsOf(marketingEvents, 'type', 'event', 'path', 'createdAt')
const supportInquiryColumns = columnsOf(
  supportInquiries,
  'reference',
  'name',
  'email',
  'subject',
  'message',
  'status',
  'createdAt',
)
const auditedActionColumns = { ...columnsOf(audits, 'action', 'resource', 'resourceId', 'ip'), at: audits.createdAt }
const uploadColumns = { ...columnsOf(files, 'id', 'fileName', 'purpose', 'businessId'), uploadedAt: files.createdAt }

function meansOfIdView(row: MeansOfId) {
  return {
    id: row.id,
    businessId: row.businessId,
    shareholderId: row.shareholderId,
    firstName: row.firstName,
    lastName: row.lastName,
    role: row.role,
    bvn: decryptOptionalField(row.bvn),
    idType: row.idType,
    idNumber: decryptOptionalField(row.idNumber),
    issueDate: row.issueDate,
    expiryDate: row.expiryDate,
    dateOfBirth: decryptOptionalField(row.dateOfBirth),
    pepDeclaration: pepDeclarationOf(row),
    fileId: row.fileId,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  }
}

function fileView(file: StoredFile, path: string) {
  return {
    id: file.id,
    fileName: file.fileName,
    contentType: file.contentType,
    sizeBytes: file.sizeBytes,
    purpose: file.purpose,
    uploadedAt: file.createdAt,
    /** Where the bytes are in this archive. */
    path,
  }
}

/** `files/<n>-<name>`: the archive path of each file, numbered so two files of the same name never collide. */
export function archivePathOf(index: number, file: StoredFile): string {
  const safe = file.fileName.replace(/[^A-Za-z0-9._-]+/g, '_').slice(0, 100) || 'file'
  return `files/${String(index + 1).padStart(2, '0')}-${safe}`
}

async function filesByIds(db: Executor, ids: (string | null)[]): Promise<StoredFile[]> {
  const wanted = ids.filter((id): id is string => !!id)
  if (!wanted.length) return []
  return db
    .select()
    .from(files)
    .where(and(inArray(files.id, wanted), eq(files.status, 'CONFIRMED')))
    .orderBy(asc(files.createdAt))
}

async function viewsOf(db: Executor, subjectIds: string[]) {
  if (!subjectIds.length) return []
  const rows = await db
    .select()
    .from(personalDataViews)
    .where(inArray(personalDataViews.subjectId, subjectIds))
    .orderBy(asc(personalDataViews.viewedAt))
  return rows.map((v) => ({
    viewedAt: v.viewedAt,
    by: v.actorName,
    byStaff: v.actorIsStaff,
    subjectKind: v.subjectKind,
    subjectId: v.subjectId,
    purpose: v.purpose,
  }))
}

async function verificationsOf(db: Executor, subjectIds: string[]) {
  if (!subjectIds.length) return []
  const rows = await db.select().from(kycVerifications).where(inArray(kycVerifications.subjectId, subjectIds))
  return rows.map((v) => ({
    kind: v.kind,
    subjectId: v.subjectId,
    label: v.label,
    checkedValue: decryptOptionalField(v.checkedValue),
    status: v.status,
    comment: v.comment,
    decidedAt: v.decidedAt,
    createdAt: v.createdAt,
  }))
}

async function meansOfIdRecords(db: Executor, rows: MeansOfId[]) {
  const idFiles = await filesByIds(
    db,
    rows.map((r) => r.fileId),
  )
  return { idFiles, views: rows.map(meansOfIdView) }
}

/**
 * Loads one person. MEANS_OF_ID: the means of ID, its scan, its verification and the views of it; SHAREHOLDER (an
 * individual): the shareholding, the means of ID linked to it, its documents; USER: the account, memberships,
 * preferences, sessions, marketing events, the actions they took and the files they uploaded (metadata).
 */
export async function loadSubjectRecords(db: Executor, kind: DataSubjectKind, id: string): Promise<SubjectRecords> {
  if (kind === 'GOVERNMENT_REPRESENTATIVE' || kind === 'CRM_CONTACT' || kind === 'SUPPORT_INQUIRY')
    return loadOutsideRecords(db, kind, id)
  if (kind === 'MEANS_OF_ID') {
    const [found] = await db
      .select({ row: meansOfIds, business: businessColumns })
      .from(meansOfIds)
      .innerJoin(businesses, eq(businesses.id, meansOfIds.businessId))
      .where(eq(meansOfIds.id, id))
    if (!found) throw notFound('Person')
    const { idFiles, views } = await meansOfIdRecords(db, [found.row])
    return {
      kind,
      id,
      businessId: found.business.id,
      retentionDuty: retentionDutyOf(kind, [found.business]),
      files: idFiles,
      meansOfIds: [found.row],
      shareholder: null,
      data: {
        business: found.business,
        meansOfId: views[0],
        verifications: await verificationsOf(db, [id]),
        viewsOfThisRecord: await viewsOf(db, [id, ...idFiles.map((f) => f.id)]),
        files: idFiles.map((f, i) => fileView(f, archivePathOf(i, f))),
      },
    }
  }
  if (kind === 'SHAREHOLDER') {
    const [found] = await db
      .select({ row: shareholders, business: businessColumns })
      .from(shareholders)
      .innerJoin(businesses, eq(businesses.id, shareholders.businessId))
      .where(eq(shareholders.id, id))
    if (!found) throw notFound('Person')
    if (found.row.type !== 'INDIVIDUAL')
      throw new AppError('VALIDATION_FAILED', 'This shareholder is a company, not a person', { field: 'id' })
    const linked = await db.select().from(meansOfIds).where(eq(meansOfIds.shareholderId, id))
    const documents = await db.select().from(kycDocuments).where(eq(kycDocuments.shareholderId, id))
    const { idFiles, views } = await meansOfIdRecords(db, linked)
    const documentFiles = await filesByIds(
      db,
      documents.map((d) => d.fileId),
    )
    const all = [...idFiles, ...documentFiles]
    const h = found.row
    return {
      kind,
      id,
      businessId: found.business.id,
      retentionDuty: retentionDutyOf(kind, [found.business]),
      files: all,
      meansOfIds: linked,
      shareholder: h,
      data: {
        business: found.business,
        shareholder: {
          id: h.id,
          firstName: h.firstName,
          lastName: h.lastName,
          nationality: h.nationality,
          bvn: decryptOptionalField(h.bvn),
          dateOfBirth: decryptOptionalField(h.dateOfBirth),
          pepDeclaration: pepDeclarationOf(h),
          percentage: h.percentageUnits / 100,
          createdAt: h.createdAt,
          updatedAt: h.updatedAt,
        },
        meansOfIds: views,
        sourceOfWealth: await sourceOfWealthOf(db, h),
        documents: documents.map((d) => ({ id: d.id, status: d.status, fileId: d.fileId, createdAt: d.createdAt })),
        verifications: await verificationsOf(db, [id, ...linked.map((m) => m.id)]),
        viewsOfThisRecord: await viewsOf(db, [id, ...linked.map((m) => m.id), ...all.map((f) => f.id)]),
        files: all.map((f, i) => fileView(f, archivePathOf(i, f))),
      },
    }
  }

  const [user] = await db.select().from(users).where(eq(users.id, id))
  if (!user) throw notFound('Person')
  const [memberships, preferences, userSessions, events, actions, uploads, staffRoles, inquiries, handovers, crmContacts] =
    await Promise.all([
      db
        .select({ business: businessColumns, role: roles.name, joinedAt: businessUsers.createdAt })
        .from(businessUsers)
        .innerJoin(businesses, eq(businesses.id, businessUsers.businessId))
        .innerJoin(roles, eq(roles.id, businessUsers.roleId))
        .where(eq(businessUsers.userId, id)),
      db.select().from(userPreferences).where(eq(userPreferences.userId, id)),
      db.select(sessionColumns).from(sessions).where(eq(sessions.userId, id)).orderBy(asc(sessions.createdAt)),
      db
        .select(marketingEventColumns)
        .from(marketingEvents)
        .where(eq(marketingEvents.userId, id))
        .orderBy(asc(marketingEvents.createdAt)),
      db.select(auditedActionColumns).from(audits).where(eq(audits.actorId, id)).orderBy(asc(audits.seq)),
      db.select(uploadColumns).from(files).where(eq(files.uploadedBy, id)),
      db
        .select({ name: roles.name })
        .from(userRoles)
        .innerJoin(roles, eq(roles.id, userRoles.roleId))
        .where(and(eq(userRoles.userId, id), eq(roles.scope, 'staff'))),
      db
        .select(supportInquiryColumns)
        .from(supportInquiries)
        .where(or(eq(supportInquiries.userId, id), eq(supportInquiries.email, user.email)))
        .orderBy(asc(supportInquiries.createdAt)),
      db
        .select({
          externalBusinessId: externalHandovers.externalBusinessId,
          issuer: externalHandovers.issuer,
          claims: externalHandovers.claims,
          retrievedAt: externalHandovers.retrievedAt,
          importedAt: externalHandovers.importedAt,
          businessId: externalHandovers.businessId,
        })
        .from(externalHandovers)
        .where(eq(externalHandovers.userId, id)),
      db
        .select({
          id: crmAccounts.id,
          name: crmAccounts.name,
          contactEmail: crmAccounts.contactEmail,
          contactPhone: crmAccounts.contactPhone,
        })
        .from(crmAccounts)
        .where(eq(sql`lower(${crmAccounts.contactEmail})`, user.email.toLowerCase())),
    ])
  return {
    kind,
    id,
    businessId: null,
    retentionDuty: retentionDutyOf(kind, [], staffRoles.length > 0),
    files: [],
    meansOfIds: [],
    shareholder: null,
    data: {
      account: {
        id: user.id,
        email: user.email,
        firstName: user.firstName,
        lastName: user.lastName,
        phone: user.phone,
        status: user.status,
        channel: user.channel,
        createdAt: user.createdAt,
        updatedAt: user.updatedAt,
      },
      staffRoles: staffRoles.map((r) => r.name),
      businesses: memberships,
      preferences: preferences[0] ?? null,
      sessions: userSessions,
      marketingEvents: events,
      actionsTaken: actions,
      /** Business documents this user uploaded (their bytes belong to the business and are not in this archive). */
      uploadedFiles: uploads,
      /** What they wrote through the contact-us form (signed in, or with their e-mail). */
      supportInquiries: inquiries,
      /** Partner handovers they imported, with what the partner sent. */
      partnerHandovers: handovers,
      /** CRM accounts whose contact is their e-mail. */
      crmContacts,
    },
  }
}
