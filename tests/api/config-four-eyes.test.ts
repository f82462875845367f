import { randomUUID } from 'node:crypto'
import { and, eq, ne } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { getDb } from '@/server/db/client'
import {
  appSettings,
  audits,
  authorizations,
  businessDivisions,
  deferrableMappings,
  fees,
  kycDocumentTypes,
  productCategories,
  products,
} from '@/server/db/schema'
import { api, errorsOf, signedInUser } from './helpers'

/**
 * FOUR_EYES_CONFIG on (the default): product, fee and deferral-setting changes answer 202 with a PENDING
 * authorization, change nothing, and apply only when a second person approves (docs/domain.md#authorizations).
 */

type User = Awaited<ReturnType<typeof signedInUser>>
type Authorization = {
  id: string
  type: string
  resource: string
  resourceId: string | null
  target: string
  status: string
  maker: { id: string }
  checker: { id: string } | null
  stale: boolean
  diff: { field: string; label: string; before: unknown; after: unknown; added: string[]; removed: string[] }[]
}
type Product = { id: string; code: string; name: string; live: boolean; requirementsVersion: number }

let maker: User
let checker: User
let otherMaker: User
let categoryId: string
let divisionId: string

beforeAll(async () => {
  ;[maker, checker, otherMaker] = await Promise.all([
    // A product manager who also sets the deferral limits and may decide authorizations: the maker of every change
    // here, refused only because it is their own request.
    signedInUser({
      staffRole: 'PRODUCT_MANAGER',
      staffPermissions: [
        'CAN_UPDATE_DEFERRABLE',
        'CAN_READ_DEFERRABLE_MAPPING',
        'CAN_READ_AUTHORIZATION',
        'CAN_UPDATE_AUTHORIZATION',
      ],
    }),
    signedInUser({ staffRole: 'APPROVER' }),
    signedInUser({ staffRole: 'PRODUCT_MANAGER' }),
  ])
  const db = await getDb()
  categoryId = (await db.select().from(productCategories).limit(1))[0]!.id
  divisionId = (await db.select().from(businessDivisions).limit(1))[0]!.id
})

const read = async <T>(res: Response, status: number) => {
  const body = await res.text()
  expect(res.status, body).toBe(status)
  return JSON.parse(body) as T
}
const decide = (id: string, token: string, json: Record<string, unknown>) =>
  api(`/authorizations/${id}`, { method: 'PUT', token, json })
const approve = (id: string, token: string) => decide(id, token, { decision: 'APPROVED' })
const decline = (id: string, token: string) => decide(id, token, { decision: 'DECLINED', comment: 'Not this one' })

const newCode = () => `FE-${randomUUID().slice(0, 8).toUpperCase()}`
const productBody = (code = newCode()) => ({
  code,
  name: `Four eyes ${code}`,
  categoryId,
  divisionId,
  requirements: [{ label: 'Settlement account', type: 'Text Input', required: true }],
})

async function pendingFor(targetKey: string) {
  const db = await getDb()
  return db
    .select()
    .from(authorizations)
    .where(and(eq(authorizations.targetKey, targetKey), eq(authorizations.status, 'PENDING')))
}

/** A product made and approved through four-eyes, for the tests about changing one. */
async function approvedProduct(): Promise<Product> {
  const pending = await read<Authorization>(
    await api('/products', { method: 'POST', token: maker.token, json: productBody() }),
    202,
  )
  const decided = await read<Authorization>(await approve(pending.id, checker.token), 200)
  return read<Product>(await api(`/products/admin/${decided.resourceId}`, { token: maker.token }), 200)
}

