import { useRouter } from 'next/router'
import { useMemo } from 'react'
import { loginPathFrom } from './route-paths'

type Url = Parameters<ReturnType<typeof useRouter>['push']>[0]
type TransitionOptions = Parameters<ReturnType<typeof useRouter>['push']>[2]

export interface PortalNavigation {
  /** Adds a history entry (`router.push`). */
  push: (url: Url, options?: TransitionOptions) => Promise<boolean>
  /** Replaces the current history entry (`router.replace`). */
  replace: (url: Url, options?: TransitionOptions) => Promise<boolean>
  /**
   * Sends the user to login, replacing the current entry, with `from` holding where to come back to: the given
   * path, else the current path and query (`/auth/login?from=%2Fs%2Fbusinesses%3Ftab%3Dkyc`).
   */
  toLogin: (from?: string) => Promise<boolean>
}

/** Spec section 2: the navigation helper: push, replace, or send to login remembering the current path. */
export function usePortalNavigation(): PortalNavigation {
  const router = useRouter()
  return useMemo<PortalNavigation>(
    () => ({
      push: (url, options) => router.push(url, undefined, options),
      replace: (url, options) => router.replace(url, undefined, options),
      toLogin: (from) => router.replace(loginPathFrom(from ?? router.asPath)),
    }),
    [router],
  )
}
