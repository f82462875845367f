import { queryOptions } from '@tanstack/react-query'
import type { DocumentChecklist } from '@/lib/contracts/kyc-documents'
import { apiClient } from '@/lib/http'

const segment = (value: string) => encodeURIComponent(value)

/**
 * Query keys of the KYC documents: `['kyc', 'documents', ...]`. Deferral data lives under `['deferrals', ...]`
 * (features/deferrals uses the same prefix), so a change here invalidates both by prefix.
 */
export const documentQueries = {
  all: () => ['kyc', 'documents'] as const,
  checklist: (businessId: string) =>
    queryOptions({
      queryKey: [...documentQueries.all(), 'checklist', businessId] as const,
      queryFn: async ({ signal }) =>
        (await apiClient.get<DocumentChecklist>(`/kyc/document-checklist/${segment(businessId)}`, { signal })).data,
    }),
  /** `GET /deferrals/deferrable-max-days`: staff change it rarely. */
  maxDeferralDays: () =>
    queryOptions({
      queryKey: ['deferrals', 'max-days'] as const,
      queryFn: async ({ signal }) =>
        (await apiClient.get<{ maxDays: number }>('/deferrals/deferrable-max-days', { signal })).data.maxDays,
      staleTime: 5 * 60_000,
    }),
}

/** What changes when a document or a deferral changes: the checklist, the deferral lists, the business (blocked). */
export const DOCUMENT_DEPENDENT_KEYS = [['kyc'], ['deferrals'], ['businesses']] as const
