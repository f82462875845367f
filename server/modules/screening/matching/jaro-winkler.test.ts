import talismanJaroWinkler from 'talisman/metrics/jaro-winkler.js'
import { describe, expect, it } from 'vitest'
import { jaroWinkler } from './jaro-winkler'

describe('jaroWinkler', () => {
  it('gives the same similarity as talisman’s on names and on random words', () => {
    const pairs: Array<[string, string]> = [
      ['mohammed', 'muhammad'],
      ['yusuf', 'yousef'],
      ['shekau', 'shekua'],
      ['abdulrahman', 'abdurrahman'],
      ['gil', 'gli'],
      ['a', 'abubakar'],
      ['', 'x'],
      ['okafor', 'okoro'],
    ]
    let seed = 7
    const next = () => (seed = (seed * 16807) % 2147483647) / 2147483647
    const word = () => Array.from({ length: Math.floor(next() * 11) }, () => 'abdehiklmnorsu'[Math.floor(next() * 14)]).join('')
    for (let i = 0; i < 5000; i++) pairs.push([word(), word()])
    for (const [a, b] of pairs) expect(jaroWinkler(a, b), `${a} / ${b}`).toBeCloseTo(talismanJaroWinkler(a, b), 12)
  })
})
