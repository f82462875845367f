import { beforeAll, describe, expect, it } from 'vitest'
import type { RiskModel } from '@/lib/contracts/risk'
import { getDb } from '@/server/db/client'
import { DEFAULT_RISK_MODEL } from '@/server/modules/risk/default-model'
import { runRiskJobBatch } from '@/server/modules/risk/risk-jobs'
import { api, errorsOf, signedInUser } from './helpers'
import { businessOfTier } from './risk-fixtures'

let maker: Awaited<ReturnType<typeof signedInUser>>
let checker: Awaited<ReturnType<typeof signedInUser>>

beforeAll(async () => {
  maker = await signedInUser({ staffRole: 'SENIOR_MANAGEMENT' })
  checker = await signedInUser({ staffRole: 'SENIOR_MANAGEMENT' })
})

/** The shipped model with financial services worth 40 points: a MEDIUM business there becomes HIGH. */
const stricter = (): RiskModel => ({
  ...DEFAULT_RISK_MODEL,
  sectors: DEFAULT_RISK_MODEL.sectors.map((s) => (s.category === 'Financial Services' ? { ...s, points: 40 } : s)),
})

type DryRunRow = { businessId: string; fromTier: string | null; toTier: string; fromScore: number | null; toScore: number }

async function dryRunAll(id: string, query: string) {
  const rows: DryRunRow[] = []
  let after: string | null = null
  let pages = 0
  do {
    const res = await api(`/risk/models/${id}/dry-run?${query}${after ? `&after=${after}` : ''}`, { token: maker.token })
    expect(res.status).toBe(200)
    const page = (await res.json()) as { content: DryRunRow[]; next: string | null; modelVersion: number; activeVersion: number }
    rows.push(...page.content)
    after = page.next
    pages++
  } while (after && pages < 1000)
  return { rows, pages }
}

