import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { STAFF_DOCUMENTS_QUERY_KEY } from '@/components/review/document-review-actions'
import type { DeferrableMappingAnswer, DeferrableMappingInput } from '@/lib/contracts/deferral-review'
import type { DocumentType } from '@/lib/contracts/kyc-documents'
import { apiClient } from '@/lib/http'

/** The deferral settings' queries, under the staff documents prefix: `['staff-documents', 'deferral-settings', …]`. */
export const deferralSettingsQueries = {
  all: () => [...STAFF_DOCUMENTS_QUERY_KEY, 'deferral-settings'] as const,
  maxDays: () =>
    queryOptions({
      queryKey: [...deferralSettingsQueries.all(), 'max-days'] as const,
      queryFn: async ({ signal }) =>
        (await apiClient.get<{ maxDays: number }>('/deferrals/deferrable-max-days', { signal })).data,
    }),
  mapping: () =>
    queryOptions({
      queryKey: [...deferralSettingsQueries.all(), 'mapping'] as const,
      queryFn: async ({ signal }) =>
        (await apiClient.get<DeferrableMappingAnswer>('/deferrals/deferrable-mapping', { signal })).data,
    }),
  /** Inactive types too: the mapping is replaced as a whole, so their rows must be seen to be kept. */
  documentTypes: () =>
    queryOptions({
      queryKey: [...deferralSettingsQueries.all(), 'document-types'] as const,
      queryFn: async ({ signal }) =>
        (await apiClient.get<DocumentType[]>('/kyc-document-types', { params: { includeInactive: 'true' }, signal })).data,
    }),
}

/** `PUT /deferrals/deferrable-days/{days}`: the answer becomes the cached maximum. */
export function useSetMaxDays() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (days: number) =>
      (await apiClient.put<{ maxDays: number }>(`/deferrals/deferrable-days/${encodeURIComponent(String(days))}`)).data,
    onSuccess: (answer) => queryClient.setQueryData(deferralSettingsQueries.maxDays().queryKey, answer),
  })
}

/** `PUT /deferrals/deferrable-mapping`: replaces the whole mapping; the answer becomes the cached mapping. */
export function useSaveMapping() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (input: DeferrableMappingInput) =>
      (await apiClient.put<DeferrableMappingAnswer>('/deferrals/deferrable-mapping', input)).data,
    onSuccess: (answer) => queryClient.setQueryData(deferralSettingsQueries.mapping().queryKey, answer),
  })
}
