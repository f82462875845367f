import { addDays, addHours, setHours, setMinutes, subDays, subMonths, subYears } from 'date-fns'
import { describe, expect, it } from 'vitest'
import {
  DATE_FALLBACK,
  DATE_FORMAT,
  DATE_PIPE_TIME_FORMAT,
  DATE_TIME_FORMAT,
  formatDate,
  formatDatePipeTime,
  formatDateTime,
  formatSortableDateTime,
  SORTABLE_DATE_TIME_FORMAT,
  toValidDate,
} from '@/lib/format/date'
import { formatRelativeTime, formatTimeOfDay, relativeDayLabel } from '@/lib/format/relative-time'

// Local-time constructors, so the tests hold in any time zone.
const afternoon = new Date(2024, 0, 5, 15, 5) // 5 Jan 2024 15:05 local
const morning = new Date(2024, 10, 23, 9, 7) // 23 Nov 2024 09:07 local

describe('date formats (spec 9)', () => {
  it('keeps the spec patterns as constants', () => {
    expect(DATE_FORMAT).toBe('dd-MMM-yyyy')
    expect(DATE_TIME_FORMAT).toBe('dd-MMM-yyyy h:mma')
    expect(DATE_PIPE_TIME_FORMAT).toBe('dd MMM yyyy | H:m a')
    expect(SORTABLE_DATE_TIME_FORMAT).toBe('yyyy-MM-dd HH:mm')
  })

  it('formats dd-MMM-yyyy h:mma', () => {
    expect(formatDateTime(afternoon)).toBe('05-Jan-2024 3:05PM')
    expect(formatDateTime(morning)).toBe('23-Nov-2024 9:07AM')
    expect(formatDateTime(new Date(2024, 0, 5, 0, 0))).toBe('05-Jan-2024 12:00AM')
  })

  it('formats dd MMM yyyy | H:m a, as the spec writes it (24-hour hour, unpadded minute)', () => {
    expect(formatDatePipeTime(afternoon)).toBe('05 Jan 2024 | 15:5 PM')
    expect(formatDatePipeTime(morning)).toBe('23 Nov 2024 | 9:7 AM')
  })

  it('formats yyyy-MM-dd HH:mm', () => {
    expect(formatSortableDateTime(afternoon)).toBe('2024-01-05 15:05')
    expect(formatSortableDateTime(morning)).toBe('2024-11-23 09:07')
  })

  it('accepts ISO strings (read in local time when they carry no offset) and epoch milliseconds', () => {
    expect(formatSortableDateTime('2024-01-05T15:05:00')).toBe('2024-01-05 15:05')
    expect(formatSortableDateTime(' 2024-01-05T15:05 ')).toBe('2024-01-05 15:05')
    expect(formatSortableDateTime('2024-01-05')).toBe('2024-01-05 00:00')
    expect(formatSortableDateTime(afternoon.getTime())).toBe('2024-01-05 15:05')
    const utc = '2024-01-05T15:05:00Z'
    expect(formatSortableDateTime(utc)).toBe(formatSortableDateTime(new Date(utc)))
  })

  it.each([
    ['an invalid Date', new Date(Number.NaN)],
    ['a non-ISO string', '05/01/2024'],
    ['an empty string', ''],
    ['a word', 'yesterday'],
    ['NaN', Number.NaN],
    ['Infinity', Number.POSITIVE_INFINITY],
    ['null', null],
    ['undefined', undefined],
  ])('shows — for %s', (_, value) => {
    expect(formatDateTime(value)).toBe('—')
    expect(formatDatePipeTime(value)).toBe('—')
    expect(formatSortableDateTime(value)).toBe('—')
    expect(formatDate(value, 'yyyy')).toBe(DATE_FALLBACK)
    expect(toValidDate(value)).toBeNull()
  })

  it('formats with any pattern', () => {
    expect(formatDate(afternoon, 'd MMMM yyyy')).toBe('5 January 2024')
  })
})

