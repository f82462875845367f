import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { isPermission } from '@/lib/permissions/names'
import { getDb } from '@/server/db/client'
import { businessDivisions, files, kycDocuments, productCategories } from '@/server/db/schema'
import { apiApproved } from './four-eyes'
import { api, errorsOf, signedInUser } from './helpers'
import { requestDeferral, typeByCode } from './kyc-document-fixtures'
import { addressBody, corporateBody, createKyc, individualBody, meansOfIdBody, PDF, uploadFile } from './kyc-fixtures'

/**
 * Independent review of object-level access across the KYC, documents, files, deferral, verification, review and
 * onboarding modules (docs/domain.md#object-level-access; docs/api.md#errors):
 * - a second business's owner, a plain member of that business and a signed-in user of no business try every
 *   business-scoped call on the first business's real ids (created through the API, files really uploaded to
 *   Azurite) and get 404 each time; ids of the first business nested in bodies of their own records are refused
 *   exactly as an id that does not exist;
 * - the first business's own owner, who holds some administrative permission names, gets 403 on every staff call;
 * - malformed params, queries and bodies on every reviewed route answer 4xx, never 500.
 */

type User = Awaited<ReturnType<typeof signedInUser>>
type Call = { method: string; path: string; json?: unknown; body?: FormData; gate?: string }

const ok = async (res: Response, status = 200) => {
  expect(res.status, await res.clone().text()).toBe(status)
  return (await res.json()) as { id: string } & Record<string, unknown>
}

let admin: User
let productCode: string
let productId: string
let uploadKey: string
let tinTypeId: string

/** The victim: a business with one of everything. */
const A = {} as {
  owner: User
  businessId: string
  kycId: string
  addressId: string
  addressFileId: string
  meansOfIdId: string
  idFileId: string
  corporateId: string
  childId: string
  draftId: string
  documentId: string
  documentFileId: string
  additionalFileId: string
  deferralId: string
  onboardingId: string
  answerFileId: string
  pendingFileId: string
  spare: { kyc: string; address: string; id: string; product: string }
}
/** The second business, with its owner and a plain member. */
const B = {} as {
  owner: User
  member: User
  businessId: string
  kycId: string
  addressId: string
  meansOfIdId: string
  onboardingId: string
  kycFileId: string
}
let loner: User

async function createProduct() {
  const db = await getDb()
  const [category] = await db.select().from(productCategories).limit(1)
  const [division] = await db.select().from(businessDivisions).limit(1)
  const code = `AR-${randomUUID().slice(0, 8).toUpperCase()}`
  const product = await ok(
    await apiApproved('/products', {
      method: 'POST',
      token: admin.token,
      json: {
        code,
        name: `Access review ${code}`,
        categoryId: category!.id,
        divisionId: division!.id,
        requirements: [
          { label: 'Settlement account', type: 'Text Input', required: true },
          { label: 'Shop front photo', type: 'Upload Document', required: true },
        ],
      },
    }),
    201,
  )
  await ok(await apiApproved(`/products/${product.id}/go-live`, { method: 'PUT', token: admin.token, json: { live: true } }))
  const requirements = product.requirements as { key: string; type: string }[]
  return { code, id: product.id, uploadKey: requirements.find((r) => r.type === 'Upload Document')!.key }
}

beforeAll(async () => {
  admin = await signedInUser({ staffRole: 'SUPER_ADMIN' })
  ;({ code: productCode, id: productId, uploadKey } = await createProduct())

  // ---- the first business, everything created through the API ----
  A.owner = await signedInUser({ businesses: [{}] })
  A.businessId = A.owner.businessIds[0]!
  const a = A.owner.token
  A.kycId = (await createKyc(a, A.businessId)).id
  A.addressFileId = await uploadFile(a, A.businessId, 'ADDRESS_DOC')
  A.addressId = (
    await ok(
      await api('/kyc/addresses', {
        method: 'POST',
        token: a,
        json: addressBody(A.kycId, { addressDocFileId: A.addressFileId }),
      }),
      201,
    )
  ).id
  A.corporateId = (
    await ok(await api('/kyc/shareholders', { method: 'POST', token: a, json: corporateBody(A.kycId, { percentage: 40 }) }), 201)
  ).id
  A.childId = (
    await ok(
      await api('/kyc/shareholders', {
        method: 'POST',
        token: a,
        json: individualBody(A.kycId, { parentShareholderId: A.corporateId, percentage: 100 }),
      }),
      201,
    )
  ).id
  A.idFileId = await uploadFile(a, A.businessId, 'MEANS_OF_ID')
  A.meansOfIdId = (
    await ok(
      await api('/kyc/means-of-ids', {
        method: 'POST',
        token: a,
        json: meansOfIdBody(A.kycId, { fileId: A.idFileId, shareholderId: A.childId }),
      }),
      201,
    )
  ).id
  A.draftId = (
    await ok(
      await api('/draft-forms', {
        method: 'POST',
        token: a,
        json: { businessId: A.businessId, kycDetailTypeId: 'SHAREHOLDERS', data: { note: 'half done' } },
      }),
      201,
    )
  ).id
  A.documentFileId = await uploadFile(a, A.businessId, 'KYC_DOCUMENT')
  const tin = await typeByCode('TIN_CERTIFICATE')
  tinTypeId = tin.id
  A.documentId = (
    await ok(
      await api('/kyc/documents', {
        method: 'POST',
        token: a,
        json: { kycDetailsId: A.kycId, documentTypeId: tin.id, fileId: A.documentFileId },
      }),
      201,
    )
  ).id
  const extra = new FormData()
  extra.set('label', 'Extra company document')
  extra.set('file', new Blob([PDF], { type: 'application/pdf' }), 'extra.pdf')
  await ok(await api(`/kyc/details/${A.kycId}`, { method: 'PUT', token: a, body: extra }))
  const additional = (await (await api(`/kyc/company/additional-doc/${A.kycId}`, { token: a })).json()) as {
    file: { id: string }
  }[]
  A.additionalFileId = additional[0]!.file.id
  A.deferralId = (await requestDeferral(a, A.businessId, 'MEMART')).id
  A.onboardingId = (
    await ok(
      await api('/onboarding-products', { method: 'POST', token: a, json: { businessId: A.businessId, productCode } }),
      201,
    )
  ).id
  A.answerFileId = await uploadFile(a, A.businessId, 'PRODUCT_REQUIREMENT')
  await ok(
    await api(`/onboarding-products/${A.onboardingId}/requirements`, {
      method: 'PUT',
      token: a,
      json: { answers: [{ key: uploadKey, fileId: A.answerFileId }] },
    }),
  )
  // A slot the owner never confirmed, and confirmed uploads nothing uses yet.
  A.pendingFileId = (
    await ok(
      await api('/files/upload-url', {
        method: 'POST',
        token: a,
        json: {
          fileName: 'later.pdf',
          contentType: 'application/pdf',
          size: PDF.byteLength,
          purpose: 'KYC_DOCUMENT',
          businessId: A.businessId,
        },
      }),
      201,
    )
  ).fileId as string
  A.spare = {
    kyc: await uploadFile(a, A.businessId, 'KYC_DOCUMENT'),
    address: await uploadFile(a, A.businessId, 'ADDRESS_DOC'),
    id: await uploadFile(a, A.businessId, 'MEANS_OF_ID'),
    product: await uploadFile(a, A.businessId, 'PRODUCT_REQUIREMENT'),
  }

  // ---- the second business: its owner, a plain member, and records of its own ----
  B.owner = await signedInUser({ businesses: [{}] })
  B.businessId = B.owner.businessIds[0]!
  B.member = await signedInUser({ businesses: [{ businessId: B.businessId, role: 'BUSINESS_MEMBER' }] })
  const b = B.owner.token
  B.kycId = (await createKyc(b, B.businessId)).id
  B.addressId = (await ok(await api('/kyc/addresses', { method: 'POST', token: b, json: addressBody(B.kycId) }), 201)).id
  B.meansOfIdId = (await ok(await api('/kyc/means-of-ids', { method: 'POST', token: b, json: meansOfIdBody(B.kycId) }), 201)).id
  B.onboardingId = (
    await ok(
      await api('/onboarding-products', { method: 'POST', token: b, json: { businessId: B.businessId, productCode } }),
      201,
    )
  ).id
  B.kycFileId = await uploadFile(b, B.businessId, 'KYC_DOCUMENT')

  loner = await signedInUser()
}, 120_000)

