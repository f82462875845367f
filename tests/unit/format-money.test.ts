import { describe, expect, it } from 'vitest'
import { CURRENCY_FALLBACK, formatCurrency, formatKobo, koboToNaira, nairaToKobo } from '@/lib/format/money'
import { formatNumber, INVALID_NUMBER } from '@/lib/format/number'
import { isNumeric, parseNumeric } from '@/lib/format/numeric'

describe('formatCurrency (spec 1: NGN, en-NG; N/A when neither number nor string)', () => {
  it.each([
    [1234.5, '₦1,234.50'],
    [0, '₦0.00'],
    [1, '₦1.00'],
    [0.5, '₦0.50'],
    [1234567.891, '₦1,234,567.89'],
    [1234.565, '₦1,234.57'],
    [-1234.5, '-₦1,234.50'],
    [-0.5, '-₦0.50'],
  ])('formats the number %s as %s', (value, expected) => {
    expect(formatCurrency(value)).toBe(expected)
  })

  it('shows no minus sign on zero', () => {
    expect(formatCurrency(-0)).toBe('₦0.00')
    expect(formatCurrency(-0.001)).toBe('₦0.00')
    expect(formatCurrency('-0')).toBe('₦0.00')
  })

  it.each([
    ['1234.5', '₦1,234.50'],
    ['-1234.5', '-₦1,234.50'],
    ['+12', '₦12.00'],
    ['.5', '₦0.50'],
    ['12.', '₦12.00'],
    ['  1000  ', '₦1,000.00'],
    ['0', '₦0.00'],
    ['1234567890123456.785', '₦1,234,567,890,123,456.79'],
  ])('formats the numeric string %j as %s', (value, expected) => {
    expect(formatCurrency(value)).toBe(expected)
  })

  it.each([
    ['an object', {}],
    ['an object with a value', { amount: 1 }],
    ['null', null],
    ['undefined', undefined],
    ['true', true],
    ['false', false],
    ['an array', [1]],
    ['a bigint', 10n],
    ['a Date', new Date(0)],
  ])('gives N/A for %s', (_, value) => {
    expect(formatCurrency(value)).toBe('N/A')
    expect(CURRENCY_FALLBACK).toBe('N/A')
  })

  it.each(['', '   ', 'abc', '1,234.50', '₦100', '1e3', '0x10', 'Infinity', 'NaN', '12abc', '1.2.3', '-', '.'])(
    'gives N/A for the non-numeric string %j',
    (value) => {
      expect(formatCurrency(value)).toBe('N/A')
    },
  )

  it('gives N/A for NaN and infinities', () => {
    expect(formatCurrency(Number.NaN)).toBe('N/A')
    expect(formatCurrency(Number.POSITIVE_INFINITY)).toBe('N/A')
    expect(formatCurrency(Number.NEGATIVE_INFINITY)).toBe('N/A')
  })
})

