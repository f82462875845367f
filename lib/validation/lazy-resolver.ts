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