describe('risk model versions', () => {
  it('every install has version 1 active, readable by staff who read businesses', async () => {
    const reader = await signedInUser({ staffRole: 'AUDITOR' })
    const list = await api('/risk/models', { token: reader.token })
    expect(list.status).toBe(200)
    const page = (await list.json()) as { content: { id: string; version: number; status: string }[] }
    expect(page.content).toEqual([expect.objectContaining({ version: 1, status: 'ACTIVE' })])
    const one = await api(`/risk/models/${page.content[0]!.id}`, { token: reader.token })
    expect(await one.json()).toMatchObject({ version: 1, model: { thresholds: { medium: 20, high: 40 } } })
    const owner = await signedInUser({ businesses: [{}] })
    expect((await api('/risk/models', { token: owner.token })).status).toBe(403)
  })

  it('a proposal is checked field by field, its sectors against the business categories', async () => {
    const bad = await api('/risk/models', {
      method: 'POST',
      token: maker.token,
      json: { reason: 'Tighter', model: { ...DEFAULT_RISK_MODEL, thresholds: { medium: 40, high: 30 } } },
    })
    expect(bad.status).toBe(400)
    expect((await errorsOf(bad)).map((e) => e.field)).toContain('model.thresholds.high')
    const unknown = await api('/risk/models', {
      method: 'POST',
      token: maker.token,
      json: {
        reason: 'Tighter',
        model: { ...DEFAULT_RISK_MODEL, sectors: [{ category: 'Casinos', points: 30, words: 'Cash' }] },
      },
    })
    expect(unknown.status).toBe(400)
    expect((await errorsOf(unknown))[0]).toMatchObject({ code: 'VALIDATION_FAILED', field: 'model.sectors.0.category' })
    const approver = await signedInUser({ staffRole: 'APPROVER' })
    expect(
      (await api('/risk/models', { method: 'POST', token: approver.token, json: { reason: 'x', model: stricter() } })).status,
    ).toBe(403)
  })

  it('a new version: proposed, dry run business by business, live only through four-eyes, then every business recomputed', async () => {
    const medium = await businessOfTier('MEDIUM')
    const low = await businessOfTier('LOW')
    for (let i = 0; i < 3; i++) await businessOfTier('LOW')

    const proposed = await api('/risk/models', {
      method: 'POST',
      token: maker.token,
      json: { reason: 'Money businesses are riskier than we scored', model: stricter() },
    })
    expect(proposed.status).toBe(201)
    const version = (await proposed.json()) as { id: string; version: number; status: string }
    expect(version).toMatchObject({ version: 2, status: 'PROPOSED' })

    // The whole dry run, one business a page: memory holds a page, whatever the number of businesses.
    const all = await dryRunAll(version.id, 'pageSize=1')
    expect(all.rows.length).toBeGreaterThanOrEqual(5)
    expect(all.rows.find((r) => r.businessId === medium.business.id)).toMatchObject({
      fromTier: 'MEDIUM',
      toTier: 'HIGH',
      fromScore: 35,
      toScore: 55,
    })
    expect(all.rows.find((r) => r.businessId === low.business.id)).toMatchObject({ fromTier: 'LOW', toTier: 'LOW' })
    const changed = await dryRunAll(version.id, 'pageSize=2&changedOnly=true')
    expect(changed.rows.map((r) => r.businessId)).toContain(medium.business.id)
    expect(changed.rows.every((r) => r.fromTier !== r.toTier)).toBe(true)
    expect((await api(`/risk/models/${version.id}/dry-run?pageSize=0`, { token: maker.token })).status).toBe(400)

    const requested = await api(`/risk/models/${version.id}/activate`, {
      method: 'POST',
      token: maker.token,
      json: { reason: 'Dry run reviewed: one business moves up' },
    })
    expect(requested.status).toBe(202)
    const pending = (await requested.json()) as { id: string; type: string }
    expect(pending.type).toBe('RISK_MODEL_VERSION')
    // The checker reads the change in words: the sector's rule as it stands, removed, and as proposed, added.
    const detail = (await (await api(`/authorizations/${pending.id}`, { token: checker.token })).json()) as {
      diff: { field: string; added: string[]; removed: string[] }[]
    }
    const rules = detail.diff.find((d) => d.field === 'rules')!
    expect(rules.added).toEqual([expect.stringMatching(/^Sector Financial Services: 40 points/)])
    expect(rules.removed).toEqual([expect.stringMatching(/^Sector Financial Services: 20 points/)])
    // Nothing is live yet.
    expect((await (await api(`/risk/models/${version.id}`, { token: maker.token })).json()).status).toBe('PROPOSED')
    const own = await api(`/authorizations/${pending.id}`, { method: 'PUT', token: maker.token, json: { decision: 'APPROVED' } })
    expect(own.status).toBe(403)
    const decided = await api(`/authorizations/${pending.id}`, {
      method: 'PUT',
      token: checker.token,
      json: { decision: 'APPROVED' },
    })
    expect(decided.status).toBe(200)
    const list = (await (await api('/risk/models', { token: maker.token })).json()) as {
      content: { version: number; status: string }[]
    }
    expect(list.content.map((v) => [v.version, v.status])).toEqual([
      [2, 'ACTIVE'],
      [1, 'SUPERSEDED'],
    ])

    // The recomputation is a resumable job: two businesses a batch, the cursor kept between batches.
    const db = await getDb()
    let batches = 0
    while ((await runRiskJobBatch({ db, batchSize: 2 })).worked) batches++
    expect(batches).toBeGreaterThanOrEqual(3)
    const risk = await api(`/businesses/${medium.business.id}/risk`, { token: maker.token })
    expect(await risk.json()).toMatchObject({ tier: 'HIGH', score: 55, modelVersion: 2, reason: 'MODEL_ACTIVATED' })
    const lowRisk = await api(`/businesses/${low.business.id}/risk`, { token: maker.token })
    expect(await lowRisk.json()).toMatchObject({ tier: 'LOW', modelVersion: 2, reason: 'MODEL_ACTIVATED' })

    const again = await api(`/risk/models/${version.id}/activate`, {
      method: 'POST',
      token: maker.token,
      json: { reason: 'Again' },
    })
    expect(again.status).toBe(409)
  })
})
