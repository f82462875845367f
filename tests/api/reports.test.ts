import { randomUUID } from 'node:crypto'
import { parse } from 'csv-parse/sync'
import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { getDb } from '@/server/db/client'
import { businessCategories, businessDivisions, businesses, businessTypes, productCategories } from '@/server/db/schema'
import { apiApproved } from './four-eyes'
import { api, createTestBusiness, signedInUser } from './helpers'

type Json = Record<string, unknown>

let staff: Awaited<ReturnType<typeof signedInUser>>
let categoryId: string

beforeAll(async () => {
  staff = await signedInUser({ staffRole: 'AUDITOR' })
  categoryId = (await (await getDb()).select().from(businessCategories).limit(1))[0]!.id
})

/** The CSV as rows of cells, read back with a real CSV parser. */
async function csvOf(res: Response): Promise<string[][]> {
  return parse(await res.text(), { bom: true })
}

describe('business report', () => {
  it('answers a page of rows with type and category names, with the business list’s filters', async () => {
    const marker = `Report ${randomUUID().slice(0, 8)}`
    const approved = await createTestBusiness({ name: `${marker} Approved`, approvalStatus: 'APPROVED', approvedAt: new Date() })
    await createTestBusiness({ name: `${marker} Pending` })
    const res = await api(`/reports/businesses?businessName=${encodeURIComponent(marker)}&approvalStatus=APPROVED`, {
      token: staff.token,
    })
    expect(res.status).toBe(200)
    const page = (await res.json()) as { content: Json[]; totalElements: number }
    expect(page.totalElements).toBe(1)
    expect(page.content[0]).toMatchObject({
      id: approved.id,
      approvalStatus: 'APPROVED',
      type: expect.any(String),
      category: expect.any(String),
      blocked: false,
    })
  })

  it('downloads every matching row as CSV, streamed in batches, with the same filters', async () => {
    const db = await getDb()
    const marker = `Csv${randomUUID().slice(0, 8)}`
    const [type] = await db.select().from(businessTypes).limit(1)
    // More than one batch (500), to cross the keyset boundary.
    const rows = Array.from({ length: 523 }, (_, i) => ({
      name: `${marker} Stores ${i}`,
      regNo: `BN${marker.slice(3)}${i}`.toUpperCase(),
      registrationClass: 'BN' as const,
      typeId: type!.id,
      categoryId,
      email: `stores${i}@example.ng`,
      phone: '+2348031234567',
      addressLine1: '1 Allen Avenue',
      country: 'Nigeria',
      state: 'Lagos',
      createdAt: new Date(Date.now() - (i % 7) * 1000),
    }))
    await db.insert(businesses).values(rows)
    await createTestBusiness({ name: `${marker} Archived`, archiveStatus: 'ARCHIVED' })

    const res = await api(`/reports/businesses/download?format=csv&businessName=${marker}`, { token: staff.token })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toContain('text/csv')
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="businesses-\d{4}-\d{2}-\d{2}\.csv"$/)
    const [header, ...lines] = await csvOf(res)
    expect(header!.slice(0, 3)).toEqual(['Business name', 'Registration number', 'Class'])
    expect(lines).toHaveLength(523)
    const ids = new Set(lines.map((l) => l[header!.indexOf('Id')]))
    expect(ids.size).toBe(523)
    expect(lines.every((l) => l[0]!.startsWith(marker) && l[header!.indexOf('Archive status')] === 'Active')).toBe(true)
    expect(lines[0]![header!.indexOf('Phone')]).toBe('+2348031234567')

    const withArchived = await csvOf(
      await api(`/reports/businesses/download?businessName=${marker}&archiveStatus=ACTIVE&archiveStatus=ARCHIVED`, {
        token: staff.token,
      }),
    )
    expect(withArchived).toHaveLength(1 + 524)
  })

  it('writes words for statuses and Lagos date-times (yyyy-MM-dd HH:mm), never codes or UTC ISO instants', async () => {
    const marker = `Words${randomUUID().slice(0, 8)}`
    const business = await createTestBusiness({ name: `${marker} Ltd` })
    const db = await getDb()
    // 23:30 UTC is 00:30 the next day in Lagos.
    await db
      .update(businesses)
      .set({
        createdAt: new Date('2026-03-31T23:30:00Z'),
        approvalStatus: 'APPROVED',
        approvedAt: new Date('2026-04-02T08:05:00Z'),
      })
      .where(eq(businesses.id, business.id))
    const [header, row] = await csvOf(await api(`/reports/businesses/download?businessName=${marker}`, { token: staff.token }))
    const cell = (name: string) => row![header!.indexOf(name)]
    expect(cell('Approval status')).toBe('Approved')
    expect(cell('Archive status')).toBe('Active')
    expect(cell('Registered at')).toBe('2026-04-01 00:30')
    expect(cell('Approved at')).toBe('2026-04-02 09:05')
    // The JSON report keeps the codes and the instants for clients.
    const page = (await (await api(`/reports/businesses?businessName=${marker}`, { token: staff.token })).json()) as {
      content: { approvalStatus: string; createdAt: string }[]
    }
    expect(page.content[0]).toMatchObject({ approvalStatus: 'APPROVED', createdAt: '2026-03-31T23:30:00.000Z' })
  })

  it('keeps a spreadsheet from reading a cell as a formula', async () => {
    const business = await createTestBusiness({ name: `=HYPERLINK("http://evil.example") ${randomUUID().slice(0, 6)}` })
    const text = await (
      await api(`/reports/businesses/download?businessName=${encodeURIComponent('=HYPERLINK')}`, { token: staff.token })
    ).text()
    expect(text).toContain(`"'=HYPERLINK(""http://evil.example"")`)
    expect(text).toContain(business.id)
  })

  it('escapes every cell starting with = + - @, a tab or a carriage return; a plain phone number stays a number', async () => {
    const marker = randomUUID().slice(0, 8)
    const names = ['+SUM(1,1)', '-2+3', '@SUM(A1)', '\t=tab', '\r=cr', '=1+1'].map((n) => `${n} ${marker}`)
    for (const name of names) await createTestBusiness({ name })
    await createTestBusiness({ name: `Plain ${marker}`, phone: '+2348031234567' })
    const [header, ...rows] = await csvOf(
      await api(`/reports/businesses/download?businessName=${encodeURIComponent(marker)}`, { token: staff.token }),
    )
    const cells = rows.map((r) => r[header!.indexOf('Business name')]!)
    expect(cells.sort()).toEqual([...names.map((n) => `'${n}`), `Plain ${marker}`].sort())
    expect(rows.map((r) => r[header!.indexOf('Phone')])).toEqual(rows.map(() => '+2348031234567'))
  })

  it('quotes every cell, so a list separator inside a value cannot start a new cell (Excel with ";")', async () => {
    const marker = randomUUID().slice(0, 6)
    const semi = await createTestBusiness({ name: `Semi;=1+1 ${marker}` })
    const text = await (
      await api(`/reports/businesses/download?businessName=${encodeURIComponent(`Semi;=1+1 ${marker}`)}`, { token: staff.token })
    ).text()
    const lines = text
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/)
    // Every cell of every line is wrapped in quotes: split on the quoted separator, nothing is left bare.
    for (const line of lines) expect(line).toMatch(/^"(?:[^"]|"")*"(?:,"(?:[^"]|"")*")*$/)
    expect(text).toContain(`"Semi;=1+1 ${marker}"`)

    // As Excel reads it with ";" as the list separator, the name stays one cell and no cell starts with "=".
    const [, row] = parse(text, { bom: true, delimiter: ';', relax_quotes: true }) as string[][]
    expect(row!.some((cell) => cell.startsWith('='))).toBe(false)
    const [header, values] = await csvOf(
      await api(`/reports/businesses/download?businessName=${encodeURIComponent(`Semi;=1+1 ${marker}`)}`, { token: staff.token }),
    )
    expect(values![header!.indexOf('Business name')]).toBe(`Semi;=1+1 ${marker}`)
    expect(values![header!.indexOf('Id')]).toBe(semi.id)
  })

  it('refuses unknown formats and bad filters (400), and anyone but staff readers', async () => {
    expect((await api('/reports/businesses/download?format=xlsx', { token: staff.token })).status).toBe(400)
    expect((await api('/reports/businesses?from=yesterday', { token: staff.token })).status).toBe(400)
    const owner = await signedInUser({ businesses: [{}] })
    for (const path of ['/reports/businesses', '/reports/businesses/download?format=csv', '/reports/businesses/summary']) {
      expect((await api(path, { token: owner.token })).status).toBe(403)
      expect((await api(path)).status).toBe(401)
    }
  })
})

