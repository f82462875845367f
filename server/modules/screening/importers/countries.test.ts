import { describe, expect, it } from 'vitest'
import { createCountryLookup } from './countries'

describe('country words → ISO alpha-2', () => {
  it('knows the UN and OFAC spellings', () => {
    const lookup = createCountryLookup({ acceptCodes: false })
    const spellings: Record<string, string> = {
      'Iran (Islamic Republic of)': 'IR',
      "Democratic People's Republic of Korea": 'KP',
      'Korea, North': 'KP',
      'Korea, South': 'KR',
      'Syrian Arab Republic': 'SY',
      'United Kingdom of Great Britain and Northern Ireland': 'GB',
      Türkiye: 'TR',
      Turkey: 'TR',
      "Côte d'Ivoire": 'CI',
      'Cote d Ivoire': 'CI',
      Russia: 'RU',
      'Russian Federation': 'RU',
      Burma: 'MM',
      'West Bank': 'PS',
      'Region: Gaza': 'PS',
      'Region: Crimea': 'UA',
      'Congo, Democratic Republic of the': 'CD',
      'Democratic Republic of the Congo': 'CD',
      'Congo, Republic of the': 'CG',
      Congo: 'CG',
      'Bahamas, The': 'BS',
      'The Gambia': 'GM',
      'Virgin Islands, British': 'VG',
      'China, Hong Kong Special Administrative Region': 'HK',
      'St. Vincent and the Grenadines': 'VC',
      'St. Kitts & Nevis': 'KN',
      'Macedonia, The Former Yugoslav Republic of': 'MK',
      'United Republic of Tanzania': 'TZ',
      'Viet Nam': 'VN',
      'nigeria ': 'NG',
    }
    for (const [name, code] of Object.entries(spellings)) expect([name, lookup.codeOf(name)]).toEqual([name, code])
    expect(lookup.unknownNames()).toEqual([])
  })

  it('drops "no country" words silently and reports unknown ones once', () => {
    const lookup = createCountryLookup({ acceptCodes: false })
    for (const word of ['undetermined', 'None Identified', 'na', 'former Soviet Union', 'Atlantis', 'Atlantis', 'NG']) {
      expect(lookup.codeOf(word)).toBeNull()
    }
    expect(lookup.unknownNames()).toEqual(['former Soviet Union', 'Atlantis', 'NG'])
  })

  it('reads ISO codes only where the format allows them (the generic format)', () => {
    const lookup = createCountryLookup({ acceptCodes: true })
    expect(['NG', 'gh', 'XX'].map((code) => lookup.codeOf(code))).toEqual(['NG', 'GH', null])
    expect(lookup.unknownNames()).toEqual(['XX'])
  })
})
