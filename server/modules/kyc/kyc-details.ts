import { and, asc, count, desc, eq, sql, type SQL } from 'drizzle-orm'
import type { z } from 'zod'
import type {
  createKycDetailsSchema,
  KycDetails as KycDetailsAnswer,
  kycDetailsListQuerySchema,
  updateKycDetailsSchema,
} from '@/lib/contracts/kyc'
import { KOBO_PER_NAIRA } from '@/lib/contracts/kyc-values'
import { PERMISSIONS } from '@/lib/permissions/names'
import { appendAudit, type AuditContext } from '@/server/audit/append-audit'
import type { Database, Executor, Tx } from '@/server/db/client'
import { rowsOf } from '@/server/db/rows-of'
import {
  businesses,
  files,
  kycAdditionalDocuments,
  kycAddresses,
  kycDetails,
  meansOfIds,
  type KycDetails,
} from '@/server/db/schema'
import { AppError } from '@/server/http/app-error'
import type { Actor } from '@/server/http/context'
import { findPage } from '@/server/http/pagination'
import { permissionRefused } from '@/server/http/refusals'
import { scopeToActorBusinesses } from '@/server/http/scope'
import { deleteStoredFile, storeServerUpload, toFileSummary } from '@/server/records/attachable-file'
import { kycWriteTransaction } from './kyc-edit-access'
import { canonicalCountry } from './kyc-locations'
import {
  assertKycReadable,
  assertKycWritable,
  findKycDetails,
  findKycDetailsOfBusiness,
  KYC_READ,
  kycNotFound,
  readableKycDetails,
  writableKycDetails,
} from './kyc-record'

export interface UploadedFormFile {
  fileName: string
  bytes: Uint8Array
}

const toKobo = (naira: number) => Math.round(naira * KOBO_PER_NAIRA)

export function toKycDetailsAnswer(row: KycDetails, businessName: string): KycDetailsAnswer {
  return {
    id: row.id,
    businessId: row.businessId,
    businessName,
    tin: row.tin,
    incorporationDate: row.incorporationDate,
    natureOfBusiness: row.natureOfBusiness,
    description: row.description,
    numberOfEmployees: row.numberOfEmployees,
    annualTurnover: row.annualTurnoverKobo === null ? null : row.annualTurnoverKobo / KOBO_PER_NAIRA,
    countryOfIncorporation: row.countryOfIncorporation,
    createdBy: row.createdBy,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }
}

/** What each company-details write needs, on top of the KYC edit check (KYC_EDITORS). */
export const DETAILS_PERMISSIONS = {
  create: PERMISSIONS.CAN_CREATE_KYC_DETAIL,
  update: PERMISSIONS.CAN_UPDATE_KYC_DETAIL,
  delete: PERMISSIONS.CAN_DELETE_KYC_DETAIL,
} as const

async function businessNameOf(db: Executor, businessId: string): Promise<string> {
  const [row] = await db.select({ name: businesses.name }).from(businesses).where(eq(businesses.id, businessId))
  return row?.name ?? ''
}

/** GET /kyc/details: business users see their businesses' records, staff (CAN_READ_BUSINESS) every one. */
export async function findKycDetailsPage(options: {
  db: Executor
  actor: Actor
  query: z.output<typeof kycDetailsListQuerySchema>
}) {
  const { db, actor, query } = options
  if (actor.isStaff && !actor.staffPermissions.has(KYC_READ)) {
    throw permissionRefused([KYC_READ], { scope: 'staff' })
  }
  const conditions: SQL[] = []
  const scope = scopeToActorBusinesses(actor, kycDetails.businessId)
  if (scope) conditions.push(scope)
  if (query.businessId) conditions.push(eq(kycDetails.businessId, query.businessId))
  const where = conditions.length ? and(...conditions) : undefined
  return findPage({
    query,
    rows: db
      .select({ row: kycDetails, businessName: businesses.name })
      .from(kycDetails)
      .innerJoin(businesses, eq(businesses.id, kycDetails.businessId))
      .where(where)
      .orderBy(query.recentFirst ? desc(kycDetails.createdAt) : asc(kycDetails.createdAt), asc(kycDetails.id)),
    count: () => db.select({ value: count() }).from(kycDetails).where(where),
    content: (rows) => rows.map((r) => toKycDetailsAnswer(r.row, r.businessName)),
  })
}

/** GET /kyc/details/{id}. */
export async function getKycDetails(options: { db: Executor; actor: Actor; id: string }) {
  const row = await readableKycDetails(options.db, options.actor, options.id)
  return toKycDetailsAnswer(row, await businessNameOf(options.db, row.businessId))
}

/** GET /kyc/details-first-entity/{businessId}: the business's KYC record; 404 before its first save. */
export async function getKycDetailsOfBusiness(options: { db: Executor; actor: Actor; businessId: string }) {
  assertKycReadable(options.actor, options.businessId, 'KYC record')
  const row = await findKycDetailsOfBusiness(options.db, options.businessId)
  if (!row) throw kycNotFound('KYC record')
  return toKycDetailsAnswer(row, await businessNameOf(options.db, row.businessId))
}

