import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { getDb } from '@/server/db/client'
import { runDataMigrations, ENCRYPT_CLEAR_VALUES } from '@/server/db/data-migrations'
import { dataMigrations, subjectKeys } from '@/server/db/schema'

describe('the pass that encrypts values stored in clear', () => {
  it('runs once, as a marked data migration, not at every open; without its mark it runs again', async () => {
    const db = await getDb()
    // The open that migrated this database ran it and marked it.
    expect(await db.select({ name: dataMigrations.name }).from(dataMigrations)).toEqual([{ name: ENCRYPT_CLEAR_VALUES }])

    // A value in clear (as a row written before encryption would be): a later open leaves it to the step already done.
    const id = randomUUID()
    await db.insert(subjectKeys).values({ id, subjectKind: 'test', subjectId: id, wrappedKey: 'written-in-clear' })
    expect(await runDataMigrations(db)).toEqual([])
    const stored = async () => (await db.select().from(subjectKeys).where(eq(subjectKeys.id, id)))[0]!.wrappedKey
    expect(await stored()).toBe('written-in-clear')

    await db.delete(dataMigrations).where(eq(dataMigrations.name, ENCRYPT_CLEAR_VALUES))
    expect(await runDataMigrations(db)).toEqual([ENCRYPT_CLEAR_VALUES])
    expect(await stored()).toMatch(/^v1:/)
    const [mark] = await db.select().from(dataMigrations)
    expect(mark).toMatchObject({ name: ENCRYPT_CLEAR_VALUES })
    expect(JSON.parse(mark!.changed!)).toMatchObject({ subject_keys: 1 })
    await db.delete(subjectKeys).where(eq(subjectKeys.id, id))
  })
})
