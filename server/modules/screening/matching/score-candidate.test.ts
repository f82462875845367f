import { describe, expect, it } from 'vitest'
import type { ListedEntry, ListedName } from '../list-entry'
import { DEFAULT_MATCH_THRESHOLD, scoreCandidate, type ScreeningQuery } from './score-candidate'

const T = DEFAULT_MATCH_THRESHOLD

function entry(partial: Partial<ListedEntry> & { names: ListedName[] }): ListedEntry {
  return {
    sourceId: 'TEST',
    subjectKind: 'PERSON',
    datesOfBirth: [],
    nationalities: [],
    countries: [],
    programmes: [],
    listedOn: null,
    remarks: null,
    ...partial,
  }
}

const primary = (name: string): ListedName => ({ name, kind: 'PRIMARY', quality: 'STRONG' })
const alias = (name: string, quality: ListedName['quality'] = 'STRONG'): ListedName => ({ name, kind: 'ALIAS', quality })

/** As the UN list gives him (QDi.322), with only the primary name, so that no alias helps. */
const SHEKAU = entry({
  sourceId: 'QDi.322',
  names: [primary('ABUBAKAR MOHAMMED SHEKAU')],
  datesOfBirth: [{ kind: 'YEAR', year: 1969 }],
  nationalities: ['NG'],
})

/** IQi.001: the primary name and the original script the UN list gives, and its low-quality alias. */
const SADDAM = entry({
  sourceId: 'IQi.001',
  names: [primary('SADDAM HUSSEIN AL-TIKRITI'), alias('Abu Ali', 'WEAK'), alias('صدام حسين التكريتي')],
  datesOfBirth: [{ kind: 'EXACT', date: '1937-04-28' }],
  nationalities: ['IQ'],
})

const BOKO_HARAM = entry({
  sourceId: 'QDe.138',
  subjectKind: 'ENTITY',
  names: [primary("JAMA'ATU AHLIS SUNNA LIDDA'AWATI WAL-JIHAD"), alias('Boko Haram')],
})

const person = (name: string, extra: Partial<ScreeningQuery> = {}): ScreeningQuery => ({ name, kind: 'PERSON', ...extra })
const score = (query: ScreeningQuery, listed: ListedEntry) => scoreCandidate({ query, entry: listed })
const factor = (result: ReturnType<typeof score>, name: string) => result.factors.find((f) => f.factor === name)

