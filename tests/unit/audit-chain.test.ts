import { describe, expect, it } from 'vitest'
import { canonicalJson, GENESIS_HASH, hashAuditRow, type ChainedFields } from '@/server/audit/chain'

const row: ChainedFields = {
  id: '6f1c1a52-5a3f-4a3e-9d7e-1d1f7a1b2c3d',
  actorId: null,
  actorEmail: 'system',
  resource: 'business',
  resourceId: 'b-1',
  action: 'UPDATE',
  before: { b: 1, a: { d: 2, c: 3 } },
  after: { a: 1 },
  requestId: 'r-1',
  ip: '127.0.0.1',
  createdAt: new Date('2026-11-22T10:00:00.123Z'),
  prevHash: GENESIS_HASH,
}

describe('audit hash chain', () => {
  it('ignores object key order, as jsonb reorders keys', () => {
    expect(canonicalJson({ b: 1, a: { d: 2, c: 3 } })).toBe('{"a":{"c":3,"d":2},"b":1}')
    expect(hashAuditRow(row)).toBe(hashAuditRow({ ...row, before: { a: { c: 3, d: 2 }, b: 1 } }))
  })

  it('changes when any chained field changes', () => {
    const base = hashAuditRow(row)
    expect(base).toMatch(/^[0-9a-f]{64}$/)
    const variants: Partial<ChainedFields>[] = [
      { prevHash: 'f'.repeat(64) },
      { action: 'DELETE' },
      { after: { a: 2 } },
      { before: null },
      { actorEmail: 'someone@example.com' },
      { createdAt: new Date('2026-11-22T10:00:00.124Z') },
      { ip: '10.0.0.1' },
      { resourceId: 'b-2' },
    ]
    for (const v of variants) expect(hashAuditRow({ ...row, ...v }), JSON.stringify(v)).not.toBe(base)
  })
})
