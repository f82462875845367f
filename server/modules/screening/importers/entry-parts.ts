import type { ListedDate, ListedName } from '../list-entry'

/** Runs of white space (line breaks in the UN's names included) as one space, ends trimmed. */
export function singleSpaced(text: string): string {
  return text.replace(/\s+/g, ' ').trim()
}

/**
 * Adds a name unless it is empty or its text is already there; the same text met again as STRONG makes the one
 * there STRONG (a list that says a name both ways means it can alert on its own).
 */
export function addName(names: ListedName[], name: ListedName): void {
  const text = singleSpaced(name.name)
  if (!text) return
  const existing = names.find((n) => n.name === text)
  if (!existing) names.push({ ...name, name: text })
  else if (existing.quality === 'WEAK' && name.quality === 'STRONG') existing.quality = 'STRONG'
}

function dateKey(date: ListedDate): string {
  if (date.kind === 'EXACT') return date.date
  if (date.kind === 'YEAR') return String(date.year)
  return `${date.fromYear}..${date.toYear}`
}

export function addDate(dates: ListedDate[], date: ListedDate): void {
  const key = dateKey(date)
  if (!dates.some((d) => dateKey(d) === key)) dates.push(date)
}

export function addCode(codes: string[], code: string | null): void {
  if (code && !codes.includes(code)) codes.push(code)
}

/** Whether `text` is a real day written YYYY-MM-DD (not 1970-02-31). */
export function isCalendarDate(text: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text)
  if (!match) return false
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])]
  const date = new Date(Date.UTC(year, month - 1, day))
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
}

/** A range of years, the lower first. */
export function yearRange(a: number, b: number): ListedDate {
  return a === b ? { kind: 'YEAR', year: a } : { kind: 'RANGE', fromYear: Math.min(a, b), toYear: Math.max(a, b) }
}
