import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { getDb } from '@/server/db/client'
import { productCategories, productRequirementVersions, products } from '@/server/db/schema'
import { api, createTestBusiness, errorsOf, signedInUser } from './helpers'

interface PageAnswer<T> {
  content: T[]
  totalElements: number
}
interface BusinessRow {
  id: string
  name: string
  createdAt: string
  approvedAt: string | null
  recertificationDate: string | null
  approvalStatus: string
}

async function pageOf<T>(path: string, token: string): Promise<PageAnswer<T>> {
  const res = await api(path, { token })
  expect(res.status, path).toBe(200)
  return (await res.json()) as PageAnswer<T>
}

/** docs/api.md#lists: `sort=<field>,<asc|desc>` on the staff lists, validated, with the row id as tie-breaker. */
describe('sort on the staff lists', () => {
  it('orders the business list by name, dates and status, both ways, the same across pages', async () => {
    const creator = await signedInUser()
    const { token } = await signedInUser({ staffRole: 'SUPER_ADMIN' })
    const tag = randomUUID().slice(0, 8)
    // Created in an order unlike their names' and their approval dates', so each order is told apart.
    const specs = [
      { name: `Sort ${tag} Charlie`, approvedAt: '2026-03-01', recert: '2027-01-10', status: 'APPROVED' as const },
      { name: `Sort ${tag} alpha`, approvedAt: '2026-01-01', recert: '2027-03-10', status: 'APPROVED' as const },
      { name: `Sort ${tag} Delta`, approvedAt: null, recert: null, status: 'PENDING' as const },
      { name: `Sort ${tag} bravo`, approvedAt: '2026-02-01', recert: '2027-02-10', status: 'DECLINED' as const },
    ]
    for (const [i, s] of specs.entries())
      await createTestBusiness({
        createdBy: creator.user.id,
        name: s.name,
        createdAt: new Date(Date.UTC(2025, 0, 1 + i)),
        approvedAt: s.approvedAt ? new Date(`${s.approvedAt}T10:00:00Z`) : null,
        recertificationDate: s.recert,
        approvalStatus: s.status,
      })
    const names = async (sort: string) =>
      (await pageOf<BusinessRow>(`/businesses?createdBy=${creator.user.id}&sort=${sort}`, token)).content.map((b) =>
        b.name.replace(`Sort ${tag} `, ''),
      )

    // Names in the database's collation (PGlite's C, or a locale's); the default stays newest registered first.
    const byName = await names('name,asc')
    expect([
      ['Charlie', 'Delta', 'alpha', 'bravo'],
      ['alpha', 'bravo', 'Charlie', 'Delta'],
    ]).toContainEqual(byName)
    expect(await names('name,desc')).toEqual([...byName].reverse())
    expect(await names('name')).toEqual(byName)
    expect(await names('createdAt,asc')).toEqual(['Charlie', 'alpha', 'Delta', 'bravo'])
    expect(await names('createdAt,desc')).toEqual(['bravo', 'Delta', 'alpha', 'Charlie'])
    expect((await pageOf<BusinessRow>(`/businesses?createdBy=${creator.user.id}`, token)).content.map((b) => b.name)).toEqual(
      (await pageOf<BusinessRow>(`/businesses?createdBy=${creator.user.id}&sort=createdAt,desc`, token)).content.map(
        (b) => b.name,
      ),
    )
    // Empty dates count as the largest: last ascending, first descending.
    expect(await names('approvedAt,asc')).toEqual(['alpha', 'bravo', 'Charlie', 'Delta'])
    expect(await names('approvedAt,desc')).toEqual(['Delta', 'Charlie', 'bravo', 'alpha'])
    expect(await names('recertificationDate,asc')).toEqual(['Charlie', 'bravo', 'alpha', 'Delta'])
    // APPROVED, DECLINED, PENDING; the two approved ones in id order.
    const byStatus = await names('approvalStatus,asc')
    expect(byStatus.slice(2)).toEqual(['bravo', 'Delta'])
    expect([...byStatus.slice(0, 2)].sort()).toEqual(['Charlie', 'alpha'])
    expect(await names('approvalStatus,desc')).toEqual([...byStatus].reverse())

    // One page at a time gives the same order.
    const paged: string[] = []
    for (let pageNumber = 1; pageNumber <= 4; pageNumber++)
      paged.push(
        ...(
          await pageOf<BusinessRow>(
            `/businesses?createdBy=${creator.user.id}&sort=approvedAt,asc&pageSize=1&pageNumber=${pageNumber}`,
            token,
          )
        ).content.map((b) => b.name.replace(`Sort ${tag} `, '')),
      )
    expect(paged).toEqual(['alpha', 'bravo', 'Charlie', 'Delta'])
  })

  it('keeps one order across pages when more rows match than it counts, ties broken by id', async () => {
    const creator = await signedInUser()
    const { token } = await signedInUser({ staffRole: 'SUPER_ADMIN' })
    const tag = randomUUID().slice(0, 8)
    // 14 rows, pages of 1: the count stops at 11 (docs/api.md#lists), so the pages come from the table's own order.
    // Pairs share an approval moment: the id breaks the tie.
    for (let i = 0; i < 14; i++)
      await createTestBusiness({
        createdBy: creator.user.id,
        name: `Many ${tag} ${String.fromCharCode(110 - i)}`,
        approvedAt: new Date(Date.UTC(2026, 0, 1 + Math.floor(i / 2))),
        approvalStatus: 'APPROVED',
      })
    const walk = async (sort: string) => {
      const rows: BusinessRow[] = []
      for (let pageNumber = 1; pageNumber <= 14; pageNumber++)
        rows.push(
          ...(
            await pageOf<BusinessRow>(
              `/businesses?createdBy=${creator.user.id}&sort=${sort}&pageSize=1&pageNumber=${pageNumber}`,
              token,
            )
          ).content,
        )
      return rows
    }
    const byName = await walk('name,asc')
    expect(byName.map((b) => b.name)).toEqual(byName.map((b) => b.name).sort())
    expect(new Set(byName.map((b) => b.id)).size).toBe(14)
    const byApproval = await walk('approvedAt,desc')
    expect(new Set(byApproval.map((b) => b.id)).size).toBe(14)
    const expected = [...byApproval].sort((a, b) =>
      a.approvedAt === b.approvedAt ? (a.id < b.id ? 1 : -1) : a.approvedAt! < b.approvedAt! ? 1 : -1,
    )
    expect(byApproval.map((b) => b.id)).toEqual(expected.map((b) => b.id))
  })

  it('orders the review queue by name', async () => {
    const { token } = await signedInUser({ staffRole: 'SUPER_ADMIN' })
    const tag = randomUUID().slice(0, 8)
    for (const [i, name] of ['Kilo', 'Echo', 'Hotel'].entries())
      await createTestBusiness({
        name: `Queue ${tag} ${name}`,
        kycDetailsCompleted: true,
        createdAt: new Date(Date.UTC(2025, 5, 1 + i)),
      })
    const queue = async (sort: string) =>
      (
        await pageOf<BusinessRow>(
          `/businesses/for-approval?businessName=${encodeURIComponent(`queue ${tag}`)}&sort=${sort}`,
          token,
        )
      ).content.map((b) => b.name.replace(`Queue ${tag} `, ''))
    expect(await queue('name,asc')).toEqual(['Echo', 'Hotel', 'Kilo'])
    expect(await queue('name,desc')).toEqual(['Kilo', 'Hotel', 'Echo'])
    expect(await queue('createdAt,desc')).toEqual(['Hotel', 'Echo', 'Kilo'])
  })

  it('orders the audit log by action, the sequence breaking ties', async () => {
    const { token } = await signedInUser({ staffRole: 'SUPER_ADMIN' })
    const rows = (await pageOf<{ action: string; seq: number }>('/audits?sort=action,asc&pageSize=100', token)).content
    expect(rows.length).toBeGreaterThan(1)
    const expected = [...rows].sort((a, b) => (a.action === b.action ? a.seq - b.seq : a.action < b.action ? -1 : 1))
    expect(rows).toEqual(expected)
    const oldest = (await pageOf<{ seq: number }>('/audits?sort=createdAt,asc&pageSize=5', token)).content.map((r) => r.seq)
    expect(oldest).toEqual([...oldest].sort((a, b) => a - b))
  })

  it('orders the staff product list by name and code both ways, newest first by default', async () => {
    const { token } = await signedInUser({ staffRole: 'SUPER_ADMIN' })
    const db = await getDb()
    const [category] = await db.select().from(productCategories).limit(1)
    const tag = randomUUID().slice(0, 6)
    // Created in an order unlike their names' and their codes'.
    for (const [i, [code, name]] of [
      ['B', 'Mango'],
      ['C', 'apple'],
      ['A', 'Zebra'],
    ].entries()) {
      const [product] = await db
        .insert(products)
        .values({
          code: `SORT-${tag.toUpperCase()}-${code}`,
          name: `${name} ${tag}`,
          categoryId: category!.id,
          createdAt: new Date(Date.UTC(2026, 0, 1 + i)),
        })
        .returning()
      await db.insert(productRequirementVersions).values({ productId: product!.id, version: 1, requirements: [] })
    }
    const names = async (query: string) =>
      (
        await pageOf<{ name: string; code: string; createdAt: string }>(
          `/products/admin?searchKey=${tag}&pageSize=100${query}`,
          token,
        )
      ).content
    const first = (rows: { name: string }[]) => rows.map((p) => p.name.split(' ')[0])
    // Names in the database's collation (PGlite's C, or a locale's), as on the business list.
    const byName = first(await names('&sort=name,asc'))
    expect([
      ['Mango', 'Zebra', 'apple'],
      ['apple', 'Mango', 'Zebra'],
    ]).toContainEqual(byName)
    expect(first(await names('&sort=name,desc'))).toEqual([...byName].reverse())
    expect(first(await names('&sort=code,desc'))).toEqual(['apple', 'Mango', 'Zebra'])
    expect(first(await names('&sort=code'))).toEqual(['Zebra', 'Mango', 'apple'])
    expect(first(await names(''))).toEqual(['Zebra', 'apple', 'Mango'])
  })

  it.each([
    ['/businesses', 'regNo,asc'],
    ['/businesses', 'name,up'],
    ['/businesses', 'name;drop'],
    ['/businesses/for-approval', 'approvedAt,asc'],
    ['/kyc/cac-documents-for-reviews', 'name,asc'],
    ['/deferrals', 'name,asc'],
    ['/deferrals/reviews', 'days,asc'],
    ['/onboarding-products/approvals', 'product,asc'],
    ['/authorizations/v2', 'maker,asc'],
    ['/audits', 'seq,asc'],
    ['/products/admin', 'requirements,asc'],
  ])('%s answers 400 naming sort for sort=%s', async (path, sort) => {
    const { token } = await signedInUser({ staffRole: 'SUPER_ADMIN' })
    const res = await api(`${path}?sort=${encodeURIComponent(sort)}`, { token })
    expect(res.status).toBe(400)
    const errors = await errorsOf(res)
    expect(errors.map((e) => e.field)).toEqual(['sort'])
    expect(errors[0]!.message).toMatch(/must be one of/)
  })

  it.each([
    ['/kyc/cac-documents-for-reviews', 'businessName,asc'],
    ['/kyc/cac-documents-for-reviews', 'submittedAt,desc'],
    ['/kyc/cac-documents-for-reviews', 'status,asc'],
    ['/deferrals', 'dueDate,asc'],
    ['/deferrals/reviews', 'businessName,desc'],
    ['/onboarding-products/approvals', 'submittedAt,asc'],
    ['/onboarding-products/approvals', 'businessName,asc'],
    ['/authorizations/v2', 'status,desc'],
    ['/authorizations/v2', 'createdAt,asc'],
  ])('%s takes sort=%s', async (path, sort) => {
    const { token } = await signedInUser({ staffRole: 'SUPER_ADMIN' })
    const res = await api(`${path}?sort=${sort}`, { token })
    expect(res.status).toBe(200)
  })
})
