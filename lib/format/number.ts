import { toFormattableNumber } from './numeric'

/** Spec section 5: what a value that is not numeric displays as. */
export const INVALID_NUMBER = 'Invalid number'

const enUs = new Intl.NumberFormat('en-US', { signDisplay: 'negative' })

/**
 * Spec section 5: `Invalid number` when the value is not numeric (see `./numeric` for what counts: finite numbers
 * and plain decimal strings), otherwise en-US thousands separators: `1234567.5` → `1,234,567.5`.
 *
 * Decisions: the default rounds to at most 3 fraction digits (Intl's default, `1.23456` → `1.235`); pass `options`
 * to change that. Decimal strings are formatted exactly (no float rounding of long strings). Negative zero and
 * negatives that round to zero display without a minus sign (`-0` → `0`).
 */
export function formatNumber(value: unknown, options?: Intl.NumberFormatOptions): string {
  const formattable = toFormattableNumber(value)
  if (formattable === null) return INVALID_NUMBER
  const formatter = options ? new Intl.NumberFormat('en-US', { signDisplay: 'negative', ...options }) : enUs
  return formatter.format(formattable)
}
