import { useRouter } from 'next/router'
import { useEffect, useState } from 'react'
import { isRecordId } from './record-id'
import { getBusinessId, setBusinessId } from './storage'

export type SelectedBusinessSource = 'query' | 'storage' | 'only-membership' | 'none'

export interface SelectedBusiness {
  /** False until the router has read the URL and storage has been read. */
  isReady: boolean
  businessId: string | null
  source: SelectedBusinessSource
  /** The URL named something that is not a business id. */
  isInvalid: boolean
}

/**
 * The business id a page names before the account has loaded (`?businessId=`, else the one chosen in this tab), for
 * starting its reads early; null when there is none. useSelectedBusiness decides, with the memberships, what is shown.
 */
export function namedBusinessId(query: Record<string, string | string[] | undefined>): string | null {
  const fromQuery = typeof query.businessId === 'string' ? query.businessId : null
  const id = fromQuery ?? getBusinessId()
  return id && isRecordId(id) ? id : null
}

/**
 * The business a business-area page is about: `?businessId=` (remembered in session storage as the chosen business,
 * spec key `businessId`), else the one chosen earlier in this tab, else the user's only business.
 */
export function useSelectedBusiness(membershipIds: readonly string[] = []): SelectedBusiness {
  const router = useRouter()
  const fromQuery = typeof router.query.businessId === 'string' ? router.query.businessId : null
  const [stored, setStored] = useState<string | null | undefined>(undefined)

  useEffect(() => {
    if (!router.isReady) return
    if (fromQuery && isRecordId(fromQuery)) setBusinessId(fromQuery)
    setStored(getBusinessId())
  }, [router.isReady, fromQuery])

  // A business named in the address needs nothing from storage: the page can render it at once (on the server too).
  const isReady = router.isReady && (fromQuery !== null || stored !== undefined)
  if (!isReady) return { isReady: false, businessId: null, source: 'none', isInvalid: false }
  if (fromQuery) {
    return isRecordId(fromQuery)
      ? { isReady, businessId: fromQuery, source: 'query', isInvalid: false }
      : { isReady, businessId: null, source: 'none', isInvalid: true }
  }
  if (stored && isRecordId(stored)) return { isReady, businessId: stored, source: 'storage', isInvalid: false }
  if (membershipIds.length === 1) return { isReady, businessId: membershipIds[0]!, source: 'only-membership', isInvalid: false }
  return { isReady, businessId: null, source: 'none', isInvalid: false }
}
