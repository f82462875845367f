import { and, count, countDistinct, desc, eq, gte, lt, ne, sql, type SQL } from 'drizzle-orm'
import { type BusinessSummary, type BusinessSummaryQuery } from '@/lib/contracts/business-reports'
import { APPROVAL_STATUS_VALUES, RISK_TIER_FILTER_VALUES } from '@/lib/contracts/businesses'
import { riskTierWords, type RiskTier } from '@/lib/contracts/risk-values'
import { DAY_MS } from '@/lib/format/iso-day'
import type { Executor } from '@/server/db/client'
import { businessCategories, businesses, businessTypes, onboardingProducts, products } from '@/server/db/schema'
import { AppError } from '@/server/http/app-error'
import { reportConditions } from './business-report'

const STATUS_LABELS: Record<(typeof APPROVAL_STATUS_VALUES)[number], string> = {
  PENDING: 'Pending',
  APPROVED: 'Approved',
  DECLINED: 'Declined',
}

const startOfDay = (value: string) => new Date(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00.000Z` : value)
const monthKey = (date: Date) => date.toISOString().slice(0, 7)

/** The months `YYYY-MM` from `from` to `to`, both included. */
export function monthsBetween(from: Date, to: Date): string[] {
  const months: string[] = []
  const cursor = new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), 1))
  while (cursor <= to) {
    months.push(monthKey(cursor))
    cursor.setUTCMonth(cursor.getUTCMonth() + 1)
  }
  return months
}

/**
 * `GET /reports/businesses/summary`: counts of the businesses registered in the range (the last 12 months by
 * default) and matching the business list's other filters, by approval status, type, category, state, product and
 * risk tier in force (docs/risk.md#the-tier-in-the-lists), and per month registered and approved. Archived businesses
 * are left out unless `archiveStatus` asks for them, as in the lists.
 */
export async function findBusinessSummary(options: {
  db: Executor
  query: BusinessSummaryQuery
  now?: Date
}): Promise<BusinessSummary> {
  const { db, query, now = new Date() } = options
  const to = query.to ? startOfDay(query.to) : now
  // An end given as a day includes that whole day.
  const end = query.to && /^\d{4}-\d{2}-\d{2}$/.test(query.to) ? new Date(to.getTime() + DAY_MS) : new Date(to.getTime() + 1)
  const from = query.from ? startOfDay(query.from) : new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 11, 1))
  if (from >= end) throw new AppError('VALIDATION_FAILED', 'The start of the range must come before its end', { field: 'from' })
  const months = monthsBetween(from, to)
  if (months.length > 120) throw new AppError('VALIDATION_FAILED', 'Ask for at most ten years at a time', { field: 'from' })

  // The list's filters but its date range, which this summary reads as the range of its months.
  const archived = reportConditions({ ...query, from: undefined, to: undefined }, now)
  const registeredIn: SQL = and(archived, gte(businesses.createdAt, from), lt(businesses.createdAt, end))!
  const month = (column: typeof businesses.createdAt | typeof businesses.approvedAt) =>
    sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM')`

  const [byStatus, byType, byCategory, registered, approved, types, categories, byState, byProduct, byTier] = await Promise.all([
    db
      .select({ key: businesses.approvalStatus, count: count() })
      .from(businesses)
      .where(registeredIn)
      .groupBy(businesses.approvalStatus),
    db.select({ key: businesses.typeId, count: count() }).from(businesses).where(registeredIn).groupBy(businesses.typeId),
    db.select({ key: businesses.categoryId, count: count() }).from(businesses).where(registeredIn).groupBy(businesses.categoryId),
    db
      .select({ month: month(businesses.createdAt), count: count() })
      .from(businesses)
      .where(registeredIn)
      .groupBy(month(businesses.createdAt)),
    db
      .select({ month: month(businesses.approvedAt), count: count() })
      .from(businesses)
      .where(
        and(
          archived,
          eq(businesses.approvalStatus, 'APPROVED'),
          gte(businesses.approvedAt, from),
          lt(businesses.approvedAt, end),
        ),
      )
      .groupBy(month(businesses.approvedAt)),
    db.select({ id: businessTypes.id, name: businessTypes.name }).from(businessTypes),
    db.select({ id: businessCategories.id, name: businessCategories.name }).from(businessCategories),
    db
      .select({ key: businesses.state, count: count() })
      .from(businesses)
      .where(registeredIn)
      .groupBy(businesses.state)
      .orderBy(desc(count()), businesses.state),
    db
      .select({ key: products.id, label: products.name, count: countDistinct(businesses.id) })
      .from(businesses)
      .innerJoin(onboardingProducts, eq(onboardingProducts.businessId, businesses.id))
      .innerJoin(products, eq(products.id, onboardingProducts.productId))
      .where(and(registeredIn, ne(onboardingProducts.status, 'REMOVED')))
      .groupBy(products.id, products.name)
      .orderBy(desc(countDistinct(businesses.id)), products.name),
    db.select({ key: businesses.riskTier, count: count() }).from(businesses).where(registeredIn).groupBy(businesses.riskTier),
  ])

  const countOf = (rows: { key: string; count: number }[]) => new Map(rows.map((r) => [r.key, r.count]))
  const statusCounts = countOf(byStatus)
  const typeCounts = countOf(byType)
  const categoryCounts = countOf(byCategory)
  const registeredCounts = new Map(registered.map((r) => [r.month, r.count]))
  const approvedCounts = new Map(approved.map((r) => [r.month, r.count]))
  const tierCounts = new Map(byTier.map((r) => [r.key ?? 'NOT_ASSESSED', r.count]))
  const byName = (a: { label: string }, b: { label: string }) => a.label.localeCompare(b.label)

  return {
    from: from.toISOString(),
    to: to.toISOString(),
    total: [...statusCounts.values()].reduce((a, b) => a + b, 0),
    byStatus: APPROVAL_STATUS_VALUES.map((key) => ({ key, label: STATUS_LABELS[key], count: statusCounts.get(key) ?? 0 })),
    byType: types.map((t) => ({ key: t.id, label: t.name, count: typeCounts.get(t.id) ?? 0 })).sort(byName),
    byCategory: categories.map((c) => ({ key: c.id, label: c.name, count: categoryCounts.get(c.id) ?? 0 })).sort(byName),
    byState: byState.map((r) => ({ key: r.key, label: r.key, count: r.count })),
    byProduct,
    byRiskTier: RISK_TIER_FILTER_VALUES.map((key) => ({
      key,
      label: riskTierWords(key === 'NOT_ASSESSED' ? null : (key as RiskTier)),
      count: tierCounts.get(key) ?? 0,
    })),
    byMonth: months.map((m) => ({ month: m, registered: registeredCounts.get(m) ?? 0, approved: approvedCounts.get(m) ?? 0 })),
  }
}
