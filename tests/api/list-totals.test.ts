import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { getDb } from '@/server/db/client'
import { businesses } from '@/server/db/schema'
import { api, createTestBusiness, signedInUser } from './helpers'

interface PageAnswer {
  content: { id: string }[]
  pageNumber: number
  totalElements: number
  totalPages: number
  totalElementsExact?: boolean
}

/**
 * docs/api.md#lists: the staff business list and the review queue count their matches ten pages past a page's start.
 * Its own file: 1,005 businesses would crowd the other files' queues.
 */
describe('bounded totals of the lists that grow to millions', () => {
  it('count exactly up to ten pages past the page, then answer a lower bound that moves with the page', async () => {
    const db = await getDb()
    const creator = await signedInUser()
    const tag = randomUUID().slice(0, 8)
    const first = await createTestBusiness({
      createdBy: creator.user.id,
      // One creation time for all (whole milliseconds: the copies below get it back from a JS Date).
      createdAt: new Date('2026-01-01T00:00:00Z'),
      name: `Bounded ${tag} 0`,
    })
    const rows = Array.from({ length: 1004 }, (_, i) => ({
      ...first,
      id: randomUUID(),
      name: `Bounded ${tag} ${i + 1}`,
      regNo: `BN${tag.slice(0, 4)}${String(i + 1).padStart(5, '0')}`.toUpperCase(),
      registrationClass: 'BN' as const,
      email: `bounded${i + 1}@example.ng`,
      approvalStatus: 'PENDING' as const,
      kycDetailsCompleted: true,
    }))
    await db.insert(businesses).values(rows)
    const { token } = await signedInUser({ staffRole: 'SUPER_ADMIN' })
    const page = async (path: string) => {
      const res = await api(path, { token })
      expect(res.status, path).toBe(200)
      return (await res.json()) as PageAnswer
    }
    const list = (query: string) => page(`/businesses?createdBy=${creator.user.id}&pageSize=20&${query}`)

    // Page 1 of 20 rows counts 201 rows and stops: "at least 200", 10 pages known, more may follow.
    const head = await list('')
    expect(head).toMatchObject({ totalElements: 200, totalPages: 10, totalElementsExact: false })
    // Page 10 counts on from its first row: 180 + 200.
    expect(await list('pageNumber=10')).toMatchObject({ totalElements: 380, totalPages: 19, totalElementsExact: false })
    expect(head.content).toHaveLength(20)
    // Pages follow one order without repeats: newest first, ties (all 1,005 share a creation time) by id, descending.
    const firstPages = [head, await list('pageNumber=2'), await list('pageNumber=3')].flatMap((p) => p.content.map((b) => b.id))
    expect(new Set(firstPages).size).toBe(60)
    expect(firstPages).toEqual([...firstPages].sort().reverse())
    // Page 50 counts on to 1,180 and finds the end: the exact 1,005 and a 51st page.
    expect(await list('pageNumber=50')).toMatchObject({ totalElements: 1005, totalPages: 51, totalElementsExact: true })
    const last = await list('pageNumber=51')
    expect(last.content).toHaveLength(5)
    expect(last).toMatchObject({ totalElements: 1005, totalElementsExact: true })
    // Past the end: no row carries the total, so it is counted apart, and exactly.
    expect(await list('pageNumber=60')).toMatchObject({ content: [], totalElements: 1005, totalElementsExact: true })
    // Filters that leave fewer than ten pages give exact totals, as before.
    expect(await list(`businessName=${encodeURIComponent(`bounded ${tag} 10`)}`)).toMatchObject({
      totalElements: 16, // 10, 100–109, 1000–1004
      totalElementsExact: true,
    })
    expect(await list('approvalStatus=APPROVED')).toMatchObject({ totalElements: 0, totalPages: 0, totalElementsExact: true })

    const queue = (query: string) =>
      page(`/businesses/for-approval?businessName=${encodeURIComponent(`bounded ${tag}`)}&${query}`)
    // Ten pages of 100: 1,000 counted, the 1,001st seen.
    expect(await queue('pageSize=100')).toMatchObject({ totalElements: 1000, totalPages: 10, totalElementsExact: false })
    expect(await queue('pageSize=100&pageNumber=2')).toMatchObject({
      totalElements: 1004, // the first business is not in the queue: its KYC is not complete
      totalPages: 11,
      totalElementsExact: true,
    })
    expect(await queue('pageSize=100&pageNumber=11')).toMatchObject({ totalElements: 1004, totalElementsExact: true })
  })

  it('leaves the other lists exact, without the flag', async () => {
    const { token } = await signedInUser({ staffRole: 'SUPER_ADMIN' })
    const res = await api('/audits?pageSize=5', { token })
    expect(res.status).toBe(200)
    expect(Object.keys((await res.json()) as object)).not.toContain('totalElementsExact')
  })
})
