import { and, asc, count, desc, eq, gte, sql } from 'drizzle-orm'
import type { AuthorizationListQuery } from '@/lib/contracts/authorizations'
import type { Database } from '@/server/db/client'
import { upToIncluding } from '@/server/db/date-range'
import { authorizations } from '@/server/db/schema'
import type { Actor } from '@/server/http/context'
import { findPage, listOrder } from '@/server/http/pagination'
import { dueCondition, dueFieldsOf, loadServiceLevels } from '@/server/records/service-levels'
import { readsEveryAuthorization, toAuthorizations } from './authorization-view'

/**
 * `GET /authorizations/v2`: pending first, then newest (or oldest) first. Readers of authorizations see every one;
 * someone who may only request changes sees their own.
 */
export async function findAuthorizations(options: { db: Database; actor: Actor; query: AuthorizationListQuery; now?: Date }) {
  const { db, actor, now = new Date() } = options
  const { query } = options
  const levels = await loadServiceLevels(db)
  const byDue = query.due !== undefined || query.sort?.field === 'dueAt'
  const ownOnly = query.mine === 'true' || !readsEveryAuthorization(actor)
  const where = and(
    ownOnly ? eq(authorizations.makerId, actor.userId) : undefined,
    query.makerId ? eq(authorizations.makerId, query.makerId) : undefined,
    query.status ? eq(authorizations.status, query.status) : undefined,
    // Only a PENDING authorization has a due time: a due filter or order keeps to those.
    byDue ? eq(authorizations.status, 'PENDING') : undefined,
    dueCondition(levels, 'AUTHORIZATIONS', authorizations.createdAt, query.due, now),
    query.type ? eq(authorizations.type, query.type) : undefined,
    query.from ? gte(authorizations.createdAt, new Date(query.from)) : undefined,
    query.to ? upToIncluding(authorizations.createdAt, query.to) : undefined,
  )
  return findPage({
    query,
    rows: db
      .select()
      .from(authorizations)
      .where(where)
      .orderBy(
        ...(query.sort
          ? listOrder(
              query.sort,
              {
                createdAt: authorizations.createdAt,
                type: authorizations.type,
                status: authorizations.status,
                // Due times grow with the entry time (docs/service-levels.md#due-times).
                dueAt: authorizations.createdAt,
              },
              query.sort,
            ).by(authorizations.id)
          : [
              sql`(${authorizations.status} = 'PENDING') DESC`,
              query.recentFirst ? desc(authorizations.createdAt) : asc(authorizations.createdAt),
              asc(authorizations.id),
            ]),
      ),
    count: () => db.select({ value: count() }).from(authorizations).where(where),
    content: async (rows) =>
      (await toAuthorizations(db, rows)).map((row, i) =>
        rows[i]!.status === 'PENDING'
          ? { ...row, ...dueFieldsOf(levels, 'AUTHORIZATIONS', rows[i]!.createdAt, now) }
          : { ...row, dueAt: null, dueStatus: null },
      ),
  })
}
