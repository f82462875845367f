import { and, eq, gte, isNull, sql, type SQL } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { ForApprovalQuery, ForApprovalRow } from '@/lib/contracts/reviews'
import { DAY_MS } from '@/lib/format/iso-day'
import type { Executor } from '@/server/db/client'
import { upToIncluding } from '@/server/db/date-range'
import { businesses, users } from '@/server/db/schema'
import { asParameter, namedValues, ShapedStatements, type Bind } from '@/server/db/shaped-statements'
import { containsIgnoringCase, containsPattern, shortFragment } from '@/server/db/text-search'
import { assertStaffWithAny } from '@/server/http/access'
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
} from '@/server/http/pagination'
import { riskTierCondition, toBusiness } from '@/server/records/business-record'
import { displayName } from '@/server/records/display-name'
import { overdueDeferralsJson } from '@/server/records/overdue-deferrals'
import { dueCondition, dueFieldsOf, loadServiceLevels, type ServiceLevels } from '@/server/records/service-levels'
import { REVIEW_READERS } from './review-access'

/**
 * What the queue holds (docs/domain.md#business): PENDING, KYC marked complete, not archived. Index:
 * businesses_queue_idx (partial, same predicate; the count and a name search read only it).
 */
export const inQueue = and(
  eq(businesses.approvalStatus, 'PENDING'),
  eq(businesses.kycDetailsCompleted, true),
  eq(businesses.archiveStatus, 'ACTIVE'),
)!

/** The audit actions of `PUT /businesses/{id}/completed-kyc-details` (kyc-documents/complete-kyc.ts). */
export const QUEUE_ENTRY_ACTIONS = ['KYC_COMPLETED', 'KYC_RESUBMITTED']

/** Sum of the union of intervals (overlapping re-upload requests count once), in ms. */
export function unionLength(intervals: Array<[number, number]>): number {
  const sorted = intervals.filter(([a, b]) => b > a).sort((x, y) => x[0] - y[0])
  let total = 0
  let [start, end] = [Number.NaN, Number.NaN]
  for (const [a, b] of sorted) {
    if (Number.isNaN(start) || a > end) {
      if (!Number.isNaN(start)) total += end - start
      ;[start, end] = [a, b]
    } else end = Math.max(end, b)
  }
  if (!Number.isNaN(start)) total += end - start
  return total
}

/**
 * The share of sampled names a one- or two-character fragment must be found in for the queue to walk its index rather
 * than read its short-gram index (`boundedListParts`): that index holds the queue alone (a tenth of the businesses),
 * so it stays cheaper than the walk for more common fragments than the staff list's
 * (bench/results/issue-36-short-search.md).
 */
const QUEUE_SHORT_NAME_WALK_SHARE = 0.1

/** The queue's filters (`none`: without the name search, for the short-gram path); `bind` names each value (server/db/shaped-statements.ts), the shape tells the variants apart. */
function queueFilters(
  query: ForApprovalQuery,
  actor: Actor,
  bind: Bind,
  due: { levels: ServiceLevels; now: Date },
  name: 'name' | 'none' = 'name',
) {
  const conditions: SQL[] = [query.seniorApproval ? awaitingSeniorApproval : inQueue]
  if (query.businessName && name === 'name')
    conditions.push(containsIgnoringCase(businesses.name, query.businessName, (pattern) => bind('businessName', pattern)))
  if (query.typeId) conditions.push(eq(businesses.typeId, bind('typeId', query.typeId)))
  if (query.categoryId) conditions.push(eq(businesses.categoryId, bind('categoryId', query.categoryId)))
  if (query.assigneeId === 'none') conditions.push(isNull(businesses.assigneeId))
  else if (query.assigneeId)
    conditions.push(eq(businesses.assigneeId, bind('assigneeId', query.assigneeId === 'me' ? actor.userId : query.assigneeId)))
  if (query.from) conditions.push(gte(businesses.createdAt, bind('from', new Date(query.from))))
  if (query.to) conditions.push(upToIncluding(businesses.createdAt, query.to, bind))
  const byDue = query.seniorApproval
    ? dueCondition(due.levels, 'SENIOR_APPROVALS', firstApprovedAt, query.due, due.now, bind)
    : dueCondition(due.levels, 'BUSINESS_REVIEW', enteredOrCreatedAt, query.due, due.now, bind)
  if (byDue) conditions.push(byDue)
  const { condition: tier } = riskTierCondition(query.riskTier, bind)
  if (tier) conditions.push(tier)
  return and(...conditions)
}

