import { sql } from 'drizzle-orm'
import { logger } from '@/server/logger'
import type { Database } from './client'
import { dataMigrations } from './schema'

/** The one data step today: identity numbers stored before field encryption, encrypted with their blind indexes. */
export const ENCRYPT_CLEAR_VALUES = 'encrypt-clear-values-v1'

/** Any constant works; it only has to be the same for every instance running the steps. */
const DATA_MIGRATIONS_LOCK = 7340003

/**
 * After the SQL migrations, on an open that migrates (the migrate command's among them): each data step not yet
 * marked done in `data_migrations` runs once, then is marked. Instances starting together take turns (an advisory
 * lock held for the step's transaction), and the second finds the mark. The steps are safe to repeat (they pick only
 * rows still needing them), so one interrupted before its mark simply runs again.
 */
export async function runDataMigrations(db: Database): Promise<string[]> {
  const ran: string[] = []
  const done = await db.select({ name: dataMigrations.name }).from(dataMigrations)
  if (done.some((d) => d.name === ENCRYPT_CLEAR_VALUES)) return ran
  await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${DATA_MIGRATIONS_LOCK})`)
    const [marked] = await tx
      .select()
      .from(dataMigrations)
      .where(sql`${dataMigrations.name} = ${ENCRYPT_CLEAR_VALUES}`)
    if (marked) return
    const { reencryptStoredValues } = await import('@/server/crypto/reencrypt')
    const changed = await reencryptStoredValues(tx, { mode: 'clear' })
    const total = Object.values(changed).reduce((a, b) => a + b, 0)
    if (total) logger.info({ changed }, 'identity numbers stored in clear were encrypted')
    await tx
      .insert(dataMigrations)
      .values({ name: ENCRYPT_CLEAR_VALUES, changed: JSON.stringify(changed) })
      .onConflictDoNothing()
    ran.push(ENCRYPT_CLEAR_VALUES)
  })
  return ran
}
