import { randomUUID } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { getDb } from '@/server/db/client'
import { audits, businessDivisions, kycDocumentTypes, productCategories, productRequirementVersions } from '@/server/db/schema'
import { startFromDemo } from './demo-template'
import { apiApproved } from './four-eyes'
import { api, errorsOf, signedInUser } from './helpers'

let manager: string
let categoryId: string
let otherCategoryId: string
let divisionId: string
let otherDivisionId: string

beforeAll(async () => {
  const db = await getDb()
  manager = (await signedInUser({ staffRole: 'PRODUCT_MANAGER' })).token
  const categories = await db.select().from(productCategories).orderBy(productCategories.sortOrder)
  categoryId = categories[0]!.id
  otherCategoryId = categories[1]!.id
  const divisions = await db.select().from(businessDivisions).orderBy(businessDivisions.code)
  divisionId = divisions[0]!.id
  otherDivisionId = divisions[1]!.id
})

const code = () => `TEST-${randomUUID().slice(0, 8).toUpperCase()}`

function productBody(overrides: Record<string, unknown> = {}) {
  return {
    code: code(),
    name: `Merchant collections ${randomUUID().slice(0, 6)}`,
    description: 'Collect card and transfer payments',
    categoryId,
    divisionId,
    requirements: [
      { label: 'Settlement account number', type: 'Text Input', required: true, help: '10 digits' },
      { label: 'Shop front photo', type: 'Upload Document', required: true },
    ],
    ...overrides,
  }
}

type ProductAnswer = {
  id: string
  kycDocumentTypeIds: string[]
  code: string
  live: boolean
  active: boolean
  requirementsVersion: number
  requirements: { key: string; label: string; type: string; required: boolean; help: string | null }[]
}

async function createProduct(overrides: Record<string, unknown> = {}, token = manager) {
  const res = await apiApproved('/products', { method: 'POST', token, json: productBody(overrides) })
  expect(res.status, JSON.stringify(await res.clone().json())).toBe(201)
  return (await res.json()) as ProductAnswer
}

async function goLive(id: string, live = true, token = manager) {
  return apiApproved(`/products/${id}/go-live`, { method: 'PUT', token, json: { live } })
}

describe('risk level (docs/risk.md#where-each-fact-comes-from)', () => {
  it('is LOW by default, set at creation, changed like any field; anything else is refused naming the field', async () => {
    expect(await createProduct()).toMatchObject({ riskLevel: 'LOW' })
    const high = await createProduct({ riskLevel: 'HIGH' })
    expect(high).toMatchObject({ riskLevel: 'HIGH' })
    const changed = await apiApproved(`/products/${high.id}`, { method: 'PUT', token: manager, json: { riskLevel: 'MEDIUM' } })
    expect(changed.status).toBe(200)
    expect(await changed.json()).toMatchObject({ riskLevel: 'MEDIUM' })
    const bad = await api('/products', { method: 'POST', token: manager, json: productBody({ riskLevel: 'EXTREME' }) })
    expect(bad.status).toBe(400)
    expect((await errorsOf(bad))[0]).toMatchObject({ field: 'riskLevel', message: 'must be LOW, MEDIUM or HIGH' })
  })
})