describe('a product create under four-eyes (maker-checker, as Fineract tests it)', () => {
  it('answers no record, leaves one pending authorization; the maker cannot approve it, a checker can and the product appears', async () => {
    const code = newCode()
    const res = await api('/products', { method: 'POST', token: maker.token, json: productBody(code) })
    const pending = await read<Authorization>(res, 202)
    expect(pending).toMatchObject({ type: 'PRODUCT_CREATE', resource: 'product', resourceId: null, status: 'PENDING' })
    expect(pending.maker.id).toBe(maker.user.id)
    expect(pending).not.toHaveProperty('code')
    expect(pending.diff).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: 'code', label: 'Code', before: null, after: code }),
        expect.objectContaining({ field: 'live', after: 'No' }),
      ]),
    )

    const db = await getDb()
    expect(await db.select().from(products).where(eq(products.code, code))).toEqual([])
    expect(await pendingFor(`product-code:${code}`)).toHaveLength(1)
    // The maker sees their own request; the list shows it pending.
    const mine = await read<{ content: Authorization[] }>(
      await api('/authorizations/v2?status=PENDING&type=PRODUCT_CREATE&pageSize=100', { token: maker.token }),
      200,
    )
    expect(mine.content.filter((a) => a.id === pending.id)).toHaveLength(1)

    const own = await approve(pending.id, maker.token)
    expect(own.status).toBe(403)
    expect((await errorsOf(own))[0]).toMatchObject({ code: 'FOUR_EYES' })
    expect(await db.select().from(products).where(eq(products.code, code))).toEqual([])

    const decided = await read<Authorization>(await approve(pending.id, checker.token), 200)
    expect(decided).toMatchObject({ status: 'APPROVED', checker: { id: checker.user.id } })
    expect(decided.resourceId).toEqual(expect.any(String))
    const product = await read<Product>(await api(`/products/admin/${decided.resourceId}`, { token: maker.token }), 200)
    expect(product).toMatchObject({ code, live: false, requirementsVersion: 1 })
    expect(await pendingFor(`product-code:${code}`)).toEqual([])

    // Both people are in the product's audit row and in the decision's, written with the change.
    const [created] = await db
      .select()
      .from(audits)
      .where(and(eq(audits.resourceId, product.id), eq(audits.action, 'CREATE')))
    expect(created!.after).toMatchObject({ makerId: maker.user.id, checkerId: checker.user.id, authorizationId: pending.id })
    const [decision] = await db
      .select()
      .from(audits)
      .where(and(eq(audits.resourceId, pending.id), eq(audits.action, 'APPROVE')))
    expect(decision!.after).toMatchObject({ makerId: maker.user.id, checkerId: checker.user.id })
  })

  it('checks the input before asking anyone: 400 naming the field, 409 for a taken code, and no authorization', async () => {
    const code = newCode()
    const bad = await api('/products', {
      method: 'POST',
      token: maker.token,
      json: { ...productBody(code), categoryId: randomUUID() },
    })
    expect(bad.status).toBe(400)
    expect((await errorsOf(bad))[0]).toMatchObject({ field: 'categoryId' })
    expect(await pendingFor(`product-code:${code}`)).toEqual([])

    const existing = await approvedProduct()
    const taken = await api('/products', { method: 'POST', token: maker.token, json: productBody(existing.code) })
    expect(taken.status).toBe(409)

    await read(await api('/products', { method: 'POST', token: maker.token, json: productBody(code) }), 202)
    const again = await api('/products', { method: 'POST', token: otherMaker.token, json: productBody(code) })
    expect(again.status).toBe(409)
    expect(await pendingFor(`product-code:${code}`)).toHaveLength(1)
  })
})

