import { randomUUID } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { parse } from 'csv-parse/sync'
import { eq, inArray, sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { getDb } from '@/server/db/client'
import { businesses } from '@/server/db/schema'
import { api, createTestBusiness, errorsOf, signedInUser } from './helpers'
import { businessOfTier } from './risk-fixtures'

type Row = { id: string; name: string; riskTier: string | null }
type Page = { content: Row[]; totalElements: number }

let staff: Awaited<ReturnType<typeof signedInUser>>
let checker: Awaited<ReturnType<typeof signedInUser>>
const marker = `Tiers${randomUUID().slice(0, 8)}`
const ids: Record<'LOW' | 'MEDIUM' | 'HIGH' | 'NONE', string> = { LOW: '', MEDIUM: '', HIGH: '', NONE: '' }

beforeAll(async () => {
  staff = await signedInUser({ staffRole: 'SENIOR_MANAGEMENT' })
  checker = await signedInUser({ staffRole: 'SUPER_ADMIN' })
  const db = await getDb()
  for (const tier of ['LOW', 'MEDIUM', 'HIGH'] as const) {
    const { business } = await businessOfTier(tier)
    ids[tier] = business.id
    await db
      .update(businesses)
      .set({ name: `${marker} ${tier}` })
      .where(eq(businesses.id, business.id))
  }
  ids.NONE = (await createTestBusiness({ name: `${marker} NONE`, kycDetailsCompleted: true })).id
})

const tiersOf = (page: Page) => Object.fromEntries(page.content.map((r) => [r.name.slice(marker.length + 1), r.riskTier]))
const list = async (path: string, filter = '') => {
  const res = await api(`${path}?businessName=${marker}${filter}`, { token: staff.token })
  expect(res.status).toBe(200)
  return (await res.json()) as Page
}

describe('the risk tier in the staff lists', () => {
  it('answers each business with its tier in force, null when not assessed, in the list and the queue', async () => {
    const expected = { LOW: 'LOW', MEDIUM: 'MEDIUM', HIGH: 'HIGH', NONE: null }
    expect(tiersOf(await list('/businesses'))).toEqual(expected)
    expect(tiersOf(await list('/businesses/for-approval'))).toEqual(expected)
  })

  it('filters by one tier, several, and not assessed, with totals', async () => {
    for (const path of ['/businesses', '/businesses/for-approval']) {
      const high = await list(path, '&riskTier=HIGH')
      expect(high.content.map((r) => r.id)).toEqual([ids.HIGH])
      expect(high.totalElements).toBe(1)
      const some = await list(path, '&riskTier=LOW&riskTier=NOT_ASSESSED')
      expect(some.content.map((r) => r.id).sort()).toEqual([ids.LOW, ids.NONE].sort())
      expect(some.totalElements).toBe(2)
      const notAssessed = await list(path, '&riskTier=NOT_ASSESSED')
      expect(notAssessed.content.map((r) => r.id)).toEqual([ids.NONE])
      expect((await list(path, '&riskTier=PROHIBITED')).totalElements).toBe(0)
    }
  })

  it('refuses an unknown tier with a 400 naming the field', async () => {
    for (const path of ['/businesses', '/businesses/for-approval', '/reports/businesses', '/reports/businesses/summary']) {
      const res = await api(`${path}?riskTier=LOW&riskTier=SEVERE`, { token: staff.token })
      expect(res.status, path).toBe(400)
      expect((await errorsOf(res)).map((e) => e.field?.split('.')[0])).toContain('riskTier')
    }
  })

  it('moves a business in the list when an override is approved', async () => {
    const requested = await api(`/businesses/${ids.LOW}/risk/override`, {
      method: 'POST',
      token: staff.token,
      json: { tier: 'HIGH', reason: 'Adverse media about the directors' },
    })
    expect(requested.status).toBe(202)
    const pending = (await requested.json()) as { id: string }
    // Not yet: the override waits for its second person.
    expect((await list('/businesses', '&riskTier=HIGH')).content.map((r) => r.id)).toEqual([ids.HIGH])
    const decided = await api(`/authorizations/${pending.id}`, {
      method: 'PUT',
      token: checker.token,
      json: { decision: 'APPROVED' },
    })
    expect(decided.status).toBe(200)
    const high = await list('/businesses', '&riskTier=HIGH')
    expect(high.content.map((r) => r.id).sort()).toEqual([ids.LOW, ids.HIGH].sort())
    expect((await list('/businesses', '&riskTier=LOW')).totalElements).toBe(0)
    expect(tiersOf(await list('/businesses/for-approval'))).toMatchObject({ LOW: 'HIGH' })
  })
})

describe('the risk tier in the report, the CSV and the summary', () => {
  it('carries the tier in the report rows and, in words, in the CSV', async () => {
    const report = (await (
      await api(`/reports/businesses?businessName=${marker}&riskTier=MEDIUM&riskTier=NOT_ASSESSED`, { token: staff.token })
    ).json()) as Page
    expect(tiersOf(report)).toEqual({ MEDIUM: 'MEDIUM', NONE: null })

    const res = await api(`/reports/businesses/download?format=csv&businessName=${marker}`, { token: staff.token })
    expect(res.status).toBe(200)
    const [header, ...lines] = parse(await res.text(), { bom: true }) as string[][]
    const column = header!.indexOf('Risk tier')
    expect(column).toBeGreaterThan(-1)
    const byName = Object.fromEntries(lines.map((l) => [l[0]!.slice(marker.length + 1), l[column]]))
    // LOW was overridden to HIGH above.
    expect(byName).toEqual({ LOW: 'High', MEDIUM: 'Medium', HIGH: 'High', NONE: 'Not assessed' })

    const filtered = parse(
      await (
        await api(`/reports/businesses/download?format=csv&businessName=${marker}&riskTier=HIGH`, { token: staff.token })
      ).text(),
      { bom: true },
    ) as string[][]
    expect(filtered.slice(1).map((l) => l[column])).toEqual(['High', 'High'])
  })

  it('counts the businesses by tier in force on the summary, not assessed included, with the filters', async () => {
    const res = await api(`/reports/businesses/summary?businessName=${marker}`, { token: staff.token })
    expect(res.status).toBe(200)
    const summary = (await res.json()) as { total: number; byRiskTier: { key: string; label: string; count: number }[] }
    expect(summary.byRiskTier).toEqual([
      { key: 'LOW', label: 'Low', count: 0 },
      { key: 'MEDIUM', label: 'Medium', count: 1 },
      { key: 'HIGH', label: 'High', count: 2 },
      { key: 'PROHIBITED', label: 'Prohibited', count: 0 },
      { key: 'NOT_ASSESSED', label: 'Not assessed', count: 1 },
    ])
    expect(summary.byRiskTier.reduce((a, b) => a + b.count, 0)).toBe(summary.total)
    const high = (await (
      await api(`/reports/businesses/summary?businessName=${marker}&riskTier=HIGH`, { token: staff.token })
    ).json()) as { total: number }
    expect(high.total).toBe(2)
  })
})

describe('migration 0042', () => {
  it('backfills the tier in force from the current assessments and the overrides', async () => {
    const db = await getDb()
    const mine = [ids.LOW, ids.MEDIUM, ids.HIGH, ids.NONE]
    await db.update(businesses).set({ riskTier: null }).where(inArray(businesses.id, mine))
    const file = readFileSync('server/db/migrations/0042_risk_tier_lists.sql', 'utf8')
    const update = file.split('--> statement-breakpoint').find((part) => part.includes('UPDATE'))!
    await db.execute(sql.raw(update))
    const rows = await db
      .select({ id: businesses.id, tier: businesses.riskTier })
      .from(businesses)
      .where(inArray(businesses.id, mine))
    expect(Object.fromEntries(rows.map((r) => [r.id, r.tier]))).toEqual({
      [ids.LOW]: 'HIGH',
      [ids.MEDIUM]: 'MEDIUM',
      [ids.HIGH]: 'HIGH',
      [ids.NONE]: null,
    })
  })
})