describe('scoreCandidate: what a compliance officer sees', () => {
  it('matches "Alhaji Mohammed Abubakar" to a listed "MOHAMMED ABUBAKAR": the title is not part of the name', () => {
    const listed = entry({ names: [primary('MOHAMMED ABUBAKAR')] })
    const result = score(person('Alhaji Mohammed Abubakar'), listed)
    expect(result.score).toBeGreaterThanOrEqual(T)
    expect(result.matchedName).toBe('MOHAMMED ABUBAKAR')
  })

  it('does not match "Abubakar Mohammed Ventures Ltd" to "AL-ABUBAKAR TRADING COMPANY" on common and company words', () => {
    const listed = entry({ subjectKind: 'ENTITY', names: [primary('AL-ABUBAKAR TRADING COMPANY')] })
    const result = score({ name: 'Abubakar Mohammed Ventures Ltd', kind: 'ENTITY' }, listed)
    expect(result.score).toBeLessThan(T)
  })

  it('holds a match resting on common given names alone under the threshold, and says why', () => {
    const result = score(person('Mohammed Abubakar', { dateOfBirth: '1969-02-01' }), SHEKAU)
    expect(result.score).toBeLessThan(T)
    expect(factor(result, 'common-names-only')?.detail).toMatch(/only common names/)
  })

  it('reads the words in any order', () => {
    expect(score(person('Shekau Abubakar Mohammed'), SHEKAU).score).toBe(1)
    expect(score(person('SHEKAU, Abubakar Mohammed'), SHEKAU).score).toBe(1)
  })

  it('tolerates a missing middle name, at a smaller cost than a different one', () => {
    const missing = score(person('Abubakar Shekau'), SHEKAU)
    const different = score(person('Abubakar Okonkwo Shekau'), SHEKAU)
    expect(missing.score).toBeGreaterThanOrEqual(T)
    expect(missing.factors[0]!.detail).toMatch(/not in the query: mohammed .*missing/)
    expect(different.score).toBeLessThan(missing.score)
  })

  it('matches initials to the names they stand for', () => {
    const result = score(person('A. M. Shekau'), SHEKAU)
    expect(result.score).toBeGreaterThanOrEqual(T)
    expect(result.factors[0]!.detail).toMatch(/a\. is the initial of abubakar/)
    expect(score(person('B. M. Shekau'), SHEKAU).score).toBeLessThan(result.score)
  })

  it('forgives a typing slip and a transliteration', () => {
    expect(score(person('Abubakar Mohammed Shekua'), SHEKAU).score).toBeGreaterThanOrEqual(T)
    expect(score(person('Abubakar Muhammad Shekau'), SHEKAU).score).toBeGreaterThanOrEqual(T)
    expect(score(person('Abubakr Mohamed Shekau'), SHEKAU).score).toBeGreaterThanOrEqual(T)
  })

  it('reads split and joined forms alike: Abdul-Rahman, Abdul Rahman, Abdulrahman, Abdurrahman', () => {
    const listed = entry({ names: [primary('ABDUL RAHMAN YASIN')] })
    for (const name of ['Abdul-Rahman Yasin', 'Abdulrahman Yasin', 'Abdurrahman Yasin', 'Abd al-Rahman Yasin']) {
      expect(score(person(name), listed).score, name).toBeGreaterThanOrEqual(T)
    }
  })

  it('matches an Arabic-script name to the original script the list gives, and its transliteration to the primary', () => {
    const arabic = score(person('صدام حسين التكريتي'), SADDAM)
    expect(arabic.score).toBe(1)
    expect(arabic.matchedName).toBe('صدام حسين التكريتي')
    const latin = score(person('Saddam Hussein al-Tikriti'), SADDAM)
    expect(latin.score).toBe(1)
    expect(latin.matchedName).toBe('SADDAM HUSSEIN AL-TIKRITI')
  })

  it('drops an otherwise perfect name under the threshold when the date of birth contradicts, and says why', () => {
    const result = score(person('Abubakar Mohammed Shekau', { dateOfBirth: '1985-06-01' }), SHEKAU)
    expect(result.score).toBeLessThan(T)
    const dob = factor(result, 'date-of-birth')!
    expect(dob.effect).toBeLessThan(0)
    expect(dob.detail).toBe('the date of birth is 16 years from the listed year 1969')
  })

  it('raises for an equal date, a little for the same year, barely within a range, not at all when absent', () => {
    const base = score(person('Saddam Hussein'), SADDAM).score
    const exact = score(person('Saddam Hussein', { dateOfBirth: '1937-04-28' }), SADDAM)
    const sameYear = score(person('Saddam Hussein', { dateOfBirth: '1937-09-01' }), SADDAM)
    expect(exact.score).toBeGreaterThan(sameYear.score)
    expect(sameYear.score).toBeGreaterThan(base)
    expect(factor(exact, 'date-of-birth')!.detail).toBe('the date of birth is the listed date')

    const ranged = entry({
      names: [primary('ABUBAKAR MOHAMMED SHEKAU')],
      datesOfBirth: [{ kind: 'RANGE', fromYear: 1970, toYear: 1972 }],
    })
    const within = score(person('Abubakar Shekau', { dateOfBirth: '1971-03-04' }), ranged)
    expect(factor(within, 'date-of-birth')).toEqual({
      factor: 'date-of-birth',
      effect: expect.any(Number),
      detail: 'the date of birth is within the listed years 1970–1972',
    })
    expect(factor(within, 'date-of-birth')!.effect).toBeGreaterThanOrEqual(0)
    expect(factor(score(person('Abubakar Shekau'), ranged), 'date-of-birth')!.effect).toBe(0)
  })

  it('raises a little for the listed nationality and lowers a little for another', () => {
    const none = score(person('Abubakar Shekau'), SHEKAU).score
    const same = score(person('Abubakar Shekau', { nationality: 'NG' }), SHEKAU).score
    const other = score(person('Abubakar Shekau', { nationality: 'GH' }), SHEKAU)
    expect(same).toBeGreaterThan(none)
    expect(other.score).toBeLessThan(none)
    expect(factor(other, 'nationality')!.detail).toBe('nationality GH differs from the listed NG')
  })

  it('never matches a person with an entity', () => {
    const result = score(person('Boko Haram'), BOKO_HARAM)
    expect(result.score).toBe(0)
    expect(result.factors).toEqual([
      { factor: 'kind', effect: 0, detail: 'the query is a person, the listed subject an entity: never a match' },
    ])
    expect(score({ name: 'Boko Haram', kind: 'ENTITY' }, BOKO_HARAM).score).toBe(1)
  })

  it('keeps a weak alias alone under the threshold, and lets it count beside a matching date of birth', () => {
    const alone = score(person('Abu Ali'), SADDAM)
    expect(alone.matchedName).toBe('Abu Ali')
    expect(alone.score).toBeLessThan(T)
    expect(factor(alone, 'weak-alias')!.effect).toBeLessThan(0)
    expect(score(person('Abu Ali', { dateOfBirth: '1937-04-28' }), SADDAM).score).toBeGreaterThanOrEqual(T)
  })

  it('lists factors whose effects add up to the score', () => {
    const queries = [
      person('Abubakar Shekau', { dateOfBirth: '1969-05-05', nationality: 'NG' }),
      person('Mohammed Abubakar', { dateOfBirth: '1969-02-01' }),
      person('Abubakar Mohammed Shekau', { dateOfBirth: '1985-06-01', nationality: 'GH' }),
      person('Abu Ali', { dateOfBirth: '1937-04-28' }),
      person('Chinedu Okafor'),
    ]
    for (const query of queries) {
      for (const listed of [SHEKAU, SADDAM]) {
        const result = score(query, listed)
        const sum = result.factors.reduce((s, f) => s + f.effect, 0)
        expect(sum, `${query.name} / ${listed.sourceId}`).toBeCloseTo(result.score, 6)
        expect(result.score).toBeGreaterThanOrEqual(0)
        expect(result.score).toBeLessThanOrEqual(1)
        for (const f of result.factors) expect(f.detail.length).toBeGreaterThan(10)
      }
    }
  })

  it('does not match an unrelated Nigerian name', () => {
    expect(score(person('Chinedu Okafor'), SHEKAU).score).toBeLessThan(0.5)
    expect(score(person('Oluwaseun Adebayo'), SADDAM).score).toBeLessThan(0.5)
  })

  it('gives the same answer every time', () => {
    const query = person('A. Shekau', { dateOfBirth: '1969-01-01' })
    expect(score(query, SHEKAU)).toEqual(score(query, SHEKAU))
  })
})
