import { useQueryClient } from '@tanstack/react-query'
import { useRouter } from 'next/router'
import { useEffect } from 'react'
import { businessReads, referenceReads } from '@/lib/query/shared-queries'
import { namedBusinessId } from '@/lib/session/use-selected-business'
import { businessQueries } from './business-queries'

/**
 * How long a read started by the prefetch counts as fresh: the dashboard mounts moments after it answers, and would
 * otherwise read everything again (staleTime is 0 by default). A change the user makes still refetches at once
 * (mutations invalidate), and after this the usual rules apply.
 */
export const PREFETCHED_FRESH_MS = 5_000

/**
 * Starts the dashboard's reads when the page mounts, in parallel with the account and the screen's code instead of
 * after them (Lighthouse: the dashboard's largest paint waited for three round trips in a row). The API checks access
 * as always; the screen shows whatever these reads answer.
 */
export function usePrefetchDashboard() {
  const queryClient = useQueryClient()
  const router = useRouter()
  useEffect(() => {
    // A statically optimised page gets its query only after hydration; the address bar has it already.
    const query = router.isReady ? router.query : Object.fromEntries(new URLSearchParams(window.location.search))
    const businessId = namedBusinessId(query)
    if (!businessId) return
    const fresh = { staleTime: PREFETCHED_FRESH_MS }
    void queryClient.prefetchQuery({ ...businessReads.detail(businessId), ...fresh })
    void queryClient.prefetchQuery({ ...businessQueries.outstanding(businessId), ...fresh })
    void queryClient.prefetchQuery({ ...businessReads.products(businessId), ...fresh })
    void queryClient.prefetchQuery(referenceReads.businessTypes())
    void queryClient.prefetchQuery(referenceReads.businessCategories())
  }, [queryClient, router.isReady, router.query])
}
