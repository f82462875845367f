import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { CrmImportResult } from '@/lib/contracts/crm'
import { uploadRequest } from '@/lib/http/lazy-client'
import { crmQueries } from './crm-queries'

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