/** The file sent with the company details form, stored as a KYC document upload before the write; null without one. */
async function storeFormFile(
  options: { db: Executor; actor: Actor; file?: UploadedFormFile; audit: AuditContext },
  businessId: string,
) {
  if (!options.file) return null
  const { db, actor, file, audit } = options
  return storeServerUpload({ db, actor, businessId, purpose: 'KYC_DOCUMENT', fileName: file.fileName, bytes: file.bytes, audit })
}

function detailChanges(input: z.output<typeof updateKycDetailsSchema>) {
  return {
    ...(input.tin !== undefined && { tin: input.tin }),
    ...(input.incorporationDate !== undefined && { incorporationDate: input.incorporationDate }),
    ...(input.natureOfBusiness !== undefined && { natureOfBusiness: input.natureOfBusiness }),
    ...(input.description !== undefined && { description: input.description }),
    ...(input.numberOfEmployees !== undefined && { numberOfEmployees: input.numberOfEmployees }),
    ...(input.annualTurnover !== undefined && { annualTurnoverKobo: toKobo(input.annualTurnover) }),
    ...(input.countryOfIncorporation !== undefined && { countryOfIncorporation: input.countryOfIncorporation }),
  }
}

/** Stores a file that came with the form as an additional company document (its own audit row). */
async function storeAdditionalDocument(
  tx: Tx,
  options: { actor: Actor; kyc: KycDetails; file: UploadedFormFile; label?: string; audit: AuditContext; fileId: string },
) {
  const [doc] = await tx
    .insert(kycAdditionalDocuments)
    .values({
      kycDetailsId: options.kyc.id,
      businessId: options.kyc.businessId,
      fileId: options.fileId,
      label: options.label ?? null,
      uploadedBy: options.actor.userId,
    })
    .returning()
  await appendAudit(tx, options.audit, { resource: 'kyc_additional_document', resourceId: doc!.id, action: 'CREATE', after: doc })
}

/**
 * POST /kyc/details: a business's company details, once (a second POST answers 409 naming the existing record; use
 * PUT). A file sent with the form (multipart) is checked and kept as an additional company document.
 */
export async function createKycDetails(options: {
  db: Database
  actor: Actor
  input: z.output<typeof createKycDetailsSchema>
  file?: UploadedFormFile
  audit: AuditContext
}) {
  const { db, actor, input } = options
  const country = await canonicalCountry(input.countryOfIncorporation, 'countryOfIncorporation')
  // The edit check first, so an outsider's file is never stored.
  await assertKycWritable({ db, actor, businessId: input.businessId, what: 'Business', permission: DETAILS_PERMISSIONS.create })
  const stored = await storeFormFile(options, input.businessId)
  try {
    const { row: created, businessName } = await kycWriteTransaction(options, async (tx, lock) => {
      const business = await lock({ businessId: input.businessId, what: 'Business', permission: DETAILS_PERMISSIONS.create })
      const [row] = await tx
        .insert(kycDetails)
        .values({
          businessId: input.businessId,
          ...detailChanges({ ...input, countryOfIncorporation: country }),
          createdBy: actor.userId,
        })
        .onConflictDoNothing()
        .returning()
      if (!row) {
        const [existing] = await tx
          .select({ id: kycDetails.id })
          .from(kycDetails)
          .where(eq(kycDetails.businessId, input.businessId))
        throw new AppError(
          'CONFLICT',
          `This business already has its company details (${existing?.id}); change them with PUT /kyc/details/${existing?.id}`,
          { field: 'businessId' },
        )
      }
      await appendAudit(tx, options.audit, { resource: 'kyc_details', resourceId: row.id, action: 'CREATE', after: row })
      if (stored)
        await storeAdditionalDocument(tx, {
          actor,
          kyc: row,
          file: options.file!,
          label: input.label,
          audit: options.audit,
          fileId: stored.id,
        })
      return { row, businessName: business.name }
    })
    return toKycDetailsAnswer(created, businessName)
  } catch (error) {
    if (stored) await deleteStoredFile(db, stored.id, options.audit)
    throw error
  }
}