describe('relative time (spec 9)', () => {
  const now = new Date(2024, 5, 15, 12, 0) // Sat 15 Jun 2024 12:00 local
  const at = (date: Date, hours: number, minutes: number) => setMinutes(setHours(date, hours), minutes)
  const daysAgo = (days: number) => at(subDays(now, days), 15, 5)

  it.each([
    [0, 'Today 3.05 pm'],
    [1, 'Yesterday 3.05 pm'],
    [2, '2 days ago 3.05 pm'],
    [6, '6 days ago 3.05 pm'],
    [7, 'A week ago 3.05 pm'],
    [13, 'A week ago 3.05 pm'],
    [14, 'Two weeks ago 3.05 pm'],
    [20, 'Two weeks ago 3.05 pm'],
    [21, 'Three weeks ago 3.05 pm'],
    [27, 'Three weeks ago 3.05 pm'],
    [28, '1 month ago 3.05 pm'],
  ])('%i calendar days ago gives %j', (days, expected) => {
    expect(formatRelativeTime(daysAgo(days), now)).toBe(expected)
  })

  it.each([
    [1, '1 month ago'],
    [2, '2 months ago'],
    [3, '3 months ago'],
    [4, '4 months ago'],
    [5, '5 months ago'],
    [6, '6 months ago'],
    [7, '7 months ago'],
    [8, '8 months ago'],
    [9, '9 months ago'],
    [10, '10 months ago'],
    [11, '11 months ago'],
    [12, '1 year ago'],
  ])('%i months ago gives %j', (months, label) => {
    expect(relativeDayLabel(subMonths(now, months), now)).toBe(label)
    expect(formatRelativeTime(subMonths(now, months), now)).toBe(`${label} 12.00 pm`)
  })

  it('counts whole months: 59 days is 1 month, just under 12 months is 11 months', () => {
    expect(relativeDayLabel(subDays(now, 59), now)).toBe('1 month ago')
    expect(relativeDayLabel(addDays(subMonths(now, 12), 1), now)).toBe('11 months ago')
  })

  it.each([
    [1, '1 year ago'],
    [2, '2 years ago'],
    [10, '10 years ago'],
  ])('%i years ago gives %j', (years, label) => {
    expect(relativeDayLabel(subYears(now, years), now)).toBe(label)
  })

  it('rounds years down', () => {
    expect(relativeDayLabel(subMonths(now, 23), now)).toBe('1 year ago')
    expect(relativeDayLabel(subMonths(now, 24), now)).toBe('2 years ago')
  })

  it('uses calendar days in local time, not 24-hour periods', () => {
    const justAfterMidnight = new Date(2024, 5, 15, 0, 1)
    expect(formatRelativeTime(new Date(2024, 5, 14, 23, 59), justAfterMidnight)).toBe('Yesterday 11.59 pm')
    expect(formatRelativeTime(new Date(2024, 5, 15, 0, 0), justAfterMidnight)).toBe('Today 12.00 am')
    const lateEvening = new Date(2024, 5, 15, 23, 59)
    expect(formatRelativeTime(new Date(2024, 5, 14, 0, 0), lateEvening)).toBe('Yesterday 12.00 am')
  })

  it('writes the time as h.mm and a lower-case am/pm after one space', () => {
    expect(formatRelativeTime(at(now, 0, 0), now)).toBe('Today 12.00 am')
    expect(formatRelativeTime(at(now, 9, 7), now)).toBe('Today 9.07 am')
    expect(formatRelativeTime(at(now, 12, 0), now)).toBe('Today 12.00 pm')
    expect(formatRelativeTime(at(now, 23, 59), now)).toBe('Today 11.59 pm')
    expect(formatTimeOfDay(at(now, 15, 5))).toBe('3.05 pm')
    expect(formatTimeOfDay('nonsense')).toBe('—')
  })

  it('calls a later time today Today, and shows a later day as an absolute date', () => {
    expect(formatRelativeTime(addHours(now, 3), now)).toBe('Today 3.00 pm')
    expect(relativeDayLabel(addDays(now, 1), now)).toBeNull()
    expect(formatRelativeTime(at(addDays(now, 1), 15, 5), now)).toBe('16-Jun-2024 3:05PM')
  })

  it('accepts ISO strings and epoch milliseconds for the date and a number for now', () => {
    expect(formatRelativeTime('2024-06-14T08:30:00', now)).toBe('Yesterday 8.30 am')
    expect(formatRelativeTime(daysAgo(3).getTime(), now.getTime())).toBe('3 days ago 3.05 pm')
  })

  it('shows — for a value it cannot read', () => {
    expect(formatRelativeTime('not a date', now)).toBe('—')
    expect(formatRelativeTime(null, now)).toBe('—')
    expect(relativeDayLabel(undefined, now)).toBeNull()
  })

  it('defaults now to the current time', () => {
    expect(formatRelativeTime(new Date())).toMatch(/^Today \d{1,2}\.\d{2} (am|pm)$/)
  })
})
