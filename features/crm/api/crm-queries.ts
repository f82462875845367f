import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import type { CrmAccount, CrmImportResult } from '@/lib/contracts/crm'
import { CRM_SEARCH_SIZE_LIMIT } from '@/lib/contracts/crm-values'
import { apiClient, uploadRequest } from '@/lib/http/lazy-client'

/** The CRM lookups: `['crm', …]`. */
export const crmQueries = {
  all: () => ['crm'] as const,
  search: (accountName: string) =>
    queryOptions({
      queryKey: [...crmQueries.all(), 'search-accounts', accountName] as const,
      queryFn: async ({ signal }) =>
        (
          await apiClient.get<CrmAccount[]>('/crm/search-accounts', {
            params: { accountName, sizeLimit: CRM_SEARCH_SIZE_LIMIT },
            signal,
          })
        ).data,
      staleTime: 60 * 1000,
    }),
}

/** POST /crm/accounts/import: the CSV goes up as multipart; searches made before are stale afterwards. */
export function useImportCrmAccounts() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (file: File) => {
      const form = new FormData()
      form.set('file', file, file.name)
      // The screen lists every refused line itself: no toast.
      return (await uploadRequest<CrmImportResult>('/crm/accounts/import', form, { silent: true })).data
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: crmQueries.all() }),
  })
}
