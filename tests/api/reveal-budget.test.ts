import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { getDb } from '@/server/db/client'
import { audits } from '@/server/db/schema'
import { api, errorsOf, mailsTo, signedInUser } from './helpers'
import { createKyc, meansOfIdBody, ownerWithBusiness, revealed } from './kyc-fixtures'

/** Issue 32, finding 8: revealing clear identity numbers has a per-user hourly budget, and the DPO hears of excess. */
describe('the reveal budget', () => {
  it('answers 30 reveals an hour to a user, then 429 with Retry-After; the data protection officer is mailed once', async () => {
    const { owner, businessId } = await ownerWithBusiness()
    const kyc = await createKyc(owner.token, businessId)
    const created = await api('/kyc/means-of-ids', { method: 'POST', token: owner.token, json: meansOfIdBody(kyc.id) })
    expect(created.status, await created.clone().text()).toBe(201)
    const { id } = (await created.json()) as { id: string }
    const [approver, dpo] = await Promise.all([
      signedInUser({ staffRole: 'APPROVER' }),
      signedInUser({ staffRole: 'DATA_PROTECTION_OFFICER' }),
    ])

    for (let i = 0; i < 30; i++)
      expect(await revealed(approver.token, 'means-of-ids', id, i % 2 ? 'bvn' : 'idNumber')).toBeTruthy()
    expect(await mailsTo(dpo.user.email)).toEqual([])

    const reveal = () =>
      api(`/kyc/means-of-ids/${id}/reveal`, {
        method: 'POST',
        token: approver.token,
        json: { field: 'bvn', reason: 'Checking the number against the scan' },
      })
    const refused = await reveal()
    expect(refused.status).toBe(429)
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
    const [error] = await errorsOf(refused)
    expect(error).toMatchObject({ code: 'RATE_LIMITED' })
    expect(JSON.stringify(error)).not.toContain('22212345678')

    const alerts = await mailsTo(dpo.user.email)
    expect(alerts).toHaveLength(1)
    expect(alerts[0]).toMatchObject({ template: 'reveal-budget-exceeded' })
    expect(alerts[0]!.subject).toContain(approver.user.email)
    expect(alerts[0]!.text).toContain('more than 30')

    // Refused again, audited again, but the DPO is told once an hour.
    expect((await reveal()).status).toBe(429)
    expect(await mailsTo(dpo.user.email)).toHaveLength(1)
    const db = await getDb()
    const rows = await db
      .select()
      .from(audits)
      .where(and(eq(audits.action, 'REVEAL_BUDGET_EXCEEDED'), eq(audits.actorId, approver.user.id)))
    expect(rows).toHaveLength(2)
    expect(rows.map((r) => r.after)).toEqual(
      expect.arrayContaining([
        { budget: 30, perHour: true, dpoAlerted: true },
        { budget: 30, perHour: true, dpoAlerted: false },
      ]),
    )
    const reveals = await db
      .select()
      .from(audits)
      .where(and(eq(audits.action, 'REVEAL'), eq(audits.actorId, approver.user.id)))
    expect(reveals).toHaveLength(30)

    // The budget is the user's own: the owner still reveals.
    expect(await revealed(owner.token, 'means-of-ids', id, 'bvn')).toBe('22212345678')
  })
})
