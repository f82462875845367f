import { describe, expect, it } from 'vitest'
import { addIsoDays, DAY_MS, isoDay } from '@/lib/format/iso-day'

describe('isoDay', () => {
  it('gives the UTC day, whatever the hour', () => {
    expect(isoDay(new Date('2026-03-01T23:59:59.999Z'))).toBe('2026-03-01')
    expect(isoDay(new Date('2026-03-02T00:00:00.000Z'))).toBe('2026-03-02')
    expect(isoDay(new Date(Date.UTC(2026, 2, 1) + DAY_MS))).toBe('2026-03-02')
  })
})

describe('addIsoDays', () => {
  it('adds calendar days across month and year ends and leap days', () => {
    expect(addIsoDays('2026-01-31', 1)).toBe('2026-02-01')
    expect(addIsoDays('2026-12-31', 1)).toBe('2027-01-01')
    expect(addIsoDays('2028-02-28', 1)).toBe('2028-02-29')
    expect(addIsoDays('2026-03-01', 365)).toBe('2027-03-01')
  })

  it('goes back with a negative count', () => {
    expect(addIsoDays('2026-03-01', -1)).toBe('2026-02-28')
  })
})
