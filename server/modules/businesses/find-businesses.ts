import { and, desc, eq, getTableColumns, gte, inArray, not, sql, type SQL } from 'drizzle-orm'
import type { BusinessListQuery } from '@/lib/contracts/businesses'
import { normaliseRegistrationNumber } from '@/lib/validation/registration-number'
import { businessListAnswer } from '@/server/db/answer-cache'
import type { Database, Executor } from '@/server/db/client'
import { upToIncluding } from '@/server/db/date-range'
import { businesses, businessUsers, roles } from '@/server/db/schema'
import { asParameter, namedValues, ShapedStatements, type Bind } from '@/server/db/shaped-statements'
import { containsPattern, containsIgnoringCase, shortFragment } from '@/server/db/text-search'
import type { Actor } from '@/server/http/context'
import {
  boundedListParts,
  boundedTotalOf,
  countLimitOf,
  countUpTo,
  listOrder,
  pageOffset,
  shortNamePath,
  toBoundedPage,
  type ShortNamePath,
} from '@/server/http/pagination'
import { businessHasProduct } from '@/server/modules/onboarding/find-onboardings'
import {
  blockedCondition,
  nameKey,
  normalisedName,
  riskTierCondition,
  toBusiness,
  toBusinesses,
} from '@/server/records/business-record'
import { overdueDeferralsJson } from '@/server/records/overdue-deferrals'

/**
 * Spec section 3 filters, each backed by an index (name: pg_trgm on lower(name)). `bind` names each value (see
 * server/db/shaped-statements.ts): a name per variant of the SQL, so that the names alone tell the shapes apart.
 */
export function businessFilters(
  query: Partial<BusinessListQuery>,
  now: Date = new Date(),
  bind: Bind = asParameter,
  /** `none`: without the name search (`boundedListParts`' shortName has its own). */
  name: 'like' | 'none' = 'like',
): SQL[] {
  const conditions: SQL[] = []
  // Both sides are lower-cased already: LIKE (not ILIKE) uses the trigram index on lower(name) and costs a third per row.
  if (query.businessName && name === 'like')
    conditions.push(containsIgnoringCase(businesses.name, query.businessName, (pattern) => bind('businessName', pattern)))
  if (query.kycDetailsCompleted !== undefined)
    conditions.push(eq(businesses.kycDetailsCompleted, bind('kycDetailsCompleted', query.kycDetailsCompleted)))
  if (query.approvalStatus) conditions.push(eq(businesses.approvalStatus, bind('approvalStatus', query.approvalStatus)))
  if (query.createdBy) conditions.push(eq(businesses.createdBy, bind('createdBy', query.createdBy)))
  if (query.typeId) conditions.push(eq(businesses.typeId, bind('typeId', query.typeId)))
  if (query.categoryId) conditions.push(eq(businesses.categoryId, bind('categoryId', query.categoryId)))
  if (query.regNo) {
    const regNo = normaliseRegistrationNumber(query.regNo) ?? query.regNo.replace(/\s/g, '').toUpperCase()
    conditions.push(eq(businesses.regNo, bind('regNo', regNo)))
  }
  if (query.from) conditions.push(gte(businesses.createdAt, bind('from', new Date(query.from))))
  if (query.to) conditions.push(upToIncluding(businesses.createdAt, query.to, bind))
  // docs/domain.md#business: archived businesses leave the default lists.
  const archiveStatuses = query.archiveStatus ?? ['ACTIVE']
  conditions.push(
    inArray(
      businesses.archiveStatus,
      archiveStatuses.map((status, i) => bind(`archiveStatus${i}`, status)),
    ),
  )
  if (query.blocked !== undefined)
    conditions.push(query.blocked ? blockedCondition(now, bind) : not(sql`coalesce(${blockedCondition(now, bind)}, false)`))
  const { condition: tier } = riskTierCondition(query.riskTier, bind)
  if (tier) conditions.push(tier)
  return conditions
}