describe('a product change under four-eyes', () => {
  it('answers 202 with a PENDING authorization and its diff, changes nothing, and refuses a second pending request', async () => {
    const product = await approvedProduct()
    const res = await api(`/products/${product.id}`, {
      method: 'PUT',
      token: maker.token,
      json: { name: 'Renamed by four eyes' },
    })
    const pending = await read<Authorization>(res, 202)
    expect(pending).toMatchObject({ type: 'PRODUCT_UPDATE', resourceId: product.id, status: 'PENDING', stale: false })
    expect(pending.diff).toEqual([
      expect.objectContaining({ field: 'name', label: 'Name', before: product.name, after: 'Renamed by four eyes' }),
    ])
    expect(await read<Product>(await api(`/products/admin/${product.id}`, { token: maker.token }), 200)).toMatchObject({
      name: product.name,
    })

    const second = await api(`/products/${product.id}/go-live`, { method: 'PUT', token: otherMaker.token, json: { live: true } })
    expect(second.status).toBe(409)
    // It says what waits, whose it is and who can decide it: the one asking again may not.
    expect((await errorsOf(second))[0]).toMatchObject({
      code: 'CONFLICT',
      message: `A request to change the product ${product.name} (${product.code}) (by ${maker.user.firstName} ${maker.user.lastName}) is already waiting for another staff member with the permission to decide authorizations (CAN_UPDATE_AUTHORIZATION) to decide it; until then no other change to it can be requested.`,
    })

    const nothing = await api(`/products/${randomUUID()}`, { method: 'PUT', token: maker.token, json: { name: 'Ghost' } })
    expect(nothing.status).toBe(404)
  })

  it("the maker's approval is refused; a checker's applies the change (requirements become a new version)", async () => {
    const product = await approvedProduct()
    const pending = await read<Authorization>(
      await api(`/products/${product.id}`, {
        method: 'PUT',
        token: maker.token,
        json: { requirements: [{ label: 'Shop photo', type: 'Upload Document', required: true }] },
      }),
      202,
    )
    expect(pending.diff).toEqual([
      expect.objectContaining({
        field: 'requirements',
        added: ['Shop photo: a document upload, required'],
        removed: ['Settlement account: a text answer, required'],
      }),
    ])
    expect((await approve(pending.id, maker.token)).status).toBe(403)
    await read(await approve(pending.id, checker.token), 200)
    const after = await read<Product & { requirements: { key: string }[] }>(
      await api(`/products/admin/${product.id}`, { token: maker.token }),
      200,
    )
    expect(after.requirementsVersion).toBe(2)
    expect(after.requirements.map((r) => r.key)).toEqual(['shop_photo'])
  })

  it('a decline changes nothing and frees the product for another request', async () => {
    const product = await approvedProduct()
    const pending = await read<Authorization>(
      await api(`/products/${product.id}/go-live`, { method: 'PUT', token: maker.token, json: { live: true } }),
      202,
    )
    expect(pending.type).toBe('PRODUCT_GO_LIVE')
    expect((await decide(pending.id, checker.token, { decision: 'DECLINED' })).status).toBe(400)
    expect(await read<Authorization>(await decline(pending.id, checker.token), 200)).toMatchObject({ status: 'DECLINED' })
    expect(await read<Product>(await api(`/products/admin/${product.id}`, { token: maker.token }), 200)).toMatchObject({
      live: false,
    })
    const retry = await read<Authorization>(
      await api(`/products/${product.id}/go-live`, { method: 'PUT', token: maker.token, json: { live: true } }),
      202,
    )
    await read(await approve(retry.id, checker.token), 200)
    expect(await read<Product>(await api(`/products/admin/${product.id}`, { token: maker.token }), 200)).toMatchObject({
      live: true,
    })
  })

  it('a product changed since the request: approval answers 409 and the authorization is STALE', async () => {
    const product = await approvedProduct()
    const pending = await read<Authorization>(
      await api(`/products/${product.id}`, { method: 'PUT', token: maker.token, json: { name: 'Stale rename' } }),
      202,
    )
    // Changed behind the request's back (as a direct change with four-eyes off would).
    const db = await getDb()
    await db.update(products).set({ description: 'Changed meanwhile' }).where(eq(products.id, product.id))
    expect((await read<Authorization>(await api(`/authorizations/${pending.id}`, { token: checker.token }), 200)).stale).toBe(
      true,
    )

    const res = await approve(pending.id, checker.token)
    expect(res.status).toBe(409)
    expect((await errorsOf(res))[0]!.message).toMatch(/STALE/)
    expect(await read<Authorization>(await api(`/authorizations/${pending.id}`, { token: checker.token }), 200)).toMatchObject({
      status: 'STALE',
    })
    expect(await read<Product>(await api(`/products/admin/${product.id}`, { token: maker.token }), 200)).toMatchObject({
      name: product.name,
    })
  })
})

