import { describe, expect, it } from 'vitest'
import {
  businessCalendar,
  dueAt,
  dueCutoffs,
  dueStatusOf,
  entryCutoff,
  lagosDay,
  nigerianPublicHolidays,
  nthBusinessDayAfter,
  startOfLagosDay,
} from './business-days'

const plain = businessCalendar()

describe('business days (Lagos, Nigerian public holidays)', () => {
  it('reads the Lagos day: 23:00 UTC is already the next day in Lagos', () => {
    expect(lagosDay(new Date('2026-11-30T22:59:59Z'))).toBe('2026-11-30')
    expect(lagosDay(new Date('2026-11-30T23:00:00Z'))).toBe('2026-12-01')
    expect(startOfLagosDay('2026-12-01').toISOString()).toBe('2026-11-30T23:00:00.000Z')
  })

  it('lists public holidays only, not observances', () => {
    const days = nigerianPublicHolidays(2026)
    expect(days.get('2026-10-01')).toBe('Independence Day')
    expect(days.get('2026-12-25')).toBe('Christmas Day')
    expect(days.has('2026-04-05')).toBe(false) // Easter Sunday: an observance
    expect(days.has('2026-12-31')).toBe(false) // New Year's Eve: an observance
  })

  it('counts every day of a holiday that lasts two: Eid el-Fitr and Eid el-Kabir', () => {
    const days = nigerianPublicHolidays(2026)
    expect(days.get('2026-05-27')).toBeTruthy()
    expect(days.get('2026-05-28')).toBe('Id el Kabir') // the second day, a Thursday
    expect(nigerianPublicHolidays(2025).get('2025-03-31')).toBe('Id el Fitr') // the second day, a Monday
    // Fri 22 May 2026 + 3: Mon 25, Tue 26, Wed 27 and Thu 28 (Eid el-Kabir) → Fri 29
    expect(nthBusinessDayAfter('2026-05-22', 3, plain)).toBe('2026-05-29')
  })

  it('skips weekends', () => {
    // Friday 2026-11-27 → Monday 30th
    expect(nthBusinessDayAfter('2026-11-27', 1, plain)).toBe('2026-11-30')
    expect(nthBusinessDayAfter('2026-11-28', 1, plain)).toBe('2026-11-30') // from a Saturday
    expect(nthBusinessDayAfter('2026-11-30', 5, plain)).toBe('2026-12-07')
  })

  it('skips public holidays: Christmas and Boxing Day, then New Year', () => {
    // Thu 24 Dec 2026 + 1: Fri 25 (Christmas), Sat 26 (Boxing Day, weekend anyway), Sun 27 → Mon 28
    expect(nthBusinessDayAfter('2026-12-24', 1, plain)).toBe('2026-12-28')
    // Wed 30 Dec + 2: Thu 31 (an observance: a working day), Fri 1 Jan (holiday) → Mon 4 Jan 2027
    expect(nthBusinessDayAfter('2026-12-30', 2, plain)).toBe('2027-01-04')
    // Good Friday and Easter Monday 2026 (3 and 6 April): Thu 2 April + 1 → Tue 7 April
    expect(nthBusinessDayAfter('2026-04-02', 1, plain)).toBe('2026-04-07')
  })

  it('skips holidays staff added', () => {
    const added = businessCalendar(new Map([['2026-12-01', 'Declared holiday']]))
    expect(added.isBusinessDay('2026-12-01')).toBe(false)
    expect(added.holidayName('2026-12-01')).toBe('Declared holiday')
    expect(nthBusinessDayAfter('2026-11-30', 1, plain)).toBe('2026-12-01')
    expect(nthBusinessDayAfter('2026-11-30', 1, added)).toBe('2026-12-02')
  })

  it('is due at the end of the nth business day after the day of entry, in Lagos time', () => {
    // Entered Monday 30 Nov 09:00 Lagos, 2 days: end of Wednesday 2 Dec = 2026-12-02T23:00Z
    expect(dueAt(new Date('2026-11-30T08:00:00Z'), 2, plain).toISOString()).toBe('2026-12-02T23:00:00.000Z')
    // Entered Friday 27 Nov 23:30 UTC = Saturday 00:30 in Lagos: counts from Saturday → end of Monday
    expect(dueAt(new Date('2026-11-27T23:30:00Z'), 1, plain).toISOString()).toBe('2026-11-30T23:00:00.000Z')
    // Friday afternoon, 1 day → end of Monday
    expect(dueAt(new Date('2026-11-27T15:00:00Z'), 1, plain).toISOString()).toBe('2026-11-30T23:00:00.000Z')
  })

  it('finds the entry cutoff: entered before it ⇔ due by the given time', () => {
    const calendars = [plain, businessCalendar(new Map([['2026-12-02', 'Declared']]))]
    for (const calendar of calendars)
      for (const target of [1, 2, 3, 5, 10])
        for (let hour = 0; hour < 24 * 40; hour += 5) {
          const dueBy = new Date(Date.UTC(2026, 10, 15) + hour * 3_600_000)
          const cutoff = entryCutoff(dueBy, target, calendar)
          for (const probe of [-1, 0]) {
            const entered = new Date(cutoff.getTime() + probe)
            expect(dueAt(entered, target, calendar) <= dueBy).toBe(probe < 0)
          }
        }
  })

  it('tells overdue, due soon and on time apart, the cutoffs agreeing with the status', () => {
    // Now: Monday 30 Nov 10:00 Lagos. Due soon = by the end of Tuesday 1 Dec.
    const now = new Date('2026-11-30T09:00:00Z')
    expect(dueStatusOf(new Date('2026-11-30T08:59:59Z'), now, plain)).toBe('OVERDUE')
    expect(dueStatusOf(new Date('2026-11-30T23:00:00Z'), now, plain)).toBe('DUE_SOON')
    expect(dueStatusOf(new Date('2026-12-01T23:00:00Z'), now, plain)).toBe('DUE_SOON')
    expect(dueStatusOf(new Date('2026-12-02T23:00:00Z'), now, plain)).toBe('ON_TIME')
    const { overdue, dueSoon } = dueCutoffs(now, 2, plain)
    // 2 days: overdue if entered before Thursday 26 Nov (due end of Monday 30th is not yet past: entered Thu 26 → due Mon 30)
    expect(overdue.toISOString()).toBe(startOfLagosDay('2026-11-26').toISOString())
    // Entered Friday to Sunday: due end of Tuesday (due soon); entered Monday: due end of Wednesday
    expect(dueSoon.toISOString()).toBe(startOfLagosDay('2026-11-30').toISOString())
    expect(dueStatusOf(dueAt(new Date(overdue.getTime() - 1), 2, plain), now, plain)).toBe('OVERDUE')
    expect(dueStatusOf(dueAt(overdue, 2, plain), now, plain)).toBe('DUE_SOON')
    expect(dueStatusOf(dueAt(new Date(dueSoon.getTime() - 1), 2, plain), now, plain)).toBe('DUE_SOON')
    expect(dueStatusOf(dueAt(dueSoon, 2, plain), now, plain)).toBe('ON_TIME')
  })
})
