import { eq } from 'drizzle-orm'
import { describe, expect, it, vi } from 'vitest'

// The app reads its configuration on first use: the previous index key must be in place before the app is built.
vi.hoisted(() => {
  process.env.DATA_INDEX_KEY_PREVIOUS = 'the-index-key-before-the-rotation-0001'
})

import { getConfig } from '@/lib/config/env'
import type { DataSubject } from '@/lib/contracts/data-subjects'
import { bvnIndexOf, idNumberIndexOf } from '@/server/crypto/identity-indexes'
import { getDb } from '@/server/db/client'
import { meansOfIds } from '@/server/db/schema'
import { api, signedInUser } from './helpers'
import { createKyc, meansOfIdBody, ownerWithBusiness } from './kyc-fixtures'

describe('a search by identity number while DATA_INDEX_KEY is being rotated', () => {
  it('also finds the people whose indexes are still under the previous key', async () => {
    const { owner, businessId } = await ownerWithBusiness()
    const kyc = await createKyc(owner.token, businessId)
    const res = await api('/kyc/means-of-ids', {
      method: 'POST',
      token: owner.token,
      json: meansOfIdBody(kyc.id, { bvn: '22277700011', idNumber: 'B77700011' }),
    })
    expect(res.status, await res.clone().text()).toBe(201)
    const id = ((await res.json()) as { id: string }).id
    // Not recomputed yet: indexed under the key before the rotation.
    const previous = { ...getConfig().dataEncryption, indexKey: process.env.DATA_INDEX_KEY_PREVIOUS! }
    const db = await getDb()
    await db
      .update(meansOfIds)
      .set({ bvnIndex: bvnIndexOf('22277700011', previous), idNumberIndex: idNumberIndexOf('B77700011', previous) })
      .where(eq(meansOfIds.id, id))

    const dpo = await signedInUser({ staffRole: 'DATA_PROTECTION_OFFICER' })
    for (const [number, matched] of [
      ['22277700011', 'bvn'],
      ['B77700011', 'idNumber'],
    ] as const) {
      const found = (await (await api(`/data-subjects?identityNumber=${number}`, { token: dpo.token })).json()) as DataSubject[]
      expect(found.find((s) => s.id === id)?.matchedBy).toEqual([matched])
    }
  })
})