type ListRow = typeof businesses.$inferSelect & {
  overdueDeferrals: { deferralId: string; documentTypeName: string; dueDate: string }[]
  total: number
}
const listStatements = new ShapedStatements<ListRow[]>('business_list')

const listFilters = (query: BusinessListQuery, now: Date, bind: Bind, name: 'like' | 'none' = 'like') =>
  and(...businessFilters(query, now, bind, name), query.productId ? businessHasProduct(query.productId, bind) : undefined)

/**
 * The share of sampled names a one- or two-character fragment must be found in for the staff list to walk its index
 * rather than read the short-gram index (`boundedListParts`): about where the two cost the same at 1M businesses with
 * the bench's two filters (bench/results/issue-36-short-search.md).
 */
const LIST_SHORT_NAME_WALK_SHARE = 0.04

/** `sort` (docs/api.md#lists), or newest registered first (`recentFirst=false`: oldest). */
export function businessListOrder(query: Pick<BusinessListQuery, 'sort' | 'recentFirst'>) {
  return listOrder(
    query.sort,
    {
      name: businesses.name,
      createdAt: businesses.createdAt,
      approvedAt: businesses.approvedAt,
      recertificationDate: businesses.recertificationDate,
      approvalStatus: businesses.approvalStatus,
    },
    { field: 'createdAt', desc: query.recentFirst },
  )
}

/**
 * The staff list's statement for this query: its shape (what decides the SQL), the values of its placeholders, and
 * how to build it (only when the shape is new to the database).
 */
export function businessListStatement(
  db: Database,
  query: BusinessListQuery,
  now: Date,
  /** A one- or two-character name's path (`shortNamePath`); none: the LIKE as any search, the `walk`. */
  shortPath: ShortNamePath = 'walk',
) {
  const { bind, values, shape } = namedValues()
  const where = listFilters(query, now, bind)
  // The page and its bounded total from one search of the table (`boundedListParts`,
  // bench/results/issue-24-load-scale.md). `count(*) over ()` made the planner walk the created_at index through every
  // row (1.8 s with a name search, 3.9 s unfiltered at 1M rows); an exact count subquery still read every match of a
  // common name fragment (100k+ rows at 1M businesses).
  const window = {
    countLimit: bind('countLimit', countLimitOf(query)),
    limit: bind('limit', query.pageSize),
    offset: bind('offset', pageOffset(query)),
  }
  // A rare name of one or two characters: the short-gram index (`boundedListParts`' shortName), a shape of its own.
  const fragment = query.businessName ? shortFragment(query.businessName) : undefined
  const shortName =
    fragment && shortPath !== 'walk'
      ? {
          path: shortPath,
          column: businesses.name,
          gram: bind(`businessNameGram_${shortPath}`, fragment),
          others: listFilters(query, now, bind, 'none'),
        }
      : undefined
  const overdueDeferrals = overdueDeferralsJson(now, bind)
  const order = businessListOrder(query)
  return {
    shape: shape(`${order.shape},blocked=${query.blocked},notAssessed=${riskTierCondition(query.riskTier).notAssessed}`),
    values,
    build: () => {
      const { matches, page, total } = boundedListParts(db, {
        keys: { id: businesses.id, order: order.column },
        from: businesses,
        where,
        direction: order.direction,
        window,
        shortName,
      })
      return db
        .with(matches)
        .select({ ...getTableColumns(businesses), overdueDeferrals, total })
        .from(page)
        .innerJoin(businesses, eq(businesses.id, page.id))
        .orderBy(order.direction(page.order), order.direction(page.id))
    },
  }
}

/** The path of a one- or two-character name search (`shortNamePath`); `walk` for any other query. */
async function shortNamePathOf(db: Database, query: BusinessListQuery): Promise<ShortNamePath> {
  if (!query.businessName || !shortFragment(query.businessName)) return 'walk'
  return shortNamePath(db, {
    from: businesses,
    column: businesses.name,
    pattern: containsPattern(query.businessName),
    walkShare: LIST_SHORT_NAME_WALK_SHARE,
  })
}

