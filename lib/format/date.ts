import { format, isValid, parseISO } from 'date-fns'

/** What a date the formatters cannot read displays as (an em dash). */
export const DATE_FALLBACK = '—'

// Spec section 9 date formats (date-fns patterns), kept exactly as the spec writes them. Each has its place
// (docs/decisions.md#dates-and-times): screens show DATE_FORMAT for a day and DATE_TIME_FORMAT for a moment;
// exports (CSV) write SORTABLE_DATE_TIME_FORMAT in Africa/Lagos time.

/** `05-Jan-2024`: a day on screens (the date part of DATE_TIME_FORMAT). */
export const DATE_FORMAT = 'dd-MMM-yyyy'
/** `05-Jan-2024 3:05PM`: a moment on screens. */
export const DATE_TIME_FORMAT = 'dd-MMM-yyyy h:mma'
/**
 * `05 Jan 2024 | 15:5 PM`. The spec's pattern, copied as written: a 24-hour hour, an unpadded minute and an AM/PM
 * marker (so 3:05 pm shows `15:5 PM`). Shown nowhere: it reads wrong (decisions.md#dates-and-times).
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

/** `dd-MMM-yyyy`, e.g. `05-Jan-2024`; `—` when invalid. */
export function formatCalendarDate(value: DateInput | null | undefined): string {
  return formatDate(value, DATE_FORMAT)
}

/** The time zone exports are written in: the portal's users are in Nigeria (WAT, UTC+01:00 all year). */
export const EXPORT_TIME_ZONE = 'Africa/Lagos'

const lagosParts = new Intl.DateTimeFormat('en-GB', {
  timeZone: EXPORT_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
})

/**
 * A moment in an export: `yyyy-MM-dd HH:mm` in Africa/Lagos whatever the server's zone (`2024-01-05T14:05:00Z` →
 * `2024-01-05 15:05`); an empty cell when there is none.
 */
export function formatExportDateTime(value: DateInput | null | undefined): string {
  const part = inLagos(value)
  return part ? `${part.year}-${part.month}-${part.day} ${part.hour}:${part.minute}` : ''
}

const inLagos = (value: DateInput | null | undefined) => {
  const date = toValidDate(value)
  return date
    ? (Object.fromEntries(lagosParts.formatToParts(date).map((p) => [p.type, p.value])) as Record<string, string>)
    : null
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const

/**
 * DATE_TIME_FORMAT in Africa/Lagos, for what the server writes for people (e-mails): `05-Jan-2024 3:05PM`; `—` when
 * invalid. Screens format in the browser's zone instead.
 */
export function formatLagosDateTime(value: DateInput | null | undefined): string {
  const part = inLagos(value)
  if (!part) return DATE_FALLBACK
  const hour = Number(part.hour)
  const time = `${hour % 12 || 12}:${part.minute}${hour < 12 ? 'AM' : 'PM'}`
  return `${part.day}-${MONTHS[Number(part.month) - 1]}-${part.year} ${time}`
}
