import { BlockBlobClient } from '@azure/storage-blob'
import { eq } from 'drizzle-orm'
import { expect } from 'vitest'
import { getDb } from '@/server/db/client'
import { deferrals, files, kycAddresses, kycDetails, kycDocumentTypes, meansOfIds, shareholders } from '@/server/db/schema'
import { samplePdf, samplePng } from '@/server/seed/demo-kyc-documents'
import { api, createTestBusiness, signedInUser } from './helpers'

export const PDF = samplePdf(['Test document', 'For the KYC document tests'])
export const PNG = samplePng([40, 120, 200])

/** A business of the given class owned by a fresh, signed-in BUSINESS_OWNER. */
export async function ownerWithBusiness(
  registrationClass: 'RC' | 'BN' | 'IT' | 'LP' | 'LLP' = 'RC',
  overrides: Parameters<typeof createTestBusiness>[0] = {},
) {
  const business = await createTestBusiness({
    registrationClass,
    regNo: `${registrationClass}${String(Date.now()).slice(-6)}${Math.floor(Math.random() * 1000)}`,
    ...overrides,
  })
  const owner = await signedInUser({ businesses: [{ businessId: business.id }] })
  return { owner, business }
}

/** The business's KYC record (what the company details step creates), filled in. */
export async function createKycDetails(businessId: string) {
  const db = await getDb()
  const [row] = await db
    .insert(kycDetails)
    .values({
      businessId,
      tin: '12345678-0001',
      incorporationDate: '2019-03-14',
      natureOfBusiness: 'Food processing',
      description: 'Processes and packages cassava flour',
      numberOfEmployees: 42,
      annualTurnoverKobo: 250_000_000_00,
      countryOfIncorporation: 'Nigeria',
    })
    .returning()
  return row!
}

/** Steps 1–4 complete: details, the registered address, one shareholder owning 100% with a current means of ID. */
export async function completeCapture(businessId: string) {
  const db = await getDb()
  const details = await createKycDetails(businessId)
  await db.insert(kycAddresses).values({
    kycDetailsId: details.id,
    businessId,
    type: 'REGISTERED',
    line1: '14 Broad Street',
    country: 'Nigeria',
    state: 'Lagos',
    lga: 'Lagos Island',
  })
  const [holder] = await db
    .insert(shareholders)
    .values({
      kycDetailsId: details.id,
      businessId,
      type: 'INDIVIDUAL',
      firstName: 'Ada',
      lastName: 'Obi',
      nationality: 'Nigeria',
      percentageUnits: 10000,
    })
    .returning()
  await db.insert(meansOfIds).values({
    kycDetailsId: details.id,
    businessId,
    shareholderId: holder!.id,
    firstName: 'Ada',
    lastName: 'Obi',
    role: 'DIRECTOR',
    idType: 'NATIONAL_ID_CARD',
    idNumber: '12345678901',
  })
  return details
}

/** Slot → upload through the SAS → confirm, as the browser does. */
export async function uploadFile(
  token: string,
  businessId: string,
  options: { bytes?: Uint8Array; purpose?: string; fileName?: string } = {},
) {
  const bytes = options.bytes ?? PDF
  const slot = await api('/files/upload-url', {
    method: 'POST',
    token,
    json: {
      fileName: options.fileName ?? 'document.pdf',
      contentType: bytes === PNG ? 'image/png' : 'application/pdf',
      size: bytes.byteLength,
      purpose: options.purpose ?? 'KYC_DOCUMENT',
      businessId,
    },
  })
  expect(slot.status, await slot.clone().text()).toBe(201)
  const { fileId, uploadUrl } = (await slot.json()) as { fileId: string; uploadUrl: string }
  await new BlockBlobClient(uploadUrl).uploadData(bytes)
  const confirmed = await api(`/files/${fileId}/confirm`, { method: 'POST', token })
  expect(confirmed.status, await confirmed.clone().text()).toBe(200)
  const db = await getDb()
  const [row] = await db.select().from(files).where(eq(files.id, fileId))
  return { fileId, blobName: row!.blobName }
}

export async function typeByCode(code: string) {
  const db = await getDb()
  const [type] = await db.select().from(kycDocumentTypes).where(eq(kycDocumentTypes.code, code))
  if (!type) throw new Error(`no document type ${code}`)
  return type
}

/** Uploads a file and attaches it as the document type `code`; returns the API answer. */
export async function attach(token: string, business: { id: string }, kycDetailsId: string, code: string, bytes?: Uint8Array) {
  const { fileId } = await uploadFile(token, business.id, { bytes })
  return api('/kyc/documents', {
    method: 'POST',
    token,
    json: { kycDetailsId, documentTypeId: (await typeByCode(code)).id, fileId },
  })
}

/** What the staff approval call will do (H5): APPROVED with due date = decision time + days. */
export async function approveDeferralDirectly(id: string, decidedAt: Date) {
  const db = await getDb()
  const [row] = await db.select().from(deferrals).where(eq(deferrals.id, id))
  const [updated] = await db
    .update(deferrals)
    .set({
      status: 'APPROVED',
      decidedAt,
      dueDate: new Date(decidedAt.getTime() + row!.days * 86_400_000),
      decisionComment: 'Approved for the test',
    })
    .where(eq(deferrals.id, id))
    .returning()
  return updated!
}

export async function requestDeferral(token: string, businessId: string, code: string, days = 14) {
  const res = await api('/deferrals', {
    method: 'POST',
    token,
    json: {
      businessId,
      documentTypeId: (await typeByCode(code)).id,
      days,
      reason: 'The CAC has not issued it yet; we applied last week.',
    },
  })
  expect(res.status, await res.clone().text()).toBe(201)
  return (await res.json()) as { id: string; status: string }
}
