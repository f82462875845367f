import type { OperationsDashboardQuery } from '@/lib/contracts/operations'
import { DASHBOARD_QUEUES, type DashboardQueue } from '@/lib/contracts/operations-values'

const DAY = /^\d{4}-\d{2}-\d{2}$/

/** Today in Lagos (UTC+01:00 all year) and the first day of the month eleven months before: a year of months. */
export function defaultPeriod(now = new Date()) {
  const today = new Date(now.getTime() + 3_600_000).toISOString().slice(0, 10)
  const first = new Date(Date.UTC(Number(today.slice(0, 4)), Number(today.slice(5, 7)) - 12, 1))
  return { from: first.toISOString().slice(0, 10), to: today }
}

/** The filters the address names, the defaults for what it leaves out or gets wrong (a period backwards is turned round). */
export function filtersOf(query: Readonly<Record<string, string>>, now = new Date()): OperationsDashboardQuery {
  const fallback = defaultPeriod(now)
  const from = query.from && DAY.test(query.from) ? query.from : fallback.from
  const to = query.to && DAY.test(query.to) ? query.to : fallback.to
  const queue = DASHBOARD_QUEUES.includes(query.queue as DashboardQueue) ? (query.queue as DashboardQueue) : 'BUSINESS_REVIEW'
  return from <= to ? { from, to, queue } : { from: to, to: from, queue }
}
