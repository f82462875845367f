import { differenceInCalendarDays, differenceInMonths, format } from 'date-fns'
import { DATE_FALLBACK, formatDateTime, toValidDate, type DateInput } from './date'

/** The time part of relative labels: `h.mm` and a lower-case `am`/`pm`, e.g. `3.05 pm`, `12.00 am`. */
export const RELATIVE_TIME_OF_DAY_FORMAT = 'h.mm aaa'

/**
 * The day part of a relative label (spec section 9), by calendar days in local time between `value` and `now`:
 *
 * | calendar days ago | label |
 * |---|---|
 * | 0 (including later today) | `Today` |
 * | 1 | `Yesterday` |
 * | 2–6 | `n days ago` |
 * | 7–13 | `A week ago` |
 * | 14–20 | `Two weeks ago` |
 * | 21–27 | `Three weeks ago` |
 * | 28 or more, under 12 full months | `1 month ago`, `n months ago` (full months elapsed, at least 1, up to 11) |
 * | 12 full months or more | `1 year ago`, `n years ago` (full months ÷ 12, rounded down) |
 *
 * Returns `null` when the value cannot be read or is on a later calendar day than `now` (a future date has no
 * relative label).
 */
export function relativeDayLabel(value: DateInput | null | undefined, now: Date | number = Date.now()): string | null {
  const date = toValidDate(value)
  if (!date) return null
  const days = differenceInCalendarDays(now, date)
  if (days < 0) return null
  if (days === 0) return 'Today'
  if (days === 1) return 'Yesterday'
  if (days < 7) return `${days} days ago`
  if (days < 14) return 'A week ago'
  if (days < 21) return 'Two weeks ago'
  if (days < 28) return 'Three weeks ago'
  const months = Math.max(1, differenceInMonths(now, date))
  if (months < 12) return months === 1 ? '1 month ago' : `${months} months ago`
  const years = Math.floor(months / 12)
  return years === 1 ? '1 year ago' : `${years} years ago`
}

/** `value`'s local time as `h.mm am/pm` (`3.05 pm`); `—` when invalid. */
export function formatTimeOfDay(value: DateInput | null | undefined): string {
  const date = toValidDate(value)
  return date ? format(date, RELATIVE_TIME_OF_DAY_FORMAT) : DATE_FALLBACK
}

/**
 * Spec section 9: the relative day label followed by one space and the time as `h.mm am/pm`, lower case:
 * `Today 3.05 pm`, `Yesterday 9.30 am`, `3 days ago 12.00 pm`, `A week ago 11.59 pm`, `2 months ago 8.00 am`.
 *
 * Decisions: `now` is injectable (defaults to the current time); days are calendar days in local time, so
 * 23:59 yesterday is `Yesterday` at 00:01 today. A date on a later calendar day than `now` shows the absolute
 * `dd-MMM-yyyy h:mma` format instead; a value that cannot be read shows `—`.
 */
export function formatRelativeTime(value: DateInput | null | undefined, now: Date | number = Date.now()): string {
  const date = toValidDate(value)
  if (!date) return DATE_FALLBACK
  const label = relativeDayLabel(date, now)
  if (label === null) return formatDateTime(date)
  return `${label} ${format(date, RELATIVE_TIME_OF_DAY_FORMAT)}`
}
