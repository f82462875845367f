import { describe, expect, it } from 'vitest'
import {
  isValidName,
  isValidPassword,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PASSWORD_RULES,
  PASSWORD_SPECIALS,
} from '@/lib/validation/password-rules'
import { emailSchema, normaliseNigerianPhone, passwordSchema, personNameSchema, phoneSchema } from '@/lib/validation/person'

const failing = (value: string) => PASSWORD_RULES.filter((r) => !r.test(value)).map((r) => r.id)

describe('password (spec 5)', () => {
  const valid = 'Abcdef1!'

  it('accepts a password meeting every rule', () => {
    expect(failing(valid)).toEqual([])
    expect(isValidPassword(valid)).toBe(true)
    expect(passwordSchema.safeParse(valid).success).toBe(true)
    expect(PASSWORD_MIN_LENGTH).toBe(8)
    expect(PASSWORD_MAX_LENGTH).toBe(128)
  })

  it.each([
    ['length', 'Abcde1!'],
    ['uppercase', 'abcdef1!'],
    ['lowercase', 'ABCDEF1!'],
    ['digit', 'Abcdefg!'],
    ['special', 'Abcdefg1'],
    ['maxLength', `Abcdef1!${'a'.repeat(PASSWORD_MAX_LENGTH - 7)}`],
  ])('fails only the %s rule', (rule, password) => {
    expect(failing(password)).toEqual([rule])
    expect(isValidPassword(password)).toBe(false)
    expect(passwordSchema.safeParse(password).success).toBe(false)
  })

  it('fails the letter rule (with upper and lower case) when there is no letter', () => {
    expect(failing('12345678!')).toEqual(['letter', 'uppercase', 'lowercase'])
  })

  it('allows exactly 128 characters and not 129', () => {
    const max = `Abcdef1!${'a'.repeat(PASSWORD_MAX_LENGTH - 8)}`
    expect(max).toHaveLength(128)
    expect(isValidPassword(max)).toBe(true)
    expect(isValidPassword(`${max}a`)).toBe(false)
  })

  it('uses exactly the special characters - + _ ! @ # $ % ^ & * . , ?', () => {
    expect(PASSWORD_SPECIALS.split('')).toEqual(['-', '+', '_', '!', '@', '#', '$', '%', '^', '&', '*', '.', ',', '?'])
    for (const special of PASSWORD_SPECIALS) expect(isValidPassword(`Abcdefg1${special}`), special).toBe(true)
    for (const other of ['~', '`', '(', ')', '=', '[', ']', '{', '}', ';', ':', "'", '"', '<', '>', '/', '\\', '|', ' ']) {
      expect(isValidPassword(`Abcdefg1${other}`), other).toBe(false)
    }
  })

  it('names what is missing in the schema message', () => {
    expect(passwordSchema.safeParse('abcdefgh').error?.issues[0]?.message).toBe(
      'Password needs: an uppercase letter, a digit, one of - + _ ! @ # $ % ^ & * . , ?',
    )
    expect(passwordSchema.safeParse(undefined).error?.issues[0]?.message).toBe('Password is required')
  })
})

describe('names (spec 5)', () => {
  it.each(['Ada', 'Ada Lovelace', 'J. R. R. Tolkien', 'Adebayo-Smith', 'Émeka Ọkafor', 'Zoë', 'Nnamdi.', 'a'])(
    'accepts %j',
    (name) => {
      expect(isValidName(name)).toBe(true)
    },
  )

  it.each(['', ' ', '...', ' . . ', 'Ada1', 'Ada_Lovelace', "O'Neil", 'Ada!', 'Ada@x'])('rejects %j', (name) => {
    expect(isValidName(name)).toBe(false)
  })

  it('schema trims, names the field and caps the length', () => {
    const schema = personNameSchema('First name')
    expect(schema.parse('  Ada  ')).toBe('Ada')
    expect(schema.safeParse('').error?.issues[0]?.message).toBe('First name is required')
    expect(schema.safeParse('Ada1').error?.issues[0]?.message).toBe(
      'First name may contain only letters, spaces, dots and hyphens',
    )
    expect(schema.safeParse('a'.repeat(101)).error?.issues[0]?.message).toBe('First name must be at most 100 characters')
    expect(schema.safeParse('. .').success).toBe(false)
  })
})

describe('email', () => {
  it('trims and lower-cases a valid address', () => {
    expect(emailSchema.parse('  Ada@Example.COM ')).toBe('ada@example.com')
  })

  it('rejects an invalid or missing address', () => {
    expect(emailSchema.safeParse('ada@').error?.issues[0]?.message).toBe('Enter a valid e-mail address')
    expect(emailSchema.safeParse('').error?.issues[0]?.message).toBe('E-mail is required')
  })
})

describe('Nigerian phone (docs/domain.md#nigerian-formats: +234 or 0 then 10 digits, stored E.164)', () => {
  it.each([
    ['08031234567', '+2348031234567'],
    ['+2348031234567', '+2348031234567'],
    ['0803 123 4567', '+2348031234567'],
    ['+234 (803) 123-4567', '+2348031234567'],
    ['0701-234-5678', '+2347012345678'],
  ])('normalises %j to %s', (input, e164) => {
    expect(normaliseNigerianPhone(input)).toBe(e164)
    expect(phoneSchema.parse(input)).toBe(e164)
  })

  it.each([
    ['9 digits after 0', '0803123456'],
    ['11 digits after 0', '080312345678'],
    ['9 digits after +234', '+234803123456'],
    ['234 without +', '2348031234567'],
    ['+234 then 0', '+23408031234567'],
    ['another country', '+448031234567'],
    ['no prefix', '8031234567'],
    ['a letter', '0803123456a'],
  ])('rejects %s', (_, input) => {
    expect(normaliseNigerianPhone(input)).toBeNull()
    expect(phoneSchema.safeParse(input).error?.issues[0]?.message).toBe(
      'Enter a Nigerian phone number: +234 or 0 followed by 10 digits',
    )
  })

  it('requires a value', () => {
    expect(phoneSchema.safeParse('').error?.issues[0]?.message).toBe('Phone number is required')
  })
})