/** Every business-scoped call, aimed at the first business's records. */
function businessScopedCalls(): Call[] {
  const form = new FormData()
  form.set('numberOfEmployees', '7')
  form.set('file', new Blob([PDF], { type: 'application/pdf' }), 'planted.pdf')
  return [
    // files
    { method: 'GET', path: `/files/${A.addressFileId}` },
    { method: 'GET', path: `/files/${A.idFileId}` },
    { method: 'GET', path: `/files/${A.documentFileId}` },
    { method: 'GET', path: `/files/${A.additionalFileId}` },
    { method: 'GET', path: `/files/${A.answerFileId}` },
    { method: 'POST', path: `/files/${A.pendingFileId}/confirm` },
    {
      method: 'POST',
      path: '/files/upload-url',
      json: { fileName: 'x.pdf', contentType: 'application/pdf', size: 100, purpose: 'KYC_DOCUMENT', businessId: A.businessId },
    },
    // KYC capture (the owner of another business is covered in kyc-access.test.ts; here every kind of outsider)
    { method: 'GET', path: `/kyc/details/${A.kycId}` },
    { method: 'GET', path: `/kyc/details-first-entity/${A.businessId}` },
    { method: 'PUT', path: `/kyc/details/${A.kycId}`, json: { numberOfEmployees: 1 } },
    { method: 'PUT', path: `/kyc/details/${A.kycId}`, body: form },
    { method: 'GET', path: `/kyc/company/additional-doc/${A.kycId}` },
    { method: 'GET', path: `/kyc/addresses/all-kyc/${A.kycId}` },
    { method: 'POST', path: '/kyc/addresses', json: addressBody(A.kycId) },
    { method: 'PUT', path: `/kyc/addresses/${A.addressId}`, json: { city: 'Ikeja' } },
    { method: 'DELETE', path: `/kyc/addresses/${A.addressId}/file?type=address_doc` },
    { method: 'DELETE', path: `/kyc/addresses/${A.addressId}` },
    { method: 'GET', path: `/kyc/means-of-ids/${A.kycId}` },
    { method: 'POST', path: '/kyc/means-of-ids', json: meansOfIdBody(A.kycId) },
    { method: 'PUT', path: `/kyc/means-of-ids/${A.meansOfIdId}`, json: { firstName: 'Mallory' } },
    { method: 'DELETE', path: `/kyc/means-of-ids/${A.meansOfIdId}/file` },
    { method: 'DELETE', path: `/kyc/means-of-ids/${A.meansOfIdId}` },
    { method: 'GET', path: `/kyc/shareholders?kycDetailsId=${A.kycId}` },
    {
      method: 'POST',
      path: '/kyc/shareholders',
      json: individualBody(A.kycId, { parentShareholderId: A.corporateId, percentage: 1 }),
    },
    { method: 'PUT', path: `/kyc/shareholders/${A.childId}`, json: { percentage: 1 } },
    { method: 'GET', path: `/kyc/child-shareholders/${A.corporateId}` },
    { method: 'DELETE', path: `/kyc/shareholders/${A.corporateId}` },
    { method: 'DELETE', path: `/kyc/${A.kycId}` },
    { method: 'GET', path: `/draft-forms/${A.draftId}` },
    { method: 'GET', path: `/draft-forms/${A.businessId}/SHAREHOLDERS` },
    { method: 'POST', path: '/draft-forms', json: { businessId: A.businessId, kycDetailTypeId: 'SHAREHOLDERS', data: {} } },
    { method: 'PUT', path: `/draft-forms/${A.draftId}`, json: { data: {} } },
    { method: 'DELETE', path: `/draft-forms/${A.draftId}` },
    // KYC documents
    { method: 'GET', path: `/kyc/document-checklist/${A.businessId}` },
    { method: 'GET', path: `/kyc/documents/${A.kycId}` },
    { method: 'POST', path: '/kyc/documents', json: { kycDetailsId: A.kycId, documentTypeId: tinTypeId, fileId: A.spare.kyc } },
    { method: 'DELETE', path: `/kyc/documents/${A.documentId}` },
    { method: 'PUT', path: `/businesses/${A.businessId}/completed-kyc-details` },
    // deferrals
    { method: 'GET', path: `/deferrals/deferrable?id=${A.businessId}&isCAC=1` },
    { method: 'GET', path: `/deferrals/business-deferrals/${A.businessId}` },
    { method: 'GET', path: `/deferrals/${A.deferralId}` },
    {
      method: 'POST',
      path: '/deferrals',
      json: { businessId: A.businessId, documentTypeId: tinTypeId, days: 5, reason: 'We are waiting for the FIRS to issue it.' },
      gate: 'CAN_CREATE_DEFERRAL',
    },
    // verification and the dashboard
    { method: 'GET', path: `/kyc/business/${A.businessId}/verified` },
    { method: 'GET', path: `/businesses/${A.businessId}/outstanding` },
    // onboarding
    { method: 'GET', path: `/onboarding-products/business/${A.businessId}` },
    { method: 'GET', path: `/onboarding-products?businessId=${A.businessId}` },
    { method: 'GET', path: `/onboarding-products/me/${productCode}?businessId=${A.businessId}` },
    { method: 'GET', path: `/onboarding-products/details/${A.onboardingId}` },
    { method: 'GET', path: `/onboarding-products/can-proceed-kyc-capturing/${A.onboardingId}` },
    { method: 'POST', path: '/onboarding-products', json: { businessId: A.businessId, productCode } },
    {
      method: 'PUT',
      path: `/onboarding-products/${A.onboardingId}/requirements`,
      json: { answers: [{ key: uploadKey, fileId: null }] },
    },
    { method: 'PUT', path: `/onboarding-products/${A.onboardingId}/submit` },
    { method: 'DELETE', path: `/onboarding-products/${A.onboardingId}` },
  ]
}

