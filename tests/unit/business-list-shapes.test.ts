import { drizzle } from 'drizzle-orm/node-postgres'
import { describe, expect, it } from 'vitest'
import type { BusinessListQuery } from '@/lib/contracts/businesses'
import type { Database } from '@/server/db/client'
import * as schema from '@/server/db/schema'
import { businessListStatement } from '@/server/modules/businesses/find-businesses'

const db = drizzle.mock({ schema }) as unknown as Database
const now = new Date('2026-11-25T12:00:00Z')
const id = '5b1f6a52-3c59-4f5e-9a57-6d2f0d0c1a11'

/** Each filter's values that give it a different SQL (absent first). */
const VARIANTS: { [K in keyof BusinessListQuery]?: BusinessListQuery[K][] } = {
  // One or two characters: the short-gram index (boundedListParts); three: the trigram one.
  businessName: [undefined, 'ab', 'abc'],
  kycDetailsCompleted: [undefined, true, false],
  approvalStatus: [undefined, 'PENDING'],
  createdBy: [undefined, id],
  typeId: [undefined, id],
  categoryId: [undefined, id],
  regNo: [undefined, 'RC 123'],
  from: [undefined, '2026-01-01'],
  to: [undefined, '2026-01-31', '2026-01-31T10:00:00.000Z'],
  productId: [undefined, id],
  archiveStatus: [undefined, ['ARCHIVED'], ['ACTIVE', 'ARCHIVED']],
  blocked: [undefined, true, false],
  riskTier: [undefined, ['HIGH'], ['LOW', 'HIGH'], ['NOT_ASSESSED'], ['MEDIUM', 'NOT_ASSESSED']],
  recentFirst: [false, true],
  sort: [
    undefined,
    { field: 'name', desc: false },
    { field: 'name', desc: true },
    { field: 'approvedAt', desc: false },
    { field: 'createdAt', desc: false },
  ],
  pageNumber: [1, 3],
}
const BASE = { pageNumber: 1, pageSize: 20, recentFirst: false } as BusinessListQuery

/** Every pair of filters in every combination of their values (with the rest absent). */
function pairwiseQueries(): BusinessListQuery[] {
  const keys = Object.keys(VARIANTS) as (keyof BusinessListQuery)[]
  const queries: BusinessListQuery[] = []
  for (const [i, a] of keys.entries())
    for (const b of keys.slice(i + 1))
      for (const va of VARIANTS[a]!) for (const vb of VARIANTS[b]!) queries.push({ ...BASE, [a]: va, [b]: vb })
  return queries
}

describe('the staff business list, prepared once per shape', () => {
  const statements = pairwiseQueries().map((query) => {
    const statement = businessListStatement(db, query, now)
    return { query, shape: statement.shape, values: statement.values, sql: statement.build().toSQL().sql }
  })

  it('never lets one shape stand for two SQL texts', () => {
    const sqlByShape = new Map<string, string>()
    for (const s of statements) {
      const known = sqlByShape.get(s.shape)
      if (known !== undefined) expect(s.sql, `shape ${s.shape}`).toBe(known)
      else sqlByShape.set(s.shape, s.sql)
    }
    expect(sqlByShape.size).toBeGreaterThan(100)
  })

  it('carries every value as a placeholder: the SQL holds no value of the query', () => {
    for (const s of statements) {
      expect(s.sql).not.toContain('RC123')
      expect(s.sql).not.toContain(id)
      expect(s.sql).not.toContain('%ab%')
      expect(s.sql).not.toMatch(/limit \d|offset \d/)
    }
  })

  it('reads the short-gram index on the grams and sparse paths of a name of one or two characters, each its own shape', () => {
    const statementOf = (businessName: string, path?: 'walk' | 'grams' | 'sparse') =>
      businessListStatement(db, { ...BASE, businessName }, now, path)
    const sqlOf = (businessName: string, path?: 'walk' | 'grams' | 'sparse') =>
      statementOf(businessName, path).build().toSQL().sql
    const grams = 'short_grams(lower("businesses"."name")) @> array[$'
    for (const name of ['a', 'Ab', 'ø1']) {
      expect(sqlOf(name, 'grams'), name).toContain(grams)
      expect(sqlOf(name, 'grams'), name).not.toContain('= any(array(')
      expect(sqlOf(name, 'sparse'), name).toContain(grams)
      expect(sqlOf(name, 'sparse'), name).toContain('"businesses"."id" = any(array(select')
      // The walk is any search's statement, shape and all.
      expect(sqlOf(name, 'walk'), name).not.toContain('short_grams')
      expect(statementOf(name, 'walk').shape).toBe(statementOf('abc').shape)
      const shapes = new Set((['walk', 'grams', 'sparse'] as const).map((path) => statementOf(name, path).shape))
      expect(shapes.size).toBe(3)
    }
    // Three characters or more: the trigram index, whatever the path says.
    expect(sqlOf('abc', 'grams')).not.toContain('short_grams')
    expect(statementOf('AB', 'grams').values).toMatchObject({ businessName: '%ab%', businessNameGram_grams: 'ab' })
  })

  it('binds the values the query asked for', () => {
    const { values } = businessListStatement(
      db,
      { ...BASE, businessName: 'Ab_c', regNo: 'rc 123', pageNumber: 3, to: '2026-01-31', archiveStatus: ['ACTIVE', 'ARCHIVED'] },
      now,
    )
    expect(values).toMatchObject({
      businessName: '%ab\\_c%',
      regNo: 'RC123',
      limit: 20,
      offset: 40,
      archiveStatus0: 'ACTIVE',
      archiveStatus1: 'ARCHIVED',
      now: now.toISOString(),
    })
    expect(values.toDayAfter).toEqual(new Date('2026-02-01T00:00:00.000Z'))
  })
})
