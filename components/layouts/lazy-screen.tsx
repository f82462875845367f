import type { ComponentType, ReactNode } from 'react'
import { Skeleton } from '@/components/ui/skeleton'
import { clientOnly } from './client-only'

/** A screen in its own chunk; `preload()` starts fetching it before it first renders. */
export type LazyScreen<P> = ComponentType<P> & { preload: () => Promise<unknown> }

/**
 * A page's screen, loaded on the client only with a skeleton meanwhile. The page frame (`PortalPage`) preloads it
 * when the page mounts, so it loads in parallel with the account, which the layout waits for anyway, rather than with
 * the page: the route stays within its JavaScript budget.
 *
 * `loading`: a skeleton of `count` lines, or a `placeholder` of the screen's own shape where its height is known (so
 * nothing moves when it arrives).
 *
 * `load` must be written in the page (`() => import('@/features/…').then((m) => m.Screen)`) so the bundler splits
 * each screen into its own chunk.
 */
export function lazyScreen<P extends object>(
  load: () => Promise<ComponentType<P>>,
  loading: { label: string; count: number } | { placeholder: () => ReactNode },
): LazyScreen<P> {
  const shown = 'placeholder' in loading ? loading.placeholder : () => <Skeleton count={loading.count} label={loading.label} />
  return clientOnly(load, shown)
}