describe('creating and configuring products', () => {
  it('creates a product not yet live, with keys derived from the labels, audited', async () => {
    const product = await createProduct({ code: ' pos-lite-' + randomUUID().slice(0, 4) })
    expect(product.code).toMatch(/^POS-LITE-[A-Z0-9]{4}$/)
    expect(product).toMatchObject({ live: false, active: true, requirementsVersion: 1 })
    expect(product.requirements).toEqual([
      {
        key: 'settlement_account_number',
        label: 'Settlement account number',
        type: 'Text Input',
        required: true,
        help: '10 digits',
      },
      { key: 'shop_front_photo', label: 'Shop front photo', type: 'Upload Document', required: true, help: null },
    ])
    const db = await getDb()
    expect(
      await db.query.audits.findFirst({ where: and(eq(audits.resourceId, product.id), eq(audits.action, 'CREATE')) }),
    ).toBeDefined()
  })

  it('refuses bad codes, reserved path words, taken codes, unknown references and repeated keys, naming the field', async () => {
    const fieldOf = async (body: Record<string, unknown>) => {
      const res = await apiApproved('/products', { method: 'POST', token: manager, json: productBody(body) })
      return { status: res.status, errors: await errorsOf(res) }
    }
    expect(await fieldOf({ code: 'POS_TERMINAL' })).toMatchObject({ status: 400, errors: [{ field: 'code' }] })
    expect(await fieldOf({ code: 'admin' })).toMatchObject({
      status: 400,
      errors: [{ field: 'code', message: expect.stringContaining('reserved') }],
    })
    expect(await fieldOf({ code: 'categories' })).toMatchObject({ status: 400, errors: [{ field: 'code' }] })
    const taken = await createProduct()
    expect(await fieldOf({ code: taken.code.toLowerCase() })).toMatchObject({
      status: 409,
      errors: [{ code: 'CONFLICT', field: 'code' }],
    })
    expect(await fieldOf({ categoryId: randomUUID() })).toMatchObject({ status: 400, errors: [{ field: 'categoryId' }] })
    expect(await fieldOf({ divisionId: 'not-an-id' })).toMatchObject({ status: 400, errors: [{ field: 'divisionId' }] })
    const [documentType] = await (await getDb()).select().from(kycDocumentTypes).limit(1)
    expect(await fieldOf({ kycDocumentTypeIds: [documentType!.id, randomUUID()] })).toMatchObject({
      status: 400,
      errors: [{ field: 'kycDocumentTypeIds.1' }],
    })
    expect((await createProduct({ kycDocumentTypeIds: [documentType!.id] })).kycDocumentTypeIds).toEqual([documentType!.id])
    const repeated = await fieldOf({
      requirements: [
        { key: 'tin', label: 'Tax ID', type: 'Text Input' },
        { key: 'tin', label: 'TIN again', type: 'Text Input' },
      ],
    })
    expect(repeated).toMatchObject({ status: 400, errors: [{ field: 'requirements.1.key' }] })
    const malformed = await fieldOf({ requirements: [{ label: 'x', type: 'Checkbox' }] })
    expect(malformed.errors.map((e) => e.field).sort()).toEqual(['requirements.0.label', 'requirements.0.type'])
  })

  it('is for staff with CAN_UPDATE_PRODUCT only', async () => {
    expect((await apiApproved('/products', { method: 'POST', json: productBody() })).status).toBe(401)
    const owner = await signedInUser({ businesses: [{}] })
    expect((await apiApproved('/products', { method: 'POST', token: owner.token, json: productBody() })).status).toBe(403)
    const approver = await signedInUser({ staffRole: 'APPROVER' })
    expect((await apiApproved('/products', { method: 'POST', token: approver.token, json: productBody() })).status).toBe(403)
    // A business role cannot carry CAN_UPDATE_PRODUCT into staff work: staff status is required too.
    const member = await signedInUser({ businesses: [{ permissions: ['CAN_UPDATE_PRODUCT'] }] })
    expect((await apiApproved('/products', { method: 'POST', token: member.token, json: productBody() })).status).toBe(403)
  })

  it('versions a changed requirement list and leaves the version alone otherwise', async () => {
    const product = await createProduct()
    const [account, photo] = product.requirements
    const unchanged = await apiApproved(`/products/${product.id}`, {
      method: 'PUT',
      token: manager,
      json: { name: 'Renamed product', requirements: product.requirements },
    })
    expect(unchanged.status).toBe(200)
    expect(await unchanged.json()).toMatchObject({ name: 'Renamed product', requirementsVersion: 1 })

    const changed = await apiApproved(`/products/${product.id}`, {
      method: 'PUT',
      token: manager,
      json: {
        requirements: [
          photo,
          { ...account, label: 'Settlement NUBAN', required: false },
          { label: 'CAC certificate', type: 'Upload Document', required: true },
        ],
      },
    })
    expect(changed.status).toBe(200)
    const v2 = (await changed.json()) as ProductAnswer
    expect(v2.requirementsVersion).toBe(2)
    expect(v2.requirements.map((r) => [r.key, r.label, r.required])).toEqual([
      ['shop_front_photo', 'Shop front photo', true],
      ['settlement_account_number', 'Settlement NUBAN', false],
      ['cac_certificate', 'CAC certificate', true],
    ])
    const db = await getDb()
    const versions = await db
      .select()
      .from(productRequirementVersions)
      .where(eq(productRequirementVersions.productId, product.id))
    expect(versions.map((v) => v.version).sort()).toEqual([1, 2])
    expect(versions.find((v) => v.version === 1)!.requirements.map((r) => r.label)).toEqual([
      'Settlement account number',
      'Shop front photo',
    ])
  })

  it('never gives a retired key to a new requirement, and keeps a key’s type for good', async () => {
    const product = await createProduct()
    // Retire the photo requirement, then add one with the same label: it gets a fresh key.
    await apiApproved(`/products/${product.id}`, {
      method: 'PUT',
      token: manager,
      json: { requirements: [product.requirements[0]] },
    })
    const readded = (await (
      await apiApproved(`/products/${product.id}`, {
        method: 'PUT',
        token: manager,
        json: { requirements: [product.requirements[0], { label: 'Shop front photo', type: 'Upload Document' }] },
      })
    ).json()) as ProductAnswer
    expect(readded.requirements[1]!.key).toBe('shop_front_photo_2')

    const retyped = await apiApproved(`/products/${product.id}`, {
      method: 'PUT',
      token: manager,
      json: { requirements: [{ ...product.requirements[0], type: 'Upload Document' }] },
    })
    expect(retyped.status).toBe(400)
    expect((await errorsOf(retyped))[0]).toMatchObject({ field: 'requirements.0.type' })
    const nothing = await apiApproved(`/products/${product.id}`, { method: 'PUT', token: manager, json: {} })
    expect(nothing.status).toBe(400)
    expect(
      (await apiApproved(`/products/${randomUUID()}`, { method: 'PUT', token: manager, json: { name: 'Ghost' } })).status,
    ).toBe(404)
  })
})