const send = (call: Call, token: string) =>
  api(call.path, {
    method: call.method,
    token,
    ...(call.json !== undefined ? { json: call.json } : {}),
    ...(call.body ? { body: call.body } : {}),
  })

describe('another business’s records answer 404 to every outsider', () => {
  const outsiders = [
    ['the owner of another business', () => B.owner],
    ['a plain member of another business', () => B.member],
    ['a signed-in user of no business', () => loner],
  ] as const

  for (const [who, user] of outsiders) {
    it(`${who}: 404 NOT_FOUND on every call, never the record`, async () => {
      const actor = user()
      const held = new Set(
        ((await (await api('/accounts/me/permissions', { token: actor.token })).json()) as { name: string }[]).map((p) => p.name),
      )
      const wrong: string[] = []
      for (const call of businessScopedCalls()) {
        const res = await send(call, actor.token)
        const text = await res.text()
        // A route-level permission the caller holds nowhere refuses before any lookup: the same for every id.
        const expected = call.gate && !held.has(call.gate) ? 403 : 404
        if (res.status !== expected) wrong.push(`${call.method} ${call.path} → ${res.status} ${text.slice(0, 200)}`)
        else if (expected === 404) expect(JSON.parse(text).errors[0].code, `${call.method} ${call.path}`).toBe('NOT_FOUND')
      }
      expect(wrong).toEqual([])
    })
  }

  it('lists stay scoped: another business’s id as a filter finds nothing of it', async () => {
    for (const actor of [B.owner, B.member, loner]) {
      const page = (await (await api(`/kyc/details?businessId=${A.businessId}`, { token: actor.token })).json()) as {
        content: unknown[]
        totalElements: number
      }
      expect(page.totalElements).toBe(0)
    }
  })

  it('the first business’s records are untouched after every attempt', async () => {
    const a = A.owner.token
    const addresses = (await (await api(`/kyc/addresses/all-kyc/${A.kycId}`, { token: a })).json()) as {
      id: string
      city: string
      addressDoc: { id: string } | null
    }[]
    expect(addresses.map((x) => [x.id, x.city, x.addressDoc?.id])).toEqual([[A.addressId, 'Lagos', A.addressFileId]])
    const ids = (await (await api(`/kyc/means-of-ids/${A.kycId}`, { token: a })).json()) as {
      id: string
      firstName: string
      file: { id: string } | null
    }[]
    expect(ids.map((x) => [x.id, x.firstName, x.file?.id])).toEqual([[A.meansOfIdId, 'Ada', A.idFileId]])
    const holders = (await (await api(`/kyc/shareholders?kycDetailsId=${A.kycId}`, { token: a })).json()) as {
      id: string
      percentage: number
    }[]
    expect(holders.map((h) => [h.id, h.percentage])).toEqual([
      [A.corporateId, 40],
      [A.childId, 100],
    ])
    const details = await ok(await api(`/kyc/details/${A.kycId}`, { token: a }))
    expect(details.numberOfEmployees).toBe(42)
    expect((await ok(await api(`/draft-forms/${A.draftId}`, { token: a }))).data).toEqual({ note: 'half done' })
    const documents = (await (await api(`/kyc/documents/${A.kycId}`, { token: a })).json()) as { id: string }[]
    expect(documents.map((d) => d.id)).toEqual([A.documentId])
    expect((await ok(await api(`/deferrals/${A.deferralId}`, { token: a }))).status).toBe('PENDING')
    const onboarding = await ok(await api(`/onboarding-products/details/${A.onboardingId}`, { token: a }))
    expect(onboarding.status).toBe('PENDING')
    expect((onboarding.answers as { file: { id: string } | null }[]).map((x) => x.file?.id)).toEqual([A.answerFileId])
    // The planted multipart file never reached storage under the first business.
    const db = await getDb()
    const planted = await db.select().from(files).where(eq(files.fileName, 'planted.pdf'))
    expect(planted).toEqual([])
    // Every file still streams to its own owner.
    for (const id of [A.addressFileId, A.idFileId, A.documentFileId, A.additionalFileId, A.answerFileId]) {
      expect((await api(`/files/${id}`, { token: a })).status).toBe(200)
    }
  })
})

