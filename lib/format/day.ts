/**
 * The portal's date and date-time on screens (docs/decisions.md#dates-and-times): `05-Jan-2026` and
 * `05-Jan-2026 3:05PM`, the spec's `dd-MMM-yyyy h:mma` (`DATE_FORMAT` and `DATE_TIME_FORMAT` in ./date.ts, which
 * format the same with date-fns). Written out by hand so pages that show nothing but days do not carry date-fns'
 * format; tests/unit/format-day.test.ts holds both to the same output. A bare day (`2026-03-01`) is read as a local
 * day, never shifted by the time zone.
 */
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const
const pad = (n: number) => String(n).padStart(2, '0')
const dayOf = (date: Date) => `${pad(date.getDate())}-${MONTHS[date.getMonth()]}-${date.getFullYear()}`
const timeOf = (date: Date) => `${date.getHours() % 12 || 12}:${pad(date.getMinutes())}${date.getHours() < 12 ? 'AM' : 'PM'}`

/** `2026-03-01` (a day, read as local) or an ISO date-time → a Date; null when empty or unreadable. */
export function readDay(value: string | null | undefined): Date | null {
  if (!value) return null
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value)
  const date = day ? new Date(Number(day[1]), Number(day[2]) - 1, Number(day[3])) : new Date(value)
  return Number.isNaN(date.getTime()) ? null : date
}

/** `05-Jan-2026`; an em dash when empty or unreadable. */
export function formatDay(value: string | null | undefined): string {
  const date = readDay(value)
  return date ? dayOf(date) : '—'
}

/** `05-Jan-2026 3:05PM`; an em dash when empty or unreadable. */
export function formatDayTime(value: string | null | undefined): string {
  const date = readDay(value)
  return date ? `${dayOf(date)} ${timeOf(date)}` : '—'
}

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const

/** `Thursday` for `2026-10-01` (a day, read as local); an em dash when empty or unreadable. */
export function formatWeekday(value: string | null | undefined): string {
  const date = readDay(value)
  return date ? WEEKDAYS[date.getDay()]! : '—'
}
