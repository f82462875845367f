import { eq, inArray, isNull } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { getDb } from '@/server/db/client'
import { businesses, kycDetails, riskAssessments, riskFirstApprovals } from '@/server/db/schema'
import { seed } from '@/server/seed'
import { demoBusinessRegNos } from '@/server/seed/demo-businesses'
import { startFromDemo } from './demo-template'
import { api } from './helpers'

// The seeded demo without the shipped screening lists, made once per run (tests/api/demo-template.ts).
await startFromDemo({ shippedLists: false })

const PASSWORD = 'Demo-Passw0rd!'

describe('the demo', () => {
  it('has businesses in each tier, a HIGH one waiting for its senior approval and one with its EDD outstanding', async () => {
    const db = await getDb()
    const demo = await db.select({ id: businesses.id }).from(businesses).where(inArray(businesses.regNo, demoBusinessRegNos()))
    const assessed = await db
      .select({ tier: riskAssessments.tier })
      .from(riskAssessments)
      .where(isNull(riskAssessments.supersededAt))
    expect(assessed.length).toBeGreaterThan(0)
    for (const tier of ['LOW', 'MEDIUM', 'HIGH']) expect(assessed.map((a) => a.tier)).toContain(tier)
    const [waiting] = await db.select().from(riskFirstApprovals)
    expect(waiting).toBeTruthy()
    expect(demo.map((b) => b.id)).toContain(waiting!.businessId)

    const login = await api('/accounts/login', { method: 'POST', json: { email: 'senior@example.com', password: PASSWORD } })
    expect(login.status).toBe(200)
    const token = ((await login.json()) as { access_token: string }).access_token
    const risk = await api(`/businesses/${waiting!.businessId}/risk`, { token })
    expect(await risk.json()).toMatchObject({ tier: 'HIGH', firstApproval: { approvedBy: 'Aisha Bello' } })
    // Its enhanced due diligence is complete; the PEP director's business is HIGH with its EDD outstanding.
    const [waitingKyc] = await db.select().from(kycDetails).where(eq(kycDetails.businessId, waiting!.businessId))
    const complete = await api(`/kyc/${waitingKyc!.id}/enhanced-due-diligence`, { token })
    expect(await complete.json()).toMatchObject({ required: true, outstanding: 0 })
    const [pep] = await db.select().from(businesses).where(eq(businesses.name, 'Owerri Pharmaceuticals Plc'))
    expect(await (await api(`/businesses/${pep!.id}/risk`, { token })).json()).toMatchObject({ tier: 'HIGH' })
    const [pepKyc] = await db.select().from(kycDetails).where(eq(kycDetails.businessId, pep!.id))
    const open = (await (await api(`/kyc/${pepKyc!.id}/enhanced-due-diligence`, { token })).json()) as {
      required: boolean
      outstanding: number
      items: { document: unknown; documentTypeId: string | null }[]
    }
    expect(open.required).toBe(true)
    expect(open.items.filter((i) => i.documentTypeId && !i.document).length).toBeGreaterThan(0)
    // A second seed writes nothing more.
    await seed(db, { demo: true, demoPassword: PASSWORD, shippedLists: false })
    expect(await db.select().from(riskFirstApprovals).where(eq(riskFirstApprovals.businessId, waiting!.businessId))).toHaveLength(
      1,
    )
    // The senior manager can give it as the demo walks: the business is ready for approval.
    const approved = await api(`/businesses/${waiting!.businessId}/approve`, {
      method: 'PUT',
      token,
      json: { decision: 'APPROVED', comment: 'Senior approval: source of funds reviewed' },
    })
    expect(approved.status, await approved.clone().text()).toBe(200)
    expect(await approved.json()).toMatchObject({ approvalStatus: 'APPROVED' })
  }, 180_000)
})