describe('ids of another business nested in the body of my own records', () => {
  /** The refusal for the first business's id must be exactly the refusal for an id that does not exist. */
  async function sameAsUnknown(build: (id: string) => Call, foreignId: string, field: string) {
    const token = B.owner.token
    const foreign = await send(build(foreignId), token)
    const unknown = await send(build(randomUUID()), token)
    const foreignErrors = await errorsOf(foreign)
    expect(foreign.status, JSON.stringify(foreignErrors)).toBe(400)
    expect(foreignErrors.map((e) => e.field)).toContain(field)
    expect({ status: foreign.status, errors: foreignErrors }).toEqual({ status: unknown.status, errors: await errorsOf(unknown) })
  }

  it('another business’s confirmed KYC file cannot be attached to my KYC document', async () => {
    const tin = (await typeByCode('TIN_CERTIFICATE')).id
    await sameAsUnknown(
      (fileId) => ({ method: 'POST', path: '/kyc/documents', json: { kycDetailsId: B.kycId, documentTypeId: tin, fileId } }),
      A.spare.kyc,
      'fileId',
    )
    const db = await getDb()
    expect(await db.select().from(kycDocuments).where(eq(kycDocuments.fileId, A.spare.kyc))).toEqual([])
  })

  it('my own file cannot be attached to the other business’s KYC record (404, nothing attached)', async () => {
    const tin = (await typeByCode('TIN_CERTIFICATE')).id
    const res = await api('/kyc/documents', {
      method: 'POST',
      token: B.owner.token,
      json: { kycDetailsId: A.kycId, documentTypeId: tin, fileId: B.kycFileId },
    })
    expect(res.status).toBe(404)
    const db = await getDb()
    expect(await db.select().from(kycDocuments).where(eq(kycDocuments.fileId, B.kycFileId))).toEqual([])
  })

  it('another business’s address file cannot go on my address, new or changed', async () => {
    await sameAsUnknown(
      (fileId) => ({ method: 'POST', path: '/kyc/addresses', json: addressBody(B.kycId, { addressDocFileId: fileId }) }),
      A.spare.address,
      'addressDocFileId',
    )
    await sameAsUnknown(
      (fileId) => ({ method: 'PUT', path: `/kyc/addresses/${B.addressId}`, json: { addressDocFileId: fileId } }),
      A.spare.address,
      'addressDocFileId',
    )
    await sameAsUnknown(
      (fileId) => ({ method: 'PUT', path: `/kyc/addresses/${B.addressId}`, json: { passportPhotoFileId: fileId } }),
      A.spare.address,
      'passportPhotoFileId',
    )
  })

  it('another business’s ID scan or shareholder cannot be linked to my means of ID', async () => {
    await sameAsUnknown(
      (fileId) => ({ method: 'POST', path: '/kyc/means-of-ids', json: meansOfIdBody(B.kycId, { fileId }) }),
      A.spare.id,
      'fileId',
    )
    await sameAsUnknown(
      (fileId) => ({ method: 'PUT', path: `/kyc/means-of-ids/${B.meansOfIdId}`, json: { fileId } }),
      A.spare.id,
      'fileId',
    )
    await sameAsUnknown(
      (shareholderId) => ({ method: 'POST', path: '/kyc/means-of-ids', json: meansOfIdBody(B.kycId, { shareholderId }) }),
      A.childId,
      'shareholderId',
    )
    await sameAsUnknown(
      (shareholderId) => ({ method: 'PUT', path: `/kyc/means-of-ids/${B.meansOfIdId}`, json: { shareholderId } }),
      A.childId,
      'shareholderId',
    )
  })

  it('my shareholder cannot be placed under another business’s corporate shareholder', async () => {
    await sameAsUnknown(
      (parentShareholderId) => ({
        method: 'POST',
        path: '/kyc/shareholders',
        json: individualBody(B.kycId, { parentShareholderId, percentage: 10 }),
      }),
      A.corporateId,
      'parentShareholderId',
    )
  })

  it('another business’s uploaded file cannot answer my product requirement', async () => {
    await sameAsUnknown(
      (fileId) => ({
        method: 'PUT',
        path: `/onboarding-products/${B.onboardingId}/requirements`,
        json: { answers: [{ key: uploadKey, fileId }] },
      }),
      A.spare.product,
      'answers.0.fileId',
    )
    // The same file already answering the first business's application, too.
    await sameAsUnknown(
      (fileId) => ({
        method: 'PUT',
        path: `/onboarding-products/${B.onboardingId}/requirements`,
        json: { answers: [{ key: uploadKey, fileId }] },
      }),
      A.answerFileId,
      'answers.0.fileId',
    )
  })

  it('my records are unchanged by the refused attempts', async () => {
    const b = B.owner.token
    const addresses = (await (await api(`/kyc/addresses/all-kyc/${B.kycId}`, { token: b })).json()) as {
      addressDoc: unknown
      passportPhoto: unknown
    }[]
    expect(addresses.map((x) => [x.addressDoc, x.passportPhoto])).toEqual([[null, null]])
    const ids = (await (await api(`/kyc/means-of-ids/${B.kycId}`, { token: b })).json()) as {
      file: unknown
      shareholderId: string | null
    }[]
    expect(ids.map((x) => [x.file, x.shareholderId])).toEqual([[null, null]])
    expect(await (await api(`/kyc/shareholders?kycDetailsId=${B.kycId}`, { token: b })).json()).toEqual([])
    expect(
      ((await ok(await api(`/onboarding-products/details/${B.onboardingId}`, { token: b }))).answers as unknown[]).length,
    ).toBe(0)
  })
})

