import { useEffect, useState, type ComponentType } from 'react'

/**
 * A component loaded with a plain `import()` once `when` holds, and null until then: for parts a page rarely shows
 * (the sign-in's second step) or that wait for an answer anyway (single sign-on), without next/dynamic's loader in
 * the page's first-load JavaScript. Never rendered on the server.
 */
export function useLoadedComponent<P extends object>(
  load: () => Promise<ComponentType<P>>,
  when = true,
): ComponentType<P> | null {
  const [component, setComponent] = useState<ComponentType<P> | null>(null)
  useEffect(() => {
    if (!when || component) return
    let current = true
    void load().then((loaded) => current && setComponent(() => loaded))
    return () => {
      current = false
    }
  }, [when, component, load])
  return component
}
