import { and, asc, count, desc, eq, lt, not, type SQL } from 'drizzle-orm'
import type { BusinessDeferralsQuery } from '@/lib/contracts/deferrals'
import type { Executor } from '@/server/db/client'
import { deferrals, kycDocumentTypes } from '@/server/db/schema'
import type { Actor } from '@/server/http/context'
import { findPage } from '@/server/http/pagination'
import { getBusinessRowOrThrow } from '@/server/records/business-record'
import { DEFERRALS_READ } from './deferrable-types'
import { deferralTypeColumns, toDeferral } from './deferral-view'

/** The `status` filter, with OVERDUE (and APPROVED, which excludes overdue ones) derived at `now`. */
export function deferralStatusCondition(status: BusinessDeferralsQuery['status'], now: Date): SQL | undefined {
  if (!status) return undefined
  if (status === 'OVERDUE') return and(eq(deferrals.status, 'APPROVED'), lt(deferrals.dueDate, now))
  if (status === 'APPROVED') return and(eq(deferrals.status, 'APPROVED'), not(lt(deferrals.dueDate, now)))
  return eq(deferrals.status, status)
}

/** `GET /deferrals/business-deferrals/{id}`: the business's deferrals, newest first by default. */
export async function findBusinessDeferrals(options: {
  db: Executor
  actor: Actor
  businessId: string
  query: BusinessDeferralsQuery
  now?: Date
}) {
  const { db, query, businessId } = options
  const now = options.now ?? new Date()
  await getBusinessRowOrThrow({ db, actor: options.actor, id: businessId, permission: DEFERRALS_READ })
  const where = and(eq(deferrals.businessId, businessId), deferralStatusCondition(query.status, now))
  return findPage({
    query,
    rows: db
      .select({ deferral: deferrals, documentType: deferralTypeColumns })
      .from(deferrals)
      .innerJoin(kycDocumentTypes, eq(kycDocumentTypes.id, deferrals.documentTypeId))
      .where(where)
      .orderBy(query.recentFirst ? desc(deferrals.createdAt) : asc(deferrals.createdAt), asc(deferrals.id)),
    count: () => db.select({ value: count() }).from(deferrals).where(where),
    content: (rows) => rows.map((r) => toDeferral(r, now)),
  })
}