describe('staff-only calls refuse business users, even the owners who hold administrative permission names', () => {
  function staffCalls(): Call[] {
    const decision = { decision: 'APPROVED', comment: 'Looks right' }
    const id = A.businessId
    return [
      // business review
      { method: 'GET', path: '/businesses/for-approval' },
      { method: 'GET', path: '/businesses/reviewers' },
      { method: 'PUT', path: '/businesses/set-recertification-date', json: { businessId: id, date: '2031-01-01' } },
      { method: 'GET', path: `/businesses/attachment/${id}` },
      { method: 'PUT', path: `/businesses/attachment/${id}`, json: { comment: 'Recommend approval' } },
      { method: 'PUT', path: `/businesses/${id}/approve`, json: decision },
      { method: 'GET', path: `/businesses/${id}/approval-checklist` },
      { method: 'PUT', path: `/businesses/${id}/assignee`, json: { userId: A.owner.user.id } },
      { method: 'GET', path: '/businesses' },
      // archive, reminders, reports
      { method: 'GET', path: '/archive/businesses' },
      { method: 'POST', path: `/archive/business/${id}`, json: { reason: 'Closing this business down' } },
      { method: 'POST', path: `/archive/business/${id}/unarchive`, json: { reason: 'Opening this business again' } },
      { method: 'POST', path: '/reminders/run' },
      { method: 'GET', path: '/reports/businesses' },
      { method: 'GET', path: '/reports/businesses/summary' },
      { method: 'GET', path: '/reports/businesses/download' },
      // document review
      { method: 'GET', path: '/kyc/cac-documents-for-reviews' },
      { method: 'GET', path: `/kyc/cac-documents-for-reviews/${A.kycId}` },
      { method: 'PUT', path: '/kyc/cac-documents-approval', json: { ids: [A.kycId], ...decision } },
      { method: 'PUT', path: `/kyc/cac-documents-approval/${A.kycId}`, json: decision },
      { method: 'POST', path: `/kyc/documents/${A.documentId}/reupload-request`, json: { reason: 'The scan is blurred' } },
      { method: 'PUT', path: `/kyc/documents/${A.documentId}/review`, json: decision },
      { method: 'POST', path: '/kyc-document-types', json: { code: 'MY_OWN', name: 'Mine' } },
      { method: 'PUT', path: `/kyc-document-types/${tinTypeId}`, json: { name: 'Renamed' } },
      // verification (owners hold CAN_VERIFY_ADDRESS)
      { method: 'GET', path: '/kyc/re-verify-pending-kyc-status' },
      { method: 'GET', path: `/verified-kyc/${id}` },
      { method: 'PUT', path: `/verified-kyc/${randomUUID()}`, json: { status: 'VERIFIED', comment: 'ok' } },
      { method: 'GET', path: `/kyc/verified-detail/${randomUUID()}` },
      { method: 'PUT', path: `/kyc/addresses/${A.addressId}/verification`, json: { status: 'VERIFIED', comment: 'Visited' } },
      // deferral review
      { method: 'GET', path: '/deferrals' },
      { method: 'GET', path: '/deferrals/reviews' },
      { method: 'PUT', path: '/deferrals/deferrable-mapping', json: { items: [] } },
      { method: 'PUT', path: '/deferrals/approval', json: { ids: [A.deferralId], ...decision } },
      { method: 'PUT', path: '/deferrals/deferrable-days/365' },
      { method: 'PUT', path: `/deferrals/approval/${A.deferralId}`, json: decision },
      // products and onboarding decisions (owners hold CAN_APPROVE_ONBOARD_PRODUCT)
      { method: 'GET', path: '/products/admin' },
      { method: 'GET', path: `/products/admin/${productId}` },
      { method: 'POST', path: '/products', json: { code: 'OWNER-PRODUCT', name: 'Mine' } },
      { method: 'PUT', path: `/products/${productId}/go-live`, json: { live: false } },
      { method: 'PUT', path: `/products/${productId}`, json: { name: 'Renamed' } },
      { method: 'GET', path: '/onboarding-products/approvals' },
      { method: 'GET', path: `/onboarding-products/${productCode}` },
      { method: 'PUT', path: `/onboarding-products/approve/${A.onboardingId}`, json: decision },
      { method: 'PUT', path: `/onboarding-products/completed/${A.onboardingId}` },
    ]
  }

  it('403 FORBIDDEN for the business’s own owner on every staff call, on its own records', async () => {
    const wrong: string[] = []
    for (const call of staffCalls()) {
      const res = await send(call, A.owner.token)
      const text = await res.text()
      if (res.status !== 403 || JSON.parse(text).errors[0].code !== 'FORBIDDEN')
        wrong.push(`${call.method} ${call.path} → ${res.status} ${text.slice(0, 200)}`)
    }
    expect(wrong).toEqual([])
  })

  it('onboarding decisions need the permission as staff: a staff member who only holds it through a business membership is refused', async () => {
    // An onboarding officer (staff, but not an approver) who also owns a business, whose owner role carries the name.
    const officer = await signedInUser({ staffRole: 'ONBOARDING_OFFICER', businesses: [{}] })
    for (const call of [
      { method: 'PUT', path: `/onboarding-products/approve/${A.onboardingId}`, json: { decision: 'APPROVED' } },
      { method: 'PUT', path: `/onboarding-products/completed/${A.onboardingId}` },
    ]) {
      const res = await send(call, officer.token)
      expect(res.status, `${call.method} ${call.path}: ${await res.clone().text()}`).toBe(403)
      expect((await errorsOf(res))[0]!.code).toBe('FORBIDDEN')
    }
    // A real approver passes the guard and meets the state machine instead (the application is still PENDING).
    const approver = await signedInUser({ staffRole: 'APPROVER' })
    const res = await api(`/onboarding-products/approve/${A.onboardingId}`, {
      method: 'PUT',
      token: approver.token,
      json: { decision: 'APPROVED' },
    })
    expect(res.status).toBe(409)
    expect((await errorsOf(res))[0]).toMatchObject({ code: 'INVALID_STATE', message: expect.stringContaining('pending') })
  })
})

describe('staff lists need the read permission as staff, not through a business membership', () => {
  it('a product manager who owns a business cannot list every business or every business user (403)', async () => {
    const manager = await signedInUser({ staffRole: 'PRODUCT_MANAGER', businesses: [{}] })
    for (const path of [
      '/businesses',
      '/business-users',
      '/business-users/search?searchKey=a',
      `/business-users/${A.owner.user.id}/details`,
    ]) {
      const res = await api(path, { token: manager.token })
      expect(res.status, `${path}: ${(await res.clone().text()).slice(0, 120)}`).toBe(403)
    }
    // An onboarding officer holds both as staff and still reads them.
    const officer = await signedInUser({ staffRole: 'ONBOARDING_OFFICER' })
    expect((await api('/businesses', { token: officer.token })).status).toBe(200)
    expect((await api('/business-users', { token: officer.token })).status).toBe(200)
  })
})

