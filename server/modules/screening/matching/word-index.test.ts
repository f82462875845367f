import { describe, expect, it } from 'vitest'
import { nameKeys } from './normalize-name'
import { MATCH_WEIGHTS, toMatchToken, wordSimilarity, type MatchToken } from './score-candidate'
import { WordIndex } from './word-index'

const token = (word: string, kind: 'PERSON' | 'ENTITY' = 'PERSON'): MatchToken | undefined => {
  const t = nameKeys(word, kind).tokens[0]
  return t && t.class !== 'PARTICLE' && t.class !== 'INITIAL' ? toMatchToken(t) : undefined
}

/** Name-like words: syllables of Nigerian and Arabic names, and slips of them (swaps, drops, doubles, changes). */
function vocabularyOf(size: number, seed: number): MatchToken[] {
  let state = seed
  const next = () => (state = (state * 16807) % 2147483647) / 2147483647
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(next() * xs.length)]!
  const syllables = [
    'a',
    'ba',
    'bu',
    'de',
    'di',
    'e',
    'fa',
    'gba',
    'ha',
    'i',
    'ju',
    'ka',
    'ke',
    'kw',
    'la',
    'li',
    'ma',
    'mo',
    'mu',
    'na',
    'ne',
    'nk',
    'o',
    'ol',
    'ra',
    'ri',
    'sa',
    'sh',
    'su',
    'ta',
    'tu',
    'u',
    'wa',
    'ya',
    'yo',
    'za',
    'zi',
  ]
  const starts = ['', '', '', 'abdul', 'al', 'chi', 'olu', 'mu', 'ade']
  const words = new Set<string>()
  while (words.size < size) {
    let word = pick(starts) + Array.from({ length: 1 + Math.floor(next() * 5) }, () => pick(syllables)).join('')
    if (word.length > 3 && next() < 0.5) {
      const at = Math.floor(next() * (word.length - 1))
      const slip = Math.floor(next() * 4)
      if (slip === 0) word = word.slice(0, at) + word[at + 1] + word[at] + word.slice(at + 2)
      else if (slip === 1) word = word.slice(0, at) + word.slice(at + 1)
      else if (slip === 2) word = word.slice(0, at) + word[at] + word.slice(at)
      else word = word.slice(0, at) + pick(['y', 'h', 'o', 'q', 'x']) + word.slice(at + 1)
    }
    words.add(word)
  }
  // Some joined pairs, as the candidate index adds them.
  const list = [...words]
  for (let i = 0; i + 1 < list.length; i += 7) words.add(list[i]! + list[i + 1]!)
  return [...words].flatMap((w) => token(w) ?? [])
}

/** What the index must answer: every word the scorer pairs with, by comparing with each. */
function everySimilar(vocabulary: MatchToken[], query: MatchToken): number[] {
  return vocabulary.flatMap((v, i) => (v.text === query.text || wordSimilarity(query, v) >= MATCH_WEIGHTS.pairMinimum ? [i] : []))
}

describe('WordIndex', () => {
  it('finds exactly the words the scorer pairs with, as comparing every word does, for thousands of words', () => {
    const vocabulary = vocabularyOf(3000, 38)
    const index = new WordIndex(vocabulary)
    // Queries: words of the vocabulary, and new words made the same way.
    const queries = [...vocabulary.slice(0, 1000), ...vocabularyOf(1000, 7)]
    let found = 0
    for (const query of queries) {
      const expected = everySimilar(vocabulary, query)
      expect(
        index.similar(query).sort((a, b) => a - b),
        query.written,
      ).toEqual(expected)
      found += expected.length
    }
    // Not a vacuous check: most queries have similar words besides themselves.
    expect(found).toBeGreaterThan(queries.length * 2)
  }, 60_000)

  it('pairs a slip, a sound-alike, an "Abdul-" word on its rest and a joined pair', () => {
    const words = ['chukwuemeka', 'mohammed', 'abdulrahman', 'okonjoiweala', 'yusuf', 'adebayo', 'oluwaseun']
    const vocabulary = words.map((w) => token(w)!)
    const index = new WordIndex(vocabulary)
    const similar = (word: string) => index.similar(token(word)!).map((i) => vocabulary[i]!.written)
    expect(similar('chukwuemeak')).toEqual(['chukwuemeka'])
    expect(similar('muhammad')).toEqual(['mohammed'])
    expect(similar('abdurahman')).toEqual(['abdulrahman'])
    expect(similar('okonjoiwela')).toEqual(['okonjoiweala'])
    expect(similar('yousef')).toEqual(['yusuf'])
    expect(similar('zainab')).toEqual([])
  })

  it('reads only a few of the words for a new word', () => {
    const vocabulary = vocabularyOf(4000, 11)
    const index = new WordIndex(vocabulary)
    const query = token('kwasulamoyo')!
    expect(index.lookalikes(query).length).toBeLessThan(vocabulary.length / 20)
  })
})
