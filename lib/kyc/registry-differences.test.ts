import { describe, expect, it } from 'vitest'
import { comparableName, registryDifferences } from './registry-differences'

describe('registry differences', () => {
  it('compares names ignoring case, spacing, punctuation, accents and order', () => {
    expect(comparableName('BELLO,  Amina')).toBe(comparableName('amina bello'))
    expect(comparableName('Adébáyọ̀ Ògúnlésì')).toBe(comparableName('ogunlesi adebayo'))
    expect(comparableName('Eko Holdings Limited')).toBe(comparableName('EKO HOLDINGS LTD.'))
    expect(comparableName('Amina Bello')).not.toBe(comparableName('Amina Bello Musa'))
  })

  it('lists undeclared, missing and different-percentage parties in words', () => {
    const differences = registryDifferences({
      declared: {
        directors: [{ name: 'Yusuf Garba' }, { name: 'Kemi Ade' }],
        shareholders: [
          { name: 'Yusuf Garba', percentage: 60 },
          { name: 'Kemi Ade', percentage: 40 },
        ],
      },
      registry: {
        directors: [{ name: 'GARBA, Yusuf' }, { name: 'Amina Bello' }],
        shareholders: [
          { name: 'yusuf garba', percentage: 60 },
          { name: 'Kemi Ade', percentage: 30 },
          { name: 'Amina Bello', percentage: 10 },
        ],
      },
    })
    expect(differences.map((d) => d.text)).toEqual([
      'The registry lists director Amina Bello, who is not declared',
      'Declared director Kemi Ade is not in the registry',
      'Shareholder Kemi Ade is declared with 40 %; the registry lists 30 %',
      'The registry lists shareholder Amina Bello with 10 %, who is not declared',
    ])
  })

  it('finds nothing when the declaration matches', () => {
    expect(
      registryDifferences({
        declared: { directors: [{ name: 'Ada Obi' }], shareholders: [{ name: 'Ada Obi', percentage: 100 }] },
        registry: { directors: [{ name: 'OBI ADA' }], shareholders: [{ name: 'Obi, Ada', percentage: 100 }] },
      }),
    ).toEqual([])
  })
})
