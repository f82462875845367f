import { asc, count, eq } from 'drizzle-orm'
import type { z } from 'zod'
import type { FileSummary } from '@/lib/contracts/file-types'
import type {
  AddressFileType,
  createKycAddressSchema,
  KycAddress as KycAddressAnswer,
  updateKycAddressSchema,
} from '@/lib/contracts/kyc'
import { PERMISSIONS } from '@/lib/permissions/names'
import { appendAudit, type AuditContext } from '@/server/audit/append-audit'
import type { Database, Executor } from '@/server/db/client'
import { kycAddresses, type KycAddress } from '@/server/db/schema'
import { AppError } from '@/server/http/app-error'
import type { Actor } from '@/server/http/context'
import { deleteStoredFile } from '@/server/records/attachable-file'
import { kycWriteTransaction } from './kyc-edit-access'
import { canonicalLocation } from './kyc-locations'
import {
  assertSomethingToChange,
  type KycRowUpdate,
  attachableKycFile,
  fileSummaries,
  lockedKycRow,
  readableKycDetails,
  writableKycDetails,
} from './kyc-record'

/** What each address write needs, on top of the KYC edit check (KYC_EDITORS). */
export const ADDRESS_PERMISSIONS = {
  create: PERMISSIONS.CAN_CREATE_BUSINESS_ADDRESS,
  update: PERMISSIONS.CAN_UPDATE_BUSINESS_ADDRESS,
  delete: PERMISSIONS.CAN_DELETE_BUSINESS_ADDRESS,
} as const

/** An address list stays short enough to answer whole. */
export const MAX_ADDRESSES_PER_KYC = 50

export function toAddressAnswer(row: KycAddress, filesById: ReadonlyMap<string, FileSummary>): KycAddressAnswer {
  return {
    id: row.id,
    kycDetailsId: row.kycDetailsId,
    businessId: row.businessId,
    type: row.type,
    contactName: row.contactName,
    line1: row.line1,
    line2: row.line2,
    city: row.city,
    country: row.country,
    state: row.state,
    lga: row.lga,
    addressDoc: (row.addressDocFileId && filesById.get(row.addressDocFileId)) || null,
    passportPhoto: (row.passportPhotoFileId && filesById.get(row.passportPhotoFileId)) || null,
    verificationStatus: row.verificationStatus,
    verificationComment: row.verificationComment,
    verifiedAt: row.verifiedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }
}

async function answer(db: Executor, row: KycAddress) {
  return toAddressAnswer(row, await fileSummaries(db, [row.addressDocFileId, row.passportPhotoFileId]))
}

export async function listAddressesOf(db: Executor, kycDetailsId: string): Promise<KycAddressAnswer[]> {
  const rows = await db
    .select()
    .from(kycAddresses)
    .where(eq(kycAddresses.kycDetailsId, kycDetailsId))
    .orderBy(asc(kycAddresses.createdAt), asc(kycAddresses.id))
  const filesById = await fileSummaries(
    db,
    rows.flatMap((r) => [r.addressDocFileId, r.passportPhotoFileId]),
  )
  return rows.map((r) => toAddressAnswer(r, filesById))
}

/** GET /kyc/addresses/all-kyc/{kycDetailsId}. */
export async function findAddresses(options: { db: Executor; actor: Actor; kycDetailsId: string }) {
  await readableKycDetails(options.db, options.actor, options.kycDetailsId)
  return listAddressesOf(options.db, options.kycDetailsId)
}

/** POST /kyc/addresses: state and LGA checked against the reference dataset; files must be confirmed uploads of the business. */
export async function createAddress(options: {
  db: Database
  actor: Actor
  input: z.output<typeof createKycAddressSchema>
  audit: AuditContext
}) {
  const { db, actor, input } = options
  const location = await canonicalLocation(input)
  const created = await kycWriteTransaction(options, async (tx, lock) => {
    const { kyc } = await writableKycDetails(tx, lock, input.kycDetailsId, ADDRESS_PERMISSIONS.create)
    const [{ n }] = (await tx.select({ n: count() }).from(kycAddresses).where(eq(kycAddresses.kycDetailsId, kyc.id))) as [
      { n: number },
    ]
    if (n >= MAX_ADDRESSES_PER_KYC)
      throw new AppError('CONFLICT', `A KYC record can have at most ${MAX_ADDRESSES_PER_KYC} addresses`)
    if (input.addressDocFileId)
      await attachableKycFile(tx, {
        fileId: input.addressDocFileId,
        businessId: kyc.businessId,
        purpose: 'ADDRESS_DOC',
        field: 'addressDocFileId',
      })
    if (input.passportPhotoFileId)
      await attachableKycFile(tx, {
        fileId: input.passportPhotoFileId,
        businessId: kyc.businessId,
        purpose: 'PASSPORT_PHOTO',
        field: 'passportPhotoFileId',
      })
    const [row] = await tx
      .insert(kycAddresses)
      .values({
        kycDetailsId: kyc.id,
        businessId: kyc.businessId,
        type: input.type,
        contactName: input.contactName ?? null,
        line1: input.line1,
        line2: input.line2 ?? null,
        city: input.city ?? null,
        ...location,
        addressDocFileId: input.addressDocFileId ?? null,
        passportPhotoFileId: input.passportPhotoFileId ?? null,
        createdBy: actor.userId,
      })
      .returning()
    await appendAudit(tx, options.audit, { resource: 'kyc_address', resourceId: row!.id, action: 'CREATE', after: row })
    return row!
  })
  return answer(db, created)
}

