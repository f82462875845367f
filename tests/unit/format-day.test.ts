import { describe, expect, it } from 'vitest'
import { DATE_FORMAT, DATE_TIME_FORMAT, formatDate, formatExportDateTime } from '@/lib/format/date'
import { formatDay, formatDayTime, formatWeekday, readDay } from '@/lib/format/day'

describe('day formatting for screens', () => {
  it('reads a bare day as that local day, whatever the time zone', () => {
    const day = readDay('2026-03-01')!
    expect([day.getFullYear(), day.getMonth(), day.getDate()]).toEqual([2026, 2, 1])
    expect(formatDay('2026-03-01')).toBe('01-Mar-2026')
  })

  it("names a day's weekday (a holiday's), whatever the time zone", () => {
    expect(formatWeekday('2026-10-01')).toBe('Thursday')
    expect(formatWeekday('2027-09-05')).toBe('Sunday')
    expect(formatWeekday('2027-09-04')).toBe('Saturday')
    expect(formatWeekday('nope')).toBe('—')
  })

  it('formats date-times and says nothing misleading for empty or unreadable values', () => {
    expect(formatDay('2026-11-22T10:00:00.000Z')).toMatch(/^2[12]-Nov-2026$/)
    expect(formatDayTime('2026-11-22T10:00:00.000Z')).toMatch(/^2[12]-Nov-2026 \d{1,2}:\d{2}(AM|PM)$/)
    expect(formatDay(null)).toBe('—')
    expect(formatDay('not a date')).toBe('—')
    expect(formatDayTime(undefined)).toBe('—')
    expect(readDay('')).toBeNull()
  })

  it('writes exactly the date-fns formats of lib/format/date.ts: one date format and one date-time format', () => {
    const moments = [
      new Date(2024, 0, 5, 15, 5),
      new Date(2024, 8, 30, 0, 0),
      new Date(2024, 10, 23, 9, 7),
      new Date(2025, 11, 31, 12, 59),
      new Date(2026, 1, 1, 23, 30),
    ]
    for (const moment of moments) {
      const iso = moment.toISOString()
      expect(formatDay(iso)).toBe(formatDate(moment, DATE_FORMAT))
      expect(formatDayTime(iso)).toBe(formatDate(moment, DATE_TIME_FORMAT))
    }
    expect(formatDayTime(new Date(2024, 0, 5, 15, 5).toISOString())).toBe('05-Jan-2024 3:05PM')
    expect(formatDay('2024-09-30')).toBe('30-Sep-2024')
  })
})

describe('dates in exports', () => {
  it('writes yyyy-MM-dd HH:mm in Africa/Lagos (UTC+01:00), whatever the runtime zone', () => {
    expect(formatExportDateTime('2024-01-05T14:05:00.000Z')).toBe('2024-01-05 15:05')
    // Past midnight in Lagos while still the day before in UTC.
    expect(formatExportDateTime(new Date('2026-12-31T23:30:00Z'))).toBe('2027-01-01 00:30')
    expect(formatExportDateTime(null)).toBe('')
    expect(formatExportDateTime('nonsense')).toBe('')
  })
})
