import { randomBytes } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { getConfig } from '@/lib/config/env'
import { decryptField, fieldKeyId, type KeyRing } from '@/server/crypto/field-cipher'
import { reencryptStoredValues } from '@/server/crypto/reencrypt'
import { decryptForSubject, encryptForSubject } from '@/server/crypto/subject-keys'
import { getDb } from '@/server/db/client'
import { api } from './helpers'
import { createKyc, individualBody, meansOfIdBody, ownerWithBusiness } from './kyc-fixtures'

type Rows<T> = { rows: T[] }

describe('data key rotation', () => {
  it('moves every value onto the newest key in batches, survives being stopped and restarted, and the old key can go', async () => {
    const db = await getDb()
    const { owner, businessId } = await ownerWithBusiness()
    const kyc = await createKyc(owner.token, businessId)
    for (let i = 0; i < 6; i++) {
      const bvn = `2227000000${i}`
      expect(
        (
          await api('/kyc/shareholders', {
            method: 'POST',
            token: owner.token,
            json: individualBody(kyc.id, { bvn, percentage: 10 }),
          })
        ).status,
      ).toBe(201)
      expect(
        (await api('/kyc/means-of-ids', { method: 'POST', token: owner.token, json: meansOfIdBody(kyc.id, { bvn }) })).status,
      ).toBe(201)
    }
    const draft = await api('/draft-forms', {
      method: 'POST',
      token: owner.token,
      json: { businessId, kycDetailTypeId: 'MEANS_OF_ID', data: { bvn: '22270000099', firstName: 'Ada' } },
    })
    expect(draft.status).toBeLessThan(300)
    const sealed = await db.transaction((tx) => encryptForSubject(tx, { kind: 'user', id: businessId }, '22270000088'))

    const old = getConfig().dataEncryption
    const next: KeyRing = { ...old, keys: [...old.keys, { id: 'rotated', key: randomBytes(32) }] }
    const stored = async () =>
      (
        (await db.execute(sql`SELECT bvn FROM shareholders WHERE kyc_details_id = ${kyc.id} ORDER BY id`)) as unknown as Rows<{
          bvn: string
        }>
      ).rows.map((r) => r.bvn)
    const before = await stored()
    const clear = before.map((v) => decryptField(v, old))

    // Stopped after two batches of two rows.
    const first = await reencryptStoredValues(db, { mode: 'rotate', ring: next, batchSize: 2, maxBatches: 2 })
    expect(Object.values(first).reduce((a, b) => a + b, 0)).toBe(4)
    const progress: string[] = []
    // Restarted: it skips what is done, and says how far it is.
    await reencryptStoredValues(db, {
      mode: 'rotate',
      ring: next,
      batchSize: 2,
      onProgress: (p) => progress.push(`${p.table} ${p.done}/${p.total}`),
    })
    expect(progress.length).toBeGreaterThan(0)
    const again = await reencryptStoredValues(db, { mode: 'rotate', ring: next, batchSize: 2 })
    expect(again).toMatchObject({ means_of_ids: 0, shareholders: 0, kyc_verifications: 0, subject_keys: 0, draft_forms: 0 })

    // Nothing is left on the old key anywhere: the ring without it reads everything.
    const onlyNew: KeyRing = { ...old, keys: [next.keys[next.keys.length - 1]!] }
    const after = await stored()
    expect(after.map((v) => fieldKeyId(v))).toEqual(after.map(() => 'rotated'))
    expect(after.map((v) => decryptField(v, onlyNew))).toEqual(clear)
    const leftovers = (await db.execute(sql`
      SELECT (SELECT count(*) FROM means_of_ids WHERE bvn NOT LIKE 'v1:rotated:%' OR id_number NOT LIKE 'v1:rotated:%'
                                                 OR date_of_birth NOT LIKE 'v1:rotated:%')
           + (SELECT count(*) FROM shareholders WHERE bvn NOT LIKE 'v1:rotated:%' OR date_of_birth NOT LIKE 'v1:rotated:%')
           + (SELECT count(*) FROM government_representatives WHERE date_of_birth NOT LIKE 'v1:rotated:%')
           + (SELECT count(*) FROM kyc_verifications WHERE checked_value NOT LIKE 'v1:rotated:%')
           + (SELECT count(*) FROM subject_keys WHERE wrapped_key NOT LIKE 'v1:rotated:%')
           + (SELECT count(*) FROM draft_forms WHERE data::text LIKE '%"v1:${sql.raw(old.keys[0]!.id)}:%') AS n`)) as unknown as Rows<{
      n: string | number
    }>
    expect(Number(leftovers.rows[0]!.n)).toBe(0)
    expect(await decryptForSubject(db, sealed, onlyNew)).toBe('22270000088')
    // Dates of birth (issue 38) move with the numbers.
    const born = (
      (await db.execute(
        sql`SELECT date_of_birth FROM means_of_ids WHERE kyc_details_id = ${kyc.id} ORDER BY id`,
      )) as unknown as Rows<{ date_of_birth: string }>
    ).rows.map((r) => decryptField(r.date_of_birth, onlyNew))
    expect(born).toEqual(born.map(() => '1984-06-21'))
  })
})
