import { toFormattableNumber } from './numeric'

/** Spec section 1: what an amount that cannot be formatted displays as. */
export const CURRENCY_FALLBACK = 'N/A'

const KOBO_PER_NAIRA = 100

const ngn = new Intl.NumberFormat('en-NG', { style: 'currency', currency: 'NGN', signDisplay: 'negative' })

/**
 * An amount in naira as NGN currency in the en-NG locale (spec section 1, docs/domain.md#money):
 * `1234.5` → `₦1,234.50`, `-1234.5` → `-₦1,234.50`, `'1234.5'` → `₦1,234.50`.
 *
 * Decisions:
 * - Numbers and numeric strings are formatted; a value that is neither number nor string gives `N/A` (spec),
 *   and so do a non-numeric string (`''`, `'abc'`, `'1,234'`, `'1e3'`), NaN and ±Infinity (see `./numeric`).
 * - Always two decimals, rounded half away from zero (`1234.565` → `₦1,234.57`). Decimal strings are formatted
 *   exactly, so amounts beyond float precision keep every digit.
 * - No minus sign on zero: `-0` and `-0.001` give `₦0.00`.
 */
export function formatCurrency(value: unknown): string {
  const formattable = toFormattableNumber(value)
  return formattable === null ? CURRENCY_FALLBACK : ngn.format(formattable)
}

/**
 * Integer kobo (how amounts are stored) to naira: `123450` → `1234.5`.
 * Throws a RangeError when `kobo` is not a safe integer, since that is a programming error, not user input.
 */
export function koboToNaira(kobo: number): number {
  if (!Number.isSafeInteger(kobo)) throw new RangeError(`Kobo must be a safe integer, got ${kobo}`)
  return kobo / KOBO_PER_NAIRA
}

const INTEGER_STRING = /^[+-]?\d+$/

function toKoboBigInt(kobo: unknown): bigint | null {
  if (typeof kobo === 'bigint') return kobo
  if (typeof kobo === 'number') return Number.isSafeInteger(kobo) ? BigInt(kobo) : null
  if (typeof kobo === 'string') {
    const trimmed = kobo.trim()
    return INTEGER_STRING.test(trimmed) ? BigInt(trimmed) : null
  }
  return null
}

/**
 * Integer kobo formatted as NGN: `123450` → `₦1,234.50`. Accepts a safe-integer number, a bigint or an integer
 * string (PostgreSQL `bigint` columns may arrive as strings); anything else, including fractional kobo, gives
 * `N/A`. The conversion is exact (no division in floating point).
 */
export function formatKobo(kobo: unknown): string {
  const value = toKoboBigInt(kobo)
  if (value === null) return CURRENCY_FALLBACK
  const negative = value < 0n
  const abs = negative ? -value : value
  const naira = abs / 100n
  const rest = (abs % 100n).toString().padStart(2, '0')
  return ngn.format(`${negative ? '-' : ''}${naira}.${rest}` as Intl.StringNumericLiteral)
}

const NAIRA_STRING = /^([+-]?)(\d*)(?:\.(\d*))?$/

/**
 * A naira amount (as typed in a form, or a number) to integer kobo: `'1234.5'` → `123450`, `12` → `1200`.
 * Returns `null` when the value is not a plain decimal (see `./numeric`), has more than two decimal places
 * (`'1.005'`: kobo are never fractional, so it is refused rather than rounded), or does not fit a safe integer.
 * Numbers are read through their shortest string form, so `0.1 + 0.2` (0.30000000000000004) is refused.
 */
export function nairaToKobo(naira: number | string): number | null {
  const text = typeof naira === 'number' ? (Number.isFinite(naira) ? String(naira) : '') : naira.trim()
  const match = NAIRA_STRING.exec(text)
  if (!match) return null
  const [, sign = '', whole = '', fraction = ''] = match
  if ((whole === '' && fraction === '') || fraction.length > 2) return null
  const kobo = BigInt(`${whole || '0'}${fraction.padEnd(2, '0')}`)
  const result = Number(sign === '-' ? -kobo : kobo)
  if (!Number.isSafeInteger(result)) return null
  return result === 0 ? 0 : result
}
