import { and, asc, count, desc, eq, ilike, inArray, isNull, or, type SQL } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type {
  BusinessScreening,
  ScreeningEntryView,
  ScreeningHitView,
  ScreeningQueueItem,
  ScreeningQueueQuery,
} from '@/lib/contracts/screening'
import type { Executor } from '@/server/db/client'
import {
  businesses,
  screeningChecks,
  screeningEntries,
  screeningHits,
  screeningLists,
  users,
  type ScreeningEntry,
  type ScreeningList,
} from '@/server/db/schema'
import { assertStaffWithAny, holdsStaffPermission } from '@/server/http/access'
import { notFound } from '@/server/http/app-error'
import type { Actor } from '@/server/http/context'
import { listOrder } from '@/server/http/pagination'
import { assertBusinessAccess, canActOnBusiness } from '@/server/http/scope'
import { dueCondition, dueFieldsOf, loadServiceLevels } from '@/server/records/service-levels'
import { SCREENING_READERS, SCREENING_STATE_READERS } from '../screening-access'

export function toEntryView(entry: ScreeningEntry, list: Pick<ScreeningList, 'code' | 'name' | 'kind'>): ScreeningEntryView {
  return {
    id: entry.id,
    list: { code: list.code, name: list.name, kind: list.kind },
    sourceId: entry.sourceId,
    subjectKind: entry.subjectKind,
    primaryName: entry.primaryName,
    names: entry.names,
    datesOfBirth: entry.datesOfBirth,
    nationalities: entry.nationalities,
    countries: entry.countries,
    programmes: entry.programmes,
    listedOn: entry.listedOn,
    remarks: entry.remarks,
  }
}

const deciders = alias(users, 'deciders')

/**
 * `GET /businesses/{id}/screening` (docs/screening.md#screens): staff who may read screening see every current check
 * with its candidates, the entries side by side and the factors; the business's own users, and other staff who may
 * read the business, only whether it is done.
 */
export async function readBusinessScreening(options: {
  db: Executor
  actor: Actor
  businessId: string
}): Promise<BusinessScreening | { businessId: string; state: 'NOT_STARTED' | 'IN_PROGRESS' | 'DONE' }> {
  const { db, actor, businessId } = options
  const [business] = await db
    .select({ id: businesses.id, status: businesses.screeningStatus, approvalStatus: businesses.approvalStatus })
    .from(businesses)
    .where(eq(businesses.id, businessId))
  if (!business || !canActOnBusiness(actor, businessId)) throw notFound('Business')
  if (actor.isStaff) assertStaffWithAny(actor, ...SCREENING_STATE_READERS)
  else assertBusinessAccess(actor, businessId, SCREENING_STATE_READERS[0])
  // The business's own users, and staff who may read the business but not screening, see only how far it is.
  if (!actor.isStaff || !holdsStaffPermission(actor, ...SCREENING_READERS)) {
    const state = business.status === 'NOT_SCREENED' ? 'NOT_STARTED' : business.status === 'HITS_OPEN' ? 'IN_PROGRESS' : 'DONE'
    return { businessId, state }
  }
  const checks = await db
    .select()
    .from(screeningChecks)
    .where(and(eq(screeningChecks.businessId, businessId), isNull(screeningChecks.supersededAt)))
    .orderBy(asc(screeningChecks.subjectKind), asc(screeningChecks.subjectName))
  const hits = checks.length
    ? await db
        .select({
          hit: screeningHits,
          entry: screeningEntries,
          list: screeningLists,
          decider: { id: deciders.id, firstName: deciders.firstName, lastName: deciders.lastName },
        })
        .from(screeningHits)
        .innerJoin(screeningEntries, eq(screeningEntries.id, screeningHits.entryId))
        .innerJoin(screeningLists, eq(screeningLists.id, screeningEntries.listId))
        .leftJoin(deciders, eq(deciders.id, screeningHits.decidedBy))
        .where(
          inArray(
            screeningHits.checkId,
            checks.map((c) => c.id),
          ),
        )
        .orderBy(desc(screeningHits.score))
    : []
  return {
    businessId,
    status: business.status,
    onWatch: business.approvalStatus === 'APPROVED' && (business.status === 'HITS_OPEN' || business.status === 'SANCTIONED'),
    checks: checks.map((c) => ({
      id: c.id,
      subjectKind: c.subjectKind,
      subjectName: c.subjectName,
      roles: c.roles,
      screenedWith: c.screenedWith,
      pepDeclaration: c.pepDeclaration ?? null,
      status: c.status,
      listVersions: c.listVersions,
      threshold: c.threshold,
      screenedAt: c.screenedAt.toISOString(),
      hits: hits.filter((h) => h.hit.checkId === c.id).map((h) => toHitView(h)),
    })),
  }
}

