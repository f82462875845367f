import { and, asc, count, desc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm'
import type {
  BusinessProduct,
  CanProceed,
  OnboardingListQuery,
  OnboardingQueueQuery,
  OnboardingQueueRow,
  OnboardingSummary,
} from '@/lib/contracts/onboarding'
import { hasAllPermissions, ONBOARDING_GROUP, POST_APPROVAL_GROUP } from '@/lib/permissions/checks'
import { PERMISSIONS as P } from '@/lib/permissions/names'
import type { Executor } from '@/server/db/client'
import { businesses, onboardingProducts, productCategories, products } from '@/server/db/schema'
import { asParameter, type Bind } from '@/server/db/shaped-statements'
import { containsIgnoringCase } from '@/server/db/text-search'
import { AppError } from '@/server/http/app-error'
import type { Actor } from '@/server/http/context'
import { findPage, listOrder } from '@/server/http/pagination'
import { assertBusinessAccess, scopeToActorBusinesses } from '@/server/http/scope'
import { dueCondition, dueFieldsOf, loadServiceLevels } from '@/server/records/service-levels'
import {
  businessRefusals,
  getOnboardingRow,
  selectOnboardings,
  toDetail,
  toSummaries,
  type JoinedOnboarding,
} from './onboarding-record'

function onboardingFilters(query: Partial<Omit<OnboardingListQuery, 'sort'>>): SQL[] {
  const conditions: SQL[] = []
  if (query.status) conditions.push(inArray(onboardingProducts.status, query.status))
  if (query.productId) conditions.push(eq(onboardingProducts.productId, query.productId))
  if (query.productCode) conditions.push(eq(products.code, query.productCode))
  if (query.businessId) conditions.push(eq(onboardingProducts.businessId, query.businessId))
  if (query.searchKey) conditions.push(containsIgnoringCase(businesses.name, query.searchKey))
  return conditions
}

/** When an application entered the review queue (docs/service-levels.md#queues), as the queue's source reads it. */
const enteredReviewAt = sql`coalesce(${onboardingProducts.submittedAt}, ${onboardingProducts.createdAt})`

async function pageOfOnboardings<Item = OnboardingSummary>(
  db: Executor,
  conditions: (SQL | undefined)[],
  query: OnboardingListQuery | OnboardingQueueQuery,
  orderBy: 'created' | 'submitted' = 'created',
  content: (rows: JoinedOnboarding[]) => Promise<Item[]> = (rows) => toSummaries(db, rows) as Promise<Item[]>,
) {
  const where = and(...conditions)
  const direction = query.recentFirst ? desc : asc
  const order = query.sort
    ? listOrder(
        query.sort as OnboardingQueueQuery['sort'] & object,
        {
          businessName: businesses.name,
          createdAt: onboardingProducts.createdAt,
          submittedAt: onboardingProducts.submittedAt,
          status: onboardingProducts.status,
          // Due times grow with the entry time (docs/service-levels.md#due-times).
          dueAt: enteredReviewAt,
        },
        query.sort as OnboardingQueueQuery['sort'] & object,
      ).by(onboardingProducts.id)
    : orderBy === 'submitted'
      ? // Postgres's default null order (last ascending, first descending) lets the (status, submitted_at) index serve both ways.
        [direction(onboardingProducts.submittedAt), direction(onboardingProducts.createdAt), asc(onboardingProducts.id)]
      : [direction(onboardingProducts.createdAt), asc(onboardingProducts.id)]
  return findPage({
    query,
    rows: selectOnboardings(db)
      .where(where)
      .orderBy(...order),
    count: () =>
      db
        .select({ value: count() })
        .from(onboardingProducts)
        .innerJoin(businesses, eq(businesses.id, onboardingProducts.businessId))
        .innerJoin(products, eq(products.id, onboardingProducts.productId))
        .where(where),
    content,
  })
}

/** Staff reading applications hold one of these; business users read their own businesses' applications. */
export const ONBOARDING_READERS = [P.CAN_READ_PRODUCT_BUSINESSES, P.CAN_APPROVE_ONBOARD_PRODUCT, P.CAN_READ_BUSINESS] as const

/**
 * GET /onboarding-products: staff (with a product or business read permission) see every business's; anyone else
 * only those of their businesses. A business filter naming someone else's business answers 404.
 */
export async function findOnboardings(options: { db: Executor; actor: Actor; query: OnboardingListQuery }) {
  const { actor, query } = options
  if (actor.isStaff && !ONBOARDING_READERS.some((p) => actor.staffPermissions.has(p))) {
    throw new AppError('FORBIDDEN', 'You need a product or business read permission to list applications')
  }
  if (query.businessId) assertBusinessAccess(actor, query.businessId)
  return pageOfOnboardings(
    options.db,
    [scopeToActorBusinesses(actor, onboardingProducts.businessId), ...onboardingFilters(query)],
    query,
  )
}

/**
 * GET /onboarding-products/approvals (staff): the review queue, IN_REVIEW unless a status is asked for; by submission.
 * An IN_REVIEW application carries its due time; `due` and `sort=dueAt` keep to those (docs/service-levels.md#due-times).
 */
export async function findApprovalQueue(options: { db: Executor; query: OnboardingQueueQuery; now?: Date }) {
  const { db, now = new Date() } = options
  const query = { ...options.query, status: options.query.status ?? ['IN_REVIEW' as const] }
  const levels = await loadServiceLevels(db)
  const byDue = query.due !== undefined || query.sort?.field === 'dueAt'
  return pageOfOnboardings(
    db,
    [
      ...onboardingFilters(query),
      byDue ? eq(onboardingProducts.status, 'IN_REVIEW') : undefined,
      dueCondition(levels, 'PRODUCT_APPLICATIONS', enteredReviewAt, query.due, now),
    ],
    query,
    'submitted',
    async (rows): Promise<OnboardingQueueRow[]> =>
      (await toSummaries(db, rows)).map((summary, i) => {
        const o = rows[i]!.onboarding
        return {
          ...summary,
          ...(o.status === 'IN_REVIEW'
            ? dueFieldsOf(levels, 'PRODUCT_APPLICATIONS', o.submittedAt ?? o.createdAt, now)
            : { dueAt: null, dueStatus: null }),
        }
      }),
  )
}

/** GET /onboarding-products/{code} (staff, CAN_READ_PRODUCT_BUSINESSES): the businesses on the product with that code. */
export async function findProductBusinesses(options: { db: Executor; code: string; query: OnboardingListQuery }) {
  const [product] = await options.db
    .select({ id: products.id })
    .from(products)
    .where(eq(products.code, options.code.trim().toUpperCase()))
  if (!product) throw new AppError('NOT_FOUND', 'Product not found')
  return pageOfOnboardings(
    options.db,
    [eq(onboardingProducts.productId, product.id), ...onboardingFilters({ ...options.query, productCode: undefined })],
    options.query,
  )
}

/** GET /onboarding-products/business/{id}: one business's applications (its members, or staff). */
export async function findBusinessOnboardings(options: {
  db: Executor
  actor: Actor
  businessId: string
  query: OnboardingListQuery
}) {
  assertBusinessAccess(options.actor, options.businessId)
  const [business] = await options.db.select({ id: businesses.id }).from(businesses).where(eq(businesses.id, options.businessId))
  if (!business) throw new AppError('NOT_FOUND', 'Business not found')
  const query = { ...options.query, businessId: undefined }
  return pageOfOnboardings(
    options.db,
    [eq(onboardingProducts.businessId, options.businessId), ...onboardingFilters(query)],
    options.query,
  )
}

/** GET /onboarding-products/details/{id}: one application with its requirements and answers. */
export async function getOnboardingDetail(options: { db: Executor; actor: Actor; id: string }) {
  const { actor } = options
  if (actor.isStaff && !ONBOARDING_READERS.some((p) => actor.staffPermissions.has(p))) {
    throw new AppError('FORBIDDEN', 'You need a product or business read permission to see applications')
  }
  return toDetail(options.db, await getOnboardingRow({ db: options.db, actor, id: options.id }))
}

/**
 * GET /onboarding-products/me/{productCode}: the signed-in user's application for the product: in `businessId` when
 * given (one of theirs), else the latest application (not removed) among their businesses. 404 when there is none.
 */
export async function findMyOnboarding(options: { db: Executor; actor: Actor; productCode: string; businessId?: string }) {
  const { db, actor } = options
  const [product] = await db
    .select({ id: products.id })
    .from(products)
    .where(eq(products.code, options.productCode.trim().toUpperCase()))
  if (!product) throw new AppError('NOT_FOUND', 'No product has this code')
  let scope: SQL
  if (options.businessId) {
    assertBusinessAccess(actor, options.businessId)
    scope = eq(onboardingProducts.businessId, options.businessId)
  } else {
    const mine = actor.memberships.map((m) => m.businessId)
    if (!mine.length) throw new AppError('NOT_FOUND', 'You have no business yet')
    scope = inArray(onboardingProducts.businessId, mine)
  }
  const [row] = await selectOnboardings(db)
    .where(and(scope, eq(onboardingProducts.productId, product.id), ne(onboardingProducts.status, 'REMOVED')))
    .orderBy(desc(onboardingProducts.createdAt))
    .limit(1)
  if (!row) throw new AppError('NOT_FOUND', 'You have not applied for this product yet')
  return toDetail(db, row)
}

/**
 * GET /onboarding-products/can-proceed-kyc-capturing/{id}: may the signed-in user go on to capture the business's
 * KYC for this application? Not when it was removed, the business is archived or blocked, or the user cannot edit
 * its KYC (docs/domain.md#kyc-edit-check: after approval only the post-approval group).
 */
export async function canProceedKycCapturing(options: { db: Executor; actor: Actor; id: string }): Promise<CanProceed> {
  const { actor } = options
  const row = await getOnboardingRow({ db: options.db, actor, id: options.id })
  const reasons: string[] = []
  if (row.onboarding.status === 'REMOVED') reasons.push('This application was removed')
  reasons.push(...(await businessRefusals(options.db, row.business)))
  const held = actor.isStaff
    ? actor.staffPermissions
    : (actor.memberships.find((m) => m.businessId === row.onboarding.businessId)?.permissions ?? new Set())
  const postApproval = hasAllPermissions(held, POST_APPROVAL_GROUP)
  if (row.business.approvalStatus === 'APPROVED') {
    if (!postApproval) reasons.push('The business is approved; changes to its KYC are made by our staff')
  } else if (!postApproval && !hasAllPermissions(held, ONBOARDING_GROUP)) {
    reasons.push('You need the KYC onboarding permissions of this business')
  }
  return { canProceed: reasons.length === 0, reasons }
}

/** For GET /businesses/{id}/products (after `getBusiness` checked access): its products, not removed, newest first. */
export async function findBusinessProducts(options: { db: Executor; id: string }): Promise<BusinessProduct[]> {
  const { db, id: businessId } = options
  const rows = await db
    .select({ onboarding: onboardingProducts, code: products.code, name: products.name, category: productCategories.name })
    .from(onboardingProducts)
    .innerJoin(products, eq(products.id, onboardingProducts.productId))
    .innerJoin(productCategories, eq(productCategories.id, products.categoryId))
    .where(and(eq(onboardingProducts.businessId, businessId), ne(onboardingProducts.status, 'REMOVED')))
    .orderBy(desc(onboardingProducts.createdAt))
    .limit(200)
  return rows.map((r) => ({
    id: r.onboarding.id,
    productId: r.onboarding.productId,
    code: r.code,
    name: r.name,
    category: r.category,
    status: r.onboarding.status,
    createdAt: r.onboarding.createdAt.toISOString(),
    updatedAt: r.onboarding.updatedAt.toISOString(),
  }))
}

/** For the business list's `productId` filter: businesses holding the product (not removed); uses the partial unique index. */
export function businessHasProduct(productId: string, bind: Bind = asParameter): SQL {
  return sql`exists (select 1 from ${onboardingProducts} where ${onboardingProducts.businessId} = ${businesses.id} and ${onboardingProducts.productId} = ${bind('productId', productId)} and ${onboardingProducts.status} <> 'REMOVED')`
}
