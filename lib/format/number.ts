import { formatCurrency } from './money'
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

const CURRENCY_WORDS = /₦|\bNGN\b|naira/i
const QUANTITY_WORDS = /₦|\bNGN\b|naira|amount|turnover|volume|value|limit|count|number of/i
/** A number as someone types it: digits, maybe a decimal part, maybe `₦`, thousands commas and spaces. */
const TYPED_NUMBER = /^₦?\s*-?\d[\d, ]*(\.\d+)?$/

/**
 * A free-text answer as people read it (docs/decisions.md#amounts-and-numbers): when the question asks for an amount
 * or a quantity (its label says ₦, NGN, amount, volume, turnover, value, limit, count…) and the answer is a number,
 * it shows with thousands separators, as NGN when the label names the currency: `15000000` under "Expected monthly
 * volume (₦)" → `₦15,000,000.00`. Anything else (an account number, a name) shows as typed.
 */
export function formatTypedAnswer(label: string, value: string): string {
  const typed = value.trim()
  if (!QUANTITY_WORDS.test(label) || !TYPED_NUMBER.test(typed)) return value
  const plain = typed.replace(/[₦,\s]/g, '')
  if (/^-?0\d/.test(plain)) return value
  if (CURRENCY_WORDS.test(label)) return formatCurrency(plain)
  return formatNumber(plain)
}
