import { sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import type { AuditExportProof } from '@/lib/contracts/audits'
import { appendAudit, SYSTEM_AUDIT_CONTEXT } from '@/server/audit/append-audit'
import { getDb } from '@/server/db/client'
import { api, errorsOf, signedInUser } from './helpers'

async function append(entry: { resource: string; action: string; resourceId?: string; after?: unknown }) {
  const db = await getDb()
  return db.transaction((tx) => appendAudit(tx, SYSTEM_AUDIT_CONTEXT, entry))
}

type Line = (AuditExportProof | { record: 'audit'; seq: number; resource: string; prevHash: string; hash: string }) & {
  [key: string]: unknown
}

async function exportNdjson(token: string, query: string) {
  const res = await api(`/audits/export?format=ndjson&${query}`, { token })
  expect(res.status, await res.clone().text()).toBe(200)
  expect(res.headers.get('content-type')).toContain('application/x-ndjson')
  const lines = (await res.text())
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Line)
  return { proof: lines[0] as AuditExportProof, rows: lines.slice(1) as Extract<Line, { record: 'audit' }>[] }
}

let auditor: Awaited<ReturnType<typeof signedInUser>>

beforeAll(async () => {
  auditor = await signedInUser({ staffRole: 'AUDITOR' })
})

describe('audit log export', () => {
  it('streams the filtered rows in chain order after a proof of the range, and audits the export', async () => {
    const first = await append({ resource: 'export_probe', resourceId: 'p-1', action: 'CREATE', after: { n: 1 } })
    await append({ resource: 'other_probe', resourceId: 'o-1', action: 'CREATE' })
    await append({ resource: 'export_probe', resourceId: 'p-2', action: 'UPDATE', after: { n: 2 } })
    const last = await append({ resource: 'export_probe', resourceId: 'p-3', action: 'UPDATE', after: { n: 3 } })

    const { proof, rows } = await exportNdjson(auditor.token, 'resource=export_probe')
    expect(proof).toMatchObject({ record: 'proof', filters: { resource: 'export_probe' }, rows: 3 })
    expect(proof.verify).toEqual({ ok: true, checked: 4, firstBrokenId: null })
    expect(proof.range).toMatchObject({ fromSeq: first.seq, toSeq: last.seq, prevHash: first.prevHash, lastHash: last.hash })
    expect(proof.head!.seq).toBeGreaterThanOrEqual(last.seq)
    expect(rows.map((r) => r.resourceId)).toEqual(['p-1', 'p-2', 'p-3'])
    expect(rows.every((r) => r.record === 'audit' && r.resource === 'export_probe')).toBe(true)
    expect(rows[0]).toMatchObject({ seq: first.seq, prevHash: first.prevHash, hash: first.hash, after: { n: 1 } })

    const logged = await api('/audits?resource=audit_log&action=EXPORT', { token: auditor.token })
    const page = (await logged.json()) as { content: { actorEmail: string; after: Record<string, unknown> }[] }
    expect(page.content[0]).toMatchObject({
      actorEmail: auditor.user.email,
      after: { format: 'ndjson', filters: { resource: 'export_probe' }, rows: 3, chainIntact: true },
    })
  })

  it('writes CSV: a header, the proof as the first record, then one row per audit row', async () => {
    await append({ resource: 'csv_probe', resourceId: 'c-1', action: 'CREATE', after: { formula: '=1+1' } })
    const res = await api('/audits/export?resource=csv_probe', { token: auditor.token })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toContain('text/csv')
    expect(res.headers.get('content-disposition')).toMatch(/attachment; filename="audit-log-\d{4}-\d{2}-\d{2}\.csv"/)
    const lines = (await res.text())
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n')
    expect(lines[0]).toBe(
      '"record","seq","createdAt","actorEmail","resource","resourceId","action","before","after","requestId","ip","prevHash","hash"',
    )
    expect(lines[1]).toMatch(/^"proof",.*"CHAIN_INTACT"/)
    expect(lines).toHaveLength(3)
    expect(lines[2]).toMatch(/^"audit",.*"csv_probe","c-1","CREATE"/)
  })

  it('names the first row of the range edited behind the API’s back; a range before it stays intact', async () => {
    const early = await append({ resource: 'early_probe', resourceId: 'e-1', action: 'CREATE' })
    const target = await append({ resource: 'tamper_probe', resourceId: 't-1', action: 'UPDATE', after: { amountKobo: 5 } })
    await append({ resource: 'tamper_probe', resourceId: 't-2', action: 'UPDATE' })
    const db = await getDb()
    await db.execute(sql`ALTER TABLE audits DISABLE TRIGGER audits_append_only`)
    await db.execute(sql`UPDATE audits SET after = '{"amountKobo": 500}'::jsonb WHERE id = ${target.id}`)
    await db.execute(sql`ALTER TABLE audits ENABLE TRIGGER audits_append_only`)

    const broken = await exportNdjson(auditor.token, 'resource=tamper_probe')
    expect(broken.proof.verify).toMatchObject({ ok: false, firstBrokenId: target.id })
    expect(broken.rows.map((r) => r.resourceId)).toEqual(['t-1', 't-2'])
    const before = await exportNdjson(auditor.token, 'resource=early_probe')
    expect(before.proof.verify.ok).toBe(true)
    expect(before.proof.range!.lastHash).toBe(early.hash)
  })

  it('answers an empty export with a proof of no range; refuses a bad format naming it, and staff without the permission', async () => {
    const empty = await exportNdjson(auditor.token, 'resource=never_written')
    expect(empty.proof).toMatchObject({ rows: 0, range: null, verify: { ok: true, checked: 0 } })
    expect(empty.rows).toEqual([])

    const bad = await api('/audits/export?format=xml', { token: auditor.token })
    expect(bad.status).toBe(400)
    expect((await errorsOf(bad))[0]).toMatchObject({ field: 'format' })

    const analyst = await signedInUser({ staffRole: 'KYC_ANALYST' })
    expect((await api('/audits/export', { token: analyst.token })).status).toBe(403)
    expect((await api('/audits/export')).status).toBe(401)
  })
})
