import { describe, expect, it } from 'vitest'
import { pageQuerySchema } from '@/lib/contracts/pagination'

const messageOf = (query: Record<string, string>) => {
  const result = pageQuerySchema.safeParse(query)
  return result.success ? null : result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`)
}

describe('page query', () => {
  it('defaults to the first page of ten, newest first', () => {
    expect(pageQuerySchema.parse({})).toEqual({ pageNumber: 1, pageSize: 10, recentFirst: true })
  })

  it('says which rule a bad page number or size breaks', () => {
    expect(messageOf({ pageNumber: 'x' })).toEqual(['pageNumber: must be a number'])
    expect(messageOf({ pageNumber: '0' })).toEqual(['pageNumber: must be 1 or more (pages start at 1)'])
    expect(messageOf({ pageNumber: '1.5' })).toEqual(['pageNumber: must be a whole number'])
    expect(messageOf({ pageSize: '101' })).toEqual(['pageSize: must be between 1 and 100'])
    expect(messageOf({ pageSize: '0' })).toEqual(['pageSize: must be between 1 and 100'])
  })
})
