import { and, asc, count, desc, eq, type SQL } from 'drizzle-orm'
import type { BusinessDataViewQuery, PersonalDataViewListQuery, PersonalDataViewRecord } from '@/lib/contracts/data-views'
import { PERMISSIONS } from '@/lib/permissions/names'
import type { Executor } from '@/server/db/client'
import { businesses, files, personalDataViews } from '@/server/db/schema'
import { notFound } from '@/server/http/app-error'
import type { Actor } from '@/server/http/context'
import { findPage } from '@/server/http/pagination'
import { assertBusinessAccess } from '@/server/http/scope'

/** Reading the whole log (every business, every actor): the auditors' permission. */
export const DATA_VIEW_LOG_READ = PERMISSIONS.CAN_AUDIT_SYSTEM

/** A business's own view log: whoever may read the business. */
export const BUSINESS_DATA_VIEWS_READ = PERMISSIONS.CAN_READ_BUSINESS

function pageOfViews(db: Executor, where: SQL | undefined, query: BusinessDataViewQuery) {
  return findPage({
    query,
    rows: db
      .select({ view: personalDataViews, fileName: files.fileName })
      .from(personalDataViews)
      .leftJoin(files, and(eq(personalDataViews.subjectKind, 'FILE'), eq(files.id, personalDataViews.subjectId)))
      .where(where)
      .orderBy(
        query.recentFirst ? desc(personalDataViews.viewedAt) : asc(personalDataViews.viewedAt),
        query.recentFirst ? desc(personalDataViews.id) : asc(personalDataViews.id),
      ),
    count: () => db.select({ value: count() }).from(personalDataViews).where(where),
    content: (rows) => rows.map(({ view, fileName }) => toViewRecord(view, fileName)),
  })
}

function toViewRecord(view: typeof personalDataViews.$inferSelect, fileName: string | null): PersonalDataViewRecord {
  return {
    id: view.id,
    viewedAt: view.viewedAt.toISOString(),
    actor: { id: view.actorId, name: view.actorName, email: view.actorEmail, isStaff: view.actorIsStaff },
    businessId: view.businessId,
    subjectKind: view.subjectKind,
    subjectId: view.subjectId,
    subjectLabel: fileName ?? view.detail,
    detail: view.detail,
    purpose: view.purpose,
  }
}

/** Staff with the audit permission: the whole log, by business, subject (person or file) and actor. */
export async function findPersonalDataViews(options: { db: Executor; query: PersonalDataViewListQuery }) {
  const { db, query } = options
  const conditions: SQL[] = []
  if (query.businessId) conditions.push(eq(personalDataViews.businessId, query.businessId))
  if (query.subjectId) conditions.push(eq(personalDataViews.subjectId, query.subjectId))
  if (query.actorId) conditions.push(eq(personalDataViews.actorId, query.actorId))
  return pageOfViews(db, conditions.length ? and(...conditions) : undefined, query)
}

/**
 * `GET /businesses/{id}/data-views`: which staff viewed the business's documents and people's records, and when.
 * Its own users' views of their own record are not listed (they are in the staff log).
 */
export async function findBusinessDataViews(options: {
  db: Executor
  actor: Actor
  businessId: string
  query: BusinessDataViewQuery
}) {
  const { db, actor, businessId, query } = options
  assertBusinessAccess(actor, businessId, BUSINESS_DATA_VIEWS_READ)
  const [business] = await db.select({ id: businesses.id }).from(businesses).where(eq(businesses.id, businessId))
  if (!business) throw notFound('Business')
  return pageOfViews(db, and(eq(personalDataViews.businessId, businessId), eq(personalDataViews.actorIsStaff, true)), query)
}
