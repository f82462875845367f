import { z } from 'zod'
import { RISK_TIERS } from './risk-values'

const day = z.iso.date({ message: 'must be a day (YYYY-MM-DD)' }).refine((d) => d >= '2000-01-01' && d <= '9998-12-31', {
  message: 'must be a day between 2000-01-01 and 9998-12-31',
})

/** A period of whole days, `from` and `to` included (days are read in UTC), at most five years. */
const inOrder: [(q: { from: string; to: string }) => boolean, { message: string; path: string[] }] = [
  (q) => q.from <= q.to,
  { message: 'must not be after `to`', path: ['from'] },
]
const atMostFiveYears: [(q: { from: string; to: string }) => boolean, { message: string; path: string[] }] = [
  (q) => Date.parse(q.to) - Date.parse(q.from) <= 5 * 366 * 86_400_000,
  { message: 'the period may be at most five years', path: ['to'] },
]

/** `GET /reports/regulatory-returns`. */
export const regulatoryReturnsQuerySchema = z
  .object({ from: day, to: day })
  .refine(...inOrder)
  .refine(...atMostFiveYears)
export type RegulatoryReturnsQuery = z.infer<typeof regulatoryReturnsQuerySchema>

/** `GET /reports/regulatory-returns/download?format=xlsx`. */
export const regulatoryReturnsDownloadQuerySchema = z
  .object({ from: day, to: day, format: z.literal('xlsx', { message: 'must be xlsx' }).default('xlsx') })
  .refine(...inOrder)
  .refine(...atMostFiveYears)

/** What each figure counts: docs/risk.md#regulatory-returns. */
export const regulatoryReturnsSchema = z
  .object({
    period: z.object({ from: z.string(), to: z.string() }),
    generatedAt: z.string(),
    /** Businesses approved in the period, by the risk tier in force now (NONE: never assessed). */
    onboardedByTier: z.array(z.object({ tier: z.enum([...RISK_TIERS, 'NONE']), businesses: z.number().int() })),
    /**
     * Of those, with a person declared or confirmed politically exposed; how many passed the senior approval; how many
     * have their enhanced due diligence complete (every item answered with its documents).
     */
    peps: z.object({
      onboarded: z.number().int(),
      seniorApproved: z.number().int(),
      withoutSeniorApproval: z.number().int(),
      eddComplete: z.number().int(),
      eddIncomplete: z.number().int(),
    }),
    /** Screening candidates raised in the period, by what became of them. */
    screeningHits: z.object({
      raised: z.number().int(),
      open: z.number().int(),
      falseMatches: z.number().int(),
      trueMatches: z.number().int(),
    }),
    /** True matches of the period with the reference of the report filed with the NFIU, and without. */
    trueMatchesReported: z.object({ reported: z.number().int(), notReported: z.number().int() }),
    /** Approved businesses whose recertification fell due in the period; recertified (date moved) in it; overdue now. */
    periodicReviews: z.object({ due: z.number().int(), done: z.number().int(), overdue: z.number().int() }),
    /** Deferrals granted and not fulfilled at the end of the period, and of those past their due date then. */
    deferralsOutstanding: z.object({ outstanding: z.number().int(), overdue: z.number().int() }),
  })
  .meta({ id: 'RegulatoryReturns' })
export type RegulatoryReturns = z.infer<typeof regulatoryReturnsSchema>
