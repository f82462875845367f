import * as pglite from '@electric-sql/pglite'
import { eq, sql } from 'drizzle-orm'
import { boolean, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { drizzle } from 'drizzle-orm/pglite'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { withNamedStatements } from '@/server/db/pglite-statements'

const things = pgTable('things', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull().unique(),
  count: integer('count'),
  active: boolean('active').notNull().default(true),
  details: jsonb('details'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
})

let client: pglite.PGlite
let named: pglite.PGlite

const preparedCount = async () =>
  (await client.query<{ n: number }>(`SELECT count(*)::int AS n FROM pg_prepared_statements`)).rows[0]!.n

// One database for the file (its initdb costs seconds of CPU), a fresh table and session for each test.
beforeAll(async () => {
  client = await pglite.PGlite.create()
}, 60_000)
beforeEach(async () => {
  await client.exec('DISCARD ALL')
  await client.exec(`DROP TABLE IF EXISTS things; CREATE TABLE things (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(), name text NOT NULL UNIQUE, count integer, active boolean NOT NULL DEFAULT true,
    details jsonb, created_at timestamptz NOT NULL DEFAULT now())`)
  named = withNamedStatements(client, pglite, { maxStatements: 3 })
})
afterAll(async () => {
  await client.close()
})

describe('PGlite through named statements', () => {
  it('answers as query() does: rows, fields, parameters of every type, nulls, affected rows', async () => {
    const insert = `INSERT INTO things (name, count, active, details, created_at) VALUES ($1, $2, $3, $4, $5) RETURNING *`
    const at = new Date('2026-11-28T10:00:00.000Z')
    const viaNamed = await named.query(insert, ['Adebayo Foods', 3, false, { tier: 2, tags: ['a'] }, at])
    const viaPlain = await client.query(insert, ['Chukwuemeka Motors', null, true, null, at])
    expect(viaNamed.fields).toEqual(viaPlain.fields)
    expect(viaNamed.affectedRows).toBe(1)
    expect(viaNamed.rows[0]).toMatchObject({ name: 'Adebayo Foods', count: 3, active: false, details: { tier: 2, tags: ['a'] } })
    expect(viaNamed.rows[0]).toMatchObject({ created_at: at })

    const select = `SELECT name, count, details, created_at FROM things WHERE created_at <= $1 ORDER BY name`
    const options = { rowMode: 'array' as const, parsers: { [pglite.types.TIMESTAMPTZ]: (value: string) => value } }
    expect(await named.query(select, [at.toISOString()], options)).toEqual(
      await client.query(select, [at.toISOString()], options),
    )
    const update = await named.query(`UPDATE things SET count = coalesce(count, 0) + $1`, [1])
    expect(update.affectedRows).toBe(2)
  })

  it('parses a text once and keeps at most maxStatements, dropping the least recently used', async () => {
    for (let i = 0; i < 3; i++) await named.query(`SELECT $1::int + 1 AS n`, [i])
    expect(await preparedCount()).toBe(1)
    await named.query(`SELECT $1::int + 2 AS n`, [1])
    await named.query(`SELECT $1::int + 3 AS n`, [1])
    await named.query(`SELECT $1::int + 1 AS n`, [1]) // used again: now the most recent
    await named.query(`SELECT $1::int + 4 AS n`, [1])
    const { rows } = await client.query<{ statement: string }>(`SELECT statement FROM pg_prepared_statements ORDER BY statement`)
    expect(rows.map((r) => r.statement)).toEqual([
      'SELECT $1::int + 1 AS n',
      'SELECT $1::int + 3 AS n',
      'SELECT $1::int + 4 AS n',
    ])
    expect((await named.query<{ n: number }>(`SELECT $1::int + 2 AS n`, [40])).rows[0]!.n).toBe(42)
  })

  it('throws PostgreSQL errors with their code and the query, and goes on working', async () => {
    await named.query(`INSERT INTO things (name) VALUES ($1)`, ['Same'])
    const error = await named.query(`INSERT INTO things (name) VALUES ($1)`, ['Same']).catch((e: unknown) => e)
    expect(error).toMatchObject({ code: '23505', query: `INSERT INTO things (name) VALUES ($1)` })
    const syntax = await named.query(`SELEC 1`).catch((e: unknown) => e)
    expect(syntax).toMatchObject({ code: '42601' })
    expect((await named.query(`SELECT count(*)::int AS n FROM things`)).rows).toEqual([{ n: 1 }])
  })

  it('waits for a running transaction, as query() does', async () => {
    const order: string[] = []
    let release!: () => void
    const held = new Promise<void>((resolve) => (release = resolve))
    const transaction = client.transaction(async (tx) => {
      await tx.query(`INSERT INTO things (name) VALUES ('inside')`)
      await held
      order.push('commit')
    })
    const read = named.query<{ n: number }>(`SELECT count(*)::int AS n FROM things`).then((r) => {
      order.push('read')
      return r.rows[0]!.n
    })
    await new Promise((r) => setTimeout(r, 50))
    release()
    await transaction
    expect(await read).toBe(1)
    expect(order).toEqual(['commit', 'read'])
  })

  it('parses again after a schema change alters the result', async () => {
    await named.query(`INSERT INTO things (name) VALUES ($1)`, ['One'])
    expect(Object.keys((await named.query(`SELECT * FROM things`)).rows[0] as object)).not.toContain('extra')
    await client.exec(`ALTER TABLE things ADD COLUMN extra text DEFAULT 'x'`)
    expect((await named.query(`SELECT * FROM things`)).rows[0]).toMatchObject({ name: 'One', extra: 'x' })
  })

  it('serves Drizzle: prepared and built queries, and transactions', async () => {
    const db = drizzle({ client: named, schema: { things } })
    await db.insert(things).values({ name: 'Adebayo Foods', count: 2, details: { a: 1 } })
    const byName = db
      .select()
      .from(things)
      .where(eq(things.name, sql.placeholder('name')))
      .prepare('thing_by_name')
    const [row] = await byName.execute({ name: 'Adebayo Foods' })
    expect(row).toMatchObject({ name: 'Adebayo Foods', count: 2, active: true, details: { a: 1 } })
    expect(row!.createdAt).toBeInstanceOf(Date)
    await db.transaction(async (tx) => {
      await tx.update(things).set({ count: 5 }).where(eq(things.name, 'Adebayo Foods'))
    })
    expect((await byName.execute({ name: 'Adebayo Foods' }))[0]!.count).toBe(5)
    const rolledBack = await db
      .transaction(async (tx) => {
        await tx.update(things).set({ count: 9 }).where(eq(things.name, 'Adebayo Foods'))
        throw new Error('undo')
      })
      .catch((e: Error) => e.message)
    expect(rolledBack).toBe('undo')
    expect((await byName.execute({ name: 'Adebayo Foods' }))[0]!.count).toBe(5)
  })
})