describe('business summary', () => {
  it('counts by status, type, category and month (registered and approved), months without businesses included', async () => {
    const db = await getDb()
    const [type] = await db
      .insert(businessTypes)
      .values({ name: `Summary type ${randomUUID()}` })
      .returning()
    const now = new Date()
    await createTestBusiness({ typeId: type!.id, approvalStatus: 'APPROVED', approvedAt: now })
    await createTestBusiness({ typeId: type!.id, approvalStatus: 'DECLINED' })
    await createTestBusiness({ typeId: type!.id, archiveStatus: 'ARCHIVED' })

    const res = await api('/reports/businesses/summary', { token: staff.token })
    expect(res.status).toBe(200)
    const summary = (await res.json()) as {
      total: number
      byStatus: { key: string; count: number }[]
      byType: { key: string; label: string; count: number }[]
      byCategory: { count: number }[]
      byMonth: { month: string; registered: number; approved: number }[]
    }
    expect(summary.byType.find((t) => t.key === type!.id)).toMatchObject({ label: type!.name, count: 2 })
    expect(summary.byStatus.map((s) => s.key)).toEqual(['PENDING', 'APPROVED', 'DECLINED'])
    expect(summary.byStatus.reduce((a, s) => a + s.count, 0)).toBe(summary.total)
    expect(summary.byCategory.reduce((a, c) => a + c.count, 0)).toBe(summary.total)
    expect(summary.byMonth).toHaveLength(12)
    const thisMonth = summary.byMonth.at(-1)!
    expect(thisMonth.month).toBe(now.toISOString().slice(0, 7))
    expect(thisMonth.registered).toBeGreaterThanOrEqual(2)
    expect(thisMonth.approved).toBeGreaterThanOrEqual(1)

    const withArchived = (await (
      await api('/reports/businesses/summary?archiveStatus=ACTIVE&archiveStatus=ARCHIVED', { token: staff.token })
    ).json()) as typeof summary
    expect(withArchived.byType.find((t) => t.key === type!.id)!.count).toBe(3)

    const range = (await (
      await api('/reports/businesses/summary?from=2020-01-01&to=2020-03-31', { token: staff.token })
    ).json()) as typeof summary
    expect(range.byMonth.map((m) => m.month)).toEqual(['2020-01', '2020-02', '2020-03'])
    expect((await api('/reports/businesses/summary?from=2021-01-01&to=2020-01-01', { token: staff.token })).status).toBe(400)
  })

  it('counts by state and by product, with the business list’s filters', async () => {
    const db = await getDb()
    const [type] = await db
      .insert(businessTypes)
      .values({ name: `State type ${randomUUID()}` })
      .returning()
    await createTestBusiness({ typeId: type!.id, state: 'Kano' })
    await createTestBusiness({ typeId: type!.id, state: 'Kano', approvalStatus: 'APPROVED', approvedAt: new Date() })
    await createTestBusiness({ typeId: type!.id, state: 'Lagos' })
    type Summary = {
      total: number
      byState: { key: string; count: number }[]
      byProduct: { key: string; label: string; count: number }[]
    }
    const summary = async (query: string) =>
      (await (await api(`/reports/businesses/summary?${query}`, { token: staff.token })).json()) as Summary
    const byType = await summary(`typeId=${type!.id}`)
    expect(byType.total).toBe(3)
    expect(byType.byState.map((s) => [s.key, s.count])).toEqual([
      ['Kano', 2],
      ['Lagos', 1],
    ])
    expect((await summary(`typeId=${type!.id}&approvalStatus=APPROVED`)).byState).toEqual([
      { key: 'Kano', label: 'Kano', count: 1 },
    ])

    const admin = await signedInUser({ staffRole: 'SUPER_ADMIN' })
    const [productCategory] = await db.select().from(productCategories).limit(1)
    const created = await apiApproved('/products', {
      method: 'POST',
      token: admin.token,
      json: {
        code: `RP-${randomUUID().slice(0, 8).toUpperCase()}`,
        name: `Report product ${randomUUID().slice(0, 6)}`,
        categoryId: productCategory!.id,
        divisionId: (await db.select().from(businessDivisions).limit(1))[0]!.id,
        requirements: [{ label: 'Settlement account', type: 'Text Input', required: false }],
      },
    })
    expect(created.status, JSON.stringify(await created.clone().json())).toBe(201)
    const product = (await created.json()) as { id: string; code: string; name: string }
    expect(
      (await apiApproved(`/products/${product.id}/go-live`, { method: 'PUT', token: admin.token, json: { live: true } })).status,
    ).toBe(200)
    for (let i = 0; i < 2; i++) {
      const owner = await signedInUser({ businesses: [{}] })
      const applied = await api('/onboarding-products', {
        method: 'POST',
        token: owner.token,
        json: { businessId: owner.businessIds[0], productCode: product.code },
      })
      expect(applied.status).toBe(201)
    }
    const withProduct = await summary(`productId=${product.id}`)
    expect(withProduct.total).toBe(2)
    expect(withProduct.byProduct).toEqual([{ key: product.id, label: product.name, count: 2 }])
    expect((await summary('')).byProduct.find((p) => p.key === product.id)).toMatchObject({ count: 2 })
  })
})
