import { randomUUID } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import { expect } from 'vitest'
import { getDb } from '@/server/db/client'
import { audits, files, kycDetails, kycDocuments, onboardingProducts } from '@/server/db/schema'
import { api, createTestBusiness, signedInUser } from './helpers'
import { typeByCode } from './kyc-document-fixtures'

/**
 * Fixtures for the staff review tests (CAC documents, verification, deferrals), written straight to the database:
 * uploads and KYC capture have their own tests; these are about what staff do with what the business submitted.
 */

export async function json<T>(res: Response, status = 200): Promise<T> {
  expect(res.status, await res.clone().text()).toBe(status)
  return (await res.json()) as T
}

/** A business with its KYC record and an owner; `submitted`: KYC marked complete (in the review queues). */
export async function businessWithKyc(
  options: { submitted?: boolean; createdBy?: string | null; registrationClass?: 'RC' | 'BN' } = {},
) {
  const registrationClass = options.registrationClass ?? 'RC'
  const business = await createTestBusiness({
    registrationClass,
    regNo: `${registrationClass}${String(Date.now()).slice(-6)}${Math.floor(Math.random() * 1000)}`,
    kycDetailsCompleted: options.submitted ?? true,
    createdBy: options.createdBy ?? null,
  })
  const owner = await signedInUser({ businesses: [{ businessId: business.id }] })
  const db = await getDb()
  const [details] = await db
    .insert(kycDetails)
    .values({ businessId: business.id, tin: '12345678-0001', createdBy: owner.user.id })
    .returning()
  return { business, owner, kycDetailsId: details!.id }
}

/** A current document of type `code` (a confirmed file row, no blob: these tests never read the bytes). */
export async function insertDocument(options: {
  businessId: string
  kycDetailsId: string
  code: string
  uploadedBy?: string | null
  status?: 'PENDING' | 'APPROVED' | 'REJECTED'
  createdAt?: Date
}) {
  const db = await getDb()
  const type = await typeByCode(options.code)
  const [file] = await db
    .insert(files)
    .values({
      businessId: options.businessId,
      purpose: 'KYC_DOCUMENT',
      fileName: `${options.code.toLowerCase()}.pdf`,
      contentType: 'application/pdf',
      sizeBytes: 2048,
      blobName: `${randomUUID()}/${options.code.toLowerCase()}.pdf`,
      status: 'CONFIRMED',
      confirmedAt: new Date(),
    })
    .returning()
  const [document] = await db
    .insert(kycDocuments)
    .values({
      kycDetailsId: options.kycDetailsId,
      businessId: options.businessId,
      documentTypeId: type.id,
      fileId: file!.id,
      status: options.status ?? 'PENDING',
      uploadedBy: options.uploadedBy ?? null,
      ...(options.createdAt ? { createdAt: options.createdAt } : {}),
    })
    .returning()
  return document!
}

/** A submitted business with two PENDING CAC documents (certificate and CAC 2) and one non-CAC one (TIN), uploaded by its owner. */
export async function businessWithCacDocuments(options: { createdBy?: string | null; submitted?: boolean } = {}) {
  const setup = await businessWithKyc(options)
  const base = { businessId: setup.business.id, kycDetailsId: setup.kycDetailsId, uploadedBy: setup.owner.user.id }
  const certificate = await insertDocument({ ...base, code: 'CERTIFICATE_OF_INCORPORATION' })
  const cac2 = await insertDocument({ ...base, code: 'CAC_2' })
  const tin = await insertDocument({ ...base, code: 'TIN_CERTIFICATE' })
  return { ...setup, certificate, cac2, tin }
}

export async function auditRows(resourceId: string, action?: string) {
  const db = await getDb()
  return db
    .select()
    .from(audits)
    .where(and(eq(audits.resourceId, resourceId), action ? eq(audits.action, action) : undefined))
}

export const put = (path: string, token: string, body: unknown) => api(path, { method: 'PUT', token, json: body })
export const post = (path: string, token: string, body: unknown) => api(path, { method: 'POST', token, json: body })

/** A product application of a new APPROVED business, straight in the table (IN_REVIEW unless said): its id. */
export async function insertProductApplication(values: {
  productId: string
  submittedAt: Date
  status?: 'IN_REVIEW' | 'APPROVED'
  createdAt?: Date
}): Promise<string> {
  const business = await createTestBusiness({ approvalStatus: 'APPROVED' })
  const [row] = await (
    await getDb()
  )
    .insert(onboardingProducts)
    .values({ businessId: business.id, requirementsVersion: 1, status: 'IN_REVIEW', ...values })
    .returning()
  return row!.id
}