/** PUT /kyc/details/{id}: change any field; a file sent with the form is added as an additional company document. */
export async function updateKycDetails(options: {
  db: Database
  actor: Actor
  id: string
  input: z.output<typeof updateKycDetailsSchema>
  file?: UploadedFormFile
  audit: AuditContext
}) {
  const { db, actor, input } = options
  const changes = detailChanges(input)
  if (Object.keys(changes).length === 0 && !options.file) throw new AppError('VALIDATION_FAILED', 'Nothing to change')
  if (changes.countryOfIncorporation)
    changes.countryOfIncorporation = await canonicalCountry(changes.countryOfIncorporation, 'countryOfIncorporation')

  // With a file, the edit check first, so an outsider's file is never stored; without one, the write's own check on
  // the locked rows is the only one needed (two round trips fewer on the form's every save).
  let stored: Awaited<ReturnType<typeof storeFormFile>> = null
  if (options.file) {
    const current = await findKycDetails(db, options.id)
    if (!current) throw kycNotFound('KYC record')
    await assertKycWritable({
      db,
      actor,
      businessId: current.businessId,
      what: 'KYC record',
      permission: DETAILS_PERMISSIONS.update,
    })
    stored = await storeFormFile(options, current.businessId)
  }
  try {
    const { row: updated, businessName } = await kycWriteTransaction(options, async (tx, lock) => {
      const { kyc: before, business } = await writableKycDetails(tx, lock, options.id, DETAILS_PERMISSIONS.update)
      let row = before
      if (Object.keys(changes).length) {
        const [after] = await tx
          .update(kycDetails)
          .set({ ...changes, updatedAt: new Date() })
          .where(eq(kycDetails.id, options.id))
          .returning()
        row = after!
        await appendAudit(tx, options.audit, {
          resource: 'kyc_details',
          resourceId: row.id,
          action: 'UPDATE',
          before,
          after: row,
        })
      }
      if (stored)
        await storeAdditionalDocument(tx, {
          actor,
          kyc: row!,
          file: options.file!,
          label: input.label,
          audit: options.audit,
          fileId: stored.id,
        })
      return { row: row!, businessName: business.name }
    })
    return toKycDetailsAnswer(updated, businessName)
  } catch (error) {
    if (stored) await deleteStoredFile(db, stored.id, options.audit)
    throw error
  }
}

/** GET /kyc/company/additional-doc/{kycDetailsId}: files sent with the company-details form. */
export async function findAdditionalDocuments(options: { db: Executor; actor: Actor; kycDetailsId: string }) {
  await readableKycDetails(options.db, options.actor, options.kycDetailsId)
  const rows = await options.db
    .select({ doc: kycAdditionalDocuments, file: files })
    .from(kycAdditionalDocuments)
    .innerJoin(files, eq(files.id, kycAdditionalDocuments.fileId))
    .where(eq(kycAdditionalDocuments.kycDetailsId, options.kycDetailsId))
    .orderBy(asc(kycAdditionalDocuments.createdAt))
  return rows.map(({ doc, file }) => ({
    id: doc.id,
    kycDetailsId: doc.kycDetailsId,
    label: doc.label,
    file: toFileSummary(file),
    uploadedBy: doc.uploadedBy,
    createdAt: doc.createdAt.toISOString(),
  }))
}

/**
 * DELETE /kyc/{id}: the KYC record and everything hanging off it (addresses, means of ID, shareholders, additional
 * documents, by cascade), with their files' blobs. Only before approval, and not while it is submitted for review.
 * Needs CAN_DELETE_KYC_DETAIL. Documents of the documents module hang off the record too and go with it.
 */
export async function deleteKyc(options: { db: Database; actor: Actor; id: string; audit: AuditContext }) {
  await kycWriteTransaction(options, async (tx, lock) => {
    const { kyc: row, business } = await writableKycDetails(tx, lock, options.id, DETAILS_PERMISSIONS.delete)
    if (business.approvalStatus === 'APPROVED')
      throw new AppError('INVALID_STATE', 'The business is APPROVED; its KYC cannot be deleted')
    if (business.kycDetailsCompleted)
      throw new AppError('INVALID_STATE', 'The KYC is submitted for review; it cannot be deleted while the review is open')

    const [addressFiles, idFiles, extraFiles] = await Promise.all([
      tx
        .select({ a: kycAddresses.addressDocFileId, b: kycAddresses.passportPhotoFileId })
        .from(kycAddresses)
        .where(eq(kycAddresses.kycDetailsId, row.id)),
      tx.select({ a: meansOfIds.fileId }).from(meansOfIds).where(eq(meansOfIds.kycDetailsId, row.id)),
      tx
        .select({ a: kycAdditionalDocuments.fileId })
        .from(kycAdditionalDocuments)
        .where(eq(kycAdditionalDocuments.kycDetailsId, row.id)),
    ])
    // The documents module's files hang off the record too (its table may be absent in an older schema).
    const [documentsTable] = rowsOf<{ t: string | null }>(
      await tx.execute(sql`SELECT to_regclass('public.kyc_documents')::text AS t`),
    )
    const documentFiles = documentsTable?.t
      ? rowsOf<{ file_id: string }>(await tx.execute(sql`SELECT file_id FROM kyc_documents WHERE kyc_details_id = ${row.id}`))
      : []
    const fileIds = [
      ...addressFiles.flatMap((r) => [r.a, r.b]),
      ...idFiles.map((r) => r.a),
      ...extraFiles.map((r) => r.a),
      ...documentFiles.map((r) => r.file_id),
    ].filter((x): x is string => !!x)

    await tx.delete(kycDetails).where(eq(kycDetails.id, row.id))
    await appendAudit(tx, options.audit, {
      resource: 'kyc_details',
      resourceId: row.id,
      action: 'DELETE',
      before: { ...row, fileIds },
    })
    for (const fileId of new Set(fileIds)) await deleteStoredFile(tx, fileId, options.audit)
  })
}