describe('kobo (storage is integer kobo)', () => {
  it('converts kobo to naira', () => {
    expect(koboToNaira(123450)).toBe(1234.5)
    expect(koboToNaira(1)).toBe(0.01)
    expect(koboToNaira(-250)).toBe(-2.5)
    expect(koboToNaira(0)).toBe(0)
  })

  it('refuses kobo that is not a safe integer', () => {
    expect(() => koboToNaira(1.5)).toThrow(RangeError)
    expect(() => koboToNaira(Number.NaN)).toThrow(RangeError)
    expect(() => koboToNaira(2 ** 53)).toThrow(RangeError)
  })

  it.each([
    [123450, '₦1,234.50'],
    [1, '₦0.01'],
    [99, '₦0.99'],
    [100, '₦1.00'],
    [0, '₦0.00'],
    [-0, '₦0.00'],
    [-123450, '-₦1,234.50'],
    [-5, '-₦0.05'],
    [Number.MAX_SAFE_INTEGER, '₦90,071,992,547,409.91'],
    [123456789012345678901n, '₦1,234,567,890,123,456,789.01'],
    [-101n, '-₦1.01'],
    ['123450', '₦1,234.50'],
    [' -7 ', '-₦0.07'],
  ])('formats %s kobo as %s', (kobo, expected) => {
    expect(formatKobo(kobo)).toBe(expected)
  })

  it.each([
    ['fractional kobo', 1.5],
    ['NaN', Number.NaN],
    ['an unsafe integer', 2 ** 53],
    ['a decimal string', '12.5'],
    ['an empty string', ''],
    ['null', null],
    ['undefined', undefined],
    ['an object', {}],
    ['a boolean', true],
  ])('gives N/A for %s', (_, kobo) => {
    expect(formatKobo(kobo)).toBe('N/A')
  })

  it.each([
    ['1234.5', 123450],
    ['1234.50', 123450],
    ['1234', 123400],
    ['0.01', 1],
    ['.5', 50],
    ['12.', 1200],
    [' 7 ', 700],
    ['-2.5', -250],
    ['-0', 0],
    [12, 1200],
    [0.1, 10],
    [1234.56, 123456],
    [-0.07, -7],
  ])('converts %j naira to %s kobo', (naira, kobo) => {
    expect(nairaToKobo(naira)).toBe(kobo)
  })

  it.each([
    ['more than two decimals', '1.005'],
    ['a float with more than two decimals', 0.1 + 0.2],
    ['an empty string', ''],
    ['a dot', '.'],
    ['a sign alone', '-'],
    ['thousands separators', '1,234'],
    ['an exponent', '1e3'],
    ['text', 'abc'],
    ['NaN', Number.NaN],
    ['Infinity', Number.POSITIVE_INFINITY],
    ['too large for a safe integer', '90071992547409.92'],
  ])('refuses %s', (_, naira) => {
    expect(nairaToKobo(naira)).toBeNull()
  })
})

describe('formatNumber (spec 5: Invalid number, else en-US thousands separators)', () => {
  it.each([
    [1234567, '1,234,567'],
    [1234.5, '1,234.5'],
    [0, '0'],
    [-0, '0'],
    [-9876543.21, '-9,876,543.21'],
    [999, '999'],
    [1.23456, '1.235'],
    ['1234567', '1,234,567'],
    [' -1000.25 ', '-1,000.25'],
    ['12345678901234567890', '12,345,678,901,234,567,890'],
  ])('formats %j as %s', (value, expected) => {
    expect(formatNumber(value)).toBe(expected)
  })

  it.each([
    ['NaN', Number.NaN],
    ['Infinity', Number.POSITIVE_INFINITY],
    ['a word', 'abc'],
    ['an empty string', ''],
    ['a string with separators', '1,234'],
    ['null', null],
    ['undefined', undefined],
    ['a boolean', true],
    ['an object', {}],
  ])('gives Invalid number for %s', (_, value) => {
    expect(formatNumber(value)).toBe('Invalid number')
    expect(INVALID_NUMBER).toBe('Invalid number')
  })

  it('takes Intl options', () => {
    expect(formatNumber(1234.5, { minimumFractionDigits: 2 })).toBe('1,234.50')
    expect(formatNumber(1.23456, { maximumFractionDigits: 0 })).toBe('1')
  })
})

describe('numeric helpers', () => {
  it('tells numeric values apart', () => {
    expect(isNumeric(1)).toBe(true)
    expect(isNumeric('1.5')).toBe(true)
    expect(isNumeric('1e3')).toBe(false)
    expect(isNumeric(Number.NaN)).toBe(false)
    expect(isNumeric(null)).toBe(false)
  })

  it('parses numeric values', () => {
    expect(parseNumeric(' -12.5 ')).toBe(-12.5)
    expect(parseNumeric(3)).toBe(3)
    expect(parseNumeric('')).toBeNull()
    expect(parseNumeric({})).toBeNull()
  })
})
