import { describe, expect, it } from 'vitest'
import type { ListedEntry } from '../list-entry'
import { CandidateIndex } from './candidate-index'
import { nameKeys } from './normalize-name'
import { MATCH_WEIGHTS, wordSimilarity } from './score-candidate'

const person = (sourceId: string, ...names: string[]): ListedEntry => ({
  sourceId,
  subjectKind: 'PERSON',
  names: names.map((name, i): ListedEntry['names'][number] => ({ name, kind: i ? 'ALIAS' : 'PRIMARY', quality: 'STRONG' })),
  datesOfBirth: [],
  nationalities: [],
  countries: [],
  programmes: [],
  listedOn: null,
  remarks: null,
})

const entries: ListedEntry[] = [
  person('A', 'Abubakar Mohammed Shekau', 'Abu Bakr Shekau'),
  person('B', 'Abdulrahman Musa'),
  person('C', 'Ibrahim Yakubu'),
  person('D', 'Chukwuemeka Okafor'),
  person('E', 'Aliyu Ahmad'),
  person('F', 'Mohamed Ali'),
  person('G', 'Ngozi Okonjo-Iweala'),
  { ...person('H', 'Bright Horizons Trading'), subjectKind: 'ENTITY' },
]

/**
 * What the index must find, by comparing every word: the entries of the kind with a name word (or joined pair) that
 * pairs with a query word; when the query has a distinctive word, a common query word counts only against a
 * distinctive listed word.
 */
function everyPairingEntry(query: string, kind: 'PERSON' | 'ENTITY'): string[] {
  const tokens = CandidateIndex.keyTokens(query, kind)
  const hasDistinctive = nameKeys(query, kind).tokens.some((t) => t.class === 'NAME')
  return entries
    .filter((e) => e.subjectKind === kind)
    .filter((e) =>
      e.names.some((n) =>
        CandidateIndex.keyTokens(n.name, kind).some((listed) =>
          tokens.some(
            (t) =>
              (!hasDistinctive || t.cls === 'NAME' || listed.cls === 'NAME') &&
              (t.text === listed.text || wordSimilarity(t, listed) >= MATCH_WEIGHTS.pairMinimum),
          ),
        ),
      ),
    )
    .map((e) => e.sourceId)
    .sort()
}

describe('CandidateIndex', () => {
  const index = new CandidateIndex(entries)
  const found = (name: string, kind: 'PERSON' | 'ENTITY' = 'PERSON') =>
    index
      .candidates({ name, kind })
      .map((i) => entries[i]!.sourceId)
      .sort()

  it.each([
    'Abubakar Muhammad Shekau',
    'Abu Bakar Shekau',
    'Abdurrahman Musa',
    'Ibrahim Yakub',
    'Chukwuemeka Okafo',
    'Ngozi Okonjo Iweala',
    'Muhammed Aliyu',
    'Adaeze Nwosu',
    'Mohammed Ali',
  ])('finds for %s every entry a word pairs with, as comparing every word does', (name) => {
    expect(found(name)).toEqual(everyPairingEntry(name, 'PERSON'))
  })

  it('finds a misspelt surname and a joined reading, and nothing for a name sharing no word', () => {
    expect(found('Abubakar Shekaw')).toContain('A')
    expect(found('Abdul Rahman Musa')).toContain('B')
    expect(found('Adaeze Nwosu')).toEqual([])
  })

  it('keeps persons and entities apart', () => {
    expect(found('Bright Horizons Trading', 'PERSON')).toEqual([])
    expect(found('Bright Horizons Trading', 'ENTITY')).toEqual(['H'])
  })
})
