import { and, eq, inArray } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import type { DocumentChecklist, KycDocument } from '@/lib/contracts/kyc-documents'
import type { Outstanding } from '@/lib/contracts/outstanding'
import type { ApprovalCheck } from '@/lib/contracts/reviews'
import { getDb } from '@/server/db/client'
import { audits, files, kycAddresses, kycDocuments, meansOfIds, shareholders } from '@/server/db/schema'
import { api, errorsOf, signedInUser } from './helpers'
import { createKycDetails, typeByCode } from './kyc-document-fixtures'
import { ownerWithBusiness, uploadFile } from './kyc-fixtures'
import { attachRequiredDocuments } from './review-fixtures'

const CERTIFICATE = 'CORPORATE_SHAREHOLDER_CERTIFICATE'
const CERTIFICATE_NAME = 'Corporate shareholder’s certificate of incorporation'
const json = async <T>(res: Response): Promise<T> => {
  expect(res.status, await res.clone().text()).toBeLessThan(300)
  return (await res.json()) as T
}

/**
 * Steps 1–4 complete, with a corporate shareholder that has a corporate shareholder of its own:
 * Ada Obi 55% and Savannah Holdings Limited 45%; Savannah is held 100% by Delta Family Trust Holdings, which is held
 * 100% by Musa Danjuma. Every individual has a current means of ID.
 */
async function captureWithCorporates(businessId: string) {
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
  // Explicit, increasing creation times: PGlite's clock can give two quick inserts the same now(), and the lists
  // order shareholders by creation time.
  let created = Date.now() - 60_000
  const base = () => ({ kycDetailsId: details.id, businessId, createdAt: new Date((created += 1000)) })
  // Every person's date of birth and PEP declaration, which the submission asks for (issue 38).
  const born = { dateOfBirth: '1975-04-02', pepStatus: 'NOT_PEP' as const }
  const [ada] = await db
    .insert(shareholders)
    .values({
      ...base(),
      ...born,
      type: 'INDIVIDUAL',
      firstName: 'Ada',
      lastName: 'Obi',
      nationality: 'Nigeria',
      percentageUnits: 5500,
    })
    .returning()
  const [savannah] = await db
    .insert(shareholders)
    .values({
      ...base(),
      type: 'CORPORATE',
      companyName: 'Savannah Holdings Limited',
      registrationNumber: 'RC700031',
      percentageUnits: 4500,
    })
    .returning()
  const [delta] = await db
    .insert(shareholders)
    .values({
      ...base(),
      parentShareholderId: savannah!.id,
      type: 'CORPORATE',
      companyName: 'Delta Family Trust Holdings',
      registrationNumber: 'RC700032',
      percentageUnits: 10000,
    })
    .returning()
  const [musa] = await db
    .insert(shareholders)
    .values({
      ...base(),
      ...born,
      parentShareholderId: delta!.id,
      type: 'INDIVIDUAL',
      firstName: 'Musa',
      lastName: 'Danjuma',
      nationality: 'Nigeria',
      percentageUnits: 10000,
    })
    .returning()
  for (const [holder, role] of [
    [ada!, 'DIRECTOR'],
    [musa!, 'SHAREHOLDER'],
  ] as const) {
    await db.insert(meansOfIds).values({
      ...base(),
      ...born,
      shareholderId: holder.id,
      firstName: holder.firstName!,
      lastName: holder.lastName!,
      role,
      idType: 'NATIONAL_ID_CARD',
      idNumber: '12345678901',
    })
  }
  return { details, ada: ada!, savannah: savannah!, delta: delta!, musa: musa! }
}

async function attachFor(token: string, businessId: string, kycDetailsId: string, code: string, shareholderId?: string | null) {
  const fileId = await uploadFile(token, businessId, 'KYC_DOCUMENT')
  return api('/kyc/documents', {
    method: 'POST',
    token,
    json: {
      kycDetailsId,
      documentTypeId: (await typeByCode(code)).id,
      fileId,
      ...(shareholderId !== undefined && { shareholderId }),
    },
  })
}

const complete = (token: string, id: string) => api(`/businesses/${id}/completed-kyc-details`, { method: 'PUT', token })

