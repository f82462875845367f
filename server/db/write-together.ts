import { sql, type SQLWrapper } from 'drizzle-orm'
import type { Executor } from './client'

/**
 * Several writes that need nothing back and do not read each other's rows, in one statement (one round trip instead
 * of one each): all but the last become data-modifying CTEs, which PostgreSQL runs exactly once whether or not
 * anything refers to them, on the statement's one snapshot. Each is a Drizzle insert, update or delete as built;
 * none may carry a RETURNING that a caller waits for.
 */
export async function writeTogether(db: Executor, writes: readonly SQLWrapper[]): Promise<void> {
  if (!writes.length) return
  const last = writes.at(-1)!
  if (writes.length === 1) {
    await db.execute(last.getSQL())
    return
  }
  const ctes = sql.join(
    writes.slice(0, -1).map((write, i) => sql`${sql.raw(`w${i}`)} AS (${write.getSQL()})`),
    sql`, `,
  )
  await db.execute(sql`WITH ${ctes} ${last.getSQL()}`)
}