/**
 * When the outer query's business (last) entered the queue: the latest KYC completion audit row that turned
 * `kycDetailsCompleted` from false to true (found through the index on the audit's resource id); null when there is
 * none (then its creation time counts).
 */
const enteredQueueAt = sql<Date | null>`(
  SELECT max(a.created_at) FROM audits a
  WHERE a.action IN (${sql.join(
    QUEUE_ENTRY_ACTIONS.map((action) => sql`${action}`),
    sql`, `,
  )}) AND a.resource = 'business' AND a.resource_id = businesses.id::text
    AND a.after->>'kycDetailsCompleted' = 'true'
    AND (a.before IS NULL OR a.before->>'kycDetailsCompleted' IS DISTINCT FROM 'true'))`.mapWith((v: string | Date | null) =>
  v === null ? null : new Date(v),
)

/** When the business entered the queue, or its creation for one that has no completion audit (the due time counts from it). */
const enteredOrCreatedAt = sql`coalesce(${enteredQueueAt}, ${businesses.createdAt})`

/** When the outer query's business got its first approval (HIGH, waiting for the senior one): a primary-key read. */
const firstApprovedAt =
  sql<Date | null>`(SELECT f.approved_at FROM risk_first_approvals f WHERE f.business_id = businesses.id)`.mapWith(
    (v: string | Date | null) => (v === null ? null : new Date(v)),
  )

/**
 * The senior approvals queue (docs/service-levels.md#queues), the predicate of its source (service-levels/queue-sources.ts):
 * PENDING, not archived, holding a first approval.
 */
const awaitingSeniorApproval = and(
  eq(businesses.approvalStatus, 'PENDING'),
  eq(businesses.archiveStatus, 'ACTIVE'),
  sql`EXISTS (SELECT 1 FROM risk_first_approvals f WHERE f.business_id = ${businesses.id})`,
)!

/** The outer query's business's re-upload requests, as JSON: the time waiting on the business (toForApprovalRow). */
const reuploadRequests = sql<{ requestedAt: string; resolvedAt: string | null }[]>`(
  SELECT coalesce(json_agg(json_build_object('requestedAt', k.reupload_requested_at, 'resolvedAt', k.reupload_resolved_at)), '[]')
  FROM kyc_documents k WHERE k.business_id = businesses.id AND k.reupload_requested_at IS NOT NULL)`

type QueueRow = {
  business: typeof businesses.$inferSelect
  assigneeFirstName: string | null
  assigneeLastName: string | null
  total: number
  overdueDeferrals: { deferralId: string; documentTypeName: string; dueDate: string }[]
  enteredQueueAt: Date | null
  /** Selected for the senior approvals queue only. */
  firstApprovedAt?: Date | null
  reuploadRequests: { requestedAt: string; resolvedAt: string | null }[]
}
const queueStatements = new ShapedStatements<QueueRow[]>('review_queue')

/**
 * `GET /businesses/for-approval`: the review queue, oldest first by default, with who has each case and how long it
 * has waited (and, counted apart, how much of that was waiting on the business after a re-upload request). The page,
 * its bounded total, and each row's queue entry, re-upload requests and overdue deferrals in one statement, prepared
 * once per shape of the filters, as the staff list (docs/architecture.md#the-signed-in-hot-path-and-its-caches).
 */
