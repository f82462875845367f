import { randomInt, randomUUID } from 'node:crypto'
import { beforeAll, describe, expect, it } from 'vitest'
import { getDb } from '@/server/db/client'
import { businessCategories, businesses, businessTypes } from '@/server/db/schema'
import { api, createTestBusiness, signedInUser } from './helpers'

interface PageAnswer {
  content: { id: string; name: string }[]
  totalElements: number
  totalElementsExact?: boolean
}

/**
 * docs/api.md#lists: a name search of one or two characters (no trigram serves it) answers what LIKE '%…%' on the
 * lower-cased name answers, whichever path the list takes: a fragment rare in the table is read from the short-gram
 * index (migration 0033), a common one walks the list (server/http/pagination.ts `boundedListParts`). The names carry
 * characters no other test uses, so their fragments are rare here; "e" and "a" are common to every test business.
 */
describe('a name search of one or two characters', () => {
  // One creation day for this file's businesses, far from the others', so that the queue can be narrowed to them.
  const day = `2031-0${randomInt(1, 10)}-${String(randomInt(10, 29))}`
  let admin: { token: string }
  let creator: Awaited<ReturnType<typeof signedInUser>>
  const created: { id: string; name: string; at: number }[] = []

  const page = async (path: string) => {
    const res = await api(path, { token: admin.token })
    expect(res.status, path).toBe(200)
    return (await res.json()) as PageAnswer
  }
  const list = (fragment: string, extra = '') =>
    page(`/businesses?createdBy=${creator.user.id}&pageSize=100&businessName=${encodeURIComponent(fragment)}${extra}`)
  const queue = (fragment: string) =>
    page(`/businesses/for-approval?from=${day}&to=${day}&pageSize=100&businessName=${encodeURIComponent(fragment)}`)
  /** The names that contain the fragment, ignoring case, newest first (the lists' default order). */
  const expected = (fragment: string) =>
    created
      .filter((b) => b.name.toLowerCase().includes(fragment.toLowerCase()))
      .sort((a, b) => b.at - a.at)
      .map((b) => b.name)

  async function add(name: string, minute: number) {
    const at = new Date(`${day}T08:${String(minute).padStart(2, '0')}:00Z`)
    const row = await createTestBusiness({
      createdBy: creator.user.id,
      name,
      createdAt: at,
      approvalStatus: 'PENDING',
      kycDetailsCompleted: true,
    })
    created.push({ id: row.id, name, at: at.getTime() })
    return row
  }

  beforeAll(async () => {
    admin = await signedInUser({ staffRole: 'SUPER_ADMIN' })
    creator = await signedInUser()
    const tag = randomUUID().slice(0, 6)
    // Enough names with "e" and "a" that the sample the search first counts (SHORT_NAME_SAMPLE_ROWS, here the whole
    // table) finds them common, so that those two walk the list while the rare fragments read the short-gram index.
    const filler = await createTestBusiness({ name: `Filler ${tag} 0` })
    const db = await getDb()
    await db.insert(businesses).values(
      Array.from({ length: 250 }, (_, i) => ({
        ...filler,
        id: randomUUID(),
        name: `Filler ${tag} area ${i + 1}`,
        regNo: `BN${tag}${String(i + 1).padStart(4, '0')}`.toUpperCase(),
        registrationClass: 'BN' as const,
        email: `filler${i + 1}@example.ng`,
      })),
    )
    await add(`Ødegård Ženy & Co. ${tag}`, 1)
    await add(`ZENITH Qx-Traders ${tag}`, 2)
    await add(`Alpha's Żurek Ltd. ${tag}`, 3)
    await add(`Bravo Ø Partners ${tag}`, 4)
  })

  it('finds exactly the names that contain it, ignoring case, mid-word and with punctuation, in list order', async () => {
    const fragments = ['ø', 'Ø', 'že', 'ŽE', 'Že', 'ż', 'qx', 'QX', 'x-', '-t', "'s", '&', '.', 'o.', 'en', 'e', 'a', 'zz', 'ǂ']
    for (const fragment of fragments) {
      const want = expected(fragment)
      const got = await list(fragment)
      expect(
        got.content.map((b) => b.name),
        fragment,
      ).toEqual(want)
      expect(got, fragment).toMatchObject({ totalElements: want.length, totalElementsExact: true })
      // The review queue's search is the same filter (these four are all in the queue), oldest first.
      const queued = await queue(fragment)
      expect(
        queued.content.map((b) => b.name),
        `queue ${fragment}`,
      ).toEqual([...want].reverse())
      expect(queued.totalElements, `queue ${fragment}`).toBe(want.length)
    }
    // The special characters of LIKE are plain text in the search.
    expect((await list('%')).content).toEqual([])
    expect((await list('_')).content).toEqual([])
    expect((await list('\\')).content).toEqual([])
  })

  it('follows a rename and a business registered through the API', async () => {
    const renamed = created.find((b) => b.name.startsWith('ZENITH'))!
    const newName = `Quixotic Holdings ${randomUUID().slice(0, 6)}`
    const patch = await api(`/businesses/${renamed.id}`, { method: 'PATCH', token: admin.token, json: { name: newName } })
    expect(patch.status).toBe(200)
    renamed.name = newName
    expect((await list('qx')).content).toEqual([])
    expect((await list('x-')).content).toEqual([])
    expect((await list('xo')).content.map((b) => b.id)).toEqual([renamed.id])
    expect((await queue('XO')).content.map((b) => b.id)).toEqual([renamed.id])

    // Registered by its owner: the trigger is the index itself, so every writer is covered.
    const db = await getDb()
    const [type] = await db.select({ id: businessTypes.id }).from(businessTypes).limit(1)
    const [category] = await db.select({ id: businessCategories.id }).from(businessCategories).limit(1)
    const owner = await signedInUser()
    const digits = String(randomInt(1_000_000, 10_000_000))
    const name = `Ŋwa Ørestad Ventures ${randomUUID().slice(0, 6)}`
    const res = await api('/businesses', {
      method: 'POST',
      token: owner.token,
      json: {
        name,
        regNo: `rc ${digits}`,
        typeId: type!.id,
        categoryId: category!.id,
        email: `info.${digits}@example.ng`,
        phone: '0803 123 4567',
        address: { line1: '14 Broad Street', city: 'Lagos', country: 'Nigeria', state: 'Lagos', lga: 'Lagos Island' },
      },
    })
    expect(res.status).toBe(201)
    const business = (await res.json()) as { id: string }
    const mine = (fragment: string) =>
      page(`/businesses?createdBy=${owner.user.id}&businessName=${encodeURIComponent(fragment)}`).then((p) =>
        p.content.map((b) => b.id),
      )
    expect(await mine('ŋ')).toEqual([business.id])
    expect(await mine('ŋw')).toEqual([business.id])
    expect(await mine('ør')).toEqual([business.id])
    expect(await mine('øx')).toEqual([])
  })

  it('bounds the total of a rare fragment with more matches than ten pages, as any search', async () => {
    const owner = await signedInUser()
    const tag = randomUUID().slice(0, 6)
    // 2,000 names without the fragment first, so that the sample (the table's first 2,000 rows) finds it in none and
    // the page past the counted matches is read through the short-gram index (SHORT_NAME_SPARSE_SAMPLE_MATCHES).
    const filler = await createTestBusiness({ name: `Sparse filler ${tag} 0` })
    const db = await getDb()
    await db.insert(businesses).values(
      Array.from({ length: 2000 }, (_, i) => ({
        ...filler,
        id: randomUUID(),
        name: `Sparse filler ${tag} ${i + 1}`,
        regNo: `LP${tag}${String(i + 1).padStart(4, '0')}`.toUpperCase(),
        registrationClass: 'LP' as const,
        email: `sparse${i + 1}@example.ng`,
      })),
    )
    for (let i = 0; i < 12; i++)
      await createTestBusiness({
        createdBy: owner.user.id,
        name: `Ħotel ${tag} ${i}`,
        createdAt: new Date(Date.UTC(2030, 0, 1 + i)),
      })
    const path = (pageNumber: number) =>
      `/businesses?createdBy=${owner.user.id}&businessName=%C4%A7&pageSize=1&pageNumber=${pageNumber}`
    // Page 1 of one row counts 11 rows and stops: at least 10.
    const first = await page(path(1))
    expect(first).toMatchObject({ totalElements: 10, totalElementsExact: false })
    expect(first.content.map((b) => b.name)).toEqual([`Ħotel ${tag} 11`])
    // Page 3 counts on from its row and finds the end: all 12, newest first.
    const third = await page(path(3))
    expect(third).toMatchObject({ totalElements: 12, totalElementsExact: true })
    expect(third.content.map((b) => b.name)).toEqual([`Ħotel ${tag} 9`])
  })
})
