import { useQueryClient } from '@tanstack/react-query'
import { useRouter } from 'next/router'
import { useEffect } from 'react'
import { businessReads, referenceReads } from '@/lib/query/shared-queries'
import { namedBusinessId } from '@/lib/session/use-selected-business'
import { businessQueries } from './business-queries'

/**
 * Starts the dashboard's reads when the page mounts, in parallel with the account and the screen's code instead of
 * after them (Lighthouse: the dashboard's largest paint waited for three round trips in a row). The API checks access
 * as always; the screen shows whatever these reads answer.
 */
export function usePrefetchDashboard() {
  const queryClient = useQueryClient()
  const router = useRouter()
  useEffect(() => {
    if (!router.isReady) return
    const businessId = namedBusinessId(router.query)
    if (!businessId) return
    void queryClient.prefetchQuery(businessReads.detail(businessId))
    void queryClient.prefetchQuery(businessQueries.outstanding(businessId))
    void queryClient.prefetchQuery(businessReads.products(businessId))
    void queryClient.prefetchQuery(referenceReads.businessTypes())
    void queryClient.prefetchQuery(referenceReads.businessCategories())
  }, [queryClient, router.isReady, router.query])
}
