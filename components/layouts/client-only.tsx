import { useEffect, useSyncExternalStore, type ComponentType, type ReactNode } from 'react'

/** A component in its own chunk, rendered in the browser only; `preload()` starts fetching it before it first renders. */
export type ClientOnly<P> = ComponentType<P> & { preload: () => Promise<ComponentType<P>> }

/**
 * `next/dynamic(load, { ssr: false, loading })` without next/dynamic: its loader (~1.5 kB gzip) would be in the
 * first-load JavaScript of every page that shows the portal's frame (docs/architecture.md#the-javascript-budget).
 *
 * The server and the hydrating render show `loading()`; the chunk is fetched once the component has mounted (or
 * earlier, by `preload()`), then it renders. A later mount of an already loaded component renders it at once. A chunk
 * that fails to load leaves `loading()` on screen; the next mount tries again.
 *
 * `load` must be written where it is used (`() => import('./panel').then((m) => m.Panel)`) so the bundler splits the
 * module into its own chunk.
 */
export function clientOnly<P extends object>(
  load: () => Promise<ComponentType<P>>,
  loading: () => ReactNode = () => null,
): ClientOnly<P> {
  let loaded: ComponentType<P> | null = null
  let pending: Promise<ComponentType<P>> | null = null
  const listeners = new Set<() => void>()

  const preload = () => {
    pending ??= load().then(
      (component) => {
        loaded = component
        for (const listener of listeners) listener()
        return component
      },
      (error: unknown) => {
        pending = null
        throw error
      },
    )
    return pending
  }
  const subscribe = (listener: () => void) => {
    listeners.add(listener)
    return () => listeners.delete(listener)
  }
  const current = () => loaded
  // What the server rendered, and so what hydration must render first.
  const onServer = () => null

  function Loaded(props: P) {
    const Component = useSyncExternalStore(subscribe, current, onServer)
    useEffect(() => {
      if (!loaded) preload().catch(() => undefined)
    }, [])
    return Component ? <Component {...props} /> : <>{loading()}</>
  }
  return Object.assign(Loaded, { preload })
}
