import { describe, expect, it } from 'vitest'
import { changedFields, formValuesEqual, isFormDirty } from '@/lib/validation/form-dirty'
import { bvnSchema, isValidBvn, isValidNin, ninSchema, normaliseBvn, normaliseNin } from '@/lib/validation/identity-numbers'
import { matchesPattern } from '@/lib/validation/pattern'
import { registrationNumberSchema } from '@/lib/validation/registration-number'
import {
  isValidRegistrationNumber,
  normaliseRegistrationNumber,
  parseRegistrationNumber,
  REGISTRATION_CLASS_LABELS,
  REGISTRATION_CLASSES,
} from '@/lib/validation/registration-number-rules'

describe('matchesPattern (spec 5: a generic pattern test fails on an empty value)', () => {
  it('fails on an empty value, whatever the pattern', () => {
    expect(matchesPattern(/.*/, '')).toBe(false)
    expect(matchesPattern(/^$/, '')).toBe(false)
    expect(matchesPattern('.*', '')).toBe(false)
    expect(matchesPattern(/.*/, null)).toBe(false)
    expect(matchesPattern(/.*/, undefined)).toBe(false)
  })

  it('tests a non-empty value against the pattern', () => {
    expect(matchesPattern(/^\d+$/, '123')).toBe(true)
    expect(matchesPattern(/^\d+$/, '12a')).toBe(false)
    expect(matchesPattern('^[a-z]+$', 'abc')).toBe(true)
    expect(matchesPattern('^[a-z]+$', 'ABC')).toBe(false)
    expect(matchesPattern(/^[a-z]+$/i, 'ABC')).toBe(true)
  })

  it('treats whitespace as a value, and is a partial match unless anchored', () => {
    expect(matchesPattern(/^\s+$/, '  ')).toBe(true)
    expect(matchesPattern(/\d/, 'a1b')).toBe(true)
  })

  it('does not carry state between calls with a global or sticky pattern', () => {
    const global = /\d/g
    expect(matchesPattern(global, '1')).toBe(true)
    expect(matchesPattern(global, '1')).toBe(true)
    const sticky = /\d/y
    expect(matchesPattern(sticky, '1')).toBe(true)
    expect(matchesPattern(sticky, '1')).toBe(true)
  })
})

describe('isFormDirty (spec 5: a form is dirty if any field has changed)', () => {
  const initial = { name: 'Ada', age: 30, tags: ['a', 'b'], address: { city: 'Lagos', line2: '' }, note: undefined }

  it('is clean when nothing changed, including for a deep copy', () => {
    expect(isFormDirty(initial, structuredClone(initial))).toBe(false)
    expect(isFormDirty(initial, initial)).toBe(false)
    expect(isFormDirty({}, {})).toBe(false)
  })

  it('is dirty when any field changes, at any depth', () => {
    expect(isFormDirty(initial, { ...initial, name: 'Ada ' })).toBe(true)
    expect(isFormDirty(initial, { ...initial, age: 31 })).toBe(true)
    expect(isFormDirty(initial, { ...initial, tags: ['a'] })).toBe(true)
    expect(isFormDirty(initial, { ...initial, tags: ['b', 'a'] })).toBe(true)
    expect(isFormDirty(initial, { ...initial, address: { city: 'Abuja', line2: '' } })).toBe(true)
    expect(isFormDirty(initial, { ...initial, extra: 'x' })).toBe(true)
  })

  it("treats undefined, null and '' as the same empty value, and a missing key as empty", () => {
    expect(isFormDirty({ note: undefined }, { note: '' })).toBe(false)
    expect(isFormDirty({ note: null }, { note: '' })).toBe(false)
    expect(isFormDirty({ note: '' }, {})).toBe(false)
    expect(isFormDirty({}, { note: undefined })).toBe(false)
    expect(isFormDirty(initial, { ...initial, note: '', address: { city: 'Lagos' } })).toBe(false)
  })

  it('compares everything else strictly', () => {
    expect(isFormDirty({ note: '' }, { note: ' ' })).toBe(true)
    expect(isFormDirty({ n: 0 }, { n: '0' })).toBe(true)
    expect(isFormDirty({ n: 0 }, { n: '' })).toBe(true)
    expect(isFormDirty({ flag: false }, {})).toBe(true)
    expect(isFormDirty({ list: [] }, {})).toBe(true)
  })

  it('compares dates by time, NaN as equal to NaN, and other objects by identity', () => {
    expect(isFormDirty({ d: new Date(0) }, { d: new Date(0) })).toBe(false)
    expect(isFormDirty({ d: new Date(0) }, { d: new Date(1) })).toBe(true)
    expect(isFormDirty({ d: new Date(Number.NaN) }, { d: new Date(Number.NaN) })).toBe(false)
    expect(isFormDirty({ n: Number.NaN }, { n: Number.NaN })).toBe(false)
    const file = new Blob(['x'])
    expect(isFormDirty({ file }, { file })).toBe(false)
    expect(isFormDirty({ file }, { file: new Blob(['x']) })).toBe(true)
  })

  it('lists the changed top-level fields in order', () => {
    expect(changedFields(initial, { ...initial, age: 31, note: '', extra: 1, name: 'Bo' })).toEqual(['name', 'age', 'extra'])
    expect(changedFields(initial, structuredClone(initial))).toEqual([])
    expect(formValuesEqual(['a'], ['a'])).toBe(true)
  })
})

