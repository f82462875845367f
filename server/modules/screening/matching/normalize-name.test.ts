import { describe, expect, it } from 'vitest'
import { nameKeys, nameSearchKeys } from './normalize-name'

const texts = (name: string, kind: 'PERSON' | 'ENTITY' = 'PERSON') => nameKeys(name, kind).tokens.map((t) => t.text)

describe('nameKeys', () => {
  it('folds case, accents and other scripts to lower-case ASCII', () => {
    expect(nameKeys('Ọláolúwa ADÉBÁYỌ̀', 'PERSON').normalized).toBe('olaoluwa adebayo')
    expect(nameKeys('Абу Бакр', 'PERSON').normalized).toBe('abu bakr')
    expect(nameKeys("O'Brien", 'PERSON').normalized).toBe('obrien')
  })

  it('removes Nigerian and list titles, wherever a plain title stands and ambiguous ones only in front', () => {
    expect(texts('Alhaji Dr. Mohammed Abubakar')).toEqual(['mohammed', 'abubakar'])
    expect(texts('Chief (Mrs) Ngozi Okafor')).toEqual(['ngozi', 'okafor'])
    expect(texts('Engr. Otunba Adebayo Ogunleye')).toEqual(['adebayo', 'ogunleye'])
    expect(texts('AL ZAWAHIRI, Dr. Ayman')).toEqual(['al', 'zawahiri', 'ayman'])
    expect(texts('Mullah Mohammed Omar')).toEqual(['mohammed', 'omar'])
    // Prince is a given name too: kept when it is not in front, and when nothing else is left.
    expect(texts('Emeka Prince Okafor')).toEqual(['emeka', 'prince', 'okafor'])
    expect(texts('Prince')).toEqual(['prince'])
  })

  it('splits hyphens and punctuation, and writes the forms of "Abd al-" one way', () => {
    expect(texts('Abdul-Rahman Yasin')).toEqual(['abdul', 'rahman', 'yasin'])
    expect(texts('Abd al-Rahman Yasin')).toEqual(['abdul', 'rahman', 'yasin'])
    expect(texts('Abdel Rahman Yasin')).toEqual(['abdul', 'rahman', 'yasin'])
    expect(texts('Abd Alrahman Yasin')).toEqual(['abdul', 'rahman', 'yasin'])
    expect(texts('Abdurrahman')).toEqual(['abdulrahman'])
    expect(texts('Abdelrahman')).toEqual(['abdulrahman'])
    expect(texts('Abdirahman')).toEqual(['abdulrahman'])
    expect(texts('Abdallah')).toEqual(['abdullah'])
    expect(texts('Abdou Diouf')).toEqual(['abdou', 'diouf'])
  })

  it('keeps company words, canonical and weak, and particles weak', () => {
    const { normalized, tokens } = nameKeys('Dangote Industries Nig. Limited', 'ENTITY')
    expect(normalized).toBe('dangote industries nig ltd')
    expect(tokens.map((t) => [t.text, t.weak, t.class])).toEqual([
      ['dangote', false, 'NAME'],
      ['industries', true, 'GENERIC'],
      ['nig', true, 'GENERIC'],
      ['ltd', true, 'GENERIC'],
    ])
    expect(nameKeys('S.A. DE C.V.', 'ENTITY').normalized).toBe('sa de cv')
    expect(nameKeys('Usama bin Laden', 'PERSON').tokens.map((t) => t.class)).toEqual(['NAME', 'PARTICLE', 'NAME'])
  })

  it('marks the most common given names weak, and single letters as initials', () => {
    expect(nameKeys('A. Mohammed Shekau', 'PERSON').tokens.map((t) => [t.text, t.class, t.weak])).toEqual([
      ['a', 'INITIAL', true],
      ['mohammed', 'COMMON', true],
      ['shekau', 'NAME', false],
    ])
  })

  it('gives each word its Double Metaphone codes', () => {
    const [yusuf] = nameKeys('Yusuf', 'PERSON').tokens
    const [yousef] = nameKeys('Yousef', 'PERSON').tokens
    expect(yusuf!.phonetic).toEqual(yousef!.phonetic)
    expect(nameKeys('bin', 'PERSON').tokens[0]!.phonetic).toEqual([])
  })
})

describe('nameSearchKeys', () => {
  it('gives the strong words’ codes and the joined readings, so that split and joined spellings meet', () => {
    const split = nameSearchKeys('Abu Bakar al-Baghdadi', 'PERSON')
    const joined = nameSearchKeys('Abubakar Baghdadi', 'PERSON')
    expect(split.normalized).toBe('abu bakar al baghdadi')
    expect(split.phoneticKeys.filter((k) => joined.phoneticKeys.includes(k)).length).toBeGreaterThan(0)
  })

  it('falls back to the common words of a name that has no other', () => {
    expect(nameSearchKeys('Mohammed Abubakar', 'PERSON').phoneticKeys.length).toBeGreaterThan(0)
  })
})
