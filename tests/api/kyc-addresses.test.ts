import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { getDb } from '@/server/db/client'
import { audits, kycAddresses } from '@/server/db/schema'
import { api, errorsOf } from './helpers'
import { addressBody, blobExists, blobNameOf, createKyc, ownerWithBusiness, PNG, setApproval, uploadFile } from './kyc-fixtures'

interface Address {
  id: string
  type: string
  state: string
  lga: string | null
  country: string
  verificationStatus: string
  addressDoc: { id: string; fileName: string } | null
  passportPhoto: { id: string } | null
}

async function setup() {
  const { owner, businessId } = await ownerWithBusiness()
  const kyc = await createKyc(owner.token, businessId)
  return { owner, businessId, kyc }
}

describe('KYC addresses', () => {
  it('adds an address with a proof-of-address file and a passport photo, lists it and audits it', async () => {
    const { owner, businessId, kyc } = await setup()
    const doc = await uploadFile(owner.token, businessId, 'ADDRESS_DOC')
    const photo = await uploadFile(owner.token, businessId, 'PASSPORT_PHOTO', PNG, 'face.png')
    const res = await api('/kyc/addresses', {
      method: 'POST',
      token: owner.token,
      json: addressBody(kyc.id, {
        type: 'DIRECTOR',
        contactName: 'Ada Obi',
        state: 'lagos',
        lga: 'ikeja',
        addressDocFileId: doc,
        passportPhotoFileId: photo,
      }),
    })
    expect(res.status, await res.clone().text()).toBe(201)
    const address = (await res.json()) as Address
    expect(address).toMatchObject({
      type: 'DIRECTOR',
      state: 'Lagos',
      lga: 'Ikeja',
      verificationStatus: 'PENDING',
      addressDoc: { id: doc, fileName: 'proof.pdf' },
      passportPhoto: { id: photo },
    })

    const list = (await (await api(`/kyc/addresses/all-kyc/${kyc.id}`, { token: owner.token })).json()) as Address[]
    expect(list.map((a) => a.id)).toEqual([address.id])
    const db = await getDb()
    expect(
      await db.query.audits.findFirst({ where: and(eq(audits.resourceId, address.id), eq(audits.action, 'CREATE')) }),
    ).toBeDefined()
  })

  it('checks state and LGA against the reference dataset for Nigeria and takes any region elsewhere', async () => {
    const { owner, kyc } = await setup()
    const wrongLga = await api('/kyc/addresses', {
      method: 'POST',
      token: owner.token,
      json: addressBody(kyc.id, { state: 'Lagos', lga: 'Kano Municipal' }),
    })
    expect(wrongLga.status).toBe(400)
    expect((await errorsOf(wrongLga)).map((e) => e.field)).toEqual(['lga'])
    const noLga = await api('/kyc/addresses', {
      method: 'POST',
      token: owner.token,
      json: addressBody(kyc.id, { lga: undefined }),
    })
    expect((await errorsOf(noLga)).map((e) => e.field)).toEqual(['lga'])
    const wrongState = await api('/kyc/addresses', {
      method: 'POST',
      token: owner.token,
      json: addressBody(kyc.id, { state: 'Atlantis' }),
    })
    expect((await errorsOf(wrongState)).map((e) => e.field)).toEqual(['state'])
    const wrongCountry = await api('/kyc/addresses', {
      method: 'POST',
      token: owner.token,
      json: addressBody(kyc.id, { country: 'Narnia' }),
    })
    expect((await errorsOf(wrongCountry)).map((e) => e.field)).toEqual(['country'])
    const schema = await api('/kyc/addresses', {
      method: 'POST',
      token: owner.token,
      json: addressBody(kyc.id, { type: 'HOME', line1: '' }),
    })
    expect((await errorsOf(schema)).map((e) => e.field).sort()).toEqual(['line1', 'type'])
    const ghana = await api('/kyc/addresses', {
      method: 'POST',
      token: owner.token,
      json: addressBody(kyc.id, { type: 'OPERATING', country: 'Ghana', state: 'Greater Accra', lga: undefined }),
    })
    expect(ghana.status, await ghana.clone().text()).toBe(201)
  })

  it('refuses a file that is not a confirmed upload of this business with that purpose (400 on the field)', async () => {
    const { owner, businessId, kyc } = await setup()
    const idScan = await uploadFile(owner.token, businessId, 'MEANS_OF_ID')
    const res = await api('/kyc/addresses', {
      method: 'POST',
      token: owner.token,
      json: addressBody(kyc.id, { addressDocFileId: idScan }),
    })
    expect(res.status).toBe(400)
    expect((await errorsOf(res))[0]).toMatchObject({ field: 'addressDocFileId' })
    const other = await ownerWithBusiness()
    const theirs = await uploadFile(other.owner.token, other.businessId, 'ADDRESS_DOC')
    const foreign = await api('/kyc/addresses', {
      method: 'POST',
      token: owner.token,
      json: addressBody(kyc.id, { addressDocFileId: theirs }),
    })
    expect((await errorsOf(foreign))[0]).toMatchObject({ field: 'addressDocFileId' })
    // One file, one record.
    const doc = await uploadFile(owner.token, businessId, 'ADDRESS_DOC')
    expect(
      (await api('/kyc/addresses', { method: 'POST', token: owner.token, json: addressBody(kyc.id, { addressDocFileId: doc }) }))
        .status,
    ).toBe(201)
    const twice = await api('/kyc/addresses', {
      method: 'POST',
      token: owner.token,
      json: addressBody(kyc.id, { type: 'OPERATING', addressDocFileId: doc }),
    })
    expect((await errorsOf(twice))[0]).toMatchObject({ field: 'addressDocFileId' })
  })

  it('updates an address: a change of place resets verification; a replaced file loses its blob', async () => {
    const { owner, businessId, kyc } = await setup()
    const first = await uploadFile(owner.token, businessId, 'ADDRESS_DOC')
    const created = (await (
      await api('/kyc/addresses', { method: 'POST', token: owner.token, json: addressBody(kyc.id, { addressDocFileId: first }) })
    ).json()) as Address
    const db = await getDb()
    await db
      .update(kycAddresses)
      .set({ verificationStatus: 'VERIFIED', verifiedAt: new Date() })
      .where(eq(kycAddresses.id, created.id))
    const firstBlob = await blobNameOf(first)
    const second = await uploadFile(owner.token, businessId, 'ADDRESS_DOC')

    const res = await api(`/kyc/addresses/${created.id}`, {
      method: 'PUT',
      token: owner.token,
      json: { line1: '1 Awolowo Road', lga: 'Eti-Osa', addressDocFileId: second },
    })
    expect(res.status, await res.clone().text()).toBe(200)
    const updated = (await res.json()) as Address & { line1: string }
    expect(updated).toMatchObject({
      line1: '1 Awolowo Road',
      lga: 'Eti-Osa',
      verificationStatus: 'PENDING',
      addressDoc: { id: second },
    })
    expect(await blobExists(firstBlob)).toBe(false)

    const badLga = await api(`/kyc/addresses/${created.id}`, { method: 'PUT', token: owner.token, json: { lga: 'Nowhere' } })
    expect((await errorsOf(badLga))[0]).toMatchObject({ field: 'lga' })
    expect((await api(`/kyc/addresses/${created.id}`, { method: 'PUT', token: owner.token, json: {} })).status).toBe(400)
  })

  it('removes one file of an address (address_doc or passport_photo) with its blob; 404 when there is none', async () => {
    const { owner, businessId, kyc } = await setup()
    const doc = await uploadFile(owner.token, businessId, 'ADDRESS_DOC')
    const photo = await uploadFile(owner.token, businessId, 'PASSPORT_PHOTO', PNG, 'face.png')
    const created = (await (
      await api('/kyc/addresses', {
        method: 'POST',
        token: owner.token,
        json: addressBody(kyc.id, { addressDocFileId: doc, passportPhotoFileId: photo }),
      })
    ).json()) as Address
    const photoBlob = await blobNameOf(photo)

    const res = await api(`/kyc/addresses/${created.id}/file?type=passport_photo`, { method: 'DELETE', token: owner.token })
    expect(res.status).toBe(200)
    expect(await res.json()).toMatchObject({ passportPhoto: null, addressDoc: { id: doc } })
    expect(await blobExists(photoBlob)).toBe(false)
    expect(
      (await api(`/kyc/addresses/${created.id}/file?type=passport_photo`, { method: 'DELETE', token: owner.token })).status,
    ).toBe(404)
    const badType = await api(`/kyc/addresses/${created.id}/file?type=selfie`, { method: 'DELETE', token: owner.token })
    expect(badType.status).toBe(400)
    expect((await errorsOf(badType))[0]).toMatchObject({ field: 'type' })
  })

  it('deletes an address with its files’ blobs', async () => {
    const { owner, businessId, kyc } = await setup()
    const doc = await uploadFile(owner.token, businessId, 'ADDRESS_DOC')
    const created = (await (
      await api('/kyc/addresses', { method: 'POST', token: owner.token, json: addressBody(kyc.id, { addressDocFileId: doc }) })
    ).json()) as Address
    const blob = await blobNameOf(doc)
    expect((await api(`/kyc/addresses/${created.id}`, { method: 'DELETE', token: owner.token })).status).toBe(204)
    expect(await blobExists(blob)).toBe(false)
    expect((await (await api(`/kyc/addresses/all-kyc/${kyc.id}`, { token: owner.token })).json()) as unknown[]).toEqual([])
    expect((await api(`/kyc/addresses/${created.id}`, { method: 'DELETE', token: owner.token })).status).toBe(404)
  })

  it('refuses the owner every address write after approval (403)', async () => {
    const { owner, kyc, businessId } = await setup()
    const created = (await (
      await api('/kyc/addresses', { method: 'POST', token: owner.token, json: addressBody(kyc.id) })
    ).json()) as Address
    await setApproval(businessId, 'APPROVED')
    expect((await api('/kyc/addresses', { method: 'POST', token: owner.token, json: addressBody(kyc.id) })).status).toBe(403)
    expect(
      (await api(`/kyc/addresses/${created.id}`, { method: 'PUT', token: owner.token, json: { city: 'Ikeja' } })).status,
    ).toBe(403)
    expect((await api(`/kyc/addresses/${created.id}`, { method: 'DELETE', token: owner.token })).status).toBe(403)
    expect(
      (await api(`/kyc/addresses/${created.id}/file?type=address_doc`, { method: 'DELETE', token: owner.token })).status,
    ).toBe(403)
  })
})
