import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { maskSealedValues } from '@/server/crypto/personal-values'
import { getDb } from '@/server/db/client'
import { audits } from '@/server/db/schema'
import { api, errorsOf, signedInUser } from './helpers'
import {
  blobExists,
  blobNameOf,
  createKyc,
  inDays,
  individualBody,
  meansOfIdBody,
  revealed,
  ownerWithBusiness,
  setApproval,
  uploadFile,
} from './kyc-fixtures'

interface MeansOfId {
  id: string
  idNumber: string
  idType: string
  idTypeName: string
  isCurrent: boolean
  shareholderId: string | null
  file: { id: string } | null
}

async function setup() {
  const { owner, businessId } = await ownerWithBusiness()
  const kyc = await createKyc(owner.token, businessId)
  return { owner, businessId, kyc }
}

describe('means of ID', () => {
  it('lists the kinds of ID with their number rules and whether they expire', async () => {
    const { owner } = await setup()
    const types = (await (await api('/kyc/means-of-ids/types', { token: owner.token })).json()) as {
      code: string
      expires: boolean
      pattern: string
    }[]
    expect(types.map((t) => [t.code, t.expires])).toEqual([
      ['INTERNATIONAL_PASSPORT', true],
      ['DRIVERS_LICENCE', true],
      ['NATIONAL_ID_CARD', false],
      ['VOTERS_CARD', false],
    ])
    expect(new RegExp(types[0]!.pattern).test('A12345678')).toBe(true)
  })

  it('adds one with a scan, normalising the number, linked to an individual shareholder, and audits it', async () => {
    const { owner, businessId, kyc } = await setup()
    const holder = (await (
      await api('/kyc/shareholders', { method: 'POST', token: owner.token, json: individualBody(kyc.id) })
    ).json()) as { id: string }
    const scan = await uploadFile(owner.token, businessId, 'MEANS_OF_ID')
    const res = await api('/kyc/means-of-ids', {
      method: 'POST',
      token: owner.token,
      json: meansOfIdBody(kyc.id, { shareholderId: holder.id, fileId: scan }),
    })
    expect(res.status, await res.clone().text()).toBe(201)
    const created = (await res.json()) as MeansOfId
    expect(created).toMatchObject({
      idNumber: '*****5678',
      idTypeName: 'International passport',
      isCurrent: true,
      shareholderId: holder.id,
      file: { id: scan },
    })
    const list = (await (await api(`/kyc/means-of-ids/${kyc.id}`, { token: owner.token })).json()) as MeansOfId[]
    expect(list.map((m) => m.id)).toEqual([created.id])
    const db = await getDb()
    const audit = await db.query.audits.findFirst({ where: and(eq(audits.resourceId, created.id), eq(audits.action, 'CREATE')) })
    // The audit log keeps the ID number sealed under the holder's key (shown masked), never a copy of it.
    expect(await maskSealedValues(db, [audit?.after])).toMatchObject([{ idNumber: '*****5678' }])
    expect(JSON.stringify(audit)).not.toContain('A12345678')
    expect(await revealed(owner.token, 'means-of-ids', created.id, 'idNumber')).toBe('A12345678')
  })

  it('checks the number against its kind and needs a future expiry for kinds that expire', async () => {
    const { owner, kyc } = await setup()
    const cases: Array<[Record<string, unknown>, string[]]> = [
      [{ idNumber: '12345678' }, ['idNumber']],
      [{ idType: 'DRIVERS_LICENCE', idNumber: 'ABC12345' }, ['idNumber']],
      [{ idType: 'NATIONAL_ID_CARD', idNumber: '1234567890', expiryDate: undefined }, ['idNumber']],
      [{ idType: 'VOTERS_CARD', idNumber: '90F5B12345', expiryDate: undefined }, ['idNumber']],
      [{ expiryDate: inDays(-1) }, ['expiryDate']],
      [{ expiryDate: undefined }, ['expiryDate']],
      [{ issueDate: inDays(3) }, ['issueDate']],
      [{ bvn: '123', firstName: '' }, ['bvn', 'firstName']],
      [{ idType: 'SELFIE' }, ['idType']],
      [{ role: 'CEO' }, ['role']],
    ]
    for (const [overrides, fields] of cases) {
      const res = await api('/kyc/means-of-ids', { method: 'POST', token: owner.token, json: meansOfIdBody(kyc.id, overrides) })
      expect(res.status, JSON.stringify(overrides)).toBe(400)
      expect([...new Set((await errorsOf(res)).map((e) => e.field))].sort(), JSON.stringify(overrides)).toEqual(fields)
    }
    const nin = await api('/kyc/means-of-ids', {
      method: 'POST',
      token: owner.token,
      json: meansOfIdBody(kyc.id, { idType: 'NATIONAL_ID_CARD', idNumber: '123 4567 8901', expiryDate: undefined }),
    })
    expect(nin.status).toBe(201)
    const licence = await api('/kyc/means-of-ids', {
      method: 'POST',
      token: owner.token,
      json: meansOfIdBody(kyc.id, { idType: 'DRIVERS_LICENCE', idNumber: 'abc12345aa12' }),
    })
    const licenceId = ((await licence.json()) as MeansOfId).id
    expect(await revealed(owner.token, 'means-of-ids', licenceId, 'idNumber')).toBe('ABC12345AA12')
  })

  it('refuses a link to a corporate shareholder or to another KYC’s shareholder', async () => {
    const { owner, kyc } = await setup()
    const corporate = (await (
      await api('/kyc/shareholders', {
        method: 'POST',
        token: owner.token,
        json: {
          kycDetailsId: kyc.id,
          type: 'CORPORATE',
          companyName: 'Eko Holdings',
          registrationNumber: 'RC1234',
          percentage: 10,
        },
      })
    ).json()) as { id: string }
    const res = await api('/kyc/means-of-ids', {
      method: 'POST',
      token: owner.token,
      json: meansOfIdBody(kyc.id, { shareholderId: corporate.id }),
    })
    expect((await errorsOf(res))[0]).toMatchObject({ field: 'shareholderId' })
    const other = await setup()
    const theirs = (await (
      await api('/kyc/shareholders', { method: 'POST', token: other.owner.token, json: individualBody(other.kyc.id) })
    ).json()) as { id: string }
    const foreign = await api('/kyc/means-of-ids', {
      method: 'POST',
      token: owner.token,
      json: meansOfIdBody(kyc.id, { shareholderId: theirs.id }),
    })
    expect((await errorsOf(foreign))[0]).toMatchObject({ field: 'shareholderId' })
  })

  it('updates one, re-checking the rules on the record as it will be; a replaced scan loses its blob', async () => {
    const { owner, businessId, kyc } = await setup()
    const first = await uploadFile(owner.token, businessId, 'MEANS_OF_ID')
    const created = (await (
      await api('/kyc/means-of-ids', { method: 'POST', token: owner.token, json: meansOfIdBody(kyc.id, { fileId: first }) })
    ).json()) as MeansOfId
    const changeType = await api(`/kyc/means-of-ids/${created.id}`, {
      method: 'PUT',
      token: owner.token,
      json: { idType: 'NATIONAL_ID_CARD' },
    })
    expect(changeType.status).toBe(400)
    expect((await errorsOf(changeType)).map((e) => e.field)).toEqual(['idNumber'])
    const expired = await api(`/kyc/means-of-ids/${created.id}`, {
      method: 'PUT',
      token: owner.token,
      json: { expiryDate: inDays(0) },
    })
    expect((await errorsOf(expired)).map((e) => e.field)).toEqual(['expiryDate'])

    const firstBlob = await blobNameOf(first)
    const second = await uploadFile(owner.token, businessId, 'MEANS_OF_ID')
    const res = await api(`/kyc/means-of-ids/${created.id}`, {
      method: 'PUT',
      token: owner.token,
      json: { idType: 'NATIONAL_ID_CARD', idNumber: '12345678901', expiryDate: null, fileId: second },
    })
    expect(res.status, await res.clone().text()).toBe(200)
    expect(await res.json()).toMatchObject({ idType: 'NATIONAL_ID_CARD', idNumber: '*******8901', file: { id: second } })
    expect(await revealed(owner.token, 'means-of-ids', created.id, 'idNumber')).toBe('12345678901')
    expect(await blobExists(firstBlob)).toBe(false)
    const db = await getDb()
    const audit = await db.query.audits.findFirst({ where: and(eq(audits.resourceId, created.id), eq(audits.action, 'UPDATE')) })
    const [before, after] = await maskSealedValues(db, [audit?.before, audit?.after])
    expect(before).toMatchObject({ idType: 'INTERNATIONAL_PASSPORT', idNumber: '*****5678' })
    expect(after).toMatchObject({ idType: 'NATIONAL_ID_CARD', idNumber: '*******8901' })
    expect(JSON.stringify(audit)).not.toContain('12345678901')
  })

  it('removes the scan (then 404) and deletes the means of ID with its blob', async () => {
    const { owner, businessId, kyc } = await setup()
    const scan = await uploadFile(owner.token, businessId, 'MEANS_OF_ID')
    const created = (await (
      await api('/kyc/means-of-ids', { method: 'POST', token: owner.token, json: meansOfIdBody(kyc.id, { fileId: scan }) })
    ).json()) as MeansOfId
    const blob = await blobNameOf(scan)
    const removed = await api(`/kyc/means-of-ids/${created.id}/file`, { method: 'DELETE', token: owner.token })
    expect(removed.status).toBe(200)
    expect(await removed.json()).toMatchObject({ file: null })
    expect(await blobExists(blob)).toBe(false)
    expect((await api(`/kyc/means-of-ids/${created.id}/file`, { method: 'DELETE', token: owner.token })).status).toBe(404)

    const scan2 = await uploadFile(owner.token, businessId, 'MEANS_OF_ID')
    await api(`/kyc/means-of-ids/${created.id}`, { method: 'PUT', token: owner.token, json: { fileId: scan2 } })
    const blob2 = await blobNameOf(scan2)
    expect((await api(`/kyc/means-of-ids/${created.id}`, { method: 'DELETE', token: owner.token })).status).toBe(204)
    expect(await blobExists(blob2)).toBe(false)
    expect((await api(`/kyc/means-of-ids/${created.id}`, { method: 'DELETE', token: owner.token })).status).toBe(404)
  })

  it('refuses the owner after approval (403); a member without CAN_DELETE_MEANS_OF_ID cannot delete', async () => {
    const { owner, businessId, kyc } = await setup()
    const created = (await (
      await api('/kyc/means-of-ids', { method: 'POST', token: owner.token, json: meansOfIdBody(kyc.id) })
    ).json()) as MeansOfId
    const member = await signedInUser({ businesses: [{ businessId, role: 'BUSINESS_MEMBER' }] })
    expect((await api(`/kyc/means-of-ids/${created.id}`, { method: 'DELETE', token: member.token })).status).toBe(403)
    await setApproval(businessId, 'APPROVED')
    expect((await api('/kyc/means-of-ids', { method: 'POST', token: owner.token, json: meansOfIdBody(kyc.id) })).status).toBe(403)
    expect(
      (await api(`/kyc/means-of-ids/${created.id}`, { method: 'PUT', token: owner.token, json: { firstName: 'Adaeze' } })).status,
    ).toBe(403)
    expect((await api(`/kyc/means-of-ids/${created.id}`, { method: 'DELETE', token: owner.token })).status).toBe(403)
  })
})
