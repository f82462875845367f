import { sql } from 'drizzle-orm'
import type { RegulatoryReturns, RegulatoryReturnsQuery } from '@/lib/contracts/regulatory-returns'
import { RISK_TIERS } from '@/lib/contracts/risk-values'
import { PERMISSIONS } from '@/lib/permissions/names'
import type { Executor } from '@/server/db/client'
import { rowsOf } from '@/server/db/rows-of'
import { assertStaffWithAny } from '@/server/http/access'
import type { Actor } from '@/server/http/context'
import { loadEddState } from '@/server/modules/risk/edd-items'

/** Who reads the returns: staff who may read businesses (the figures name no one). */
export const RETURNS_READERS = [PERMISSIONS.CAN_READ_BUSINESS] as const

const count = (row: Record<string, unknown> | undefined, key: string) => Number(row?.[key] ?? 0)

/**
 * `GET /reports/regulatory-returns` (docs/risk.md#regulatory-returns): the figures an examiner asks for over a period
 * of whole days, `from` and `to` included, counted in the database in six queries.
 */
export async function findRegulatoryReturns(options: {
  db: Executor
  actor: Actor
  query: RegulatoryReturnsQuery
  now?: Date
}): Promise<RegulatoryReturns> {
  const { db, actor, query } = options
  assertStaffWithAny(actor, ...RETURNS_READERS)
  const now = options.now ?? new Date()
  const start = new Date(`${query.from}T00:00:00.000Z`)
  const end = new Date(Date.parse(`${query.to}T00:00:00.000Z`) + 86_400_000)
  // The end of the period, or now when the period is not over: what is overdue is overdue by then.
  const asOf = end < now ? end : now

  const onboarded = sql`
    select b.id, coalesce(o.tier, a.tier, 'NONE') as tier
    from businesses b
    left join risk_assessments a on a.business_id = b.id and a.superseded_at is null
    left join risk_overrides o on o.business_id = b.id and o.ended_at is null and a.tier <> 'PROHIBITED'
    where b.approval_status = 'APPROVED' and b.approved_at >= ${start} and b.approved_at < ${end}`
  const [byTier, peps, hits, reported, reviews, deferred] = await Promise.all([
    db.execute(sql`select tier, count(*)::int as n from (${onboarded}) o group by tier`),
    db.execute(sql`
      with onboarded as (${onboarded}),
      exposed as (
        select distinct o.id from onboarded o
        join screening_checks c on c.business_id = o.id and c.superseded_at is null
        where c.pep_declaration->>'status' in ('PEP', 'FAMILY_MEMBER', 'CLOSE_ASSOCIATE')
        union
        select distinct o.id from onboarded o
        join screening_hits h on h.business_id = o.id and h.status = 'TRUE_MATCH'
        join screening_entries e on e.id = h.entry_id
        join screening_lists l on l.id = e.list_id and l.kind = 'PEP'
      )
      select exposed.id, k.id as kyc_details_id, exists (
          select 1 from audits x where x.resource = 'business' and x.resource_id = exposed.id::text and x.action = 'FIRST_APPROVAL'
        ) as senior
      from exposed left join kyc_details k on k.business_id = exposed.id`),
    db.execute(sql`
      select count(*)::int as raised,
        count(*) filter (where status = 'OPEN')::int as open,
        count(*) filter (where status = 'FALSE_MATCH')::int as false_matches,
        count(*) filter (where status = 'TRUE_MATCH')::int as true_matches
      from screening_hits where created_at >= ${start} and created_at < ${end}`),
    db.execute(sql`
      select count(*) filter (where report_reference is not null and report_reference <> '')::int as reported,
        count(*) filter (where report_reference is null or report_reference = '')::int as not_reported
      from screening_hits where status = 'TRUE_MATCH' and decided_at >= ${start} and decided_at < ${end}`),
    db.execute(sql`
      select
        (select count(*)::int from businesses where approval_status = 'APPROVED' and archive_status = 'ACTIVE'
           and recertification_date >= ${query.from}::date and recertification_date <= ${query.to}::date) as due,
        (select count(distinct resource_id)::int from audits where resource = 'business'
           and action = 'SET_RECERTIFICATION_DATE' and created_at >= ${start} and created_at < ${end}) as done,
        (select count(*)::int from businesses where approval_status = 'APPROVED' and archive_status = 'ACTIVE'
           and recertification_date < ${asOf.toISOString().slice(0, 10)}::date) as overdue`),
    db.execute(sql`
      select count(*)::int as outstanding,
        count(*) filter (where due_date < ${asOf})::int as overdue
      from deferrals where status = 'APPROVED' and created_at < ${end}`),
  ])
  const tiers = new Map(rowsOf<{ tier: string; n: number }>(byTier).map((r) => [r.tier, Number(r.n)]))
  const exposed = rowsOf<{ id: string; kyc_details_id: string | null; senior: boolean }>(peps)
  const eddComplete = await countEddComplete(db, exposed)
  const senior = exposed.filter((p) => p.senior).length
  const [hit] = rowsOf<Record<string, unknown>>(hits)
  const [report] = rowsOf<Record<string, unknown>>(reported)
  const [review] = rowsOf<Record<string, unknown>>(reviews)
  const [deferral] = rowsOf<Record<string, unknown>>(deferred)
  return {
    period: { from: query.from, to: query.to },
    generatedAt: now.toISOString(),
    onboardedByTier: [...RISK_TIERS, 'NONE' as const].map((tier) => ({ tier, businesses: tiers.get(tier) ?? 0 })),
    peps: {
      onboarded: exposed.length,
      seniorApproved: senior,
      withoutSeniorApproval: exposed.length - senior,
      eddComplete,
      eddIncomplete: exposed.length - eddComplete,
    },
    screeningHits: {
      raised: count(hit, 'raised'),
      open: count(hit, 'open'),
      falseMatches: count(hit, 'false_matches'),
      trueMatches: count(hit, 'true_matches'),
    },
    trueMatchesReported: { reported: count(report, 'reported'), notReported: count(report, 'not_reported') },
    periodicReviews: { due: count(review, 'due'), done: count(review, 'done'), overdue: count(review, 'overdue') },
    deferralsOutstanding: { outstanding: count(deferral, 'outstanding'), overdue: count(deferral, 'overdue') },
  }
}

/**
 * How many of the PEP businesses have every enhanced due diligence item answered with its supporting documents
 * (docs/risk.md#enhanced-due-diligence), whatever their tier now. A few queries per PEP business: they are few.
 */
async function countEddComplete(db: Executor, exposed: readonly { id: string; kyc_details_id: string | null }[]) {
  let complete = 0
  for (const business of exposed) {
    const edd = await loadEddState(db, business, business.kyc_details_id)
    if (edd.items.length && edd.items.every((i) => i.complete)) complete++
  }
  return complete
}
