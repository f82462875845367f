import { and, eq, inArray, or } from 'drizzle-orm'
import type { DataSubjectKind, ErasureResult } from '@/lib/contracts/data-subjects'
import { appendAudit, emailSubject, type AuditContext } from '@/server/audit/append-audit'
import { destroySubjectKey } from '@/server/crypto/subject-keys'
import type { Database, Tx } from '@/server/db/client'
import {
  accountTokens,
  businessUsers,
  crmAccounts,
  draftForms,
  externalHandovers,
  governmentRepresentatives,
  files,
  supportInquiries,
  kycDocuments,
  kycVerifications,
  loginAttempts,
  mailOutbox,
  marketingEvents,
  meansOfIds,
  sessions,
  shareholders,
  userPreferences,
  users,
  type MeansOfId,
} from '@/server/db/schema'
import { AppError } from '@/server/http/app-error'
import { getBlobStorage } from '@/server/integrations/blob/blob-storage'
import { logger } from '@/server/logger'
import { pseudonymiseViewsBy, pseudonymiseViewsOf } from '@/server/modules/data-views/record-view'
import { removeSourceOfWealth } from './source-of-wealth'
import { loadSubjectRecords } from './subject-records'

/** What a pseudonymised person is called from now on. */
export const ERASED_FIRST_NAME = 'Erased'
export const ERASED_LAST_NAME = 'person'

/** The date of birth and the PEP declaration go with the person (a PEP's position names them as well as a name). */
const ERASED_PERSON_DETAILS = { dateOfBirth: null, pepStatus: null, pepPosition: null, pepCountry: null } as const

interface Progress {
  pseudonymised: string[]
  removed: string[]
  keys: number
  blobNames: string[]
}

async function removeFiles(tx: Tx, ids: string[], progress: Progress) {
  if (!ids.length) return
  const gone = await tx.delete(files).where(inArray(files.id, ids)).returning({ id: files.id, blobName: files.blobName })
  for (const file of gone) {
    progress.removed.push(`file:${file.id}`)
    progress.blobNames.push(file.blobName)
  }
}

/**
 * A means of ID keeps its place in the business's records (role, type, link to a shareholder) with the person's
 * name, numbers and dates replaced, and loses its scan and verifications; its subject key goes, so the numbers
 * sealed in its audit rows can no longer be read.
 */
async function eraseMeansOfId(tx: Tx, row: MeansOfId, progress: Progress) {
  await tx
    .update(meansOfIds)
    .set({
      firstName: ERASED_FIRST_NAME,
      lastName: ERASED_LAST_NAME,
      bvn: null,
      bvnIndex: null,
      idNumber: 'ERASED',
      idNumberIndex: null,
      issueDate: null,
      expiryDate: null,
      ...ERASED_PERSON_DETAILS,
      fileId: null,
      updatedAt: new Date(),
    })
    .where(eq(meansOfIds.id, row.id))
  progress.pseudonymised.push(`means_of_id:${row.id}`)
  await removeFiles(tx, row.fileId ? [row.fileId] : [], progress)
  const verifications = await tx
    .delete(kycVerifications)
    .where(eq(kycVerifications.subjectId, row.id))
    .returning({ id: kycVerifications.id })
  for (const v of verifications) progress.removed.push(`kyc_verification:${v.id}`)
  if (await destroySubjectKey(tx, { kind: 'means_of_id', id: row.id })) progress.keys++
  await pseudonymiseViews(tx, [row.id], progress)
}

/** The view log keeps who looked at the person's data and when; a reveal's "BVN of <name>" loses the name. */
async function pseudonymiseViews(tx: Tx, subjectIds: string[], progress: Progress) {
  const n = await pseudonymiseViewsOf(tx, subjectIds)
  if (n) progress.pseudonymised.push(`personal_data_view:${n}`)
}

/** Unsaved step forms may hold the person's details as typed: the people steps' drafts of the business go. */
async function removePeopleDrafts(tx: Tx, businessId: string, progress: Progress) {
  const drafts = await tx
    .delete(draftForms)
    .where(and(eq(draftForms.businessId, businessId), inArray(draftForms.kycDetailTypeId, ['MEANS_OF_ID', 'SHAREHOLDERS'])))
    .returning({ id: draftForms.id })
  for (const d of drafts) progress.removed.push(`draft_form:${d.id}`)
}

/**
 * Erasure of one person where no retention duty applies (409 naming the duty otherwise), with the reason audited.
 * People named in a business's KYC are pseudonymised in place (the business's records keep their shape), their
 * files removed (rows in the transaction, blobs after it commits) and their subject keys destroyed
 * (crypto-shredding: audit rows stay and the chain still verifies, but their sealed personal values are unreadable).
 * A user account is pseudonymised and closed: sign-in, sessions, tokens, memberships, preferences and marketing
 * events go.
 */
