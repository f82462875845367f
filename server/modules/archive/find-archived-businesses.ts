import { and, asc, count, desc, eq, inArray } from 'drizzle-orm'
import type { ArchivedBusiness, ArchiveListQuery } from '@/lib/contracts/archive'
import { PERMISSIONS } from '@/lib/permissions/names'
import type { Executor } from '@/server/db/client'
import { businesses, businessReviewEvents } from '@/server/db/schema'
import { assertStaffWithAny } from '@/server/http/access'
import type { Actor } from '@/server/http/context'
import { findPage } from '@/server/http/pagination'
import { toBusinesses } from '@/server/records/business-record'
import { businessFilters } from '../businesses/find-businesses'

/** Reading the archive: the route's access and the service's check. */
export const ARCHIVE_READ = PERMISSIONS.CAN_READ_BUSINESS

/** `GET /archive/businesses`: archived businesses with the business list's filters, each with why and since when. */
export async function findArchivedBusinesses(options: { db: Executor; actor: Actor; query: ArchiveListQuery }) {
  const { db, actor, query } = options
  assertStaffWithAny(actor, ARCHIVE_READ)
  const where = and(...businessFilters({ ...query, archiveStatus: ['ARCHIVED'] }))
  return findPage({
    query,
    rows: db
      .select()
      .from(businesses)
      .where(where)
      .orderBy(query.recentFirst ? desc(businesses.createdAt) : asc(businesses.createdAt), asc(businesses.id)),
    count: () => db.select({ value: count() }).from(businesses).where(where),
    content: (rows) => withArchiveEvents(db, rows),
  })
}

/** Each archived business with who archived it, when and why (its latest ARCHIVE event). */
async function withArchiveEvents(db: Executor, rows: (typeof businesses.$inferSelect)[]): Promise<ArchivedBusiness[]> {
  const ids = rows.map((r) => r.id)
  const events = ids.length
    ? await db
        .selectDistinctOn([businessReviewEvents.businessId])
        .from(businessReviewEvents)
        .where(and(inArray(businessReviewEvents.businessId, ids), eq(businessReviewEvents.kind, 'ARCHIVE')))
        .orderBy(businessReviewEvents.businessId, desc(businessReviewEvents.createdAt))
    : []
  const latest = new Map(events.map((e) => [e.businessId, e]))
  const shaped = await toBusinesses(db, rows)
  return rows.map((row, i) => {
    const event = latest.get(row.id)
    return {
      ...shaped[i]!,
      archivedAt: event?.createdAt.toISOString() ?? null,
      archivedBy: event?.actorName ?? null,
      archiveReason: event?.reason ?? null,
    }
  })
}
