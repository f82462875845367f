import { queryOptions } from '@tanstack/react-query'
import type { Page } from '@/lib/contracts/pagination'
import type { BusinessRisk, RiskAssessment, RiskDryRun, RiskModelVersion, RiskModelVersionSummary } from '@/lib/contracts/risk'
import type { RiskTier } from '@/lib/contracts/risk-values'
import { apiPath } from '@/lib/http/api-path'
import { apiClient } from '@/lib/http/lazy-client'

/** How many businesses would move from one tier (null: not assessed yet) to another. */
export interface TierMove {
  from: RiskTier | null
  to: RiskTier
  count: number
}

const DRY_RUN_SUMMARY_PAGE = 500

async function dryRunPage(
  id: string,
  params: { after?: string | null; pageSize: number; changedOnly: boolean },
  signal?: AbortSignal,
): Promise<RiskDryRun> {
  return (
    await apiClient.get<RiskDryRun>(apiPath`/risk/models/${id}/dry-run`, {
      params: { pageSize: params.pageSize, changedOnly: String(params.changedOnly), after: params.after ?? undefined },
      signal,
    })
  ).data
}

/** Risk's reads (docs/risk.md#api): `['risk', …]`, generic to specific. */
export const riskQueries = {
  all: () => ['risk'] as const,
  /** A business's current assessment (null before its KYC is submitted), to staff who may read the business. */
  business: (businessId: string) =>
    queryOptions({
      queryKey: [...riskQueries.all(), 'business', businessId] as const,
      queryFn: async ({ signal }) =>
        (await apiClient.get<BusinessRisk | null>(apiPath`/businesses/${businessId}/risk`, { signal })).data,
    }),
  /** Its assessments, newest first. */
  history: (businessId: string, pageSize = 10) =>
    queryOptions({
      queryKey: [...riskQueries.all(), 'business', businessId, 'history', pageSize] as const,
      queryFn: async ({ signal }) =>
        (
          await apiClient.get<Page<RiskAssessment>>(apiPath`/businesses/${businessId}/risk/history`, {
            params: { pageNumber: 1, pageSize },
            signal,
          })
        ).data,
    }),
  models: () => [...riskQueries.all(), 'models'] as const,
  /** The model's versions, newest first. */
  versions: (pageNumber: number, pageSize = 10) =>
    queryOptions({
      queryKey: [...riskQueries.models(), 'list', pageNumber, pageSize] as const,
      queryFn: async ({ signal }) =>
        (
          await apiClient.get<Page<RiskModelVersionSummary>>('/risk/models', {
            params: { pageNumber, pageSize },
            signal,
          })
        ).data,
    }),
  /** One version with its model. */
  version: (id: string) =>
    queryOptions({
      queryKey: [...riskQueries.models(), 'detail', id] as const,
      queryFn: async ({ signal }) => (await apiClient.get<RiskModelVersion>(apiPath`/risk/models/${id}`, { signal })).data,
    }),
  /** A page of a version's dry run: every current business (or only those whose tier would move) from `after`. */
  dryRun: (id: string, params: { after: string | null; pageSize: number; changedOnly: boolean }) =>
    queryOptions({
      queryKey: [...riskQueries.models(), 'detail', id, 'dry-run', params] as const,
      queryFn: ({ signal }) => dryRunPage(id, params, signal),
    }),
  /**
   * The moves between tiers the version would make, counted over its whole dry run (the businesses whose tier would
   * change, page after page of 500 until the last).
   */
  dryRunMoves: (id: string) =>
    queryOptions({
      queryKey: [...riskQueries.models(), 'detail', id, 'dry-run', { moves: true }] as const,
      queryFn: async ({ signal }) => {
        const moves = new Map<string, TierMove>()
        let after: string | null = null
        do {
          const page: RiskDryRun = await dryRunPage(id, { after, pageSize: DRY_RUN_SUMMARY_PAGE, changedOnly: true }, signal)
          for (const row of page.content) {
            const key = `${row.fromTier}>${row.toTier}`
            const move = moves.get(key) ?? { from: row.fromTier, to: row.toTier, count: 0 }
            move.count++
            moves.set(key, move)
          }
          after = page.next
        } while (after)
        return [...moves.values()]
      },
    }),
}
