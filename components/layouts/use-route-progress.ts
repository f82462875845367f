import type { Router } from 'next/router'
import type { NProgress } from 'nprogress'
import { useEffect } from 'react'
import { afterPageLoad } from '@/lib/navigation/after-page-load'

/** A navigation that ends sooner than this shows no bar (no flash on instant, prefetched pages). */
export const ROUTE_PROGRESS_DELAY_MS = 100

/**
 * No `role` attributes: nprogress's default template carries invalid ones (`role="bar"`) that fail axe; so the bar is
 * found by class (`barSelector`), not by its default `[role="bar"]`.
 */
const TEMPLATE = '<div class="bar"><div class="peg"></div></div>'

/**
 * Spec section 2: a progress bar while the route changes (styles in styles/nprogress.css). nprogress (~1.5 kB) is
 * fetched after hydration rather than shipped in every page's first-load JavaScript. Shallow changes (a table's
 * filters written to the URL) and hash changes show no bar.
 */
export function useRouteProgress(events: Router['events']) {
  useEffect(() => {
    let progress: NProgress | null = null
    let navigating = false
    let startTimer: ReturnType<typeof setTimeout> | undefined
    let disposed = false

    void afterPageLoad()
      .then(() => import('nprogress'))
      .then((module) => {
        if (disposed) return
        const loaded = ((module as { default?: NProgress }).default ?? module) as NProgress
        loaded.configure({ showSpinner: false, template: TEMPLATE, barSelector: '.bar', trickleSpeed: 200, minimum: 0.1 })
        progress = loaded
      })
      .catch(() => undefined)

    const start = (_url: string, { shallow }: { shallow: boolean }) => {
      if (shallow) return
      navigating = true
      clearTimeout(startTimer)
      startTimer = setTimeout(() => {
        if (navigating) progress?.start()
      }, ROUTE_PROGRESS_DELAY_MS)
    }
    const done = () => {
      navigating = false
      clearTimeout(startTimer)
      if (progress?.isStarted()) progress.done()
    }

    events.on('routeChangeStart', start)
    events.on('routeChangeComplete', done)
    events.on('routeChangeError', done)
    return () => {
      disposed = true
      clearTimeout(startTimer)
      events.off('routeChangeStart', start)
      events.off('routeChangeComplete', done)
      events.off('routeChangeError', done)
      progress?.remove()
    }
  }, [events])
}
