import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it, vi } from 'vitest'

// The app reads its configuration on first use, so FOUR_EYES_CONFIG must be in place before the helpers build the app.
vi.hoisted(() => {
  process.env.FOUR_EYES_CONFIG = 'false'
})

import { getDb } from '@/server/db/client'
import { authorizations, businessDivisions, productCategories } from '@/server/db/schema'
import { api, signedInUser } from './helpers'

/** FOUR_EYES_CONFIG=false: configuration changes apply at once (200/201 with the record), and no authorization is made. */

let token: string

beforeAll(async () => {
  token = (
    await signedInUser({
      staffRole: 'PRODUCT_MANAGER',
      staffPermissions: ['CAN_UPDATE_DEFERRABLE', 'CAN_READ_DEFERRABLE_MAPPING'],
    })
  ).token
})

const read = async <T>(res: Response, status: number) => {
  const body = await res.text()
  expect(res.status, body).toBe(status)
  return JSON.parse(body) as T
}

describe('configuration with four-eyes off', () => {
  it('creates and changes products, fees and deferral settings directly', async () => {
    const db = await getDb()
    const [category] = await db.select().from(productCategories).limit(1)
    const [division] = await db.select().from(businessDivisions).limit(1)
    const code = `OFF-${randomUUID().slice(0, 8).toUpperCase()}`
    const product = await read<{ id: string; code: string; live: boolean }>(
      await api('/products', {
        method: 'POST',
        token,
        json: {
          code,
          name: 'Direct product',
          categoryId: category!.id,
          divisionId: division!.id,
          requirements: [{ label: 'Account', type: 'Text Input', required: true }],
        },
      }),
      201,
    )
    expect(product).toMatchObject({ code, live: false })
    expect(
      await read(await api(`/products/${product.id}`, { method: 'PUT', token, json: { name: 'Renamed directly' } }), 200),
    ).toMatchObject({ name: 'Renamed directly' })
    expect(
      await read(await api(`/products/${product.id}/go-live`, { method: 'PUT', token, json: { live: true } }), 200),
    ).toMatchObject({ live: true })

    const services = await read<{ id: string }[]>(await api('/kyc-service-details', { token }), 200)
    const fee = await read<{ id: string; amount: number }>(
      await api('/fees', {
        method: 'POST',
        token,
        json: { divisionId: division!.id, serviceDetailId: services[0]!.id, amount: 12.5, effectiveFrom: '2031-02-03' },
      }),
      201,
    )
    expect(fee.amount).toBe(12.5)
    expect(await read(await api('/deferrals/deferrable-days/33', { method: 'PUT', token }), 200)).toEqual({ maxDays: 33 })
    const mapping = await read<{ items: { registrationClass: string; documentTypeId: string }[] }>(
      await api('/deferrals/deferrable-mapping', { token }),
      200,
    )
    const items = mapping.items.map(({ registrationClass, documentTypeId }) => ({ registrationClass, documentTypeId }))
    expect(
      (
        await read<{ items: unknown[] }>(
          await api('/deferrals/deferrable-mapping', { method: 'PUT', token, json: { items } }),
          200,
        )
      ).items,
    ).toHaveLength(items.length)

    expect(await db.select().from(authorizations)).toEqual([])
  })

  it("changes a queue's service level at once (200 with every queue's level)", async () => {
    const supervisor = await signedInUser({ staffRole: 'SENIOR_MANAGEMENT' })
    const levels = await read<{ queue: string; targetBusinessDays: number; autoAssign: boolean; pending: unknown }[]>(
      await api('/service-levels/DEFERRALS', {
        method: 'PUT',
        token: supervisor.token,
        json: { targetBusinessDays: 5, autoAssign: true, reason: 'Deferrals take longer' },
      }),
      200,
    )
    expect(levels.find((l) => l.queue === 'DEFERRALS')).toMatchObject({ targetBusinessDays: 5, autoAssign: true, pending: null })
    const db = await getDb()
    expect(await db.select().from(authorizations).where(eq(authorizations.type, 'SERVICE_LEVEL'))).toEqual([])
  })
})
