import { eq } from 'drizzle-orm'
import pg from 'pg'
import { describe, expect, it } from 'vitest'
import { getConfig } from '@/lib/config/env'
import { knownAuthEpoch } from '@/server/db/auth-epoch-watch'
import { getDb, type Database } from '@/server/db/client'
import { authEpoch, users } from '@/server/db/schema'
import { signedInUser } from './helpers'

/** Polls until `check` holds or `ms` pass; answers how long it took. */
async function within(ms: number, check: () => boolean): Promise<number> {
  const started = Date.now()
  while (!check()) {
    if (Date.now() - started > ms) throw new Error(`not within ${ms} ms`)
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
  return Date.now() - started
}

async function listeningDb(): Promise<Database> {
  const db = await getDb()
  await within(5_000, () => knownAuthEpoch(db) !== null)
  return db
}

const storedEpoch = async (db: Database) =>
  Number((await db.select({ value: authEpoch.value }).from(authEpoch).where(eq(authEpoch.id, 1)))[0]!.value)

/** The epoch the actor cache trusts without a query (server/db/auth-epoch-watch.ts). */
describe('the auth epoch as the process hears it', () => {
  it('knows a change committed by this process before the commit returns', async () => {
    const db = await listeningDb()
    const { user } = await signedInUser()
    const before = await storedEpoch(db)
    await db.update(users).set({ status: 'DISABLED' }).where(eq(users.id, user.id))
    const raised = await storedEpoch(db)
    expect(raised).toBe(before + 1)
    expect(knownAuthEpoch(db)).toBe(raised)
  })

  it('raises once per transaction, however many rows change', async () => {
    const db = await listeningDb()
    const [a, b] = [await signedInUser(), await signedInUser()]
    const before = await storedEpoch(db)
    await db.transaction(async (tx) => {
      await tx.update(users).set({ firstName: 'Ada' }).where(eq(users.id, a.user.id))
      await tx.update(users).set({ firstName: 'Bola' }).where(eq(users.id, b.user.id))
    })
    expect(knownAuthEpoch(db)).toBe(before + 1)
  })

  it.runIf(!!getConfig().databaseUrl)('hears a change made by another process within a second', async () => {
    const db = await listeningDb()
    const { user } = await signedInUser()
    const other = new pg.Client({ connectionString: getConfig().databaseUrl })
    await other.connect()
    try {
      await other.query(`UPDATE users SET last_name = 'Okafor' WHERE id = $1`, [user.id])
      const raised = await storedEpoch(db)
      await within(1_000, () => knownAuthEpoch(db) === raised)
    } finally {
      await other.end()
    }
  })

  it.runIf(!!getConfig().databaseUrl)(
    'stops trusting what it heard while its listening connection is lost, and listens again',
    async () => {
      const db = await listeningDb()
      const admin = new pg.Client({ connectionString: getConfig().databaseUrl })
      await admin.connect()
      try {
        // The dedicated listener is the connection whose last statement read the epoch after LISTEN.
        const { rowCount } = await admin.query(
          `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
            WHERE datname = current_database() AND pid <> pg_backend_pid() AND query LIKE 'SELECT value FROM auth_epoch%'`,
        )
        expect(rowCount).toBeGreaterThan(0)
        await within(2_000, () => knownAuthEpoch(db) === null)
        // While it is away, a change still raises the stored epoch; once back, the process knows the new value.
        const { user } = await signedInUser()
        await admin.query(`UPDATE users SET last_name = 'Eze' WHERE id = $1`, [user.id])
        const raised = await storedEpoch(db)
        await within(5_000, () => knownAuthEpoch(db) === raised)
      } finally {
        await admin.end()
      }
    },
  )
})
