import { describe, expect, it } from 'vitest'
import { koboToNairaAmount, nairaToKobo } from './fees'

/**
 * Issue 32: naira to kobo rounds. 19.99 × 100 and 4.35 × 100 are 1998.9999999999998 and 434.99999999999994 in
 * floating point, so truncating (Math.trunc, `| 0`) would lose a kobo on each; amounts exact in binary hide it.
 */
describe('nairaToKobo', () => {
  it('rounds to the nearest kobo', () => {
    expect(nairaToKobo(19.99)).toBe(1999)
    expect(nairaToKobo(4.35)).toBe(435)
    expect(nairaToKobo(1.1)).toBe(110)
    expect(nairaToKobo(0)).toBe(0)
    expect(nairaToKobo(10_000_000)).toBe(1_000_000_000)
  })

  it('comes back to the same naira', () => {
    for (const naira of [19.99, 4.35, 0.01, 1500.55]) expect(koboToNairaAmount(nairaToKobo(naira))).toBe(naira)
  })
})
