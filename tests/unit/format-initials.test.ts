import { describe, expect, it } from 'vitest'
import { initials } from '@/lib/format/initials'

describe('initials (spec 9: the first two capitalised initials)', () => {
  it.each([
    ['ada lovelace byron', 'AL'],
    ['Ada Lovelace', 'AL'],
    ['ngozi', 'N'],
    ['', ''],
    ['   ', ''],
    ['  chinua   achebe  ', 'CA'],
    ['Dr. ada obi', 'DA'],
    ["'tunde bakare", 'TB'],
    ['Adebayo-Smith oluwaseun', 'AO'],
    ['& co', 'C'],
    ['émeka ọkafor', 'ÉỌ'],
    ['ibrahim\tmusa', 'IM'],
  ])('%j → %j', (name, expected) => {
    expect(initials(name)).toBe(expected)
  })

  it('gives an empty string for null and undefined', () => {
    expect(initials(null)).toBe('')
    expect(initials(undefined)).toBe('')
  })
})
