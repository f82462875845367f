import { describe, expect, it } from 'vitest'
import type { OperationsDashboard } from '@/lib/contracts/operations'
import { getDb } from '@/server/db/client'
import { businesses } from '@/server/db/schema'
import { seed } from '@/server/seed'
import { startFromDemo } from './demo-template'
import { api, signedInUser } from './helpers'

// The seeded demo, made once per run (tests/api/demo-template.ts).
await startFromDemo({ shippedLists: true })

describe('demo operations history', () => {
  it('gives the business review a year of decisions, escalations, decline reasons and KYC stops; seeding again adds none', async () => {
    const db = await getDb()
    const supervisor = await signedInUser({ staffRole: 'SENIOR_MANAGEMENT' })
    const today = new Date(Date.now() + 3_600_000).toISOString().slice(0, 10)
    const first = new Date(Date.UTC(Number(today.slice(0, 4)), Number(today.slice(5, 7)) - 12, 1)).toISOString().slice(0, 10)
    const res = await api(`/operations/dashboard?from=${first}&to=${today}`, { token: supervisor.token })
    expect(res.status).toBe(200)
    const d = (await res.json()) as OperationsDashboard
    // The page's default: this month and the eleven before. Every whole month between has entries and decisions.
    expect(d.byMonth).toHaveLength(12)
    expect(d.byMonth.slice(1, 11).every((m) => m.out > 0 && m.in > 0)).toBe(true)
    expect(d.totals.out).toBeGreaterThan(150)
    expect(d.timeToDecision.medianHours).toBeGreaterThan(0)
    expect(d.timeToDecision.p90Hours!).toBeGreaterThan(d.timeToDecision.medianHours!)
    expect(d.breaches.breached).toBeGreaterThan(0)
    expect(d.breaches.rate!).toBeLessThan(1)
    expect(d.declineReasons.length).toBeGreaterThanOrEqual(3)
    expect(d.reviewers.filter((r) => r.decided > 0).length).toBeGreaterThanOrEqual(2)
    expect(d.kycStops.filter((s) => s.step !== 'SUBMITTED' && s.count > 0).length).toBeGreaterThanOrEqual(3)

    const before = await db.$count(businesses)
    await seed(db, { demo: true, demoPassword: 'Demo-Passw0rd!' })
    expect(await db.$count(businesses)).toBe(before)
  })
})
