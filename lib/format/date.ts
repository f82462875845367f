import { format, isValid, parseISO } from 'date-fns'

/** What a date the formatters cannot read displays as (an em dash). */
export const DATE_FALLBACK = '—'

// Spec section 9 date formats (date-fns patterns), kept exactly as the spec writes them.

/** `05-Jan-2024 3:05PM` */
export const DATE_TIME_FORMAT = 'dd-MMM-yyyy h:mma'
/**
 * `05 Jan 2024 | 15:5 PM`. The spec's pattern, copied as written: a 24-hour hour, an unpadded minute and an AM/PM
 * marker (so 3:05 pm shows `15:5 PM`). Prefer the other two formats for new screens.
 */
export const DATE_PIPE_TIME_FORMAT = 'dd MMM yyyy | H:m a'
/** `2024-01-05 15:05` (sorts as text). */
export const SORTABLE_DATE_TIME_FORMAT = 'yyyy-MM-dd HH:mm'

/** A date the formatters accept: a Date, an ISO 8601 string, or epoch milliseconds. */
export type DateInput = Date | string | number

/**
 * The Date for a `DateInput`, or `null` when it cannot be read.
 *
 * Decisions: strings are parsed as ISO 8601 with date-fns `parseISO` (other strings, such as `'05/01/2024'` or `''`,
 * are invalid); an ISO string without an offset, including a date-only one (`'2024-01-05'`), is read in local time,
 * unlike `new Date('2024-01-05')`, which reads date-only strings as UTC. `null`, `undefined`, invalid Dates and
 * non-finite numbers give `null`.
 */
export function toValidDate(value: DateInput | null | undefined): Date | null {
  let date: Date
  if (value instanceof Date) date = value
  else if (typeof value === 'number') date = new Date(value)
  else if (typeof value === 'string') date = parseISO(value.trim())
  else return null
  return isValid(date) ? date : null
}

/**
 * `value` in the date-fns `pattern`, in the local time zone of the runtime (the browser's, or the server's for
 * server-side code); `DATE_FALLBACK` (`—`) when the value cannot be read (see `toValidDate`).
 */
export function formatDate(value: DateInput | null | undefined, pattern: string): string {
  const date = toValidDate(value)
  return date ? format(date, pattern) : DATE_FALLBACK
}

/** `dd-MMM-yyyy h:mma`, e.g. `05-Jan-2024 3:05PM`; `—` when invalid. */
export function formatDateTime(value: DateInput | null | undefined): string {
  return formatDate(value, DATE_TIME_FORMAT)
}

/** `dd MMM yyyy | H:m a`, e.g. `05 Jan 2024 | 15:5 PM`; `—` when invalid. */
export function formatDatePipeTime(value: DateInput | null | undefined): string {
  return formatDate(value, DATE_PIPE_TIME_FORMAT)
}

/** `yyyy-MM-dd HH:mm`, e.g. `2024-01-05 15:05`; `—` when invalid. */
export function formatSortableDateTime(value: DateInput | null | undefined): string {
  return formatDate(value, SORTABLE_DATE_TIME_FORMAT)
}