function toHitView(h: {
  hit: typeof screeningHits.$inferSelect
  entry: ScreeningEntry
  list: ScreeningList
  decider: { id: string | null; firstName: string | null; lastName: string | null } | null
}): ScreeningHitView {
  return {
    id: h.hit.id,
    status: h.hit.status,
    score: h.hit.score,
    matchedName: h.hit.matchedName,
    factors: h.hit.factors,
    entry: toEntryView(h.entry, h.list),
    reason: h.hit.reason,
    decidedBy: h.decider?.id
      ? { id: h.decider.id, name: `${h.decider.firstName ?? ''} ${h.decider.lastName ?? ''}`.trim() }
      : null,
    decidedAt: h.hit.decidedAt?.toISOString() ?? null,
    suppressed: !!h.hit.suppressedBy,
    createdAt: h.hit.createdAt.toISOString(),
  }
}

/** `GET /screening/hits`: candidates by status (OPEN by default), oldest first, filtered by list and by name. */
export async function findScreeningQueue(options: { db: Executor; actor: Actor; query: ScreeningQueueQuery; now?: Date }) {
  const { db, actor, query, now = new Date() } = options
  assertStaffWithAny(actor, ...SCREENING_READERS)
  const levels = await loadServiceLevels(db)
  const filters: (SQL | undefined)[] = [
    eq(screeningHits.status, query.status),
    isNull(screeningChecks.supersededAt),
    // Only an OPEN candidate has a due time: a due filter or order keeps to those.
    query.due !== undefined || query.sort?.field === 'dueAt' ? eq(screeningHits.status, 'OPEN') : undefined,
    dueCondition(levels, 'SCREENING_HITS', screeningHits.createdAt, query.due, now),
  ]
  if (query.list) filters.push(eq(screeningLists.code, query.list))
  if (query.q) {
    const like = `%${query.q.replace(/[\\%_]/g, (m) => `\\${m}`)}%`
    filters.push(
      or(ilike(businesses.name, like), ilike(screeningChecks.subjectName, like), ilike(screeningHits.matchedName, like)),
    )
  }
  const where = and(...filters)
  const base = () =>
    db
      .select({
        hit: screeningHits,
        check: screeningChecks,
        business: { id: businesses.id, name: businesses.name, approvalStatus: businesses.approvalStatus },
        list: screeningLists,
      })
      .from(screeningHits)
      .innerJoin(screeningChecks, eq(screeningChecks.id, screeningHits.checkId))
      .innerJoin(businesses, eq(businesses.id, screeningHits.businessId))
      .innerJoin(screeningEntries, eq(screeningEntries.id, screeningHits.entryId))
      .innerJoin(screeningLists, eq(screeningLists.id, screeningEntries.listId))
      .where(where)
  const [rows, [total]] = await Promise.all([
    base()
      .orderBy(
        // Oldest first by default; due times grow with the entry time (docs/service-levels.md#due-times).
        ...listOrder(
          query.sort,
          { createdAt: screeningHits.createdAt, dueAt: screeningHits.createdAt },
          { field: 'createdAt', desc: false },
        ).by(screeningHits.id),
      )
      .limit(query.pageSize)
      .offset((query.pageNumber - 1) * query.pageSize),
    db
      .select({ n: count() })
      .from(screeningHits)
      .innerJoin(screeningChecks, eq(screeningChecks.id, screeningHits.checkId))
      .innerJoin(businesses, eq(businesses.id, screeningHits.businessId))
      .innerJoin(screeningEntries, eq(screeningEntries.id, screeningHits.entryId))
      .innerJoin(screeningLists, eq(screeningLists.id, screeningEntries.listId))
      .where(where),
  ])
  const totalElements = Number(total?.n ?? 0)
  const content: ScreeningQueueItem[] = rows.map((r) => ({
    id: r.hit.id,
    business: r.business,
    subjectName: r.check.subjectName,
    subjectKind: r.check.subjectKind,
    matchedName: r.hit.matchedName,
    list: { code: r.list.code, name: r.list.name, kind: r.list.kind },
    score: r.hit.score,
    status: r.hit.status,
    createdAt: r.hit.createdAt.toISOString(),
    ...(r.hit.status === 'OPEN' ? dueFieldsOf(levels, 'SCREENING_HITS', r.hit.createdAt, now) : { dueAt: null, dueStatus: null }),
  }))
  return {
    content,
    pageNumber: query.pageNumber,
    pageSize: query.pageSize,
    totalElements,
    totalPages: Math.ceil(totalElements / query.pageSize),
  }
}
