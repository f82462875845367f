import { and, asc, count, desc, eq, gte, sql } from 'drizzle-orm'
import type { AuthorizationListQuery } from '@/lib/contracts/authorizations'
import type { Database } from '@/server/db/client'
import { upToIncluding } from '@/server/db/date-range'
import { authorizations } from '@/server/db/schema'
import type { Actor } from '@/server/http/context'
import { findPage, listOrder } from '@/server/http/pagination'
import { readsEveryAuthorization, toAuthorizations } from './authorization-view'

/**
 * `GET /authorizations/v2`: pending first, then newest (or oldest) first. Readers of authorizations see every one;
 * someone who may only request changes sees their own.
 */
export async function findAuthorizations(options: { db: Database; actor: Actor; query: AuthorizationListQuery }) {
  const { db, actor } = options
  const { query } = options
  const ownOnly = query.mine === 'true' || !readsEveryAuthorization(actor)
  const where = and(
    ownOnly ? eq(authorizations.makerId, actor.userId) : undefined,
    query.makerId ? eq(authorizations.makerId, query.makerId) : undefined,
    query.status ? eq(authorizations.status, query.status) : undefined,
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
              { createdAt: authorizations.createdAt, type: authorizations.type, status: authorizations.status },
              query.sort,
            ).by(authorizations.id)
          : [
              sql`(${authorizations.status} = 'PENDING') DESC`,
              query.recentFirst ? desc(authorizations.createdAt) : asc(authorizations.createdAt),
              asc(authorizations.id),
            ]),
      ),
    count: db.select({ value: count() }).from(authorizations).where(where),
    content: (rows) => toAuthorizations(db, rows),
  })
}