describe('fees under four-eyes', () => {
  const services = async () =>
    read<{ id: string; serviceType: string; provider: { code: string } }[]>(
      await api('/kyc-service-details', { token: maker.token }),
      200,
    )

  async function newDivision() {
    const db = await getDb()
    const code = `F${randomUUID().slice(0, 8)}`
    const [division] = await db
      .insert(businessDivisions)
      .values({ code, name: `Division ${code}` })
      .returning()
    return division!
  }

  it('create: 202, no fee until a checker approves; update: declined changes nothing, stale answers 409', async () => {
    const division = await newDivision()
    const serviceDetailId = (await services())[0]!.id
    const body = { divisionId: division.id, serviceDetailId, amount: 150, effectiveFrom: '2030-01-01', active: true }
    const pending = await read<Authorization>(await api('/fees', { method: 'POST', token: maker.token, json: body }), 202)
    expect(pending).toMatchObject({ type: 'FEE_CREATE', resource: 'fee', status: 'PENDING' })
    expect(pending.diff).toEqual(expect.arrayContaining([expect.objectContaining({ field: 'amount', after: '150.00' })]))
    const db = await getDb()
    expect(await db.select().from(fees).where(eq(fees.divisionId, division.id))).toEqual([])
    expect((await api('/fees', { method: 'POST', token: otherMaker.token, json: body })).status).toBe(409)
    expect((await approve(pending.id, maker.token)).status).toBe(403)
    const created = await read<Authorization>(await approve(pending.id, checker.token), 200)
    const fee = await read<{ id: string; amount: number }>(await api(`/fees/${created.resourceId}`, { token: maker.token }), 200)
    expect(fee.amount).toBe(150)

    const change = await read<Authorization>(
      await api(`/fees/${fee.id}`, { method: 'PUT', token: maker.token, json: { ...body, amount: 200 } }),
      202,
    )
    expect(change.diff).toEqual([expect.objectContaining({ field: 'amount', before: '150.00', after: '200.00' })])
    await read(await decline(change.id, checker.token), 200)
    expect((await read<{ amount: number }>(await api(`/fees/${fee.id}`, { token: maker.token }), 200)).amount).toBe(150)

    const stale = await read<Authorization>(
      await api(`/fees/${fee.id}`, { method: 'PUT', token: maker.token, json: { ...body, amount: 300 } }),
      202,
    )
    await db.update(fees).set({ amountKobo: 17500 }).where(eq(fees.id, fee.id))
    expect((await approve(stale.id, checker.token)).status).toBe(409)
    expect((await read<Authorization>(await api(`/authorizations/${stale.id}`, { token: checker.token }), 200)).status).toBe(
      'STALE',
    )
    expect((await read<{ amount: number }>(await api(`/fees/${fee.id}`, { token: maker.token }), 200)).amount).toBe(175)
  })
})

