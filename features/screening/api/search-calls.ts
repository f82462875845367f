import { useMutation } from '@tanstack/react-query'
import type { ScreeningSearchInput, ScreeningSearchResult } from '@/lib/contracts/screening'
import { apiClient } from '@/lib/http/lazy-client'

/** `POST /screening/search`: an ad-hoc search of every list; each search is audited, so it is a call, not a cached read. */
export function useScreeningSearch() {
  return useMutation({
    mutationFn: async (input: ScreeningSearchInput) =>
      (await apiClient.post<ScreeningSearchResult>('/screening/search', input, { shownInline: true })).data,
  })
}
