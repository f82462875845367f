/**
 * Calendar days as `YYYY-MM-DD` in UTC, the form the API and the database's date columns use. date-fns' `formatISO`
 * and `addDays` work in the local time zone, so these stay on the UTC fields.
 */

/** Milliseconds in a day, for durations (a day of the calendar is `addIsoDays`). */
export const DAY_MS = 86_400_000

/** `2026-11-01`: the UTC day of `date`. */
export function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10)
}

/** `YYYY-MM-DD` plus whole days (negative to go back). */
export function addIsoDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00.000Z`)
  date.setUTCDate(date.getUTCDate() + days)
  return isoDay(date)
}
