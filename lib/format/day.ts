/**
 * Days and times for screens with the browser's Intl only (date-fns' format would add kilobytes to pages that show
 * nothing but days). A bare day (`2026-03-01`) is read as a local day, never shifted by the time zone.
 */
const DAY = new Intl.DateTimeFormat('en-NG', { day: '2-digit', month: 'short', year: 'numeric' })
const DAY_TIME = new Intl.DateTimeFormat('en-NG', {
  day: '2-digit',
  month: 'short',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
})

/** `2026-03-01` (a day, read as local) or an ISO date-time → a Date; null when empty or unreadable. */
export function readDay(value: string | null | undefined): Date | null {
  if (!value) return null
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value)
  const date = day ? new Date(Number(day[1]), Number(day[2]) - 1, Number(day[3])) : new Date(value)
  return Number.isNaN(date.getTime()) ? null : date
}

/** `05 Jan 2026`; an em dash when empty or unreadable. */
export function formatDay(value: string | null | undefined): string {
  const date = readDay(value)
  return date ? DAY.format(date) : '—'
}

/** `05 Jan 2026, 3:05 pm`; an em dash when empty or unreadable. */
export function formatDayTime(value: string | null | undefined): string {
  const date = readDay(value)
  return date ? DAY_TIME.format(date) : '—'
}
