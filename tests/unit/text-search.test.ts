import { describe, expect, it } from 'vitest'
import { containsPattern, escapeLike } from '@/server/db/text-search'

describe('escapeLike', () => {
  it('escapes the LIKE wildcards and the escape character, nothing else', () => {
    expect(escapeLike('50%_off\\now')).toBe('50\\%\\_off\\\\now')
    expect(escapeLike("Ada's Stores Ltd.")).toBe("Ada's Stores Ltd.")
  })
})

describe('containsPattern', () => {
  it('matches the lower-cased text anywhere, its wildcards taken literally', () => {
    expect(containsPattern('Acme_100%')).toBe('%acme\\_100\\%%')
  })
})
