import { eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm'
import type { Business, RiskTierFilterValue } from '@/lib/contracts/businesses'
import { formatCalendarDate } from '@/lib/format/date'
import { isoDay } from '@/lib/format/iso-day'
import type { Permission } from '@/lib/permissions/names'
import type { Executor, Tx } from '@/server/db/client'
import { businesses } from '@/server/db/schema'
import { asParameter, preparedPer, type Bind } from '@/server/db/shaped-statements'
import { AppError } from '@/server/http/app-error'
import type { Actor } from '@/server/http/context'
import { assertBusinessAccess } from '@/server/http/scope'
import { loadOverdueDeferrals, overdueDeferralExists, type OverdueDeferral } from './overdue-deferrals'

type BusinessRow = typeof businesses.$inferSelect

/** Names compare ignoring case and every space, as the unique index does. */
export const normalisedName = (name: string) => name.toLowerCase().replace(/\s/g, '')
export const nameKey = sql`lower(regexp_replace(${businesses.name}, '\\s', '', 'g'))`

/** What blocking is judged on: the moment (injectable, for tests and jobs) and the business's overdue deferrals. */
export interface BlockingFacts {
  now?: Date
  overdueDeferrals?: readonly OverdueDeferral[]
}

/**
 * docs/domain.md#blocked: blocked is derived, never stored: the recertification date has passed, or an approved
 * deferral is past its due date and not fulfilled. Each reason says what and since when.
 */
export function blockedReasonsOf(row: Pick<BusinessRow, 'recertificationDate'>, facts: BlockingFacts = {}): string[] {
  const today = isoDay(facts.now ?? new Date())
  const reasons: string[] = []
  if (row.recertificationDate && row.recertificationDate < today)
    reasons.push(`Recertification was due on ${formatCalendarDate(row.recertificationDate)}`)
  for (const d of facts.overdueDeferrals ?? [])
    reasons.push(`Deferral for ${d.documentTypeName} overdue since ${formatCalendarDate(isoDay(d.dueDate))}`)
  return reasons
}

/** The same rule in SQL for `blocked=true|false` (index-backed: recertification date; deferrals by business, status, due date). */
export function blockedCondition(now: Date = new Date(), bind: Bind = asParameter): SQL {
  return sql`(${businesses.recertificationDate} < ${bind('today', isoDay(now))}::date or ${overdueDeferralExists(now, bind)})`
}

/**
 * The lists' `riskTier` filter on the tier kept on the row (`businesses.risk_tier`, docs/risk.md#the-tier-in-the-lists),
 * read through businesses_risk_tier_idx. `NOT_ASSESSED` binds no value: `notAssessed` tells a shaped statement's shape.
 */
export function riskTierCondition(
  tiers: readonly RiskTierFilterValue[] | undefined,
  bind: Bind = asParameter,
): { condition?: SQL; notAssessed: boolean } {
  if (!tiers?.length) return { notAssessed: false }
  const assessed = [...new Set(tiers.filter((t) => t !== 'NOT_ASSESSED'))]
  const notAssessed = tiers.includes('NOT_ASSESSED')
  const parts: SQL[] = []
  if (assessed.length)
    parts.push(
      inArray(
        businesses.riskTier,
        assessed.map((tier, i) => bind(`riskTier${i}`, tier)),
      ),
    )
  if (notAssessed) parts.push(isNull(businesses.riskTier))
  return { condition: parts.length === 1 ? parts[0] : or(...parts), notAssessed }
}

/** Businesses as the API returns them, with their overdue deferrals loaded in one query. */
export async function toBusinesses(db: Executor, rows: readonly BusinessRow[], now: Date = new Date()): Promise<Business[]> {
  const overdue = await loadOverdueDeferrals(
    db,
    rows.map((r) => r.id),
    now,
  )
  return rows.map((row) => toBusiness(row, { now, overdueDeferrals: overdue.get(row.id) ?? [] }))
}

export async function toBusinessWithBlocking(db: Executor, row: BusinessRow, now: Date = new Date()): Promise<Business> {
  return (await toBusinesses(db, [row], now))[0]!
}

/** Pure: pass `overdueDeferrals` (see toBusinesses) for a complete `blocked`; without them only recertification counts. */
export function toBusiness(row: BusinessRow, facts: BlockingFacts = {}): Business {
  const blockedReasons = blockedReasonsOf(row, facts)
  return {
    id: row.id,
    name: row.name,
    regNo: row.regNo,
    registrationClass: row.registrationClass,
    typeId: row.typeId,
    categoryId: row.categoryId,
    email: row.email,
    phone: row.phone,
    website: row.website,
    divisionId: row.divisionId,
    address: {
      line1: row.addressLine1,
      line2: row.addressLine2,
      city: row.city,
      country: row.country,
      state: row.state,
      lga: row.lga,
    },
    approvalStatus: row.approvalStatus,
    kycDetailsCompleted: row.kycDetailsCompleted,
    requireFactor: row.requireFactor,
    archiveStatus: row.archiveStatus,
    blocked: blockedReasons.length > 0,
    blockedReasons,
    assigneeId: row.assigneeId,
    recertificationDate: row.recertificationDate,
    createdBy: row.createdBy,
    createdAt: row.createdAt.toISOString(),
    approvedAt: row.approvedAt?.toISOString() ?? null,
  }
}

/** The business, if the actor may see it (staff with the permission, or a member); otherwise 404. */
export async function getBusinessRowOrThrow(options: { db: Executor; actor: Actor; id: string; permission?: Permission }) {
  assertBusinessAccess(options.actor, options.id, options.permission)
  const [row] = await businessRowStatement(options.db).execute({ id: options.id })
  if (!row) throw new AppError('NOT_FOUND', 'Business not found')
  return row
}

const businessRowStatement = preparedPer((db) =>
  db
    .select()
    .from(businesses)
    .where(eq(businesses.id, sql.placeholder('id')))
    .prepare('business_row'),
)

/** The business, with no scope check (staff decisions check their permission first); otherwise 404. */
export async function getBusinessRow(db: Executor, businessId: string): Promise<BusinessRow> {
  const [row] = await db.select().from(businesses).where(eq(businesses.id, businessId))
  if (!row) throw new AppError('NOT_FOUND', 'Business not found')
  return row
}

/** 409 CONFLICT naming the field when the registration number or the name is taken (by another business). */
export async function assertBusinessUnique(db: Executor, input: { regNo?: string; name?: string }, exceptId?: string) {
  const errors: { code: 'CONFLICT'; message: string; field: string }[] = []
  if (input.regNo) {
    const [taken] = await db.select({ id: businesses.id }).from(businesses).where(eq(businesses.regNo, input.regNo))
    if (taken && taken.id !== exceptId)
      errors.push({
        code: 'CONFLICT',
        field: 'regNo',
        message: `A business with registration number ${input.regNo} already exists`,
      })
  }
  if (input.name) {
    const [taken] = await db
      .select({ id: businesses.id })
      .from(businesses)
      .where(eq(nameKey, normalisedName(input.name)))
    if (taken && taken.id !== exceptId)
      errors.push({ code: 'CONFLICT', field: 'name', message: 'A business with this name already exists' })
  }
  if (errors.length) throw new AppError('CONFLICT', errors[0]!.message, { details: errors })
}

/**
 * The business row, locked (`SELECT ... FOR UPDATE`) until the transaction ends. Every write whose right depends on
 * the business's state (KYC writes, business edits) reads that state through this inside its own transaction, so an
 * approval, decline or archive of the business (a conditional UPDATE of this row) waits for the write to commit, or
 * the write sees the decision and is refused: never an APPROVED or archived business with KYC changed after the fact.
 */
export async function lockBusinessRow(tx: Tx, id: string): Promise<BusinessRow | undefined> {
  const [row] = await tx.select().from(businesses).where(eq(businesses.id, id)).for('update')
  return row
}
