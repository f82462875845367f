import { randomUUID } from 'node:crypto'
import { beforeAll, describe, expect, it } from 'vitest'
import { getDb } from '@/server/db/client'
import { businessDivisions, productCategories } from '@/server/db/schema'
import { api, errorsOf, mailsTo, signedInUser } from './helpers'

/**
 * Configuration under four-eyes gives feedback (issue 34): whoever may decide a request is mailed when it is made (not
 * its maker), the maker when it is decided; the record shows what waits on it; the 409 of a second request says who
 * can decide the first; an approved creation names the record it made.
 */

type User = Awaited<ReturnType<typeof signedInUser>>
type Authorization = { id: string; type: string; status: string; resourceId: string | null }
type Pending = {
  id: string
  type: string
  resourceId: string | null
  what: string
  maker: { id: string; name: string }
  visible: boolean
}

let maker: User
let checker: User
let otherMaker: User
let categoryId: string
let divisionId: string

beforeAll(async () => {
  ;[maker, checker, otherMaker] = await Promise.all([
    signedInUser({ staffRole: 'PRODUCT_MANAGER' }),
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
const approve = (id: string, token: string) =>
  api(`/authorizations/${id}`, { method: 'PUT', token, json: { decision: 'APPROVED' } })

async function newProduct() {
  const code = `FB-${randomUUID().slice(0, 8).toUpperCase()}`
  const name = `Feedback ${code}`
  const pending = await read<Authorization>(
    await api('/products', {
      method: 'POST',
      token: maker.token,
      json: {
        code,
        name,
        categoryId,
        divisionId,
        requirements: [{ label: 'Settlement account', type: 'Text Input', required: true }],
      },
    }),
    202,
  )
  return { code, name, pending }
}

describe('four-eyes feedback', () => {
  it('mails every checker (never the maker) when a request is made, and the maker when it is decided', async () => {
    const { code, name, pending } = await newProduct()
    const asked = (await mailsTo(checker.user.email)).find((m) => m.template === 'authorization-request')
    expect(asked?.subject).toBe(
      `Waiting for your decision: ${maker.user.firstName} ${maker.user.lastName} asks to create the product ${name} (${code})`,
    )
    expect(asked?.text).toContain(`/s/admin/authorizations/details?id=${pending.id}`)
    expect((await mailsTo(maker.user.email)).map((m) => m.template)).not.toContain('authorization-request')

    const decided = await read<Authorization>(await approve(pending.id, checker.token), 200)
    // The approved creation names the product it made.
    expect(decided.resourceId).toBeTruthy()
    const product = await read<{ code: string }>(await api(`/products/admin/${decided.resourceId}`, { token: maker.token }), 200)
    expect(product.code).toBe(code)
    const outcome = (await mailsTo(maker.user.email)).find((m) => m.template === 'authorization-approved')
    expect(outcome?.subject).toBe(`Your request was approved: create the product ${name} (${code})`)
    expect(outcome?.text).toContain(`${checker.user.firstName} ${checker.user.lastName} approved your request`)
  })

  it('a declined request tells the maker why', async () => {
    const { pending } = await newProduct()
    await read(
      await api(`/authorizations/${pending.id}`, {
        method: 'PUT',
        token: checker.token,
        json: { decision: 'DECLINED', comment: 'Wrong division' },
      }),
      200,
    )
    const outcome = (await mailsTo(maker.user.email)).find((m) => m.template === 'authorization-declined')
    expect(outcome?.text).toContain('Their reason: Wrong division')
  })

  it('shows a pending go-live on the product; a second request is refused saying who can decide the first', async () => {
    const { pending } = await newProduct()
    const productId = (await read<Authorization>(await approve(pending.id, checker.token), 200)).resourceId!
    const product = await read<{ name: string; code: string }>(
      await api(`/products/admin/${productId}`, { token: maker.token }),
      200,
    )
    const goLive = await read<Authorization>(
      await api(`/products/${productId}/go-live`, { method: 'PUT', token: maker.token, json: { live: true } }),
      202,
    )

    const seenByMaker = await read<Pending[]>(await api('/authorizations/pending?resource=product', { token: maker.token }), 200)
    expect(seenByMaker.filter((p) => p.resourceId === productId)).toEqual([
      expect.objectContaining({
        id: goLive.id,
        type: 'PRODUCT_GO_LIVE',
        what: `take ${product.name} (${product.code}) live`,
        maker: { id: maker.user.id, name: `${maker.user.firstName} ${maker.user.lastName}` },
        mine: true,
        visible: true,
      }),
    ])
    // Another maker learns that it waits, and whose it is, without being able to open it.
    const seenByOther = await read<Pending[]>(
      await api('/authorizations/pending?resource=product', { token: otherMaker.token }),
      200,
    )
    expect(seenByOther.find((p) => p.id === goLive.id)).toMatchObject({ mine: false, visible: false })

    const again = await api(`/products/${productId}/go-live`, { method: 'PUT', token: maker.token, json: { live: true } })
    expect(again.status).toBe(409)
    expect(await errorsOf(again)).toEqual([
      {
        code: 'CONFLICT',
        message: `A request to take ${product.name} (${product.code}) live (yours) is already waiting for another staff member with the permission to decide authorizations (CAN_UPDATE_AUTHORIZATION) to decide it; until then no other change to it can be requested.`,
        permissions: ['CAN_UPDATE_AUTHORIZATION'],
      },
    ])

    await read(await approve(goLive.id, checker.token), 200)
    const after = await read<Pending[]>(await api('/authorizations/pending?resource=product', { token: maker.token }), 200)
    expect(after.filter((p) => p.resourceId === productId)).toEqual([])
  })

  it('refuses a resource it does not know, and a caller who may neither read nor request authorizations', async () => {
    expect((await api('/authorizations/pending?resource=business', { token: maker.token })).status).toBe(400)
    const officer = await signedInUser({ staffRole: 'ONBOARDING_OFFICER' })
    expect((await api('/authorizations/pending?resource=product', { token: officer.token })).status).toBe(403)
  })
})
