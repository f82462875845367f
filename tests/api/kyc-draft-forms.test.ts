import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { getDb } from '@/server/db/client'
import { audits } from '@/server/db/schema'
import { api, errorsOf, signedInUser } from './helpers'
import { ownerWithBusiness, setApproval } from './kyc-fixtures'

interface Draft {
  id: string
  businessId: string
  kycDetailTypeId: string
  data: Record<string, unknown>
}

describe('draft forms', () => {
  it('saves one draft per business and step: POST creates (201), POST again replaces (200); reads by id and by pair', async () => {
    const { owner, businessId } = await ownerWithBusiness()
    const first = await api('/draft-forms', {
      method: 'POST',
      token: owner.token,
      json: { businessId, kycDetailTypeId: 'COMPANY_DETAILS', data: { tin: '1234' } },
    })
    expect(first.status).toBe(201)
    const created = (await first.json()) as Draft
    const again = await api('/draft-forms', {
      method: 'POST',
      token: owner.token,
      json: { businessId, kycDetailTypeId: 'COMPANY_DETAILS', data: { tin: '12345678' } },
    })
    expect(again.status).toBe(200)
    expect(((await again.json()) as Draft).id).toBe(created.id)

    const byPair = await api(`/draft-forms/${businessId}/COMPANY_DETAILS`, { token: owner.token })
    expect(await byPair.json()).toMatchObject({ id: created.id, data: { tin: '12345678' } })
    const byId = await api(`/draft-forms/${created.id}`, { token: owner.token })
    expect(await byId.json()).toMatchObject({ kycDetailTypeId: 'COMPANY_DETAILS' })
    // No draft for a step is not an error: 200 with null (the browser logged a 404 for each step, issue 34).
    const none = await api(`/draft-forms/${businessId}/ADDRESSES`, { token: owner.token })
    expect(none.status).toBe(200)
    expect(await none.json()).toBeNull()
    const badType = await api(`/draft-forms/${businessId}/SELFIES`, { token: owner.token })
    expect(badType.status).toBe(400)
    expect((await errorsOf(badType))[0]).toMatchObject({ field: 'kycDetailTypeId' })
  })

  it('replaces data with PUT, deletes with DELETE, and audits each write without the draft’s content', async () => {
    const { owner, businessId } = await ownerWithBusiness()
    const draft = (await (
      await api('/draft-forms', {
        method: 'POST',
        token: owner.token,
        json: { businessId, kycDetailTypeId: 'SHAREHOLDERS', data: { rows: [{ bvn: '22212345678' }] } },
      })
    ).json()) as Draft
    const put = await api(`/draft-forms/${draft.id}`, { method: 'PUT', token: owner.token, json: { data: { rows: [] } } })
    expect(put.status).toBe(200)
    expect(await put.json()).toMatchObject({ data: { rows: [] } })
    expect((await api(`/draft-forms/${draft.id}`, { method: 'DELETE', token: owner.token })).status).toBe(204)
    expect((await api(`/draft-forms/${draft.id}`, { token: owner.token })).status).toBe(404)

    const db = await getDb()
    const rows = await db
      .select()
      .from(audits)
      .where(and(eq(audits.resource, 'draft_form'), eq(audits.resourceId, draft.id)))
    expect(rows.map((r) => r.action).sort()).toEqual(['CREATE', 'DELETE', 'UPDATE'])
    expect(JSON.stringify(rows)).not.toContain('22212345678')
    expect(rows.find((r) => r.action === 'CREATE')!.after).toMatchObject({
      kycDetailTypeId: 'SHAREHOLDERS',
      sizeBytes: expect.any(Number),
    })
  })

  it('refuses data over 64 kB (413) and data that is not an object (400)', async () => {
    const { owner, businessId } = await ownerWithBusiness()
    const big = await api('/draft-forms', {
      method: 'POST',
      token: owner.token,
      json: { businessId, kycDetailTypeId: 'DOCUMENTS', data: { text: 'x'.repeat(65 * 1024) } },
    })
    expect(big.status).toBe(413)
    expect((await errorsOf(big))[0]).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', field: 'data' })
    const list = await api('/draft-forms', {
      method: 'POST',
      token: owner.token,
      json: { businessId, kycDetailTypeId: 'DOCUMENTS', data: [1, 2] },
    })
    expect(list.status).toBe(400)
    expect((await errorsOf(list))[0]).toMatchObject({ field: 'data' })
    const noType = await api('/draft-forms', { method: 'POST', token: owner.token, json: { businessId, data: {} } })
    expect((await errorsOf(noType))[0]).toMatchObject({ field: 'kycDetailTypeId' })
  })

  it('follows the KYC edit check: refused to the owner after approval (403), readable still', async () => {
    const { owner, businessId } = await ownerWithBusiness()
    const draft = (await (
      await api('/draft-forms', {
        method: 'POST',
        token: owner.token,
        json: { businessId, kycDetailTypeId: 'MEANS_OF_ID', data: {} },
      })
    ).json()) as Draft
    await setApproval(businessId, 'APPROVED')
    expect(
      (
        await api('/draft-forms', {
          method: 'POST',
          token: owner.token,
          json: { businessId, kycDetailTypeId: 'MEANS_OF_ID', data: { a: 1 } },
        })
      ).status,
    ).toBe(403)
    expect((await api(`/draft-forms/${draft.id}`, { method: 'PUT', token: owner.token, json: { data: {} } })).status).toBe(403)
    expect((await api(`/draft-forms/${draft.id}`, { method: 'DELETE', token: owner.token })).status).toBe(403)
    expect((await api(`/draft-forms/${draft.id}`, { token: owner.token })).status).toBe(200)
    const member = await signedInUser({ businesses: [{ businessId, role: 'BUSINESS_MEMBER' }] })
    expect((await api(`/draft-forms/${draft.id}`, { token: member.token })).status).toBe(200)
  })

  it('answers identity numbers and dates of birth in clear to the business’s KYC editors only, masked to every staff reader and to its other members', async () => {
    const { owner, businessId } = await ownerWithBusiness()
    const person = { firstName: 'Ada', bvn: '22290817263', idNumber: 'B90817263', nin: 71829364501, dateOfBirth: '1990-04-17' }
    const masked = { firstName: 'Ada', bvn: '*******7263', idNumber: '*****7263', nin: '*******4501', dateOfBirth: '**********' }
    const saved = await api('/draft-forms', {
      method: 'POST',
      token: owner.token,
      json: { businessId, kycDetailTypeId: 'MEANS_OF_ID', data: { people: [person] } },
    })
    expect(saved.status).toBe(201)
    const { id } = (await saved.json()) as Draft
    const reads = (token: string) =>
      Promise.all(
        [`/draft-forms/${businessId}/MEANS_OF_ID`, `/draft-forms/${id}`].map(async (path) => {
          const res = await api(path, { token })
          expect(res.status, path).toBe(200)
          return ((await res.json()) as Draft).data
        }),
      )

    const reader = await signedInUser({ businesses: [{ businessId, permissions: ['CAN_READ_BUSINESS'] }] })
    const staff = await Promise.all(
      (
        ['AUDITOR', 'GOVERNMENT_OFFICER', 'DATA_PROTECTION_OFFICER', 'APPROVER', 'ONBOARDING_OFFICER', 'SUPER_ADMIN'] as const
      ).map((staffRole) => signedInUser({ staffRole })),
    )
    for (const user of [reader, ...staff]) expect(await reads(user.token)).toEqual([{ people: [masked] }, { people: [masked] }])

    // A number typed as a JSON number is kept as text, so it is encrypted at rest like the others.
    const clear = { people: [{ ...person, nin: '71829364501' }] }
    const member = await signedInUser({ businesses: [{ businessId, role: 'BUSINESS_MEMBER' }] })
    for (const editor of [owner, member]) expect(await reads(editor.token)).toEqual([clear, clear])
  })

  it('keeps the stored numbers when staff save a draft back with the masks they were given, and answers them masked', async () => {
    const { owner, businessId } = await ownerWithBusiness()
    const person = { firstName: 'Ada', bvn: '22290817263', dateOfBirth: '1990-04-17' }
    const { id } = (await (
      await api('/draft-forms', {
        method: 'POST',
        token: owner.token,
        json: { businessId, kycDetailTypeId: 'MEANS_OF_ID', data: { people: [person] } },
      })
    ).json()) as Draft
    const officer = await signedInUser({ staffRole: 'SUPER_ADMIN' })
    const given = ((await (await api(`/draft-forms/${id}`, { token: officer.token })).json()) as Draft).data
    const back = { people: [{ ...(given.people as object[])[0], firstName: 'Adaeze' }] }
    const put = await api(`/draft-forms/${id}`, { method: 'PUT', token: officer.token, json: { data: back } })
    expect(put.status).toBe(200)
    expect(((await put.json()) as Draft).data).toEqual(back)
    const mine = await api(`/draft-forms/${id}`, { token: owner.token })
    expect(((await mine.json()) as Draft).data).toEqual({ people: [{ ...person, firstName: 'Adaeze' }] })
  })
})
