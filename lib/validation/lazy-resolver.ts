import { useEffect } from 'react'
import type { FieldValues, Resolver } from 'react-hook-form'
import type { ZodType } from 'zod'

/**
 * A react-hook-form resolver that loads its zod schema (and the zod resolver) on first use. zod weighs tens of
 * kB gzip in a browser bundle; loading it when the user first validates keeps it out of every form page's
 * first-load JavaScript while the form and the API still share one schema. Call `preload()` on mount so the
 * chunk is usually there before the first keystroke.
 */
export function lazyZodResolver<TInput extends FieldValues, TOutput extends FieldValues = TInput>(
  loadSchema: () => Promise<ZodType<TOutput, TInput>>,
): Resolver<TInput, unknown, TOutput> & { preload: () => Promise<unknown> } {
  let loaded: Promise<Resolver<TInput, unknown, TOutput>> | undefined
  const load = () =>
    (loaded ??= Promise.all([import('@hookform/resolvers/zod'), loadSchema()]).then(
      ([{ zodResolver }, schema]) => zodResolver(schema as never) as unknown as Resolver<TInput, unknown, TOutput>,
    ))
  const resolver = (async (values, context, options) => (await load())(values, context, options)) as Resolver<
    TInput,
    unknown,
    TOutput
  > & {
    preload: () => Promise<unknown>
  }
  resolver.preload = () => load().catch(() => undefined)
  return resolver
}

const FIRST_INPUT_EVENTS = ['pointerdown', 'keydown', 'focusin'] as const

/**
 * Preloads on the visitor's first pointer, key or focus anywhere on the page rather than on mount: evaluating zod
 * (~30 kB gzip) while the page is still loading blocks the main thread (Lighthouse's total blocking time on the
 * sign-in and sign-up pages), and nobody submits a form without touching the page first.
 */
export function usePreloadOnFirstInput(target: { preload: () => Promise<unknown> }, enabled = true): void {
  useEffect(() => {
    if (!enabled) return
    const stop = () => FIRST_INPUT_EVENTS.forEach((type) => window.removeEventListener(type, start, true))
    const start = () => {
      stop()
      void target.preload()
    }
    FIRST_INPUT_EVENTS.forEach((type) => window.addEventListener(type, start, { capture: true, passive: true }))
    return stop
  }, [target, enabled])
}
