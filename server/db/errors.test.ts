import { describe, expect, it } from 'vitest'
import { uniqueViolationOf } from './errors'

describe('uniqueViolationOf', () => {
  it("reads the constraint from Drizzle's wrapped driver error", () => {
    const error = Object.assign(new Error('Failed query'), { cause: { code: '23505', constraint: 'fees_day_key' } })
    expect(uniqueViolationOf(error)).toBe('fees_day_key')
  })

  it('reads an unwrapped driver error too, and answers "" when no constraint is named', () => {
    expect(uniqueViolationOf({ code: '23505', constraint: 'x_key' })).toBe('x_key')
    expect(uniqueViolationOf({ cause: { code: '23505' } })).toBe('')
  })

  it('answers null for any other error', () => {
    expect(uniqueViolationOf({ cause: { code: '23503', constraint: 'fk' } })).toBeNull()
    expect(uniqueViolationOf(new Error('boom'))).toBeNull()
    expect(uniqueViolationOf(null)).toBeNull()
    expect(uniqueViolationOf(undefined)).toBeNull()
    expect(uniqueViolationOf('23505')).toBeNull()
  })
})