describe('deferral settings under four-eyes', () => {
  it('the maximum days: 202 and unchanged until a checker approves; one pending request at a time', async () => {
    const db = await getDb()
    const before = await read<{ maxDays: number }>(await api('/deferrals/deferrable-max-days', { token: maker.token }), 200)
    const days = before.maxDays === 44 ? 45 : 44
    const pending = await read<Authorization>(
      await api(`/deferrals/deferrable-days/${days}`, { method: 'PUT', token: maker.token }),
      202,
    )
    expect(pending).toMatchObject({ type: 'DEFERRAL_MAX_DAYS', resource: 'setting', resourceId: null })
    expect(pending.diff).toEqual([expect.objectContaining({ before: String(before.maxDays), after: String(days) })])
    expect((await api(`/deferrals/deferrable-days/10`, { method: 'PUT', token: maker.token })).status).toBe(409)
    expect(await read(await api('/deferrals/deferrable-max-days', { token: maker.token }), 200)).toEqual(before)
    expect((await approve(pending.id, maker.token)).status).toBe(403)
    await read(await approve(pending.id, checker.token), 200)
    expect(await read(await api('/deferrals/deferrable-max-days', { token: maker.token }), 200)).toEqual({ maxDays: days })
    const [setting] = await db.select().from(appSettings).where(eq(appSettings.key, 'deferral.maxDays'))
    expect(setting!.value).toBe(days)
    // The same value again changes nothing: 400, no authorization.
    expect((await api(`/deferrals/deferrable-days/${days}`, { method: 'PUT', token: maker.token })).status).toBe(400)
  })

  it('the deferrable mapping: the diff lists what is added and removed; stale when it changed meanwhile', async () => {
    const db = await getDb()
    const [type] = await db.select().from(kycDocumentTypes).where(eq(kycDocumentTypes.isActive, true)).limit(1)
    const current = await read<{ items: { registrationClass: string; documentTypeId: string }[] }>(
      await api('/deferrals/deferrable-mapping', { token: maker.token }),
      200,
    )
    const kept = current.items.map(({ registrationClass, documentTypeId }) => ({ registrationClass, documentTypeId }))
    const adding = kept.some((i) => i.registrationClass === 'LLP' && i.documentTypeId === type!.id)
      ? kept.filter((i) => !(i.registrationClass === 'LLP' && i.documentTypeId === type!.id))
      : [...kept, { registrationClass: 'LLP', documentTypeId: type!.id }]
    const pending = await read<Authorization>(
      await api('/deferrals/deferrable-mapping', { method: 'PUT', token: maker.token, json: { items: adding } }),
      202,
    )
    // Names, not codes: the class's and the document type's, as the screens say them.
    const line = `Limited liability partnership: ${type!.name}`
    expect(pending.diff).toHaveLength(1)
    expect([...pending.diff[0]!.added, ...pending.diff[0]!.removed]).toEqual([line])
    expect(
      (await read<{ items: unknown[] }>(await api('/deferrals/deferrable-mapping', { token: maker.token }), 200)).items,
    ).toHaveLength(kept.length)

    // Someone changes the mapping behind the request's back: the approval is refused as STALE.
    const [other] = await db.select().from(kycDocumentTypes).where(ne(kycDocumentTypes.id, type!.id)).limit(1)
    await db.delete(deferrableMappings).where(eq(deferrableMappings.registrationClass, 'IT'))
    await db.insert(deferrableMappings).values({ registrationClass: 'IT', documentTypeId: other!.id })
    expect((await approve(pending.id, checker.token)).status).toBe(409)
    expect((await read<Authorization>(await api(`/authorizations/${pending.id}`, { token: checker.token }), 200)).status).toBe(
      'STALE',
    )

    const again = await read<Authorization>(
      await api('/deferrals/deferrable-mapping', { method: 'PUT', token: maker.token, json: { items: adding } }),
      202,
    )
    await read(await approve(again.id, checker.token), 200)
    const after = await read<{ items: { registrationClass: string; documentTypeId: string }[] }>(
      await api('/deferrals/deferrable-mapping', { token: maker.token }),
      200,
    )
    expect(after.items.map((i) => `${i.registrationClass}:${i.documentTypeId}`).sort()).toEqual(
      adding.map((i) => `${i.registrationClass}:${i.documentTypeId}`).sort(),
    )
  })
})
