import { expect, type APIRequestContext } from '@playwright/test'
import { bearer } from './accounts'

type Headers = Record<string, string>

/** A small valid PDF. */
export const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n')

/** POSTs to the API expecting 201, answering the created record. */
export function poster(request: APIRequestContext, headers: Headers) {
  return async (path: string, data: unknown) => {
    const res = await request.post(`/api/v1${path}`, { headers, data })
    expect(res.status(), `${path}: ${await res.text()}`).toBe(201)
    return (await res.json()) as { id: string }
  }
}

/** Uploads bytes the way the browser does: a slot, the blob itself, then confirmation. */
export async function uploadFile(
  request: APIRequestContext,
  headers: Headers,
  businessId: string,
  purpose: string,
  fileName: string,
  bytes: Buffer = PDF,
) {
  const slot = await request.post('/api/v1/files/upload-url', {
    headers,
    data: { fileName, contentType: 'application/pdf', size: bytes.byteLength, purpose, businessId },
  })
  expect(slot.status(), await slot.text()).toBe(201)
  const { fileId, uploadUrl } = (await slot.json()) as { fileId: string; uploadUrl: string }
  expect(
    (
      await request.put(uploadUrl, { headers: { 'x-ms-blob-type': 'BlockBlob', 'content-type': 'application/pdf' }, data: bytes })
    ).status(),
  ).toBe(201)
  expect((await request.post(`/api/v1/files/${fileId}/confirm`, { headers })).status()).toBe(200)
  return fileId
}

/** A person's date of birth and PEP declaration, which the KYC submission asks of everyone (issue 38). */
export const PERSON_DETAILS = { dateOfBirth: '1981-03-14', pep: { status: 'NOT_PEP' } } as const

/** What a customer's KYC says (the ids linking the records are filled in). */
export interface KycAnswers {
  details: Record<string, unknown>
  address: Record<string, unknown>
  /** The sole shareholder, an individual holding 100%. */
  shareholder: Record<string, unknown>
  /** The means of ID, linked to the shareholder. */
  meansOfId: Record<string, unknown>
}

/**
 * The customer's side through the calls the portal makes: company details, the registered address, the shareholder
 * and their means of ID, every required RC document (one of each alternative group), then marked complete.
 * Answers the KYC record's id.
 */
export async function completeKyc(request: APIRequestContext, owner: Headers, businessId: string, answers: KycAnswers) {
  const post = poster(request, owner)
  const kyc = await post('/kyc/details', { businessId, ...answers.details })
  await post('/kyc/addresses', { kycDetailsId: kyc.id, ...answers.address })
  const holder = await post('/kyc/shareholders', { kycDetailsId: kyc.id, ...PERSON_DETAILS, ...answers.shareholder })
  await post('/kyc/means-of-ids', { kycDetailsId: kyc.id, shareholderId: holder.id, ...PERSON_DETAILS, ...answers.meansOfId })
  const types = (await (await request.get('/api/v1/kyc-document-types?registrationClass=RC', { headers: owner })).json()) as {
    id: string
    code: string
    required?: boolean
    alternativeGroup: string | null
    isActive: boolean
    typeOwner: string
  }[]
  const groups = new Set<string>()
  // The business's own documents; a shareholder's (a corporate's certificate) go under that shareholder.
  for (const type of types.filter((t) => t.required && t.isActive && t.typeOwner === 'COMPANY')) {
    if (type.alternativeGroup && groups.has(type.alternativeGroup)) continue
    if (type.alternativeGroup) groups.add(type.alternativeGroup)
    const fileId = await uploadFile(request, owner, businessId, 'KYC_DOCUMENT', `${type.code.toLowerCase()}.pdf`)
    await post('/kyc/documents', { kycDetailsId: kyc.id, documentTypeId: type.id, fileId })
  }
  const completed = await request.put(`/api/v1/businesses/${businessId}/completed-kyc-details`, { headers: owner })
  expect(completed.status(), await completed.text()).toBe(200)
  return kyc.id
}

/**
 * Records every open verification check of the business as VERIFIED (docs/domain.md#verification-of-kyc-details), as
 * the superadmin: approval needs each check verified or waived. The superadmin must not have registered the business.
 */
export async function verifyChecks(request: APIRequestContext, businessId: string) {
  const headers = await bearer(request, 'superadmin@example.com')
  const items = (await (await request.get(`/api/v1/verified-kyc/${businessId}`, { headers })).json()) as {
    id: string
    status: string
  }[]
  expect(items.length).toBeGreaterThan(0)
  for (const item of items.filter((i) => i.status === 'PENDING')) {
    const res = await request.put(`/api/v1/verified-kyc/${item.id}`, { headers, data: { status: 'VERIFIED' } })
    expect(res.status(), await res.text()).toBe(200)
  }
}

/** Waives every open verification check of the business with a reason, as `headers`' reviewer (who then may not approve it). */
export async function waiveChecks(request: APIRequestContext, headers: Headers, businessId: string) {
  const items = (await (await request.get(`/api/v1/verified-kyc/${businessId}`, { headers })).json()) as {
    id: string
    status: string
    waiver: unknown
  }[]
  expect(items.length).toBeGreaterThan(0)
  for (const item of items.filter((i) => i.status !== 'VERIFIED' && !i.waiver)) {
    const res = await request.put(`/api/v1/verified-kyc/${item.id}/waiver`, {
      headers,
      data: { reason: 'Checked by hand against the originals (registry offline)' },
    })
    expect(res.status(), await res.text()).toBe(200)
  }
}
