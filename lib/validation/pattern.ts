/**
 * Spec section 5: the generic pattern test, which fails on an empty value.
 *
 * Decisions: empty means `''`, `null` or `undefined` (whitespace is not empty: `'  '` is tested against the
 * pattern). The pattern is applied as `RegExp#test`, so it must carry its own `^…$` anchors to match the whole
 * value. A string pattern is compiled with `new RegExp(pattern)`. The `g` and `y` flags are dropped, so the result
 * never depends on a previous call (`lastIndex`).
 */
export function matchesPattern(pattern: RegExp | string, value: string | null | undefined): boolean {
  if (value === null || value === undefined || value === '') return false
  const regex = typeof pattern === 'string' ? new RegExp(pattern) : new RegExp(pattern.source, pattern.flags.replace(/[gy]/g, ''))
  return regex.test(value)
}
