import { and, count, desc, eq, gte, lt, ne, not, or, isNull, sql, type SQL } from 'drizzle-orm'
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core'
import type { DeferralDetail, StaffDeferral, StaffDeferralListItem, StaffDeferralQuery } from '@/lib/contracts/deferral-review'
import { PERMISSIONS } from '@/lib/permissions/names'
import type { Executor } from '@/server/db/client'
import { upToIncluding } from '@/server/db/date-range'
import { businesses, deferrals, kycDocumentTypes, users } from '@/server/db/schema'
import { containsIgnoringCase } from '@/server/db/text-search'
import { assertStaffWithAny } from '@/server/http/access'
import { AppError } from '@/server/http/app-error'
import type { Actor } from '@/server/http/context'
import { findPage, listOrder } from '@/server/http/pagination'
import { assertBusinessAccess } from '@/server/http/scope'
import { deferralTypeColumns, selectDeferrals, toDeferral } from '@/server/modules/deferrals/deferral-view'
import { deferralStatusCondition } from '@/server/modules/deferrals/find-business-deferrals'
import { dueCondition, dueFieldsOf, loadServiceLevels } from '@/server/records/service-levels'

/** Staff who read deferral lists: readers, and the approvers who work the queue. */
export const DEFERRAL_READERS = [PERMISSIONS.CAN_READ_DEFERRALS, PERMISSIONS.CAN_APPROVE_DEFERRAL] as const

const requester = alias(users, 'requester')
const decider = alias(users, 'decider')
const nameOf = (table: { firstName: AnyPgColumn; lastName: AnyPgColumn }) =>
  sql<string | null>`nullif(trim(${table.firstName} || ' ' || ${table.lastName}), '')`

const selection = {
  deferral: deferrals,
  documentType: deferralTypeColumns,
  business: {
    id: businesses.id,
    name: businesses.name,
    regNo: businesses.regNo,
    registrationClass: businesses.registrationClass,
    approvalStatus: businesses.approvalStatus,
    createdBy: businesses.createdBy,
  },
  requestedByName: nameOf(requester),
  decidedByName: nameOf(decider),
}

function selectStaffDeferrals(db: Executor, where: SQL | undefined) {
  return db
    .select(selection)
    .from(deferrals)
    .innerJoin(kycDocumentTypes, eq(kycDocumentTypes.id, deferrals.documentTypeId))
    .innerJoin(businesses, eq(businesses.id, deferrals.businessId))
    .leftJoin(requester, eq(requester.id, deferrals.requestedBy))
    .leftJoin(decider, eq(decider.id, deferrals.decidedBy))
    .where(where)
}

type StaffDeferralRow = Awaited<ReturnType<typeof selectStaffDeferrals>>[number]

function toStaffDeferral(row: StaffDeferralRow, now: Date): StaffDeferral {
  return {
    ...toDeferral(row, now),
    business: row.business,
    requestedByName: row.requestedByName,
    decidedByName: row.decidedByName,
  }
}

const overdueAt = (now: Date) => and(eq(deferrals.status, 'APPROVED'), lt(deferrals.dueDate, now))!

/**
 * `GET /deferrals` (every deferral) and `GET /deferrals/reviews` (`pendingOnly`: the queue): filters status (OVERDUE
 * derived), businessName, documentTypeId, from/to on the request time, overdue (the document's deadline) and due (the
 * review's due time, PENDING ones: docs/service-levels.md#due-times); newest first unless recentFirst=false.
 */
export async function findStaffDeferrals(options: {
  db: Executor
  actor: Actor
  query: StaffDeferralQuery
  pendingOnly?: boolean
  now?: Date
}) {
  const { db, query } = options
  const now = options.now ?? new Date()
  assertStaffWithAny(options.actor, ...DEFERRAL_READERS)
  const levels = await loadServiceLevels(db)
  const byDue = query.due !== undefined || query.sort?.field === 'dueAt'
  const where = and(
    // Only a PENDING deferral waits for a review: a due filter or order keeps to those.
    options.pendingOnly || byDue ? eq(deferrals.status, 'PENDING') : undefined,
    dueCondition(levels, 'DEFERRALS', deferrals.createdAt, query.due, now),
    deferralStatusCondition(query.status, now),
    query.overdue === true
      ? overdueAt(now)
      : query.overdue === false
        ? or(ne(deferrals.status, 'APPROVED'), isNull(deferrals.dueDate), not(lt(deferrals.dueDate, now)))
        : undefined,
    query.businessName ? containsIgnoringCase(businesses.name, query.businessName) : undefined,
    query.documentTypeId ? eq(deferrals.documentTypeId, query.documentTypeId) : undefined,
    query.from ? gte(deferrals.createdAt, new Date(query.from)) : undefined,
    query.to ? upToIncluding(deferrals.createdAt, query.to) : undefined,
  )
  return findPage({
    query,
    rows: selectStaffDeferrals(db, where).orderBy(
      ...listOrder(
        query.sort,
        {
          businessName: businesses.name,
          createdAt: deferrals.createdAt,
          dueDate: deferrals.dueDate,
          status: deferrals.status,
          // Due times grow with the entry time (docs/service-levels.md#due-times).
          dueAt: deferrals.createdAt,
        },
        { field: 'createdAt', desc: query.recentFirst },
      ).by(deferrals.id),
    ),
    count: () =>
      db.select({ value: count() }).from(deferrals).innerJoin(businesses, eq(businesses.id, deferrals.businessId)).where(where),
    content: (rows) =>
      rows.map((r): StaffDeferralListItem => ({
        ...toStaffDeferral(r, now),
        ...(r.deferral.status === 'PENDING'
          ? dueFieldsOf(levels, 'DEFERRALS', r.deferral.createdAt, now)
          : { dueAt: null, dueStatus: null }),
      })),
  })
}

/** The deferral as staff see it, or undefined. */
export async function findStaffDeferral(db: Executor, id: string, now: Date = new Date()): Promise<StaffDeferral | undefined> {
  const [row] = await selectStaffDeferrals(db, eq(deferrals.id, id))
  return row ? toStaffDeferral(row, now) : undefined
}

/**
 * `GET /deferrals/{id}`: staff holding a deferral permission, or members of the business with CAN_READ_DEFERRALS
 * (another business's deferral answers 404). With the business's other deferrals, newest first.
 */
export async function getDeferralDetail(options: {
  db: Executor
  actor: Actor
  id: string
  now?: Date
}): Promise<DeferralDetail> {
  const { db, actor } = options
  const now = options.now ?? new Date()
  const found = await findStaffDeferral(db, options.id, now)
  if (!found) throw new AppError('NOT_FOUND', 'Deferral not found')
  if (actor.isStaff) assertStaffWithAny(actor, ...DEFERRAL_READERS)
  else {
    try {
      assertBusinessAccess(actor, found.businessId, PERMISSIONS.CAN_READ_DEFERRALS)
    } catch (error) {
      // Not theirs: the same answer as an id that does not exist.
      if (error instanceof AppError && error.code === 'NOT_FOUND') throw new AppError('NOT_FOUND', 'Deferral not found')
      throw error
    }
  }
  const history = await selectDeferrals(db, and(eq(deferrals.businessId, found.businessId), ne(deferrals.id, found.id)))
    .orderBy(desc(deferrals.createdAt))
    .limit(50)
  return { ...found, history: history.map((h) => toDeferral(h, now)) }
}
