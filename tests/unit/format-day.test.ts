import { describe, expect, it } from 'vitest'
import { formatDay, formatDayTime, readDay } from '@/lib/format/day'

describe('day formatting for screens', () => {
  it('reads a bare day as that local day, whatever the time zone', () => {
    const day = readDay('2026-03-01')!
    expect([day.getFullYear(), day.getMonth(), day.getDate()]).toEqual([2026, 2, 1])
    expect(formatDay('2026-03-01')).toBe('01 Mar 2026')
  })

  it('formats date-times and says nothing misleading for empty or unreadable values', () => {
    expect(formatDay('2026-11-22T10:00:00.000Z')).toMatch(/2[12] Nov 2026/)
    expect(formatDayTime('2026-11-22T10:00:00.000Z')).toMatch(/Nov 2026.*\d:\d{2}/)
    expect(formatDay(null)).toBe('—')
    expect(formatDay('not a date')).toBe('—')
    expect(formatDayTime(undefined)).toBe('—')
    expect(readDay('')).toBeNull()
  })
})