describe('registration numbers (docs/domain.md#nigerian-formats: RC, BN, IT, LP, LLP; any spacing and case; stored upper case)', () => {
  it('knows the five classes', () => {
    expect(REGISTRATION_CLASSES).toEqual(['RC', 'BN', 'IT', 'LP', 'LLP'])
    expect(Object.keys(REGISTRATION_CLASS_LABELS).sort()).toEqual([...REGISTRATION_CLASSES].sort())
  })

  it.each([
    ['RC1234567', 'RC', '1234567'],
    ['BN2345678', 'BN', '2345678'],
    ['IT12345', 'IT', '12345'],
    ['LP123', 'LP', '123'],
    ['LLP456', 'LLP', '456'],
  ])('reads %s as class %s', (input, registrationClass, number) => {
    expect(parseRegistrationNumber(input)).toEqual({ registrationClass, number, normalised: input })
  })

  it('matches LLP before LP', () => {
    expect(parseRegistrationNumber('LLP123')?.registrationClass).toBe('LLP')
    expect(parseRegistrationNumber('llp 123')?.registrationClass).toBe('LLP')
    expect(parseRegistrationNumber('LP123')?.registrationClass).toBe('LP')
    expect(parseRegistrationNumber('LLLP123')).toBeNull()
  })

  it.each([
    ['rc 1234567', 'RC1234567'],
    [' RC 1234567 ', 'RC1234567'],
    ['Rc1234567', 'RC1234567'],
    ['r c 12 34 567', 'RC1234567'],
    ['bn\t1234567', 'BN1234567'],
    ['it 001234', 'IT001234'],
    ['lLp 9', 'LLP9'],
    [' RC-1234567', 'RC1234567'],
    ['rc - 1234567', 'RC1234567'],
    ['RC\u00a01234567', 'RC1234567'],
  ])('normalises %j to %s', (input, normalised) => {
    expect(parseRegistrationNumber(input)?.normalised).toBe(normalised)
    expect(normaliseRegistrationNumber(input)).toBe(normalised)
    expect(isValidRegistrationNumber(input)).toBe(true)
  })

  it.each([
    'XX123',
    'RC',
    'RC12A',
    'RC-',
    '1234567',
    '',
    '   ',
    'RC--123',
    '-RC123',
    'RC12-34',
    'RC123-',
    'RC/123',
    'RC.123',
    'R-C123',
    'RC0',
    'RC0000',
    'RC12345678901',
    'RC１２３',
    'CAC123',
    'L123',
  ])('rejects %j', (input) => {
    expect(parseRegistrationNumber(input)).toBeNull()
    expect(isValidRegistrationNumber(input)).toBe(false)
    expect(registrationNumberSchema.safeParse(input).success).toBe(false)
  })

  it('rejects null and undefined', () => {
    expect(parseRegistrationNumber(null)).toBeNull()
    expect(parseRegistrationNumber(undefined)).toBeNull()
  })

  it('accepts up to 10 digits', () => {
    expect(parseRegistrationNumber('RC1234567890')?.number).toBe('1234567890')
  })

  it('schema transforms to the stored form and names the field in its messages', () => {
    expect(registrationNumberSchema.parse(' rc 1234567 ')).toBe('RC1234567')
    expect(registrationNumberSchema.parse('llp-42')).toBe('LLP42')
    const invalid = registrationNumberSchema.safeParse('XX123')
    expect(invalid.error?.issues.map((i) => i.message)).toEqual([
      'Registration number must be RC, BN, IT, LP or LLP followed by digits, e.g. RC1234567',
    ])
    expect(registrationNumberSchema.safeParse('  ').error?.issues[0]?.message).toBe('Registration number is required')
    expect(registrationNumberSchema.safeParse(undefined).error?.issues[0]?.message).toBe('Registration number is required')
  })
})

describe('BVN and NIN (docs/domain.md#nigerian-formats: 11 digits)', () => {
  it.each([
    ['22212345678', '22212345678'],
    [' 22212345678 ', '22212345678'],
    ['2221 2345 678', '22212345678'],
    ['00000000000', '00000000000'],
  ])('accepts %j as %s', (input, digits) => {
    expect(isValidBvn(input)).toBe(true)
    expect(isValidNin(input)).toBe(true)
    expect(normaliseBvn(input)).toBe(digits)
    expect(normaliseNin(input)).toBe(digits)
    expect(bvnSchema.parse(input)).toBe(digits)
    expect(ninSchema.parse(input)).toBe(digits)
  })

  it.each([
    ['10 digits', '2221234567'],
    ['12 digits', '222123456789'],
    ['a letter', '2221234567A'],
    ['a hyphen', '2221-2345678'],
    ['a plus', '+2221234567'],
    ['non-ASCII digits', '２２２１２３４５６７８'],
    ['a decimal point', '2221234567.8'],
  ])('rejects %s', (_, input) => {
    expect(isValidBvn(input)).toBe(false)
    expect(isValidNin(input)).toBe(false)
    expect(bvnSchema.safeParse(input).error?.issues[0]?.message).toBe('BVN must be exactly 11 digits')
    expect(ninSchema.safeParse(input).error?.issues[0]?.message).toBe('NIN must be exactly 11 digits')
  })

  it('requires a value and names the field', () => {
    expect(bvnSchema.safeParse('').error?.issues[0]?.message).toBe('BVN is required')
    expect(ninSchema.safeParse(' ').error?.issues[0]?.message).toBe('NIN is required')
    expect(bvnSchema.safeParse(undefined).error?.issues[0]?.message).toBe('BVN is required')
    expect(ninSchema.safeParse(22212345678).error?.issues[0]?.message).toBe('NIN is required')
    expect(isValidBvn(null)).toBe(false)
    expect(isValidNin(undefined)).toBe(false)
  })
})