export async function findForApproval(options: { db: Executor; actor: Actor; query: ForApprovalQuery; now?: Date }) {
  const { db, actor, query, now = new Date() } = options
  assertStaffWithAny(actor, ...REVIEW_READERS)
  const levels = await loadServiceLevels(db)
  const due = { levels, now }
  const { bind, values, shape } = namedValues()
  const where = queueFilters(query, actor, bind, due)
  const window = {
    countLimit: bind('countLimit', countLimitOf(query)),
    limit: bind('limit', query.pageSize),
    offset: bind('offset', pageOffset(query)),
  }
  // A rare name of one or two characters: the queue's short-gram index (`boundedListParts`' shortName), a shape of its
  // own (its bound names differ).
  const fragment = query.businessName ? shortFragment(query.businessName) : undefined
  const shortPath =
    fragment && query.businessName
      ? await shortNamePath(db, {
          from: businesses,
          column: businesses.name,
          pattern: containsPattern(query.businessName),
          walkShare: QUEUE_SHORT_NAME_WALK_SHARE,
        })
      : 'walk'
  const shortName =
    fragment && shortPath !== 'walk'
      ? {
          path: shortPath,
          column: businesses.name,
          gram: bind(`businessNameGram_${shortPath}`, fragment),
          others: queueFilters(query, actor, bind, due, 'none'),
        }
      : undefined
  const overdueDeferrals = overdueDeferralsJson(now, bind)
  const order = listOrder(
    query.sort,
    { name: businesses.name, createdAt: businesses.createdAt },
    { field: 'createdAt', desc: query.recentFirst },
  )
  // `assigneeId=none` binds nothing: the shape names it.
  const rows = await queueStatements.run(
    db,
    shape(
      `${order.shape},assignee=${query.assigneeId === 'none' ? 'none' : ''},notAssessed=${riskTierCondition(query.riskTier).notAssessed},senior=${query.seniorApproval === true}`,
    ),
    values,
    () => {
      const assignee = alias(users, 'assignee')
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
        .select({
          business: businesses,
          assigneeFirstName: assignee.firstName,
          assigneeLastName: assignee.lastName,
          total,
          overdueDeferrals,
          enteredQueueAt,
          reuploadRequests,
          ...(query.seniorApproval ? { firstApprovedAt } : {}),
        })
        .from(page)
        .innerJoin(businesses, eq(businesses.id, page.id))
        .leftJoin(assignee, eq(assignee.id, businesses.assigneeId))
        .orderBy(order.direction(page.order), order.direction(page.id))
    },
  )
  const counted = await boundedTotalOf(rows, query, (limit) =>
    countUpTo(db, businesses, queueFilters(query, actor, asParameter, due), limit),
  )
  return toBoundedPage(
    rows.map((r) => toForApprovalRow(r, now, levels, query.seniorApproval === true)),
    counted,
    query,
  )
}

/**
 * A business in the queue with its assignee's name and how long it has waited (and waited on the business); its due
 * time is the review's, or the senior approval's in that queue (`senior`).
 */
function toForApprovalRow(row: QueueRow, now: Date, levels: ServiceLevels, senior: boolean): ForApprovalRow {
  const waitingSince = row.enteredQueueAt ?? row.business.createdAt
  const entered = waitingSince.getTime()
  const intervals = row.reuploadRequests.map(({ requestedAt, resolvedAt }): [number, number] => [
    Math.max(new Date(requestedAt).getTime(), entered),
    Math.min((resolvedAt ? new Date(resolvedAt) : now).getTime(), now.getTime()),
  ])
  return {
    ...toBusiness(row.business, {
      now,
      overdueDeferrals: row.overdueDeferrals.map((d) => ({ ...d, dueDate: new Date(d.dueDate) })),
    }),
    riskTier: row.business.riskTier,
    assigneeName:
      row.assigneeFirstName !== null
        ? displayName({ firstName: row.assigneeFirstName, lastName: row.assigneeLastName ?? '' })
        : null,
    waitingSince: waitingSince.toISOString(),
    waitingDays: Math.max(0, Math.floor((now.getTime() - entered) / DAY_MS)),
    waitingOnBusinessDays: Math.floor(unionLength(intervals) / DAY_MS),
    ...(senior && row.firstApprovedAt
      ? dueFieldsOf(levels, 'SENIOR_APPROVALS', row.firstApprovedAt, now)
      : dueFieldsOf(levels, 'BUSINESS_REVIEW', waitingSince, now)),
  }
}
