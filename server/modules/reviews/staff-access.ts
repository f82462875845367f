export const displayName = (person: { firstName: string; lastName: string }) => `${person.firstName} ${person.lastName}`.trim()

/** Today's date (UTC) as `YYYY-MM-DD`, from an injectable clock. */
export const isoDay = (now: Date) => now.toISOString().slice(0, 10)

/** `YYYY-MM-DD` plus whole days. */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00.000Z`)
  date.setUTCDate(date.getUTCDate() + days)
  return isoDay(date)
}
