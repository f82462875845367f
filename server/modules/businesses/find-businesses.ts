import { and, asc, count, desc, eq, getTableColumns, gte, inArray, not, sql, type SQL } from 'drizzle-orm'
import type { BusinessListQuery } from '@/lib/contracts/businesses'
import { normaliseRegistrationNumber } from '@/lib/validation/registration-number'
import type { Executor } from '@/server/db/client'
import { businesses, businessUsers, roles } from '@/server/db/schema'
import { upToIncluding } from '@/server/db/date-range'
import { containsPattern, containsIgnoringCase } from '@/server/db/text-search'
import type { Actor } from '@/server/http/context'
import { findCountedPage } from '@/server/http/pagination'
import { businessHasProduct } from '@/server/modules/onboarding/find-onboardings'
import { blockedCondition, nameKey, normalisedName, toBusiness, toBusinesses } from './business-record'

/** Spec section 3 filters, each backed by an index (name: pg_trgm on lower(name)). */
export function businessFilters(query: Partial<BusinessListQuery>, now: Date = new Date()): SQL[] {
  const conditions: SQL[] = []
  // Both sides are lower-cased already: LIKE (not ILIKE) uses the trigram index on lower(name) and costs a third per row.
  if (query.businessName) conditions.push(containsIgnoringCase(businesses.name, query.businessName))
  if (query.kycDetailsCompleted !== undefined) conditions.push(eq(businesses.kycDetailsCompleted, query.kycDetailsCompleted))
  if (query.approvalStatus) conditions.push(eq(businesses.approvalStatus, query.approvalStatus))
  if (query.createdBy) conditions.push(eq(businesses.createdBy, query.createdBy))
  if (query.typeId) conditions.push(eq(businesses.typeId, query.typeId))
  if (query.categoryId) conditions.push(eq(businesses.categoryId, query.categoryId))
  if (query.regNo)
    conditions.push(
      eq(businesses.regNo, normaliseRegistrationNumber(query.regNo) ?? query.regNo.replace(/\s/g, '').toUpperCase()),
    )
  if (query.from) conditions.push(gte(businesses.createdAt, new Date(query.from)))
  if (query.to) conditions.push(upToIncluding(businesses.createdAt, query.to))
  // docs/domain.md#business: archived businesses leave the default lists.
  conditions.push(inArray(businesses.archiveStatus, query.archiveStatus ?? ['ACTIVE']))
  if (query.blocked !== undefined)
    conditions.push(query.blocked ? blockedCondition(now) : not(sql`coalesce(${blockedCondition(now)}, false)`))
  return conditions
}

/** The overdue deferrals of the outer query's business at `now` (as loadOverdueDeferrals), as JSON. */
function overdueDeferralsJson(now: Date) {
  return sql<{ deferralId: string; documentTypeName: string; dueDate: string }[]>`(
    SELECT coalesce(json_agg(json_build_object('deferralId', d.id, 'documentTypeName', t.name, 'dueDate', d.due_date) ORDER BY d.due_date), '[]')
    FROM deferrals d JOIN kyc_document_types t ON t.id = d.document_type_id
    WHERE d.business_id = businesses.id AND d.status = 'APPROVED' AND d.due_date < ${now.toISOString()}::timestamptz)`
}

/** GET /businesses (staff): every business, filtered and paginated; the page, its total and blocking in one query. */
export async function findBusinesses(options: { db: Executor; query: BusinessListQuery; now?: Date }) {
  const { db, query } = options
  const now = options.now ?? new Date()
  const where = and(...businessFilters(query, now), query.productId ? businessHasProduct(query.productId) : undefined)
  return findCountedPage({
    query,
    rows: db
      .select({
        ...getTableColumns(businesses),
        overdueDeferrals: overdueDeferralsJson(now),
        total: sql<number>`count(*) over ()`.mapWith(Number),
      })
      .from(businesses)
      .where(where)
      .orderBy(query.recentFirst ? desc(businesses.createdAt) : asc(businesses.createdAt), asc(businesses.id)),
    count: () => db.select({ value: count() }).from(businesses).where(where),
    content: (rows) =>
      rows.map(({ overdueDeferrals, total: _total, ...row }) =>
        toBusiness(row, { now, overdueDeferrals: overdueDeferrals.map((d) => ({ ...d, dueDate: new Date(d.dueDate) })) }),
      ),
  })
}

/** The signed-in user's businesses with their role in each; `searchKey` matches name or registration number. */
export async function findMyBusinesses(options: { db: Executor; actor: Actor; searchKey?: string }) {
  const conditions: SQL[] = [eq(businessUsers.userId, options.actor.userId), eq(businessUsers.isActive, true)]
  if (options.searchKey) {
    const like = containsPattern(options.searchKey)
    conditions.push(sql`(lower(${businesses.name}) like ${like} or lower(${businesses.regNo}) like ${like.replace(/\s/g, '')})`)
  }
  const rows = await options.db
    .select({ business: businesses, role: roles.name })
    .from(businessUsers)
    .innerJoin(businesses, eq(businesses.id, businessUsers.businessId))
    .innerJoin(roles, eq(roles.id, businessUsers.roleId))
    .where(and(...conditions))
    .orderBy(desc(businesses.createdAt))
    .limit(200)
  const views = await toBusinesses(
    options.db,
    rows.map((r) => r.business),
  )
  return rows.map((r, i) => ({ ...views[i]!, role: r.role }))
}

export async function registrationNumberExists(options: { db: Executor; value: string }) {
  const normalised = normaliseRegistrationNumber(options.value) ?? options.value.replace(/\s/g, '').toUpperCase()
  const [row] = await options.db.select({ id: businesses.id }).from(businesses).where(eq(businesses.regNo, normalised)).limit(1)
  return { exists: !!row }
}

export async function businessNameExists(options: { db: Executor; value: string }) {
  const [row] = await options.db
    .select({ id: businesses.id })
    .from(businesses)
    .where(eq(nameKey, normalisedName(options.value)))
    .limit(1)
  return { exists: !!row }
}
