import { describe, expect, it } from 'vitest'
import { formatTypedAnswer } from '@/lib/format/number'

describe('a typed answer shown back', () => {
  it('shows an amount with separators as NGN when the question names the currency', () => {
    expect(formatTypedAnswer('Expected monthly volume (₦)', '15000000')).toBe('₦15,000,000.00')
    expect(formatTypedAnswer('Annual turnover in NGN', '₦2,500,000.5')).toBe('₦2,500,000.50')
  })

  it('shows a quantity with thousands separators', () => {
    expect(formatTypedAnswer('Expected monthly volume', '15000000')).toBe('15,000,000')
    expect(formatTypedAnswer('Number of outlets', '1200')).toBe('1,200')
  })

  it('leaves anything else as typed: account numbers, text, numbers under other questions', () => {
    expect(formatTypedAnswer('Settlement account', '0123456789')).toBe('0123456789')
    expect(formatTypedAnswer('Settlement account number', '0123456789')).toBe('0123456789')
    expect(formatTypedAnswer('Expected monthly volume (₦)', 'about 15 million')).toBe('about 15 million')
    expect(formatTypedAnswer('Outlet addresses', '12 Allen Avenue')).toBe('12 Allen Avenue')
  })
})
