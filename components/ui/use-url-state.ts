import { useRouter } from 'next/router'
import { useCallback, useEffect, useMemo, useRef } from 'react'
import { firstQueryValues } from './table-url-state'

/** A query-string value to write; `null`, `undefined` and `""` remove the key. */
export type UrlQueryValue = string | number | boolean | null | undefined
export type UrlQueryPatch = Record<string, UrlQueryValue>

export interface UrlState {
  /** The current query (route params included), one string per key (the first when repeated). */
  query: Readonly<Record<string, string>>
  /** Merges `patch` into the query with `router.replace(…, { shallow: true, scroll: false })`. */
  setQuery: (patch: UrlQueryPatch) => Promise<boolean>
  /**
   * False until Next has parsed the query (first render of a statically optimised page):
   * wait for it before fetching, or the first request ignores the URL.
   */
  isReady: boolean
}

/** State kept in the URL query string (shareable, survives reload, back/forward), via `next/router`. */
export function useUrlState(): UrlState {
  const router = useRouter()
  const raw = router.query
  const query = useMemo(() => firstQueryValues(raw), [raw])

  // The last query written, while the router has not caught up: two writes in a row both count.
  const pending = useRef<{ base: typeof raw; next: Record<string, string | string[]> } | null>(null)

  // While the user is leaving for another page (a link followed, not our own shallow replace), a late write
  // (e.g. a debounced filter) must not replace the route and cancel that navigation.
  const leaving = useRef(false)
  useEffect(() => {
    const events = router.events
    if (!events) return
    const onStart = (_url: string, { shallow }: { shallow: boolean }) => {
      if (!shallow) leaving.current = true
    }
    const onEnd = () => {
      leaving.current = false
    }
    events.on('routeChangeStart', onStart)
    events.on('routeChangeComplete', onEnd)
    events.on('routeChangeError', onEnd)
    return () => {
      events.off('routeChangeStart', onStart)
      events.off('routeChangeComplete', onEnd)
      events.off('routeChangeError', onEnd)
    }
  }, [router.events])

  const setQuery = useCallback(
    (patch: UrlQueryPatch) => {
      if (leaving.current) return Promise.resolve(false)
      const current = pending.current?.base === router.query ? pending.current.next : router.query
      const next: Record<string, string | string[]> = {}
      for (const [key, value] of Object.entries(current)) if (value !== undefined) next[key] = value
      for (const [key, value] of Object.entries(patch)) {
        if (value === null || value === undefined || value === '') delete next[key]
        else next[key] = String(value)
      }
      pending.current = { base: router.query, next }
      // pathname keeps dynamic segments ([id]) interpolated from the query's route params.
      return router.replace({ pathname: router.pathname, query: next }, undefined, { shallow: true, scroll: false })
    },
    [router],
  )

  return { query, setQuery, isReady: router.isReady }
}