describe('onboarding decisions: four-eyes and one winner', () => {
  /** A fresh business with an application IN_REVIEW, every requirement answered with a real upload. */
  async function inReview() {
    const owner = await signedInUser({ businesses: [{}] })
    const businessId = owner.businessIds[0]!
    const application = await ok(
      await api('/onboarding-products', { method: 'POST', token: owner.token, json: { businessId, productCode } }),
      201,
    )
    const fileId = await uploadFile(owner.token, businessId, 'PRODUCT_REQUIREMENT')
    const detail = await ok(await api(`/onboarding-products/details/${application.id}`, { token: owner.token }))
    const textKey = (detail.requirements as { key: string; type: string }[]).find((r) => r.type === 'Text Input')!.key
    await ok(
      await api(`/onboarding-products/${application.id}/requirements`, {
        method: 'PUT',
        token: owner.token,
        json: {
          answers: [
            { key: textKey, value: '0123456789' },
            { key: uploadKey, fileId },
          ],
        },
      }),
    )
    expect(
      (await ok(await api(`/onboarding-products/${application.id}/submit`, { method: 'PUT', token: owner.token }))).status,
    ).toBe('IN_REVIEW')
    return { owner, businessId, id: application.id }
  }

  it('an approver who belongs to the business cannot decide or complete its application (403 FOUR_EYES)', async () => {
    const app = await inReview()
    const insider = await signedInUser({
      staffRole: 'APPROVER',
      businesses: [{ businessId: app.businessId, role: 'BUSINESS_MEMBER' }],
    })
    const decided = await api(`/onboarding-products/approve/${app.id}`, {
      method: 'PUT',
      token: insider.token,
      json: { decision: 'DECLINED', comment: 'Not for us' },
    })
    expect(decided.status).toBe(403)
    expect((await errorsOf(decided))[0]!.code).toBe('FOUR_EYES')
    const completed = await api(`/onboarding-products/completed/${app.id}`, { method: 'PUT', token: insider.token })
    expect((await errorsOf(completed))[0]!.code).toBe('FOUR_EYES')
    expect((await ok(await api(`/onboarding-products/details/${app.id}`, { token: app.owner.token }))).status).toBe('IN_REVIEW')
  })

  it('two approvers declining at once: one wins, the other gets 409 INVALID_STATE naming DECLINED; one audit row', async () => {
    const app = await inReview()
    const [first, second] = [await signedInUser({ staffRole: 'APPROVER' }), await signedInUser({ staffRole: 'APPROVER' })]
    const answers = await Promise.all(
      [first, second].map((u) =>
        api(`/onboarding-products/approve/${app.id}`, {
          method: 'PUT',
          token: u.token,
          json: { decision: 'DECLINED', comment: 'Settlement account is not a corporate account' },
        }),
      ),
    )
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409])
    const loser = answers.find((r) => r.status === 409)!
    expect((await errorsOf(loser))[0]).toMatchObject({ code: 'INVALID_STATE', message: expect.stringContaining('declined') })
    const audit = await api(`/audits?resourceId=${app.id}&pageSize=100`, { token: admin.token })
    const rows = ((await ok(audit)).content as { action: string }[]).filter((r) => r.action === 'DECLINE')
    expect(rows).toHaveLength(1)
  })
})

// ---------------------------------------------------------------------------------------------------------------
// Malformed input on every reviewed route: 4xx naming the field, never 500.
// ---------------------------------------------------------------------------------------------------------------

type Schema = {
  type?: string | string[]
  format?: string
  enum?: unknown[]
  properties?: Record<string, Schema>
  items?: Schema
  anyOf?: Schema[]
  oneOf?: Schema[]
  allOf?: Schema[]
  $ref?: string
}
type Parameter = { name: string; in: 'path' | 'query'; schema?: Schema }
type Operation = { tags?: string[]; parameters?: Parameter[]; requestBody?: { content: Record<string, { schema: Schema }> } }
type OpenApi = { paths: Record<string, Record<string, Operation>>; components?: { schemas?: Record<string, Schema> } }

const REVIEWED_TAGS = new Set([
  'Files',
  'KYC',
  'Draft forms',
  'KYC documents',
  'Deferrals',
  'Document review',
  'KYC verification',
  'Business review',
  'Archive',
  'Reminders',
  'Reports',
  'Products',
  'Onboarding products',
])

const openapi = (await (await api('/openapi.json')).json()) as OpenApi
const operations = Object.entries(openapi.paths)
  .flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) => ({ method: method.toUpperCase(), path: path.replace(/^\/api\/v1/, ''), op })),
  )
  .filter(({ path, op }) => (op.tags ?? []).some((t) => REVIEWED_TAGS.has(t)) || path === '/businesses/{id}/outstanding')

function resolve(schema: Schema | undefined): Schema {
  if (!schema) return {}
  if (schema.$ref) return resolve(openapi.components?.schemas?.[schema.$ref.split('/').pop()!])
  const branch = schema.allOf?.[0] ?? schema.anyOf?.find((s) => resolve(s).type !== 'null') ?? schema.oneOf?.[0]
  return branch && !schema.properties && !schema.type ? resolve(branch) : schema
}
const isUuid = (s: Schema) => resolve(s).format === 'uuid'
const typeOf = (s: Schema) => {
  const t = resolve(s).type
  return Array.isArray(t) ? t.find((x) => x !== 'null') : t
}

/** Path values no route should accept, and none should choke on. */
const BAD_PATH_VALUES = [
  'not-a-uuid',
  '-1',
  'NaN',
  '1e309',
  '00000000-0000-0000-0000-00000000000g',
  "'%20OR%201=1--",
  '%F0%9F%92%A5',
  '%E0%A4%A',
  '%00',
  'a%00b',
  'x'.repeat(3000),
]
/** Query values a route needs to get as far as its path params. */
const REQUIRED_QUERY: Record<string, string> = { '/kyc/addresses/{id}/file': 'type=address_doc' }
const BAD_QUERY_VALUES = ['not-a-uuid', '-1', 'NaN', '1e309', 'BOGUS_VALUE', '', 'x'.repeat(3000), '%00', 'a%00b']

/** A value of the wrong kind for each declared body property. */
function wrongValue(schema: Schema): unknown {
  const s = resolve(schema)
  if (s.enum) return 'BOGUS_VALUE'
  if (s.format === 'uuid') return 'not-a-uuid'
  switch (typeOf(s)) {
    case 'string':
      return 12345
    case 'number':
    case 'integer':
      return 'NaN'
    case 'boolean':
      return 'maybe'
    case 'array':
      return { not: 'a list' }
    default:
      return ['not', 'an', 'object']
  }
}
function outOfRangeValue(schema: Schema): unknown {
  const s = resolve(schema)
  if (s.enum) return 'bogus_value'
  if (s.format === 'uuid') return '00000000-0000-0000-0000-00000000000g'
  switch (typeOf(s)) {
    case 'string':
      return 'x'.repeat(200_000)
    case 'number':
    case 'integer':
      return -1e308
    case 'array':
      return Array.from({ length: 5000 }, () => 'not-a-uuid')
    default:
      return null
  }
}

function fillPath(path: string, override?: [string, string]) {
  return path.replace(/\{(\w+)\}/g, (_, name: string) =>
    override && override[0] === name
      ? override[1]
      : name === 'code' || name === 'productCode'
        ? 'NO-SUCH-CODE'
        : name === 'kycDetailTypeId'
          ? 'ADDRESSES'
          : name === 'days'
            ? '10'
            : randomUUID(),
  )
}