describe('shareholder documents', () => {
  it('attach to one corporate shareholder of the same business, show under it, and are refused otherwise', async () => {
    const { owner, business } = await ownerWithBusiness()
    const { details, ada, savannah, delta } = await captureWithCorporates(business.id)

    // A shareholder type needs the shareholder; the business's own types refuse one; the kind must match.
    const without = await attachFor(owner.token, business.id, details.id, CERTIFICATE)
    expect(without.status).toBe(400)
    expect(await errorsOf(without)).toEqual([
      {
        code: 'VALIDATION_FAILED',
        field: 'shareholderId',
        message: `${CERTIFICATE_NAME} belongs to one corporate shareholder: say which one in shareholderId`,
      },
    ])
    const onCompanyType = await attachFor(owner.token, business.id, details.id, 'TIN_CERTIFICATE', savannah.id)
    expect(onCompanyType.status).toBe(400)
    expect(await errorsOf(onCompanyType)).toEqual([
      {
        code: 'VALIDATION_FAILED',
        field: 'shareholderId',
        message: 'TIN certificate is a document of the business itself, not of a shareholder: leave shareholderId out',
      },
    ])
    const onIndividual = await attachFor(owner.token, business.id, details.id, CERTIFICATE, ada.id)
    expect(onIndividual.status).toBe(400)
    expect(await errorsOf(onIndividual)).toEqual([
      {
        code: 'VALIDATION_FAILED',
        field: 'shareholderId',
        message: `${CERTIFICATE_NAME} is for corporate shareholders; Ada Obi is an individual shareholder`,
      },
    ])
    const malformed = await attachFor(owner.token, business.id, details.id, CERTIFICATE, 'savannah')
    expect(malformed.status).toBe(400)
    expect((await errorsOf(malformed)).map((e) => e.field)).toEqual(['shareholderId'])

    // Another business's shareholder is not found, even by the owner of both.
    const other = await ownerWithBusiness()
    const foreign = await captureWithCorporates(other.business.id)
    const crossed = await attachFor(owner.token, business.id, details.id, CERTIFICATE, foreign.savannah.id)
    expect(crossed.status).toBe(404)
    expect((await errorsOf(crossed))[0]).toMatchObject({ code: 'NOT_FOUND', field: 'shareholderId' })
    const db = await getDb()
    expect(await db.$count(kycDocuments, eq(kycDocuments.businessId, business.id))).toBe(0)

    const tied = await json<KycDocument>(await attachFor(owner.token, business.id, details.id, CERTIFICATE, savannah.id))
    expect(tied).toMatchObject({
      shareholderId: savannah.id,
      shareholderName: 'Savannah Holdings Limited',
      documentType: { code: CERTIFICATE, typeOwner: 'CORPORATE_SHAREHOLDER' },
      status: 'PENDING',
    })
    const [audit] = await db
      .select()
      .from(audits)
      .where(and(eq(audits.resourceId, tied.id), eq(audits.action, 'UPLOAD')))
    expect(audit!.after).toMatchObject({ shareholderId: savannah.id, shareholder: 'Savannah Holdings Limited' })

    // The nested corporate's own certificate is a separate document: it does not replace Savannah's.
    const nested = await json<KycDocument>(await attachFor(owner.token, business.id, details.id, CERTIFICATE, delta.id))
    const listed = await json<KycDocument[]>(
      await api(`/kyc/documents/${details.id}?typeOwner=CORPORATE_SHAREHOLDER`, { token: owner.token }),
    )
    expect(listed.map((d) => [d.id, d.shareholderId, d.shareholderName]).sort()).toEqual(
      [
        [tied.id, savannah.id, 'Savannah Holdings Limited'],
        [nested.id, delta.id, 'Delta Family Trust Holdings'],
      ].sort(),
    )
    // A new upload for Savannah supersedes Savannah's only.
    const replaced = await json<KycDocument>(await attachFor(owner.token, business.id, details.id, CERTIFICATE, savannah.id))
    const current = await json<KycDocument[]>(await api(`/kyc/documents/${details.id}`, { token: owner.token }))
    expect(current.map((d) => d.id).sort()).toEqual([replaced.id, nested.id].sort())

    // The checklist: the business's own items without the shareholder type; each corporate (nested too) with its certificate.
    const checklist = await json<DocumentChecklist>(await api(`/kyc/document-checklist/${business.id}`, { token: owner.token }))
    expect(checklist.items.map((i) => i.documentType.code)).not.toContain(CERTIFICATE)
    expect(checklist.otherDocuments).toEqual([])
    expect(
      checklist.shareholders.map((s) => [
        s.shareholder.name,
        s.shareholder.depth,
        s.items.map((i) => [i.documentType.code, i.required, i.state, i.document?.id ?? null]),
      ]),
    ).toEqual([
      ['Savannah Holdings Limited', 0, [[CERTIFICATE, true, 'UPLOADED', replaced.id]]],
      ['Delta Family Trust Holdings', 1, [[CERTIFICATE, true, 'UPLOADED', nested.id]]],
    ])
    expect(checklist.shareholders[0]!.items[0]!.canRequestDeferral).toBe(false)

    // A staff reader sees the same tie.
    const staff = await signedInUser({ staffRole: 'ONBOARDING_OFFICER' })
    const seen = await json<DocumentChecklist>(await api(`/kyc/document-checklist/${business.id}`, { token: staff.token }))
    expect(seen.shareholders.map((s) => s.items[0]!.document?.shareholderName)).toEqual([
      'Savannah Holdings Limited',
      'Delta Family Trust Holdings',
    ])
  })

  it('count per shareholder for completion, outstanding and approval, each missing one named by its shareholder', async () => {
    const { owner, business } = await ownerWithBusiness()
    const { details, savannah, delta } = await captureWithCorporates(business.id)
    await attachRequiredDocuments(business.id, 'PENDING')

    const refused = await complete(owner.token, business.id)
    expect(refused.status).toBe(409)
    expect(await errorsOf(refused)).toEqual([
      {
        code: 'PRECONDITION_FAILED',
        field: `shareholders.${savannah.id}.documents.${CERTIFICATE}`,
        message: `Upload the ${CERTIFICATE_NAME} for Savannah Holdings Limited.`,
      },
      {
        code: 'PRECONDITION_FAILED',
        field: `shareholders.${delta.id}.documents.${CERTIFICATE}`,
        message: `Upload the ${CERTIFICATE_NAME} for Delta Family Trust Holdings.`,
      },
    ])
    const outstanding = await json<Outstanding>(await api(`/businesses/${business.id}/outstanding`, { token: owner.token }))
    expect(outstanding.kycProgress.find((p) => p.step === 'DOCUMENTS')).toEqual({ step: 'DOCUMENTS', complete: false, gaps: 2 })
    expect(outstanding.items.filter((i) => i.code === 'DOCUMENT_MISSING').map((i) => i.title)).toEqual([
      `${CERTIFICATE_NAME} for Savannah Holdings Limited missing`,
      `${CERTIFICATE_NAME} for Delta Family Trust Holdings missing`,
    ])

    // One certificate does not cover the other corporate.
    expect((await attachFor(owner.token, business.id, details.id, CERTIFICATE, savannah.id)).status).toBe(201)
    const still = await complete(owner.token, business.id)
    expect((await errorsOf(still)).map((e) => e.message)).toEqual([
      `Upload the ${CERTIFICATE_NAME} for Delta Family Trust Holdings.`,
    ])

    // A document type staff add for individual shareholders is then needed by each individual, nested ones too.
    const admin = await signedInUser({ staffRole: 'SUPER_ADMIN' })
    const photo = await json<{ id: string }>(
      await api('/kyc-document-types', {
        method: 'POST',
        token: admin.token,
        json: {
          code: 'SHAREHOLDER_PASSPORT',
          name: 'Shareholder passport photograph',
          typeOwner: 'INDIVIDUAL',
          requiredFor: ['RC'],
        },
      }),
    )
    try {
      const withIndividuals = await complete(owner.token, business.id)
      expect((await errorsOf(withIndividuals)).map((e) => e.message)).toEqual([
        'Upload the Shareholder passport photograph for Ada Obi.',
        `Upload the ${CERTIFICATE_NAME} for Delta Family Trust Holdings.`,
        'Upload the Shareholder passport photograph for Musa Danjuma.',
      ])
    } finally {
      // The type applies to every RC business: left active, it would fail the other tests in this file.
      await api(`/kyc-document-types/${photo.id}`, { method: 'PUT', token: admin.token, json: { isActive: false } })
    }

    expect((await attachFor(owner.token, business.id, details.id, CERTIFICATE, delta.id)).status).toBe(201)
    const done = await complete(owner.token, business.id)
    expect(done.status, await done.clone().text()).toBe(200)

    // Approval: each shareholder's CAC document must be approved too, named by the shareholder.
    const approver = await signedInUser({ staffRole: 'APPROVER' })
    const checks = await json<ApprovalCheck[]>(
      await api(`/businesses/${business.id}/approval-checklist`, { token: approver.token }),
    )
    const cac = checks.find((c) => c.code === 'CAC_DOCUMENTS')!
    expect(cac.details).toEqual(
      expect.arrayContaining([
        `${CERTIFICATE_NAME} for Savannah Holdings Limited is a CAC document and has not been approved yet.`,
        `${CERTIFICATE_NAME} for Delta Family Trust Holdings is a CAC document and has not been approved yet.`,
      ]),
    )
  })

  it('cannot be deferred: a deferral covers a document of the business, not one shareholder', async () => {
    const { owner, business } = await ownerWithBusiness()
    const res = await api('/deferrals', {
      method: 'POST',
      token: owner.token,
      json: {
        businessId: business.id,
        documentTypeId: (await typeByCode(CERTIFICATE)).id,
        days: 10,
        reason: 'The registry has not issued it yet.',
      },
    })
    expect(res.status).toBe(400)
    expect((await errorsOf(res))[0]).toMatchObject({ code: 'VALIDATION_FAILED', field: 'documentTypeId' })
    const deferrable = await json<{ code: string }[]>(
      await api(`/deferrals/deferrable?id=${business.id}`, { token: owner.token }),
    )
    expect(deferrable.map((t) => t.code)).not.toContain(CERTIFICATE)
  })

  it('go with their shareholder: deleting a corporate deletes its documents and those below it, files and all, audited', async () => {
    const { owner, business } = await ownerWithBusiness()
    const { details, ada, savannah, delta } = await captureWithCorporates(business.id)
    const first = await json<KycDocument>(await attachFor(owner.token, business.id, details.id, CERTIFICATE, savannah.id))
    const second = await json<KycDocument>(await attachFor(owner.token, business.id, details.id, CERTIFICATE, savannah.id))
    const nested = await json<KycDocument>(await attachFor(owner.token, business.id, details.id, CERTIFICATE, delta.id))
    const tin = await json<KycDocument>(await attachFor(owner.token, business.id, details.id, 'TIN_CERTIFICATE'))
    const fileIds = [first.file.id, second.file.id, nested.file.id]

    const res = await api(`/kyc/shareholders/${savannah.id}`, { method: 'DELETE', token: owner.token })
    expect(res.status).toBe(200)
    // Savannah, Delta and Musa; Savannah's current and superseded certificate and Delta's.
    expect(await res.json()).toEqual({ deleted: 3, documentsDeleted: 3 })

    const db = await getDb()
    expect(await db.$count(kycDocuments, inArray(kycDocuments.id, [first.id, second.id, nested.id]))).toBe(0)
    expect(await db.$count(files, inArray(files.id, fileIds))).toBe(0)
    const removals = await db
      .select()
      .from(audits)
      .where(
        and(
          eq(audits.resource, 'kyc_document'),
          eq(audits.action, 'DELETE'),
          inArray(audits.resourceId, [first.id, second.id, nested.id]),
        ),
      )
    expect(removals).toHaveLength(3)
    expect(removals.every((r) => (r.after as { reason?: string }).reason === 'SHAREHOLDER_DELETED')).toBe(true)

    // The business's own document and the other shareholder stay; nothing is left to show under Savannah.
    const current = await json<KycDocument[]>(await api(`/kyc/documents/${details.id}`, { token: owner.token }))
    expect(current.map((d) => d.id)).toEqual([tin.id])
    const checklist = await json<DocumentChecklist>(await api(`/kyc/document-checklist/${business.id}`, { token: owner.token }))
    expect(checklist.shareholders).toEqual([])
    expect(await db.$count(shareholders, eq(shareholders.id, ada.id))).toBe(1)
  })
})
