import { z } from 'zod'
import { AGE_BUCKETS, DASHBOARD_QUEUES, KYC_STOPS } from './operations-values'

const day = z.iso.date({ message: 'must be a day (YYYY-MM-DD)' }).refine((d) => d >= '2000-01-01' && d <= '9998-12-31', {
  message: 'must be a day between 2000-01-01 and 9998-12-31',
})

/**
 * `GET /operations/dashboard`: a period of whole Lagos days, `from` and `to` included (at most five years), and a
 * queue (the business review when none is named).
 */
export const operationsDashboardQuerySchema = z
  .object({
    from: day,
    to: day,
    queue: z.enum(DASHBOARD_QUEUES, { message: `must be one of ${DASHBOARD_QUEUES.join(', ')}` }).default('BUSINESS_REVIEW'),
  })
  .refine((q) => q.from <= q.to, { message: 'must not be after `to`', path: ['from'] })
  .refine((q) => Date.parse(q.to) - Date.parse(q.from) <= 5 * 366 * 86_400_000, {
    message: 'the period may be at most five years',
    path: ['to'],
  })
export type OperationsDashboardQuery = z.output<typeof operationsDashboardQuerySchema>

const count = z.number().int()
/** Hours, to one decimal; null when nothing was decided in the period. */
const hours = z.number().nullable()

/** What each figure counts: docs/operations-dashboard.md#definitions. */
export const operationsDashboardSchema = z.object({
  queue: z.enum(DASHBOARD_QUEUES),
  period: z.object({ from: z.string(), to: z.string() }),
  generatedAt: z.string(),
  /** Items that entered the queue in the period, and items decided in it. */
  totals: z.object({ in: count, out: count }),
  /** Per Lagos month of the period (`YYYY-MM`): in and out. */
  byMonth: z.array(z.object({ month: z.string(), in: count, out: count })),
  /** From entry to decision, over the items decided in the period. */
  timeToDecision: z.object({ decided: count, medianHours: hours, p90Hours: hours }),
  /** The items waiting now, by how long they have waited. */
  backlog: z.object({ total: count, buckets: z.array(z.object({ bucket: z.enum(AGE_BUCKETS), label: z.string(), count })) }),
  /** Of the items decided in the period, those escalated (past their due time) before the decision. */
  breaches: z.object({ decided: count, breached: count, rate: z.number().nullable() }),
  /** Staff with items of the queue assigned now or decided in the period. */
  reviewers: z.array(z.object({ userId: z.uuid(), name: z.string(), open: count, decided: count })),
  /** Businesses registered in the period, by the KYC step they last saved (or submitted). */
  kycStops: z.array(z.object({ step: z.enum(KYC_STOPS), label: z.string(), count })),
  /** The ten most frequent reasons given for a negative decision in the period (declined, rejected, failed, true match). */
  declineReasons: z.array(z.object({ reason: z.string(), count })),
})
export type OperationsDashboard = z.infer<typeof operationsDashboardSchema>

/** `GET /operations/dashboard.csv`: the same filters. */
export const operationsDashboardCsvQuerySchema = operationsDashboardQuerySchema