describe('go-live and the public catalogue', () => {
  it('goes live only when active with requirements; switching to the same state is 409; audited', async () => {
    const empty = await createProduct({ requirements: [] })
    const noReqs = await goLive(empty.id)
    expect(noReqs.status).toBe(409)
    expect((await errorsOf(noReqs))[0]).toMatchObject({ code: 'PRECONDITION_FAILED' })

    const inactive = await createProduct({ active: false, requirements: [] })
    const both = await goLive(inactive.id)
    expect((await errorsOf(both)).map((e) => e.code)).toEqual(['PRECONDITION_FAILED', 'PRECONDITION_FAILED'])

    const product = await createProduct()
    const live = await goLive(product.id)
    expect(live.status).toBe(200)
    expect(await live.json()).toMatchObject({ live: true, wentLiveAt: expect.any(String) })
    const again = await goLive(product.id)
    expect(again.status).toBe(409)
    expect((await errorsOf(again))[0]).toMatchObject({ code: 'INVALID_STATE' })
    expect((await goLive(product.id, false)).status).toBe(200)
    const db = await getDb()
    const rows = await db.select({ action: audits.action }).from(audits).where(eq(audits.resourceId, product.id))
    expect(rows.map((r) => r.action)).toEqual(expect.arrayContaining(['GO_LIVE', 'WITHDRAW']))
  })

  it('needs CAN_INDICATE_PRODUCT_GO_LIVE as staff', async () => {
    const product = await createProduct()
    const updater = await signedInUser({ staffPermissions: ['CAN_UPDATE_PRODUCT'] })
    expect((await goLive(product.id, true, updater.token)).status).toBe(403)
    const owner = await signedInUser({ businesses: [{}] })
    expect((await goLive(product.id, true, owner.token)).status).toBe(403)
    expect(
      (await apiApproved(`/products/${product.id}/go-live`, { method: 'PUT', token: manager, json: { live: 'yes' } })).status,
    ).toBe(400)
  })

  it('lists only live, active products without a token, with their requirements, by category', async () => {
    const tag = randomUUID().slice(0, 6)
    const offered = await createProduct({ name: `Zebra pay ${tag}`, categoryId: otherCategoryId })
    await goLive(offered.id)
    const notLive = await createProduct({ name: `Zebra draft ${tag}` })
    const inactive = await createProduct({ name: `Zebra paused ${tag}` })
    await goLive(inactive.id)
    await apiApproved(`/products/${inactive.id}`, { method: 'PUT', token: manager, json: { active: false } })

    const res = await api(`/products?searchKey=${tag}&pageSize=100`)
    expect(res.status).toBe(200)
    const page = (await res.json()) as { content: ProductAnswer[]; totalElements: number }
    expect(page.content.map((p) => p.id)).toEqual([offered.id])
    expect(page.content[0]!.requirements).toHaveLength(2)
    expect(page.totalElements).toBe(1)
    expect(
      ((await (await api(`/products?categoryId=${categoryId}&searchKey=${tag}`)).json()) as { content: unknown[] }).content,
    ).toEqual([])

    const one = await api(`/products/${offered.code.toLowerCase()}`)
    expect(one.status).toBe(200)
    expect(await one.json()).toMatchObject({ id: offered.id, code: offered.code, requirements: expect.any(Array) })
    expect((await api(`/products/${notLive.code}`)).status).toBe(404)
    expect((await api(`/products/${inactive.code}`)).status).toBe(404)

    const categories = (await (await api('/products/categories')).json()) as { id: string; name: string; productCount: number }[]
    expect(categories.length).toBeGreaterThanOrEqual(6)
    expect(categories.find((c) => c.id === otherCategoryId)!.productCount).toBeGreaterThanOrEqual(1)
    expect((await api('/products?pageSize=500')).status).toBe(400)
  })

  it('gives staff every product with filters, and one by id', async () => {
    const tag = randomUUID().slice(0, 6)
    const a = await createProduct({ name: `Yak cards ${tag}`, divisionId: otherDivisionId })
    await goLive(a.id)
    const b = await createProduct({ name: `Yak loans ${tag}`, active: false })
    const ids = async (query: string, token = manager) => {
      const res = await api(`/products/admin?searchKey=${tag}&${query}`, { token })
      expect(res.status, query).toBe(200)
      return ((await res.json()) as { content: { id: string }[] }).content.map((p) => p.id).sort()
    }
    expect(await ids('')).toEqual([a.id, b.id].sort())
    expect(await ids('live=true')).toEqual([a.id])
    expect(await ids('active=false')).toEqual([b.id])
    expect(await ids(`divisionId=${otherDivisionId}`)).toEqual([a.id])
    expect(await ids(`categoryId=${otherCategoryId}`)).toEqual([])
    const auditor = await signedInUser({ staffRole: 'AUDITOR' })
    expect(await ids('', auditor.token)).toEqual([a.id, b.id].sort())
    expect(await ids('pageSize=1&pageNumber=2&recentFirst=false')).toEqual([b.id])
    expect((await api(`/products/admin/${b.id}`, { token: manager })).status).toBe(200)
    const owner = await signedInUser({ businesses: [{}] })
    expect((await api('/products/admin', { token: owner.token })).status).toBe(403)
    expect((await api('/products/admin')).status).toBe(401)
    expect((await api('/products/admin?live=maybe', { token: manager })).status).toBe(400)
  })

  it("answers a division's products: what is offered for business users, everything for staff", async () => {
    const tag = randomUUID().slice(0, 6)
    const offered = await createProduct({ name: `Division offered ${tag}`, divisionId: otherDivisionId })
    await goLive(offered.id)
    const hidden = await createProduct({ name: `Division hidden ${tag}`, divisionId: otherDivisionId })
    const owner = await signedInUser({ businesses: [{}] })
    const mine = (
      (await (await api(`/business-divisions/${otherDivisionId}/products`, { token: owner.token })).json()) as { id: string }[]
    ).map((p) => p.id)
    expect(mine).toContain(offered.id)
    expect(mine).not.toContain(hidden.id)
    const all = (
      (await (await api(`/business-divisions/${otherDivisionId}/products`, { token: manager })).json()) as { id: string }[]
    ).map((p) => p.id)
    expect(all).toEqual(expect.arrayContaining([offered.id, hidden.id]))
    expect((await api(`/business-divisions/${randomUUID()}/products`, { token: owner.token })).status).toBe(404)
  })

  it('lists every products call in the OpenAPI document', async () => {
    const doc = (await (await api('/openapi.json')).json()) as { paths: Record<string, Record<string, unknown>> }
    for (const [path, method] of [
      ['/api/v1/products', 'get'],
      ['/api/v1/products', 'post'],
      ['/api/v1/products/admin', 'get'],
      ['/api/v1/products/categories', 'get'],
      ['/api/v1/products/{code}', 'get'],
      ['/api/v1/products/{id}', 'put'],
      ['/api/v1/products/{id}/go-live', 'put'],
    ] as const) {
      expect(doc.paths[path]?.[method], `${method} ${path}`).toBeDefined()
    }
  })
})