/**
 * PUT /kyc/addresses/{id}. A changed address goes back to PENDING verification. A replaced or removed file (null)
 * is deleted with its blob.
 */
export async function updateAddress(options: KycRowUpdate<z.output<typeof updateKycAddressSchema>>) {
  const { db, input } = options
  assertSomethingToChange(input)
  const updated = await kycWriteTransaction(options, async (tx, lock) => {
    const before = await lockedKycRow(tx, lock, kycAddresses, 'Address', options.id, ADDRESS_PERMISSIONS.update)
    const locationTouched = input.country !== undefined || input.state !== undefined || input.lga !== undefined
    const location = locationTouched
      ? await canonicalLocation({
          country: input.country ?? before.country,
          state: input.state ?? before.state,
          lga: input.lga !== undefined ? input.lga : before.lga,
        })
      : {}
    if (input.addressDocFileId && input.addressDocFileId !== before.addressDocFileId) {
      await attachableKycFile(tx, {
        fileId: input.addressDocFileId,
        businessId: before.businessId,
        purpose: 'ADDRESS_DOC',
        field: 'addressDocFileId',
        exceptRecordId: before.id,
      })
    }
    if (input.passportPhotoFileId && input.passportPhotoFileId !== before.passportPhotoFileId) {
      await attachableKycFile(tx, {
        fileId: input.passportPhotoFileId,
        businessId: before.businessId,
        purpose: 'PASSPORT_PHOTO',
        field: 'passportPhotoFileId',
        exceptRecordId: before.id,
      })
    }
    const addressChanged = ['line1', 'line2', 'city', 'country', 'state', 'lga', 'type'].some(
      (k) => input[k as keyof typeof input] !== undefined,
    )
    const [row] = await tx
      .update(kycAddresses)
      .set({
        ...(input.type !== undefined && { type: input.type }),
        ...(input.contactName !== undefined && { contactName: input.contactName ?? null }),
        ...(input.line1 !== undefined && { line1: input.line1 }),
        ...(input.line2 !== undefined && { line2: input.line2 ?? null }),
        ...(input.city !== undefined && { city: input.city ?? null }),
        ...location,
        ...(input.addressDocFileId !== undefined && { addressDocFileId: input.addressDocFileId }),
        ...(input.passportPhotoFileId !== undefined && { passportPhotoFileId: input.passportPhotoFileId }),
        ...(addressChanged && {
          verificationStatus: 'PENDING' as const,
          verificationComment: null,
          verifiedBy: null,
          verifiedAt: null,
        }),
        updatedAt: new Date(),
      })
      .where(eq(kycAddresses.id, options.id))
      .returning()
    await appendAudit(tx, options.audit, { resource: 'kyc_address', resourceId: row!.id, action: 'UPDATE', before, after: row })
    for (const [old, now] of [
      [before.addressDocFileId, row!.addressDocFileId],
      [before.passportPhotoFileId, row!.passportPhotoFileId],
    ] as const) {
      if (old && old !== now) await deleteStoredFile(tx, old, options.audit)
    }
    return row!
  })
  return answer(db, updated)
}

/** DELETE /kyc/addresses/{id}: with its files' blobs. */
export async function deleteAddress(options: { db: Database; actor: Actor; id: string; audit: AuditContext }) {
  await kycWriteTransaction(options, async (tx, lock) => {
    const before = await lockedKycRow(tx, lock, kycAddresses, 'Address', options.id, ADDRESS_PERMISSIONS.delete)
    await tx.delete(kycAddresses).where(eq(kycAddresses.id, before.id))
    await appendAudit(tx, options.audit, { resource: 'kyc_address', resourceId: before.id, action: 'DELETE', before })
    for (const fileId of [before.addressDocFileId, before.passportPhotoFileId])
      if (fileId) await deleteStoredFile(tx, fileId, options.audit)
  })
}

/** DELETE /kyc/addresses/{id}/file?type=address_doc|passport_photo: removes that file (404 when there is none). */
export async function deleteAddressFile(options: {
  db: Database
  actor: Actor
  id: string
  type: AddressFileType
  audit: AuditContext
}) {
  const column = options.type === 'address_doc' ? 'addressDocFileId' : 'passportPhotoFileId'
  const updated = await kycWriteTransaction(options, async (tx, lock) => {
    const before = await lockedKycRow(tx, lock, kycAddresses, 'Address', options.id, ADDRESS_PERMISSIONS.update)
    const fileId = before[column]
    if (!fileId)
      throw new AppError(
        'NOT_FOUND',
        options.type === 'address_doc' ? 'This address has no proof-of-address file' : 'This address has no passport photo',
      )
    const [row] = await tx
      .update(kycAddresses)
      .set({ [column]: null, updatedAt: new Date() })
      .where(eq(kycAddresses.id, before.id))
      .returning()
    await appendAudit(tx, options.audit, {
      resource: 'kyc_address',
      resourceId: before.id,
      action: 'DELETE_FILE',
      before,
      after: row,
    })
    await deleteStoredFile(tx, fileId, options.audit)
    return row!
  })
  return answer(options.db, updated)
}