describe('malformed input never answers 500', () => {
  it('covers the reviewed routes', () => {
    expect(operations.length).toBeGreaterThan(80)
    expect(operations.some((o) => o.path === '/kyc/details/{id}' && o.method === 'PUT')).toBe(true)
  })

  it.each(operations.filter((o) => o.path.includes('{')).map((o) => [`${o.method} ${o.path}`, o] as const))(
    'path params: %s',
    async (_, { method, path, op }) => {
      const params = (op.parameters ?? []).filter((p) => p.in === 'path')
      const problems: string[] = []
      for (const param of params) {
        for (const bad of BAD_PATH_VALUES) {
          for (const token of [admin.token, A.owner.token]) {
            const url = fillPath(path, [param.name, bad]) + (REQUIRED_QUERY[path] ? `?${REQUIRED_QUERY[path]}` : '')
            const res = await api(url, { method, token, ...(method === 'GET' || method === 'DELETE' ? {} : { json: {} }) })
            if (res.status >= 500) problems.push(`${method} ${url.slice(0, 120)} → ${res.status}`)
            else if (token === admin.token && (bad.includes('%00') || (isUuid(param.schema ?? {}) && bad !== '%E0%A4%A'))) {
              // A NUL anywhere in the path is refused before routing, naming the path; other bad ids name the param.
              const field = bad.includes('%00') ? 'path' : param.name
              const errors = res.status === 400 ? await errorsOf(res) : []
              if (res.status !== 400 || !errors.some((e) => e.field === field))
                problems.push(`${method} ${url.slice(0, 120)} → ${res.status} without naming ${field}`)
            }
          }
        }
      }
      expect(problems).toEqual([])
    },
  )

  it.each(
    operations
      .filter((o) => (o.op.parameters ?? []).some((p) => p.in === 'query'))
      .map((o) => [`${o.method} ${o.path}`, o] as const),
  )('query params: %s', async (_, { method, path, op }) => {
    const problems: string[] = []
    for (const param of (op.parameters ?? []).filter((p) => p.in === 'query')) {
      const schema = resolve(param.schema)
      for (const bad of [...BAD_QUERY_VALUES, 'repeated']) {
        const query =
          bad === 'repeated'
            ? `${param.name}=a&${param.name}=b`
            : `${param.name}=${bad.includes('%') ? bad : encodeURIComponent(bad)}`
        const url = `${fillPath(path)}?${query}`
        const res = await api(url, {
          method,
          token: admin.token,
          ...(method === 'GET' || method === 'DELETE' ? {} : { json: {} }),
        })
        if (res.status >= 500) {
          problems.push(`${method} ${url.slice(0, 120)} → ${res.status}`)
          continue
        }
        const mustRefuse =
          bad.includes('%00') ||
          (bad === 'not-a-uuid' && isUuid(schema)) ||
          (bad === 'BOGUS_VALUE' && !!schema.enum) ||
          (bad === 'NaN' && ['integer', 'number'].includes(typeOf(schema) ?? ''))
        if (mustRefuse) {
          const errors = res.status === 400 ? await errorsOf(res) : []
          if (!errors.some((e) => e.field === param.name || e.field?.startsWith(`${param.name}.`)))
            problems.push(`${method} ${url.slice(0, 120)} → ${res.status} without naming ${param.name}`)
        }
      }
    }
    expect(problems).toEqual([])
  })

  it.each(
    operations.filter((o) => o.op.requestBody?.content['application/json']).map((o) => [`${o.method} ${o.path}`, o] as const),
  )('JSON bodies: %s', async (_, { method, path, op }) => {
    const schema = resolve(op.requestBody!.content['application/json']!.schema)
    const properties = Object.entries(schema.properties ?? {})
    const url = fillPath(path)
    const problems: string[] = []
    const bodies: Array<[string, string]> = [
      ['not JSON', '{"unterminated'],
      ['a list', '[]'],
      ['null', 'null'],
      ['a string', '"text"'],
      ['a number', '12'],
      ['deeply nested', `${'['.repeat(2000)}${']'.repeat(2000)}`],
    ]
    if (properties.length) {
      bodies.push([
        'every field of the wrong type',
        JSON.stringify(Object.fromEntries(properties.map(([k, s]) => [k, wrongValue(s)]))),
      ])
      bodies.push([
        'every field out of range',
        JSON.stringify(Object.fromEntries(properties.map(([k, s]) => [k, outOfRangeValue(s)]))),
      ])
      const texts = properties.filter(([, s]) => typeOf(s) === 'string' && !resolve(s).enum && !resolve(s).format)
      if (texts.length)
        bodies.push([
          'every text field with a NUL character',
          JSON.stringify(Object.fromEntries(texts.map(([k]) => [k, 'Lagos\u0000Island']))),
        ])
    }
    for (const [what, body] of bodies) {
      const res = await api(url, { method, token: admin.token, body, headers: { 'content-type': 'application/json' } })
      const text = await res.text()
      if (![400, 404, 413, 415].includes(res.status)) problems.push(`${what} → ${res.status} ${text.slice(0, 160)}`)
      else if (res.status === 400 && what.startsWith('every')) {
        const fields = (JSON.parse(text) as { errors: { field?: string }[] }).errors.map((e) => e.field ?? '')
        if (!fields.some((f) => properties.some(([k]) => f === k || f.startsWith(`${k}.`))))
          problems.push(`${what} → 400 naming no field: ${text.slice(0, 160)}`)
      }
    }
    expect(problems).toEqual([])
  })

  it('multipart company details: empty bodies, text in the file part and an empty file are 400s naming the field', async () => {
    const token = A.owner.token
    const multipart = (parts: string) => ({ body: parts, headers: { 'content-type': 'multipart/form-data; boundary=XYZ' } })
    const empty = '--XYZ--\r\n'
    const textAsFile = '--XYZ\r\nContent-Disposition: form-data; name="file"\r\n\r\njust text\r\n--XYZ--\r\n'
    const emptyFile =
      '--XYZ\r\nContent-Disposition: form-data; name="file"; filename="empty.pdf"\r\nContent-Type: application/pdf\r\n\r\n\r\n--XYZ--\r\n'
    const broken = '--XYZ\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n'
    const cases: Array<[string, string, string, string | undefined]> = [
      ['POST', '/kyc/details', empty, 'businessId'],
      ['PUT', `/kyc/details/${A.kycId}`, empty, undefined],
      ['PUT', `/kyc/details/${A.kycId}`, textAsFile, 'file'],
      ['PUT', `/kyc/details/${A.kycId}`, emptyFile, 'file'],
      ['PUT', `/kyc/details/${A.kycId}`, broken, undefined],
      [
        'POST',
        '/kyc/details',
        '--XYZ\r\nContent-Disposition: form-data; name="numberOfEmployees"\r\n\r\n-5\r\n--XYZ--\r\n',
        'numberOfEmployees',
      ],
      [
        'PUT',
        `/kyc/details/${A.kycId}`,
        '--XYZ\r\nContent-Disposition: form-data; name="natureOfBusiness"\r\n\r\nFood\u0000processing\r\n--XYZ--\r\n',
        'natureOfBusiness',
      ],
    ]
    for (const [method, path, parts, field] of cases) {
      const res = await api(path, { method, token, ...multipart(parts) })
      expect(res.status, `${method} ${path} ${JSON.stringify(parts).slice(0, 60)}: ${await res.clone().text()}`).toBe(400)
      if (field) expect((await errorsOf(res)).map((e) => e.field)).toContain(field)
    }
    // A body that is neither JSON nor multipart.
    const plain = await api(`/kyc/details/${A.kycId}`, {
      method: 'PUT',
      token,
      body: 'numberOfEmployees=3',
      headers: { 'content-type': 'text/plain' },
    })
    expect(plain.status).toBe(415)
    // Nothing of that reached the record.
    expect((await ok(await api(`/kyc/details/${A.kycId}`, { token }))).numberOfEmployees).toBe(42)
  })

  it('upload slots: negative, fractional, huge and non-numeric sizes and unknown purposes are 400s naming the field', async () => {
    const base = {
      fileName: 'a.pdf',
      contentType: 'application/pdf',
      size: 100,
      purpose: 'KYC_DOCUMENT',
      businessId: A.businessId,
    }
    const cases: Array<[Record<string, unknown>, string, number]> = [
      [{ size: -1 }, 'size', 400],
      [{ size: 1.5 }, 'size', 400],
      [{ size: 'NaN' }, 'size', 400],
      [{ size: 1e308 }, 'size', 400],
      [{ size: 10 * 1024 * 1024 * 1024 }, 'size', 413],
      [{ purpose: 'ROOT' }, 'purpose', 400],
      [{ fileName: 'x'.repeat(10_000) }, 'fileName', 400],
      [{ businessId: 'not-a-uuid' }, 'businessId', 400],
      [{ contentType: 'application/x-msdownload' }, 'contentType', 415],
    ]
    for (const [change, field, status] of cases) {
      const res = await api('/files/upload-url', { method: 'POST', token: A.owner.token, json: { ...base, ...change } })
      expect(res.status, JSON.stringify(change).slice(0, 80)).toBe(status)
      expect((await errorsOf(res)).map((e) => e.field)).toContain(field)
    }
  })
})

