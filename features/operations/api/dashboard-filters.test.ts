import { describe, expect, it } from 'vitest'
import { defaultPeriod, filtersOf } from './dashboard-filters'

describe('the dashboard filters in the address', () => {
  it('defaults to twelve whole months to today in Lagos and the business review', () => {
    // 23:30 UTC on 31 December is already 1 January in Lagos.
    expect(defaultPeriod(new Date('2026-12-31T23:30:00Z'))).toEqual({ from: '2026-02-01', to: '2027-01-01' })
    expect(filtersOf({}, new Date('2026-11-30T12:00:00Z'))).toEqual({
      from: '2025-12-01',
      to: '2026-11-30',
      queue: 'BUSINESS_REVIEW',
    })
  })

  it('keeps what the address names, turns a backwards period round and ignores what it cannot read', () => {
    const now = new Date('2026-11-30T12:00:00Z')
    expect(filtersOf({ from: '2026-03-01', to: '2026-03-31', queue: 'DEFERRALS' }, now)).toEqual({
      from: '2026-03-01',
      to: '2026-03-31',
      queue: 'DEFERRALS',
    })
    expect(filtersOf({ from: '2026-04-01', to: '2026-03-01' }, now)).toMatchObject({ from: '2026-03-01', to: '2026-04-01' })
    expect(filtersOf({ from: 'yesterday', queue: 'CAC_DOCUMENTS' }, now)).toEqual({
      from: '2025-12-01',
      to: '2026-11-30',
      queue: 'BUSINESS_REVIEW',
    })
  })
})