/**
 * GET /businesses (staff): every business, filtered and paginated; the page, its bounded total and blocking in one
 * statement, prepared once per shape of the filters (docs/architecture.md#the-signed-in-hot-path-and-its-caches). Only a page past the
 * end (no row to carry the total) counts separately.
 */
export async function findBusinesses(options: { db: Database; query: BusinessListQuery; now?: Date }) {
  const { db, query } = options
  const now = options.now ?? new Date()
  const statement = businessListStatement(db, query, now, await shortNamePathOf(db, query))
  const rows = await listStatements.run(db, statement.shape, statement.values, statement.build)
  const total = await boundedTotalOf(rows, query, (limit) =>
    countUpTo(db, businesses, listFilters(query, now, asParameter), limit),
  )
  return toBoundedPage(
    rows.map(({ overdueDeferrals, total: _total, ...row }) => ({
      ...toBusiness(row, { now, overdueDeferrals: overdueDeferrals.map((d) => ({ ...d, dueDate: new Date(d.dueDate) })) }),
      riskTier: row.riskTier,
    })),
    total,
    query,
  )
}

/** findBusinesses as the JSON text of its page, kept for a few seconds per process (server/db/answer-cache.ts). */
export function findBusinessesAnswer(options: { db: Database; query: BusinessListQuery }): Promise<string> {
  return businessListAnswer(options.db, options.query, () => findBusinesses(options))
}

/**
 * My businesses (no search): the rows, my role in each and their overdue deferrals (as loadOverdueDeferrals) in one
 * prepared statement, like the business view: the owner's dashboard reads it on every visit.
 */
function myBusinessesQuery(db: Executor) {
  return db
    .select({ business: businesses, role: roles.name, overdueDeferrals: overdueDeferralsJson(new Date(), asPlaceholder) })
    .from(businessUsers)
    .innerJoin(businesses, eq(businesses.id, businessUsers.businessId))
    .innerJoin(roles, eq(roles.id, businessUsers.roleId))
    .where(and(eq(businessUsers.userId, sql.placeholder('userId')), eq(businessUsers.isActive, true)))
    .orderBy(desc(businesses.createdAt))
    .limit(200)
    .prepare('my_businesses')
}
const asPlaceholder: Bind = (name) => sql.placeholder(name)
const myBusinessesQueries = new WeakMap<Executor, ReturnType<typeof myBusinessesQuery>>()

/** The signed-in user's businesses with their role in each; `searchKey` matches name or registration number. */
export async function findMyBusinesses(options: { db: Executor; actor: Actor; searchKey?: string; now?: Date }) {
  const now = options.now ?? new Date()
  if (!options.searchKey) {
    let query = myBusinessesQueries.get(options.db)
    if (!query) myBusinessesQueries.set(options.db, (query = myBusinessesQuery(options.db)))
    const rows = await query.execute({ userId: options.actor.userId, now: now.toISOString() })
    return rows.map(({ business, role, overdueDeferrals }) => ({
      ...toBusiness(business, {
        now,
        overdueDeferrals: overdueDeferrals.map((d) => ({ ...d, dueDate: new Date(d.dueDate) })),
      }),
      role,
    }))
  }
  const like = containsPattern(options.searchKey)
  const rows = await options.db
    .select({ business: businesses, role: roles.name })
    .from(businessUsers)
    .innerJoin(businesses, eq(businesses.id, businessUsers.businessId))
    .innerJoin(roles, eq(roles.id, businessUsers.roleId))
    .where(
      and(
        eq(businessUsers.userId, options.actor.userId),
        eq(businessUsers.isActive, true),
        sql`(lower(${businesses.name}) like ${like} or lower(${businesses.regNo}) like ${like.replace(/\s/g, '')})`,
      ),
    )
    .orderBy(desc(businesses.createdAt))
    .limit(200)
  const views = await toBusinesses(
    options.db,
    rows.map((r) => r.business),
    now,
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
