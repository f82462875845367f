/**
 * What the number and money formatters accept as "numeric" (spec sections 1 and 5).
 *
 * Decisions:
 * - A number is numeric when it is finite: NaN, Infinity and -Infinity are not.
 * - A string is numeric when, after trimming surrounding whitespace, it is a plain decimal: an optional sign,
 *   digits with an optional fraction (`12`, `-12.5`, `+0.5`, `.5`, `12.`). Not numeric: the empty string,
 *   thousands separators (`1,234`), exponents (`1e3`), hex (`0x10`), `Infinity`, currency symbols.
 * - Everything else (bigint, boolean, null, undefined, objects, arrays, dates) is not numeric.
 */
const DECIMAL_STRING = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)$/

/**
 * The value in a form `Intl.NumberFormat#format` takes without losing precision: the number itself, or the
 * trimmed decimal string (formatted exactly, so long strings keep every digit); `null` when not numeric.
 */
export function toFormattableNumber(value: unknown): number | Intl.StringNumericLiteral | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null
  if (typeof value === 'string') {
    const trimmed = value.trim()
    return DECIMAL_STRING.test(trimmed) ? (trimmed as Intl.StringNumericLiteral) : null
  }
  return null
}

/** True for a finite number or a decimal string (see the decisions above). */
export function isNumeric(value: unknown): boolean {
  return toFormattableNumber(value) !== null
}

/** The numeric value of a finite number or a decimal string, else `null`. */
export function parseNumeric(value: unknown): number | null {
  const formattable = toFormattableNumber(value)
  return formattable === null ? null : Number(formattable)
}