describe('the NUL character, which PostgreSQL text cannot hold', () => {
  it('is refused with 400 naming the field on valid bodies of real records, and nothing is saved', async () => {
    const token = A.owner.token
    const nul = 'Lagos\u0000Island'
    const cases: Array<[Call, string]> = [
      [{ method: 'PUT', path: `/kyc/details/${A.kycId}`, json: { natureOfBusiness: nul } }, 'natureOfBusiness'],
      [{ method: 'PUT', path: `/kyc/addresses/${A.addressId}`, json: { line2: nul } }, 'line2'],
      [{ method: 'PUT', path: `/kyc/shareholders/${A.corporateId}`, json: { companyName: nul } }, 'companyName'],
      [{ method: 'PUT', path: `/draft-forms/${A.draftId}`, json: { data: { note: nul } } }, 'data.note'],
      [
        {
          method: 'POST',
          path: '/draft-forms',
          json: { businessId: A.businessId, kycDetailTypeId: 'ADDRESSES', data: { [nul]: 1 } },
        },
        `data.${nul}`,
      ],
      [
        {
          method: 'PUT',
          path: `/onboarding-products/${A.onboardingId}/requirements`,
          json: { answers: [{ key: 'settlement_account', value: nul }] },
        },
        'answers.0.value',
      ],
      [{ method: 'POST', path: `/kyc/documents/${A.documentId}/reupload-request`, json: { reason: `Blurred ${nul}` } }, 'reason'],
    ]
    for (const [call, field] of cases) {
      const res = await send(call, call.path.includes('reupload') ? admin.token : token)
      expect(res.status, `${call.method} ${call.path}: ${await res.clone().text()}`).toBe(400)
      expect((await errorsOf(res)).map((e) => e.field)).toContain(field)
    }
    expect((await ok(await api(`/kyc/details/${A.kycId}`, { token }))).natureOfBusiness).toBe('Food processing')
    expect((await ok(await api(`/draft-forms/${A.draftId}`, { token }))).data).toEqual({ note: 'half done' })
  })

  it('is refused in path values and query filters of any route', async () => {
    for (const path of [
      '/products/A%00B',
      `/onboarding-products/me/A%00B`,
      '/deferrals?businessName=a%00b',
      '/products?searchKey=%00',
      '/reports/businesses?regNo=RC%001',
    ]) {
      const res = await api(path, { token: admin.token })
      expect(res.status, path).toBe(400)
    }
  })
})

// ---------------------------------------------------------------------------------------------------------------
// Every operation says who may call it (server/http/access.ts): tests/api/access-matrix.test.ts holds each to it.
// ---------------------------------------------------------------------------------------------------------------

describe('declared access', () => {
  it('every operation of the document carries a well-formed x-access, matching its security', () => {
    type Declared = { kind?: string; permissions?: unknown; match?: string; membersOnly?: unknown }
    const problems: string[] = []
    for (const [path, ops] of Object.entries(openapi.paths)) {
      for (const [method, op] of Object.entries(
        ops as Record<string, Operation & { security?: unknown[]; 'x-access'?: Declared }>,
      )) {
        const name = `${method.toUpperCase()} ${path}`
        const declared = op['x-access']
        if (!declared) {
          problems.push(`${name}: no x-access (declare it with access.* from server/http/access.ts)`)
          continue
        }
        const permissions = Array.isArray(declared.permissions) ? (declared.permissions as string[]) : null
        if (!['public', 'signed-in', 'business', 'staff'].includes(declared.kind ?? ''))
          problems.push(`${name}: kind ${declared.kind}`)
        if (!permissions || permissions.some((p) => !isPermission(p)))
          problems.push(`${name}: permissions ${JSON.stringify(declared.permissions)}`)
        if (!['all', 'any'].includes(declared.match ?? '')) problems.push(`${name}: match ${declared.match}`)
        if (declared.kind === 'public' && (permissions?.length || op.security))
          problems.push(`${name}: public but asks for permissions or a token`)
        if (declared.kind !== 'public' && !JSON.stringify(op.security ?? []).includes('bearerAuth'))
          problems.push(`${name}: ${declared.kind} without bearer security`)
        if (declared.kind === 'staff' && !permissions?.length) problems.push(`${name}: staff without a permission`)
      }
    }
    expect(problems).toEqual([])
  })
})
