import { eq } from 'drizzle-orm'
import { expect } from 'vitest'
import { getDb } from '@/server/db/client'
import { deferrals, kycAddresses, kycDetails, kycDocumentTypes, meansOfIds, shareholders } from '@/server/db/schema'
import { samplePdf, samplePng } from '@/server/seed/demo-kyc-documents'
import { api } from './helpers'
import { uploadFile } from './kyc-fixtures'

/** The demo seed's sample documents (kyc-fixtures' PDF and PNG are the smallest valid files), attached by `attach`. */
export const SAMPLE_PDF = samplePdf(['Test document', 'For the KYC document tests'])
export const SAMPLE_PNG = samplePng([40, 120, 200])

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
      dateOfBirth: '1984-06-21',
      pepStatus: 'NOT_PEP',
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
    dateOfBirth: '1984-06-21',
    pepStatus: 'NOT_PEP',
  })
  return details
}

export async function typeByCode(code: string) {
  const db = await getDb()
  const [type] = await db.select().from(kycDocumentTypes).where(eq(kycDocumentTypes.code, code))
  if (!type) throw new Error(`no document type ${code}`)
  return type
}

/** Uploads a file and attaches it as the document type `code`; returns the API answer. */
export async function attach(token: string, business: { id: string }, kycDetailsId: string, code: string, bytes?: Uint8Array) {
  const fileId = await uploadFile(
    token,
    business.id,
    'KYC_DOCUMENT',
    bytes ?? SAMPLE_PDF,
    bytes === SAMPLE_PNG ? 'document.png' : 'document.pdf',
  )
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
