import { and, eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { getDb } from '@/server/db/client'
import { audits } from '@/server/db/schema'
import { api, createTestBusiness, errorsOf, signedInUser } from './helpers'
import { businessReadyForApproval } from './review-fixtures'

type Json = Record<string, unknown>
type Page = { content: Json[]; totalElements: number }

let officer: Awaited<ReturnType<typeof signedInUser>>
let approver: Awaited<ReturnType<typeof signedInUser>>
let auditor: Awaited<ReturnType<typeof signedInUser>>

beforeAll(async () => {
  ;[officer, approver, auditor] = await Promise.all([
    signedInUser({ staffRole: 'ONBOARDING_OFFICER' }),
    signedInUser({ staffRole: 'APPROVER' }),
    signedInUser({ staffRole: 'AUDITOR' }),
  ])
})

const archive = (id: string, token: string, json: Json) => api(`/archive/business/${id}`, { method: 'POST', token, json })
const unarchive = (id: string, token: string, json: Json) =>
  api(`/archive/business/${id}/unarchive`, { method: 'POST', token, json })

async function auditActions(businessId: string) {
  const db = await getDb()
  return (
    await db
      .select()
      .from(audits)
      .where(and(eq(audits.resourceId, businessId)))
  ).map((a) => a.action)
}

describe('archiving a business', () => {
  it('archives with a reason: it leaves the default lists and the queue and shows in the archive with why, who and when', async () => {
    const { business } = await businessReadyForApproval()
    const res = await archive(business.id, officer.token, { reason: 'Duplicate of an existing profile' })
    expect(res.status).toBe(200)
    expect(await res.json()).toMatchObject({ id: business.id, archiveStatus: 'ARCHIVED' })

    const name = encodeURIComponent(business.name)
    const active = (await (await api(`/businesses?businessName=${name}`, { token: officer.token })).json()) as Page
    expect(active.totalElements).toBe(0)
    const queue = (await (await api(`/businesses/for-approval?businessName=${name}`, { token: approver.token })).json()) as Page
    expect(queue.totalElements).toBe(0)

    const archived = (await (await api(`/archive/businesses?businessName=${name}`, { token: auditor.token })).json()) as Page
    expect(archived.totalElements).toBe(1)
    expect(archived.content[0]).toMatchObject({
      id: business.id,
      archiveReason: 'Duplicate of an existing profile',
      archivedBy: 'Test User',
    })
    expect(Date.now() - new Date(archived.content[0]!.archivedAt as string).getTime()).toBeLessThan(60_000)
    expect(await auditActions(business.id)).toContain('ARCHIVE')
  })

  it('refuses a missing or empty reason (400 naming reason) and a business archived already (409 naming the state)', async () => {
    const business = await createTestBusiness()
    for (const json of [{}, { reason: '  ' }]) {
      const res = await archive(business.id, officer.token, json)
      expect(res.status).toBe(400)
      expect((await errorsOf(res))[0]).toMatchObject({ code: 'VALIDATION_FAILED', field: 'reason' })
    }
    expect((await archive(business.id, officer.token, { reason: 'Closed down' })).status).toBe(200)
    const again = await archive(business.id, officer.token, { reason: 'Closed down' })
    expect(again.status).toBe(409)
    const [error] = await errorsOf(again)
    expect(error).toMatchObject({ code: 'INVALID_STATE' })
    expect(error!.message).toContain('archived')
  })

  it('unarchives with a reason back into the lists; an active business cannot be unarchived', async () => {
    const business = await createTestBusiness()
    const early = await unarchive(business.id, officer.token, { reason: 'Reopened' })
    expect(early.status).toBe(409)
    expect((await errorsOf(early))[0]!.message).toContain('active')
    await archive(business.id, officer.token, { reason: 'Dormant for two years' })
    expect((await errorsOf(await unarchive(business.id, officer.token, {})))[0]).toMatchObject({ field: 'reason' })
    const res = await unarchive(business.id, officer.token, { reason: 'Trading again' })
    expect(res.status).toBe(200)
    expect(await res.json()).toMatchObject({ archiveStatus: 'ACTIVE' })
    const list = (await (
      await api(`/businesses?businessName=${encodeURIComponent(business.name)}`, { token: officer.token })
    ).json()) as Page
    expect(list.totalElements).toBe(1)
    expect(await auditActions(business.id)).toEqual(expect.arrayContaining(['ARCHIVE', 'UNARCHIVE']))
  })

  it('is for staff who change businesses only; the archive list for staff readers', async () => {
    const owner = await signedInUser({ businesses: [{}] })
    const id = owner.businessIds[0]!
    expect((await archive(id, owner.token, { reason: 'Closing' })).status).toBe(403)
    expect((await archive(id, approver.token, { reason: 'Closing' })).status).toBe(403)
    expect((await archive(id, auditor.token, { reason: 'Closing' })).status).toBe(403)
    expect((await api('/archive/businesses', { token: owner.token })).status).toBe(403)
    expect((await archive('00000000-0000-4000-8000-000000000000', officer.token, { reason: 'Closing' })).status).toBe(404)
    const page = (await (await api('/archive/businesses?pageSize=5', { token: auditor.token })).json()) as Json
    expect(page).toMatchObject({ pageNumber: 1, pageSize: 5 })
    expect((await api('/archive/businesses?approvalStatus=NOPE', { token: auditor.token })).status).toBe(400)
  })

  it('two staff archiving at once: one succeeds, the other gets 409, one audit row', async () => {
    const business = await createTestBusiness()
    const other = await signedInUser({ staffRole: 'SUPER_ADMIN' })
    const answers = await Promise.all([
      archive(business.id, officer.token, { reason: 'First' }),
      archive(business.id, other.token, { reason: 'Second' }),
    ])
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409])
    expect((await auditActions(business.id)).filter((a) => a === 'ARCHIVE')).toHaveLength(1)
  })
})
