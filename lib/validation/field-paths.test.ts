import { describe, expect, it } from 'vitest'
import { fieldPathsOf } from './field-paths'

describe('fieldPathsOf', () => {
  it('names top-level fields by their key and a nested group by its dotted path', () => {
    expect(fieldPathsOf({ name: '', fileId: null, tags: [], address: { line1: '', state: '' } })).toEqual([
      'name',
      'fileId',
      'tags',
      'address.line1',
      'address.state',
    ])
  })
})
