import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { getConfig } from '@/lib/config/env'
import { bvnIndexOf, idNumberIndexOf } from '@/server/crypto/identity-indexes'
import { rotateIndexKey } from '@/server/crypto/reindex'
import { getDb } from '@/server/db/client'
import { meansOfIds, shareholders } from '@/server/db/schema'
import { api } from './helpers'
import { createKyc, individualBody, meansOfIdBody, ownerWithBusiness } from './kyc-fixtures'

describe('DATA_INDEX_KEY rotation', () => {
  it('recomputes every blind index under the new key; stopped and started again it resumes, then finds nothing', async () => {
    const { owner, businessId } = await ownerWithBusiness()
    const kyc = await createKyc(owner.token, businessId)
    const ids: string[] = []
    for (const [n, body] of [
      ['means-of-ids', meansOfIdBody(kyc.id, { bvn: '22200000001', idNumber: 'A00000001' })],
      ['means-of-ids', meansOfIdBody(kyc.id, { bvn: '22200000002', idNumber: 'A00000002', lastName: 'Bello' })],
      ['shareholders', individualBody(kyc.id, { bvn: '22200000003', percentage: 50 })],
    ] as const) {
      const res = await api(`/kyc/${n}`, { method: 'POST', token: owner.token, json: body })
      expect(res.status, await res.clone().text()).toBe(201)
      ids.push(((await res.json()) as { id: string }).id)
    }
    const db = await getDb()
    const oldRing = getConfig().dataEncryption
    const [first] = await db.select().from(meansOfIds).where(eq(meansOfIds.id, ids[0]!))
    expect(first!.bvnIndex).toBe(bvnIndexOf('22200000001', oldRing))

    const newRing = { ...oldRing, indexKey: 'a-new-index-key-of-at-least-32-characters-0001' }
    // Interrupted after one batch of one row, then run again to the end.
    const firstRun = await rotateIndexKey({ db, ring: newRing, batchSize: 1, maxBatches: 1 })
    expect(Object.values(firstRun).reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(1)
    await rotateIndexKey({ db, ring: newRing, batchSize: 1 })

    const people = await db.select().from(meansOfIds).where(eq(meansOfIds.businessId, businessId))
    const byId = new Map(people.map((p) => [p.id, p]))
    expect(byId.get(ids[0]!)).toMatchObject({
      bvnIndex: bvnIndexOf('22200000001', newRing),
      idNumberIndex: idNumberIndexOf('A00000001', newRing),
    })
    expect(byId.get(ids[1]!)).toMatchObject({
      bvnIndex: bvnIndexOf('22200000002', newRing),
      idNumberIndex: idNumberIndexOf('A00000002', newRing),
    })
    const [holder] = await db.select().from(shareholders).where(eq(shareholders.id, ids[2]!))
    expect(holder!.bvnIndex).toBe(bvnIndexOf('22200000003', newRing))
    expect(holder!.bvnIndex).not.toBe(bvnIndexOf('22200000003', oldRing))

    // Finished: a further run has nothing to do.
    expect(await rotateIndexKey({ db, ring: newRing })).toEqual({
      means_of_ids: 0,
      shareholders: 0,
      government_representatives: 0,
    })
  })
})