export async function eraseDataSubject(options: {
  db: Database
  kind: DataSubjectKind
  id: string
  reason: string
  audit: AuditContext
}): Promise<ErasureResult> {
  const { db, kind, id, reason, audit } = options
  const progress: Progress = { pseudonymised: [], removed: [], keys: 0, blobNames: [] }

  await db.transaction(async (tx) => {
    // Loaded inside the transaction so the duty is judged on what is erased.
    const records = await loadSubjectRecords(tx, kind, id)
    if (records.retentionDuty) {
      throw new AppError('CONFLICT', `This person cannot be erased: ${records.retentionDuty}`, { field: 'id' })
    }
    if (kind === 'GOVERNMENT_REPRESENTATIVE') {
      // The entity keeps a representative in its place (position kept); who it was goes.
      const [row] = await tx.select().from(governmentRepresentatives).where(eq(governmentRepresentatives.id, id))
      await tx
        .update(governmentRepresentatives)
        .set({
          firstName: ERASED_FIRST_NAME,
          lastName: ERASED_LAST_NAME,
          email: `erased-${id}@erased.invalid`,
          phone: '',
          idNumber: 'ERASED',
          idNumberIndex: null,
          idIssueDate: null,
          idExpiryDate: null,
          ...ERASED_PERSON_DETAILS,
          address: null,
          idFileId: null,
          addressFileId: null,
          photoFileId: null,
          updatedAt: new Date(),
        })
        .where(eq(governmentRepresentatives.id, id))
      progress.pseudonymised.push(`government_representative:${id}`)
      await removeFiles(
        tx,
        [row!.idFileId, row!.addressFileId, row!.photoFileId].filter((f): f is string => !!f),
        progress,
      )
      if (await destroySubjectKey(tx, { kind: 'government_representative', id })) progress.keys++
      await pseudonymiseViews(tx, [id], progress)
    } else if (kind === 'CRM_CONTACT') {
      // The account is a company's and stays; its contact details are the person's.
      await tx
        .update(crmAccounts)
        .set({ contactEmail: null, contactPhone: null, updatedAt: new Date() })
        .where(eq(crmAccounts.id, id))
      progress.pseudonymised.push(`crm_account:${id}`)
      if (await destroySubjectKey(tx, { kind: 'crm_account', id })) progress.keys++
    } else if (kind === 'SUPPORT_INQUIRY') {
      const [inquiry] = await tx
        .delete(supportInquiries)
        .where(eq(supportInquiries.id, id))
        .returning({ fileId: supportInquiries.attachmentFileId })
      progress.removed.push(`support_inquiry:${id}`)
      await removeFiles(tx, inquiry!.fileId ? [inquiry!.fileId] : [], progress)
      if (await destroySubjectKey(tx, { kind: 'support_inquiry', id })) progress.keys++
    } else if (kind === 'MEANS_OF_ID') {
      await eraseMeansOfId(tx, records.meansOfIds[0]!, progress)
      await removePeopleDrafts(tx, records.businessId!, progress)
    } else if (kind === 'SHAREHOLDER') {
      // Before the name and BVN index go: they make the person key the answer is kept under.
      const sourceOfWealth = await removeSourceOfWealth(tx, records.shareholder!)
      if (sourceOfWealth) progress.removed.push(`edd_answer:${sourceOfWealth}`)
      // The shareholding (its percentage) stays: the business's ownership still adds up.
      await tx
        .update(shareholders)
        .set({
          firstName: ERASED_FIRST_NAME,
          lastName: ERASED_LAST_NAME,
          nationality: null,
          bvn: null,
          bvnIndex: null,
          ...ERASED_PERSON_DETAILS,
          updatedAt: new Date(),
        })
        .where(eq(shareholders.id, id))
      progress.pseudonymised.push(`shareholder:${id}`)
      for (const row of records.meansOfIds) await eraseMeansOfId(tx, row, progress)
      const documents = await tx
        .delete(kycDocuments)
        .where(eq(kycDocuments.shareholderId, id))
        .returning({ id: kycDocuments.id, fileId: kycDocuments.fileId })
      for (const d of documents) progress.removed.push(`kyc_document:${d.id}`)
      await removeFiles(
        tx,
        documents.map((d) => d.fileId),
        progress,
      )
      const verifications = await tx
        .delete(kycVerifications)
        .where(eq(kycVerifications.subjectId, id))
        .returning({ id: kycVerifications.id })
      for (const v of verifications) progress.removed.push(`kyc_verification:${v.id}`)
      if (await destroySubjectKey(tx, { kind: 'shareholder', id })) progress.keys++
      await pseudonymiseViews(tx, [id], progress)
      await removePeopleDrafts(tx, records.businessId!, progress)
    } else {
      const [user] = await tx.select({ email: users.email }).from(users).where(eq(users.id, id))
      const erasedEmail = `erased-${id}@erased.invalid`
      await tx
        .update(users)
        .set({
          email: erasedEmail,
          firstName: ERASED_FIRST_NAME,
          lastName: ERASED_LAST_NAME,
          phone: null,
          passwordHash: null,
          status: 'DISABLED',
          channel: null,
          updatedAt: new Date(),
        })
        .where(eq(users.id, id))
      progress.pseudonymised.push(`user:${id}`)
      // What they viewed stays attributed to the closed account by id; the copies of their e-mail and name go.
      const views = await pseudonymiseViewsBy(tx, id, erasedEmail)
      if (views) progress.pseudonymised.push(`personal_data_view:${views}`)
      const removedCounts = {
        session: (await tx.delete(sessions).where(eq(sessions.userId, id)).returning({ id: sessions.id })).length,
        account_token: (await tx.delete(accountTokens).where(eq(accountTokens.userId, id)).returning({ id: accountTokens.id }))
          .length,
        business_user: (await tx.delete(businessUsers).where(eq(businessUsers.userId, id)).returning({ id: businessUsers.id }))
          .length,
        user_preferences: (
          await tx.delete(userPreferences).where(eq(userPreferences.userId, id)).returning({ id: userPreferences.userId })
        ).length,
        // Their own calls, and a contact recorded by e-mail before they signed in (the contact-us form).
        marketing_event: (
          await tx
            .delete(marketingEvents)
            .where(or(eq(marketingEvents.userId, id), eq(marketingEvents.email, user!.email)))
            .returning({ id: marketingEvents.id })
        ).length,
        login_attempt: (
          await tx.delete(loginAttempts).where(eq(loginAttempts.email, user!.email)).returning({ id: loginAttempts.id })
        ).length,
        mail: (await tx.delete(mailOutbox).where(eq(mailOutbox.to, user!.email)).returning({ id: mailOutbox.id })).length,
        // What a partner sent about a business they imported: the business now holds what it needs.
        external_handover: (
          await tx
            .update(externalHandovers)
            .set({ claims: {}, returnUrl: null })
            .where(eq(externalHandovers.userId, id))
            .returning({ id: externalHandovers.id })
        ).length,
      }
      // Support inquiries they sent, signed in or by their e-mail, with their attachments.
      const inquiries = await tx
        .delete(supportInquiries)
        .where(or(eq(supportInquiries.userId, id), eq(supportInquiries.email, user!.email)))
        .returning({ id: supportInquiries.id, fileId: supportInquiries.attachmentFileId })
      if (inquiries.length) progress.removed.push(`support_inquiry:${inquiries.length}`)
      await removeFiles(
        tx,
        inquiries.flatMap((i) => (i.fileId ? [i.fileId] : [])),
        progress,
      )
      for (const [what, n] of Object.entries(removedCounts)) if (n) progress.removed.push(`${what}:${n}`)
      if (await destroySubjectKey(tx, { kind: 'user', id })) progress.keys++
      // Rows written before the account was known (a failed sign-in, a sign-up with the address) seal it by address.
      if (await destroySubjectKey(tx, emailSubject(user!.email))) progress.keys++
    }
    // The request itself, without the person's details: who asked is in the reason.
    await appendAudit(tx, audit, {
      resource: 'data_subject_request',
      resourceId: id,
      action: 'ERASE',
      after: {
        kind,
        reason,
        pseudonymised: progress.pseudonymised,
        removed: progress.removed,
        subjectKeysDestroyed: progress.keys,
      },
    })
  })

  const blobsLeftBehind: string[] = []
  for (const blobName of progress.blobNames) {
    try {
      await getBlobStorage().delete(blobName)
    } catch (error) {
      logger.error({ err: error, blobName }, 'erasure: the file row is gone but its blob could not be deleted')
      blobsLeftBehind.push(blobName)
    }
  }
  return {
    kind,
    id,
    pseudonymised: progress.pseudonymised,
    removed: progress.removed,
    filesRemoved: progress.removed.filter((r) => r.startsWith('file:')).length,
    subjectKeysDestroyed: progress.keys,
    blobsLeftBehind,
  }
}
