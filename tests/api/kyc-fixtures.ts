import { randomInt } from 'node:crypto'
import { BlobServiceClient, BlockBlobClient } from '@azure/storage-blob'
import { eq } from 'drizzle-orm'
import { expect } from 'vitest'
import { getConfig } from '@/lib/config/env'
import type { UploadPurpose } from '@/lib/contracts/file-types'
import { getDb } from '@/server/db/client'
import { businesses, files } from '@/server/db/schema'
import { api, createTestBusiness, signedInUser } from './helpers'

/** A tiny but real PDF. */
export const PDF = new TextEncoder().encode(
  '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\n' +
    'trailer << /Root 1 0 R >>\n%%EOF\n',
)
export const PNG = Uint8Array.from(
  Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64'),
)

export type TestUser = Awaited<ReturnType<typeof signedInUser>>

/**
 * A fresh, signed-in BUSINESS_OWNER and one new business they created (`createdBy`), of the given registration class
 * (RC unless told) with the given columns; `businessId` is `business.id`.
 */
export async function ownerWithBusiness(
  registrationClass: 'RC' | 'BN' | 'IT' | 'LP' | 'LLP' = 'RC',
  overrides: Parameters<typeof createTestBusiness>[0] = {},
) {
  const created = await createTestBusiness({
    registrationClass,
    regNo: `${registrationClass}${randomInt(1_000_000_000, 10_000_000_000)}`.slice(0, 12),
    ...overrides,
  })
  const owner = await signedInUser({ businesses: [{ businessId: created.id }] })
  if ('createdBy' in overrides) return { owner, business: created, businessId: created.id }
  const db = await getDb()
  const [business] = await db
    .update(businesses)
    .set({ createdBy: owner.user.id })
    .where(eq(businesses.id, created.id))
    .returning()
  return { owner, business: business!, businessId: created.id }
}

export function companyDetailsBody(businessId: string, overrides: Record<string, unknown> = {}) {
  return {
    businessId,
    tin: '12345678-0001',
    incorporationDate: '2015-03-02',
    natureOfBusiness: 'Food processing',
    description: 'Processes and packages cassava flour',
    numberOfEmployees: 42,
    annualTurnover: 125_000_000.5,
    countryOfIncorporation: 'Nigeria',
    ...overrides,
  }
}

/** POST /kyc/details as the owner; returns the record. */
export async function createKyc(token: string, businessId: string, overrides: Record<string, unknown> = {}) {
  const res = await api('/kyc/details', { method: 'POST', token, json: companyDetailsBody(businessId, overrides) })
  expect(res.status, await res.clone().text()).toBe(201)
  return (await res.json()) as { id: string; businessId: string }
}

/**
 * Slot → upload through the SAS → confirm, as the browser's Uploader does; returns the confirmed file id (its blob:
 * blobNameOf). The content type follows the file name's extension.
 */
export async function uploadFile(
  token: string,
  businessId: string,
  purpose: UploadPurpose,
  bytes: Uint8Array = PDF,
  fileName = 'proof.pdf',
) {
  const contentType = fileName.endsWith('.png') ? 'image/png' : 'application/pdf'
  const slotRes = await api('/files/upload-url', {
    method: 'POST',
    token,
    json: { fileName, contentType, size: bytes.byteLength, purpose, businessId },
  })
  expect(slotRes.status, await slotRes.clone().text()).toBe(201)
  const slot = (await slotRes.json()) as { fileId: string; uploadUrl: string }
  await new BlockBlobClient(slot.uploadUrl).uploadData(bytes)
  const confirm = await api(`/files/${slot.fileId}/confirm`, { method: 'POST', token })
  expect(confirm.status, await confirm.clone().text()).toBe(200)
  return slot.fileId
}

/** Whether the file's row and its blob still exist. */
export async function fileState(fileId: string): Promise<{ row: boolean; blob: boolean | null }> {
  const db = await getDb()
  const [row] = await db.select().from(files).where(eq(files.id, fileId))
  if (!row) return { row: false, blob: null }
  const config = getConfig()
  const container = BlobServiceClient.fromConnectionString(config.storage.connectionString!).getContainerClient(
    config.storage.container,
  )
  return { row: true, blob: await container.getBlockBlobClient(row.blobName).exists() }
}

/** The blob name of a file, read before it is deleted, to check the blob afterwards. */
export async function blobNameOf(fileId: string): Promise<string> {
  const db = await getDb()
  const [row] = await db.select({ blobName: files.blobName }).from(files).where(eq(files.id, fileId))
  return row!.blobName
}

export async function blobExists(blobName: string): Promise<boolean> {
  const config = getConfig()
  const container = BlobServiceClient.fromConnectionString(config.storage.connectionString!).getContainerClient(
    config.storage.container,
  )
  return container.getBlockBlobClient(blobName).exists()
}

export async function setApproval(
  businessId: string,
  approvalStatus: 'PENDING' | 'APPROVED' | 'DECLINED',
  kycDetailsCompleted = false,
) {
  const db = await getDb()
  await db.update(businesses).set({ approvalStatus, kycDetailsCompleted }).where(eq(businesses.id, businessId))
}

export const addressBody = (kycDetailsId: string, overrides: Record<string, unknown> = {}) => ({
  kycDetailsId,
  type: 'REGISTERED',
  line1: '14 Broad Street',
  city: 'Lagos',
  country: 'Nigeria',
  state: 'Lagos',
  lga: 'Lagos Island',
  ...overrides,
})

/** A date `days` from today, YYYY-MM-DD (UTC). */
export function inDays(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10)
}

export const meansOfIdBody = (kycDetailsId: string, overrides: Record<string, unknown> = {}) => ({
  kycDetailsId,
  firstName: 'Ada',
  lastName: 'Obi',
  role: 'DIRECTOR',
  bvn: '22212345678',
  idType: 'INTERNATIONAL_PASSPORT',
  idNumber: 'a1234 5678',
  issueDate: '2020-01-10',
  expiryDate: inDays(400),
  dateOfBirth: '1984-06-21',
  pep: { status: 'NOT_PEP' },
  ...overrides,
})

export const individualBody = (kycDetailsId: string, overrides: Record<string, unknown> = {}) => ({
  kycDetailsId,
  type: 'INDIVIDUAL',
  firstName: 'Ada',
  lastName: 'Obi',
  nationality: 'Nigerian',
  bvn: '22212345678',
  percentage: 60,
  dateOfBirth: '1984-06-21',
  pep: { status: 'NOT_PEP' },
  ...overrides,
})

export const corporateBody = (kycDetailsId: string, overrides: Record<string, unknown> = {}) => ({
  kycDetailsId,
  type: 'CORPORATE',
  companyName: 'Eko Holdings Limited',
  registrationNumber: 'rc 765432',
  percentage: 40,
  ...overrides,
})

/** The clear number through the reveal call (audited), as the owner, a KYC editor or permitted staff sees it. */
export async function revealed(
  token: string,
  target: 'means-of-ids' | 'shareholders',
  id: string,
  field: 'bvn' | 'idNumber' | 'dateOfBirth',
  reason = 'Checking the number against the scan',
): Promise<string | null> {
  const res = await api(`/kyc/${target}/${id}/reveal`, { method: 'POST', token, json: { field, reason } })
  if (res.status !== 200) throw new Error(`reveal answered ${res.status}: ${await res.text()}`)
  return ((await res.json()) as { value: string | null }).value
}
