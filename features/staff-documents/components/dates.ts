/** Dates for the staff document screens with the browser's Intl only (no date library on list pages). */
const DAY = new Intl.DateTimeFormat('en-NG', { day: '2-digit', month: 'short', year: 'numeric' })
const DAY_TIME = new Intl.DateTimeFormat('en-NG', { day: '2-digit', month: 'short', year: 'numeric', hour: 'numeric', minute: '2-digit' })

function readDate(value: string | null | undefined): Date | null {
  if (!value) return null
  const date = new Date(value)
  return Number.isNaN(date.getTime()) ? null : date
}

/** `05 Jan 2026`; an em dash when empty or unreadable. */
export const formatDay = (value: string | null | undefined) => {
  const date = readDate(value)
  return date ? DAY.format(date) : '—'
}

/** `05 Jan 2026, 3:05 pm`; an em dash when empty or unreadable. */
export const formatDayTime = (value: string | null | undefined) => {
  const date = readDate(value)
  return date ? DAY_TIME.format(date) : '—'
}
