import Holidays from 'date-holidays'
import { addIsoDays, isoDay } from './iso-day'

/**
 * Business days in Lagos (docs/service-levels.md#business-days): Monday to Friday, less Nigeria's public holidays
 * (date-holidays, country NG, type `public` only) and the holidays staff add. Africa/Lagos is UTC+01:00 all year (no
 * daylight saving), so a Lagos day runs from 23:00 UTC the day before to 23:00 UTC.
 */

const LAGOS_OFFSET_MS = 3_600_000

/** `YYYY-MM-DD`: the Lagos day `instant` falls on. */
export function lagosDay(instant: Date): string {
  return isoDay(new Date(instant.getTime() + LAGOS_OFFSET_MS))
}

/** The instant a Lagos day begins (00:00 Africa/Lagos). */
export function startOfLagosDay(day: string): Date {
  return new Date(new Date(`${day}T00:00:00.000Z`).getTime() - LAGOS_OFFSET_MS)
}

const publicByYear = new Map<number, Map<string, string>>()

const DAY_MS = 86_400_000

/**
 * Nigeria's public holidays of a year, by day (the observances date-holidays also lists are working days). An entry
 * may last more than a day (both Eids are two, `P2D`): each of its days is a holiday.
 */
export function nigerianPublicHolidays(year: number): ReadonlyMap<string, string> {
  let days = publicByYear.get(year)
  if (!days) {
    days = new Map()
    const calendar = new Holidays('NG')
    // Last year's too: a holiday that begins on 31 December ends in this year.
    for (const holiday of [...(calendar.getHolidays(year - 1) || []), ...(calendar.getHolidays(year) || [])]) {
      if (holiday.type !== 'public') continue
      // `date` is the first day as the calendar names it; start and end may be shifted (an Islamic day begins at the
      // previous sunset), but their distance is the length in days.
      const length = Math.max(1, Math.round((holiday.end.getTime() - holiday.start.getTime()) / DAY_MS))
      const first = holiday.date.slice(0, 10)
      for (let i = 0; i < length; i++) {
        const day = addIsoDays(first, i)
        if (day.startsWith(`${year}-`) && !days.has(day)) days.set(day, holiday.name)
      }
    }
    publicByYear.set(year, days)
  }
  return days
}

export interface BusinessCalendar {
  isBusinessDay(day: string): boolean
  /** The public or added holiday's name, when the day is one. */
  holidayName(day: string): string | null
}

/** The calendar with the holidays staff added (`YYYY-MM-DD` → name) on top of the public ones. */
export function businessCalendar(added: ReadonlyMap<string, string> = new Map()): BusinessCalendar {
  const holidayName = (day: string) => added.get(day) ?? nigerianPublicHolidays(Number(day.slice(0, 4))).get(day) ?? null
  return {
    holidayName,
    isBusinessDay(day) {
      const weekday = new Date(`${day}T00:00:00.000Z`).getUTCDay()
      return weekday !== 0 && weekday !== 6 && holidayName(day) === null
    },
  }
}

/** The `n`th business day after `day` (`day` itself never counts). */
export function nthBusinessDayAfter(day: string, n: number, calendar: BusinessCalendar): string {
  let current = day
  for (let counted = 0; counted < n;) {
    current = addIsoDays(current, 1)
    if (calendar.isBusinessDay(current)) counted++
  }
  return current
}

/**
 * When an item that entered a queue at `entered` is due: the end (24:00 Lagos) of the `targetDays`th business day
 * after the day it entered. The day of entry never counts, whatever the hour, so an item that arrives on a Friday
 * afternoon with a target of one day is due at the end of Monday.
 */
export function dueAt(entered: Date, targetDays: number, calendar: BusinessCalendar): Date {
  return startOfLagosDay(addIsoDays(nthBusinessDayAfter(lagosDay(entered), targetDays, calendar), 1))
}

/**
 * The earliest entry whose due time is after `dueBy`: an item due by `dueBy` is one that entered before it. Due times
 * only grow with the entry time, so a filter on due time is a range on the entry time (each queue's own sort column).
 */
export function entryCutoff(dueBy: Date, targetDays: number, calendar: BusinessCalendar): Date {
  let day = lagosDay(dueBy)
  while (dueAt(startOfLagosDay(addIsoDays(day, -1)), targetDays, calendar) > dueBy) day = addIsoDays(day, -1)
  return startOfLagosDay(day)
}

/** Due soon means due by the end of the next business day after today (Lagos). */
export function dueSoonBy(now: Date, calendar: BusinessCalendar): Date {
  return startOfLagosDay(addIsoDays(nthBusinessDayAfter(lagosDay(now), 1, calendar), 1))
}

export type DueStatus = 'OVERDUE' | 'DUE_SOON' | 'ON_TIME'

export function dueStatusOf(due: Date, now: Date, calendar: BusinessCalendar): DueStatus {
  if (due.getTime() <= now.getTime()) return 'OVERDUE'
  return due.getTime() <= dueSoonBy(now, calendar).getTime() ? 'DUE_SOON' : 'ON_TIME'
}

/** The entry-time range of each due status at `now`: overdue before `overdue`, due soon before `dueSoon`, else on time. */
export function dueCutoffs(now: Date, targetDays: number, calendar: BusinessCalendar) {
  return { overdue: entryCutoff(now, targetDays, calendar), dueSoon: entryCutoff(dueSoonBy(now, calendar), targetDays, calendar) }
}
