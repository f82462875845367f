import { describe, expect, it } from 'vitest'
import { findPage } from '@/server/http/pagination'

/** A list of `size` rows served as findPage reads it, counting how often its count runs. */
function listOf(size: number) {
  const all = Array.from({ length: size }, (_, i) => i + 1)
  const counted = { times: 0 }
  return {
    counted,
    page: (pageNumber: number, pageSize: number) =>
      findPage({
        query: { pageNumber, pageSize },
        rows: { limit: (limit) => ({ offset: async (offset) => all.slice(offset, offset + limit) }) },
        count: async () => {
          counted.times++
          return [{ value: size }]
        },
        content: (rows) => rows.map((n) => `row ${n}`),
      }),
  }
}

describe('findPage', () => {
  it('tells the total of a list that fits on its first page without counting it', async () => {
    const list = listOf(3)
    expect(await list.page(1, 20)).toEqual({
      content: ['row 1', 'row 2', 'row 3'],
      pageNumber: 1,
      pageSize: 20,
      totalElements: 3,
      totalPages: 1,
    })
    expect(list.counted.times).toBe(0)
  })

  it('answers an empty list as empty, without counting it', async () => {
    const list = listOf(0)
    expect(await list.page(1, 20)).toMatchObject({ content: [], totalElements: 0, totalPages: 0 })
    expect(list.counted.times).toBe(0)
  })

  it('tells the total from the last, short page', async () => {
    const list = listOf(45)
    expect(await list.page(3, 20)).toMatchObject({
      content: ['row 41', 'row 42', 'row 43', 'row 44', 'row 45'],
      totalElements: 45,
      totalPages: 3,
    })
    expect(list.counted.times).toBe(0)
  })

  it('counts when the page is full, as more rows may follow', async () => {
    const list = listOf(45)
    expect(await list.page(1, 20)).toMatchObject({ totalElements: 45, totalPages: 3 })
    const exact = listOf(40)
    expect(await exact.page(2, 20)).toMatchObject({
      content: expect.arrayContaining(['row 40']),
      totalElements: 40,
      totalPages: 2,
    })
    expect(list.counted.times + exact.counted.times).toBe(2)
  })

  it('counts for a page past the end, which shows nothing of where the list ends', async () => {
    const list = listOf(45)
    expect(await list.page(9, 20)).toMatchObject({ content: [], totalElements: 45, totalPages: 3 })
    expect(list.counted.times).toBe(1)
  })
})
