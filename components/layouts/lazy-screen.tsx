import dynamic from 'next/dynamic'
import { lazy, Suspense, useEffect, useState, type ComponentType, type ReactNode } from 'react'
import { Skeleton } from '@/components/ui/skeleton'

/** A screen in its own chunk; `preload()` starts fetching it before it first renders. */
export type LazyScreen<P> = ComponentType<P> & { preload: () => Promise<unknown> }

/** Whether the page's first render (the hydration of the server's HTML) has been committed. */
let pageHydrated = false

/** Called once by the app's providers: screens mounted from now on are not part of the server's HTML. */
export function useMarkPageHydrated(): void {
  useEffect(() => {
    pageHydrated = true
  }, [])
}

type Loading = { label: string; count: number } | { placeholder: () => ReactNode }

/**
 * A page's screen in its own chunk, with a skeleton meanwhile. The page frame (`PortalPage`) preloads it when the page
 * mounts, so it loads in parallel with the account, which the layout waits for anyway, rather than with the page: the
 * route stays within its JavaScript budget.
 *
 * `loading`: a skeleton of `count` lines, or a `placeholder` of the screen's own shape where its height is known (so
 * nothing moves when it arrives).
 *
 * `serverRendered`: for a page whose first reads come with it (`readPageAnswers`): the server renders the screen into
 * the page's HTML, so it paints before any of its JavaScript has arrived; the chunk loads after the page's own, and
 * the page's hydration waits for it (a root that suspends while hydrating keeps the server's HTML). There is no
 * Suspense boundary around it there: React 19 moves a large boundary's HTML out of line behind an inline script, which
 * the CSP refuses. Mounted later in the browser (a client-side navigation, a tab opened) before its chunk has arrived,
 * the screen shows its skeleton meanwhile. Without the option the screen renders in the browser only.
 *
 * `load` must be written in the page (`() => import('@/features/…').then((m) => m.Screen)`) so the bundler splits
 * each screen into its own chunk.
 */
export function lazyScreen<P extends object>(
  load: () => Promise<ComponentType<P>>,
  loading: Loading,
  options: { serverRendered?: boolean } = {},
): LazyScreen<P> {
  const shown = 'placeholder' in loading ? loading.placeholder : () => <Skeleton count={loading.count} label={loading.label} />
  if (!options.serverRendered) return Object.assign(dynamic(load, { ssr: false, loading: shown }), { preload: load })
  // One import for the preload and the render; once it has arrived the screen renders without suspending.
  let loaded: Promise<{ default: ComponentType<P> }> | undefined
  let Loaded: ComponentType<P> | undefined
  const start = () =>
    (loaded ??= load().then((screen) => {
      Loaded = screen
      return { default: screen }
    }))
  const Screen = lazy(start)
  function ServerRenderedScreen(props: P) {
    // Chosen once per mount, so the element type under it never changes (that would mount the screen again).
    const [shape] = useState(() => (Loaded ? 'loaded' : pageHydrated ? 'boundary' : 'lazy'))
    if (shape === 'loaded') return Loaded ? <Loaded {...props} /> : null
    if (shape === 'lazy') return <Screen {...props} />
    return (
      <Suspense fallback={shown()}>
        <Screen {...props} />
      </Suspense>
    )
  }
  return Object.assign(ServerRenderedScreen, { preload: start })
}
