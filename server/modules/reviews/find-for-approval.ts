import { and, eq, gte, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { ForApprovalQuery, ForApprovalRow } from '@/lib/contracts/reviews'
import { DAY_MS } from '@/lib/format/iso-day'
import type { Executor } from '@/server/db/client'
import { upToIncluding } from '@/server/db/date-range'
import { audits, businesses, kycDocuments, users } from '@/server/db/schema'
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
import { toBusinesses } from '@/server/records/business-record'
import { displayName } from '@/server/records/display-name'
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

/**
 * The share of sampled names a one- or two-character fragment must be found in for the queue to walk its index rather
 * than read its short-gram index (`boundedListParts`): that index holds the queue alone (a tenth of the businesses),
 * so it stays cheaper than the walk for more common fragments than the staff list's
 * (bench/results/issue-36-short-search.md).
 */
const QUEUE_SHORT_NAME_WALK_SHARE = 0.1

/** The audit actions of `PUT /businesses/{id}/completed-kyc-details` (kyc-documents/complete-kyc.ts). */
export const QUEUE_ENTRY_ACTIONS = ['KYC_COMPLETED', 'KYC_RESUBMITTED']

/**
 * When each business (last) entered the queue: the latest KYC completion audit row that turned `kycDetailsCompleted`
 * from false to true (found through the index on the audit action); the creation time when there is none.
 */
async function queueEntryTimes(db: Executor, ids: string[]): Promise<Map<string, Date>> {
  if (!ids.length) return new Map()
  const rows = await db
    .select({ id: audits.resourceId, at: sql<Date>`max(${audits.createdAt})`.mapWith((v: string | Date) => new Date(v)) })
    .from(audits)
    .where(
      and(
        inArray(audits.action, QUEUE_ENTRY_ACTIONS),
        eq(audits.resource, 'business'),
        inArray(audits.resourceId, ids),
        sql`${audits.after}->>'kycDetailsCompleted' = 'true'`,
        sql`(${audits.before} is null or ${audits.before}->>'kycDetailsCompleted' is distinct from 'true')`,
      ),
    )
    .groupBy(audits.resourceId)
  return new Map(rows.filter((r) => r.id).map((r) => [r.id!, r.at]))
}

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
 * Time spent waiting on the business since it entered the queue: from each re-upload request to the replacement
 * upload (or now, while still open), overlapping requests counted once.
 */
async function waitingOnBusinessMs(db: Executor, since: Map<string, Date>, now: Date): Promise<Map<string, number>> {
  const ids = [...since.keys()]
  if (!ids.length) return new Map()
  const rows = await db
    .select({
      businessId: kycDocuments.businessId,
      requestedAt: kycDocuments.reuploadRequestedAt,
      resolvedAt: kycDocuments.reuploadResolvedAt,
    })
    .from(kycDocuments)
    .where(and(inArray(kycDocuments.businessId, ids), isNotNull(kycDocuments.reuploadRequestedAt)))
  const byBusiness = new Map<string, Array<[number, number]>>()
  for (const row of rows) {
    const entered = since.get(row.businessId)!.getTime()
    const start = Math.max(row.requestedAt!.getTime(), entered)
    const end = Math.min((row.resolvedAt ?? now).getTime(), now.getTime())
    byBusiness.set(row.businessId, [...(byBusiness.get(row.businessId) ?? []), [start, end]])
  }
  return new Map([...byBusiness].map(([id, intervals]) => [id, unionLength(intervals)]))
}

/**
 * `GET /businesses/for-approval`: the review queue, oldest first by default, with who has each case and how long it
 * has waited (and, counted apart, how much of that was waiting on the business after a re-upload request).
 */
export async function findForApproval(options: { db: Executor; actor: Actor; query: ForApprovalQuery; now?: Date }) {
  const { db, actor, query, now = new Date() } = options
  assertStaffWithAny(actor, ...REVIEW_READERS)
  const conditions: SQL[] = [inQueue]
  const fragment = query.businessName ? shortFragment(query.businessName) : undefined
  if (query.typeId) conditions.push(eq(businesses.typeId, query.typeId))
  if (query.categoryId) conditions.push(eq(businesses.categoryId, query.categoryId))
  if (query.assigneeId === 'none') conditions.push(isNull(businesses.assigneeId))
  else if (query.assigneeId)
    conditions.push(eq(businesses.assigneeId, query.assigneeId === 'me' ? actor.userId : query.assigneeId))
  if (query.from) conditions.push(gte(businesses.createdAt, new Date(query.from)))
  if (query.to) conditions.push(upToIncluding(businesses.createdAt, query.to))
  const where = and(...conditions, query.businessName ? containsIgnoringCase(businesses.name, query.businessName) : undefined)

  const assignee = alias(users, 'assignee')
  const order = listOrder(
    query.sort,
    { name: businesses.name, createdAt: businesses.createdAt },
    { field: 'createdAt', desc: query.recentFirst },
  )
  // The page and its bounded total in one statement (docs/api.md#lists); with a name search the keys come from
  // businesses_queue_idx alone, or from the trigram index for a rare name.
  // A rare name of one or two characters: the queue's short-gram index (`boundedListParts`' shortName).
  const shortPath =
    fragment && query.businessName
      ? await shortNamePath(db, {
          from: businesses,
          column: businesses.name,
          pattern: containsPattern(query.businessName),
          walkShare: QUEUE_SHORT_NAME_WALK_SHARE,
        })
      : 'walk'
  const { matches, page, total } = boundedListParts(db, {
    keys: { id: businesses.id, order: order.column },
    from: businesses,
    where,
    direction: order.direction,
    window: { limit: query.pageSize, offset: pageOffset(query), countLimit: countLimitOf(query) },
    shortName:
      fragment && shortPath !== 'walk'
        ? { path: shortPath, column: businesses.name, gram: fragment, others: and(...conditions) }
        : undefined,
  })
  const rows = await db
    .with(matches)
    .select({ business: businesses, assigneeFirstName: assignee.firstName, assigneeLastName: assignee.lastName, total })
    .from(page)
    .innerJoin(businesses, eq(businesses.id, page.id))
    .leftJoin(assignee, eq(assignee.id, businesses.assigneeId))
    .orderBy(order.direction(page.order), order.direction(page.id))
  const counted = await boundedTotalOf(rows, query, (limit) => countUpTo(db, businesses, where, limit))
  return toBoundedPage(await toForApprovalRows(db, rows, now), counted, query)
}

/** Each business in the queue with its assignee's name and how long it has waited (and waited on the business). */
async function toForApprovalRows(
  db: Executor,
  rows: { business: typeof businesses.$inferSelect; assigneeFirstName: string | null; assigneeLastName: string | null }[],
  now: Date,
): Promise<ForApprovalRow[]> {
  const entered = await queueEntryTimes(
    db,
    rows.map((r) => r.business.id),
  )
  const since = new Map(rows.map((r) => [r.business.id, entered.get(r.business.id) ?? r.business.createdAt]))
  const onBusiness = await waitingOnBusinessMs(db, since, now)
  const shaped = await toBusinesses(
    db,
    rows.map((r) => r.business),
    now,
  )
  return rows.map((r, i) => {
    const waitingSince = since.get(r.business.id)!
    return {
      ...shaped[i]!,
      assigneeName:
        r.assigneeFirstName !== null ? displayName({ firstName: r.assigneeFirstName, lastName: r.assigneeLastName ?? '' }) : null,
      waitingSince: waitingSince.toISOString(),
      waitingDays: Math.max(0, Math.floor((now.getTime() - waitingSince.getTime()) / DAY_MS)),
      waitingOnBusinessDays: Math.floor((onBusiness.get(r.business.id) ?? 0) / DAY_MS),
    }
  })
}