describe('demo data', () => {
  // The seeded demo without the shipped screening lists, made once per run (tests/api/demo-template.ts).
  beforeAll(() => startFromDemo({ shippedLists: false }))

  it('seeds products of every category with both requirement types, and applications in every state, once', async () => {
    const db = await getDb()
    const { seed } = await import('@/server/seed')
    const { DEMO_PRODUCTS } = await import('@/server/seed/demo-products')
    const { onboardingProducts, onboardingAnswers, products } = await import('@/server/db/schema')
    const counts = async () => ({
      products: await db.$count(products),
      onboardings: await db.$count(onboardingProducts),
      answers: await db.$count(onboardingAnswers),
      audits: await db.$count(audits),
    })
    const first = await counts()
    await seed(db, { demo: true, demoPassword: 'Demo-Passw0rd!', shippedLists: false })
    expect(await counts()).toEqual(first)

    expect(DEMO_PRODUCTS.length).toBeGreaterThanOrEqual(6)
    for (const p of DEMO_PRODUCTS)
      expect(new Set(p.requirements.map((r) => r.type)), p.code).toEqual(new Set(['Text Input', 'Upload Document']))
    const offered = (await (await api('/products?pageSize=100')).json()) as {
      content: { code: string; category: { name: string } }[]
    }
    const demoOffered = offered.content.filter((p) => DEMO_PRODUCTS.some((d) => d.code === p.code))
    expect(new Set(demoOffered.map((p) => p.category.name)).size).toBeGreaterThanOrEqual(5)
    const statuses = new Set(
      (await db.select({ status: onboardingProducts.status }).from(onboardingProducts)).map((r) => r.status),
    )
    expect([...statuses].sort()).toEqual(['APPROVED', 'COMPLETED', 'DECLINED', 'IN_REVIEW', 'PENDING', 'REMOVED'])

    // Submitted demo applications carry real uploaded files (blob storage runs for the API tests).
    const { token } = await signedInUser({ staffRole: 'APPROVER' })
    const queue = (await (await api('/onboarding-products/approvals?pageSize=100', { token })).json()) as {
      content: { id: string }[]
    }
    const detail = (await (await api(`/onboarding-products/details/${queue.content[0]!.id}`, { token })).json()) as {
      missingRequired: string[]
      answers: { file: { url: string } | null }[]
    }
    expect(detail.missingRequired).toEqual([])
    const url = detail.answers.find((a) => a.file)!.file!.url
    const file = await api(url.replace('/api/v1', ''), { token })
    expect(file.status).toBe(200)
    expect(file.headers.get('content-type')).toBe('application/pdf')
  })
})
