import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { getDb } from '@/server/db/client'
import { audits, kycAddresses, kycDetails, meansOfIds, shareholders } from '@/server/db/schema'
import { api, errorsOf, signedInUser } from './helpers'
import {
  addressBody,
  blobExists,
  blobNameOf,
  companyDetailsBody,
  createKyc,
  individualBody,
  meansOfIdBody,
  ownerWithBusiness,
  PDF,
  PNG,
  setApproval,
  uploadFile,
} from './kyc-fixtures'

describe('company details', () => {
  it('creates them (turnover in naira, kobo in storage), reads them three ways and audits the write', async () => {
    const { owner, businessId } = await ownerWithBusiness()
    const created = await createKyc(owner.token, businessId, { tin: ' 1234567890 ', countryOfIncorporation: 'nigeria' })
    expect(created).toMatchObject({
      businessId,
      tin: '1234567890',
      annualTurnover: 125_000_000.5,
      numberOfEmployees: 42,
      countryOfIncorporation: 'Nigeria',
    })

    const db = await getDb()
    const [row] = await db.select().from(kycDetails).where(eq(kycDetails.id, created.id))
    expect(row!.annualTurnoverKobo).toBe(12_500_000_050)
    expect(
      await db.query.audits.findFirst({ where: and(eq(audits.resourceId, created.id), eq(audits.action, 'CREATE')) }),
    ).toBeDefined()

    const byId = await api(`/kyc/details/${created.id}`, { token: owner.token })
    expect(byId.status).toBe(200)
    expect(await byId.json()).toEqual(created)
    const first = await api(`/kyc/details-first-entity/${businessId}`, { token: owner.token })
    expect(((await first.json()) as { id: string }).id).toBe(created.id)
    const list = (await (await api(`/kyc/details?businessId=${businessId}`, { token: owner.token })).json()) as {
      content: { id: string }[]
      totalElements: number
    }
    expect(list).toMatchObject({ totalElements: 1, pageNumber: 1, pageSize: 10 })
    expect(list.content[0]!.id).toBe(created.id)
  })

  it('answers 404 from details-first-entity before the first save', async () => {
    const { owner, businessId } = await ownerWithBusiness()
    expect((await api(`/kyc/details-first-entity/${businessId}`, { token: owner.token })).status).toBe(404)
  })

  it('lists only the caller’s businesses for business users, and every record for staff', async () => {
    const a = await ownerWithBusiness()
    const b = await ownerWithBusiness()
    const kycA = await createKyc(a.owner.token, a.businessId)
    const kycB = await createKyc(b.owner.token, b.businessId)
    const mine = (await (await api('/kyc/details?pageSize=100', { token: a.owner.token })).json()) as {
      content: { id: string }[]
    }
    expect(mine.content.map((k) => k.id)).toEqual([kycA.id])
    const filteredOther = (await (await api(`/kyc/details?businessId=${b.businessId}`, { token: a.owner.token })).json()) as {
      totalElements: number
    }
    expect(filteredOther.totalElements).toBe(0)
    const staff = await signedInUser({ staffRole: 'AUDITOR' })
    const all = (await (await api(`/kyc/details?businessId=${b.businessId}`, { token: staff.token })).json()) as {
      content: { id: string; businessName: string }[]
    }
    expect(all.content.map((k) => k.id)).toEqual([kycB.id])
    expect((await api('/kyc/details?pageSize=101', { token: staff.token })).status).toBe(400)
  })

  it('refuses bad input with one error per field', async () => {
    const { owner, businessId } = await ownerWithBusiness()
    const res = await api('/kyc/details', {
      method: 'POST',
      token: owner.token,
      json: companyDetailsBody(businessId, {
        tin: '1234-56',
        incorporationDate: '2999-01-01',
        numberOfEmployees: -1,
        annualTurnover: 10.555,
        natureOfBusiness: '',
      }),
    })
    expect(res.status).toBe(400)
    const fields = (await errorsOf(res)).map((e) => e.field).sort()
    expect(fields).toEqual(['annualTurnover', 'incorporationDate', 'natureOfBusiness', 'numberOfEmployees', 'tin'])
    const country = await api('/kyc/details', {
      method: 'POST',
      token: owner.token,
      json: companyDetailsBody(businessId, { countryOfIncorporation: 'Wakanda' }),
    })
    expect(country.status).toBe(400)
    expect((await errorsOf(country))[0]).toMatchObject({ field: 'countryOfIncorporation' })
    const notJson = await api('/kyc/details', {
      method: 'POST',
      token: owner.token,
      body: 'tin=1',
      headers: { 'content-type': 'text/plain' },
    })
    expect(notJson.status).toBe(415)
    const broken = await api('/kyc/details', {
      method: 'POST',
      token: owner.token,
      body: '{',
      headers: { 'content-type': 'application/json' },
    })
    expect(broken.status).toBe(400)
  })

  it('allows one record per business (409 naming businessId) and updates it with PUT, audited with before and after', async () => {
    const { owner, businessId } = await ownerWithBusiness()
    const created = await createKyc(owner.token, businessId)
    const again = await api('/kyc/details', { method: 'POST', token: owner.token, json: companyDetailsBody(businessId) })
    expect(again.status).toBe(409)
    expect((await errorsOf(again))[0]).toMatchObject({ code: 'CONFLICT', field: 'businessId' })

    const put = await api(`/kyc/details/${created.id}`, {
      method: 'PUT',
      token: owner.token,
      json: { numberOfEmployees: 50, annualTurnover: 1 },
    })
    expect(put.status).toBe(200)
    expect(await put.json()).toMatchObject({ numberOfEmployees: 50, annualTurnover: 1, tin: '12345678-0001' })
    const db = await getDb()
    const audit = await db.query.audits.findFirst({ where: and(eq(audits.resourceId, created.id), eq(audits.action, 'UPDATE')) })
    expect(audit?.before).toMatchObject({ numberOfEmployees: 42 })
    expect(audit?.after).toMatchObject({ numberOfEmployees: 50 })

    expect((await api(`/kyc/details/${created.id}`, { method: 'PUT', token: owner.token, json: {} })).status).toBe(400)
    const bad = await api(`/kyc/details/${created.id}`, {
      method: 'PUT',
      token: owner.token,
      json: { incorporationDate: '2999-12-31' },
    })
    expect((await errorsOf(bad))[0]).toMatchObject({ code: 'VALIDATION_FAILED', field: 'incorporationDate' })
  })

  it('takes a multipart form with a file, keeps the file as an additional company document and lists it', async () => {
    const { owner, businessId } = await ownerWithBusiness()
    const form = new FormData()
    for (const [key, value] of Object.entries(companyDetailsBody(businessId))) form.set(key, String(value))
    form.set('label', 'Board resolution')
    form.set('file', new Blob([PDF], { type: 'application/pdf' }), 'resolution.pdf')
    const res = await api('/kyc/details', { method: 'POST', token: owner.token, body: form })
    expect(res.status, await res.clone().text()).toBe(201)
    const created = (await res.json()) as { id: string; numberOfEmployees: number; annualTurnover: number }
    expect(created).toMatchObject({ numberOfEmployees: 42, annualTurnover: 125_000_000.5 })

    const update = new FormData()
    update.set('file', new Blob([PNG], { type: 'image/png' }), 'stamp.png')
    expect((await api(`/kyc/details/${created.id}`, { method: 'PUT', token: owner.token, body: update })).status).toBe(200)

    const docs = (await (await api(`/kyc/company/additional-doc/${created.id}`, { token: owner.token })).json()) as {
      label: string | null
      file: { fileName: string; contentType: string; url: string }
    }[]
    expect(docs.map((d) => [d.label, d.file.fileName, d.file.contentType])).toEqual([
      ['Board resolution', 'resolution.pdf', 'application/pdf'],
      [null, 'stamp.png', 'image/png'],
    ])
    const download = await api(docs[0]!.file.url.replace('/api/v1', ''), { token: owner.token })
    expect(download.status).toBe(200)
  })

  it('takes a multipart file up to the upload limit (above the JSON body limit) and refuses a bigger one with 413', async () => {
    const { owner, businessId } = await ownerWithBusiness()
    const pdfOfSize = (bytes: number) => {
      const padded = new Uint8Array(bytes)
      padded.set(PDF)
      return new Blob([padded], { type: 'application/pdf' })
    }
    const form = new FormData()
    for (const [key, value] of Object.entries(companyDetailsBody(businessId))) form.set(key, String(value))
    form.set('file', pdfOfSize(2 * 1024 * 1024), 'two-megabytes.pdf')
    const res = await api('/kyc/details', { method: 'POST', token: owner.token, body: form })
    expect(res.status, await res.clone().text()).toBe(201)
    const created = (await res.json()) as { id: string }

    const tooBig = new FormData()
    tooBig.set('file', pdfOfSize(5 * 1024 * 1024 + 1), 'too-big.pdf')
    const refused = await api(`/kyc/details/${created.id}`, { method: 'PUT', token: owner.token, body: tooBig })
    expect(refused.status).toBe(413)
    expect((await errorsOf(refused))[0]!.code).toBe('PAYLOAD_TOO_LARGE')
  })

  it('refuses a multipart file whose bytes are not png, jpeg or pdf (415) and bad multipart fields (400)', async () => {
    const { owner, businessId } = await ownerWithBusiness()
    const form = new FormData()
    for (const [key, value] of Object.entries(companyDetailsBody(businessId))) form.set(key, String(value))
    form.set(
      'file',
      new Blob([new Uint8Array([0x4d, 0x5a, 0x90, 0, 3, 0, 0, 0, ...new Array(64).fill(0)])], { type: 'application/pdf' }),
      'evil.pdf',
    )
    const res = await api('/kyc/details', { method: 'POST', token: owner.token, body: form })
    expect(res.status).toBe(415)
    expect((await api(`/kyc/details-first-entity/${businessId}`, { token: owner.token })).status).toBe(404)

    const badNumber = new FormData()
    for (const [key, value] of Object.entries(companyDetailsBody(businessId, { numberOfEmployees: 'many' })))
      badNumber.set(key, String(value))
    const bad = await api('/kyc/details', { method: 'POST', token: owner.token, body: badNumber })
    expect(bad.status).toBe(400)
    expect((await errorsOf(bad))[0]).toMatchObject({ field: 'numberOfEmployees' })
  })

  it('is refused to the owner after approval (403) but allowed to staff holding the post-approval group', async () => {
    const { owner, businessId } = await ownerWithBusiness()
    const created = await createKyc(owner.token, businessId)
    await setApproval(businessId, 'APPROVED')
    const put = await api(`/kyc/details/${created.id}`, { method: 'PUT', token: owner.token, json: { numberOfEmployees: 7 } })
    expect(put.status).toBe(403)
    const admin = await signedInUser({ staffRole: 'SUPER_ADMIN' })
    expect(
      (await api(`/kyc/details/${created.id}`, { method: 'PUT', token: admin.token, json: { numberOfEmployees: 7 } })).status,
    ).toBe(200)
    // Reads stay open to the owner.
    expect((await api(`/kyc/details/${created.id}`, { token: owner.token })).status).toBe(200)
  })

  it('refuses KYC writes to a member without the onboarding group (403)', async () => {
    const { owner, businessId } = await ownerWithBusiness()
    await createKyc(owner.token, businessId)
    const member = await signedInUser({
      businesses: [{ businessId, permissions: ['CAN_READ_BUSINESS', 'CAN_CREATE_KYC_DETAIL', 'CAN_UPDATE_KYC_DETAIL'] }],
    })
    const res = await api('/kyc/details', { method: 'POST', token: member.token, json: companyDetailsBody(businessId) })
    expect(res.status).toBe(403)
  })
})

describe('DELETE /kyc/{id}', () => {
  it('deletes the record with everything hanging off it and removes the files’ blobs', async () => {
    const { owner, businessId } = await ownerWithBusiness()
    const form = new FormData()
    for (const [key, value] of Object.entries(companyDetailsBody(businessId))) form.set(key, String(value))
    form.set('file', new Blob([PDF], { type: 'application/pdf' }), 'extra.pdf')
    const kyc = (await (await api('/kyc/details', { method: 'POST', token: owner.token, body: form })).json()) as { id: string }
    const docFile = await uploadFile(owner.token, businessId, 'ADDRESS_DOC')
    const idFile = await uploadFile(owner.token, businessId, 'MEANS_OF_ID')
    expect(
      (
        await api('/kyc/addresses', {
          method: 'POST',
          token: owner.token,
          json: addressBody(kyc.id, { addressDocFileId: docFile }),
        })
      ).status,
    ).toBe(201)
    expect(
      (await api('/kyc/means-of-ids', { method: 'POST', token: owner.token, json: meansOfIdBody(kyc.id, { fileId: idFile }) }))
        .status,
    ).toBe(201)
    expect((await api('/kyc/shareholders', { method: 'POST', token: owner.token, json: individualBody(kyc.id) })).status).toBe(
      201,
    )
    const extra = (await (await api(`/kyc/company/additional-doc/${kyc.id}`, { token: owner.token })).json()) as {
      file: { id: string }
    }[]
    const blobs = await Promise.all([docFile, idFile, extra[0]!.file.id].map(blobNameOf))

    const member = await signedInUser({ businesses: [{ businessId, role: 'BUSINESS_MEMBER' }] })
    expect((await api(`/kyc/${kyc.id}`, { method: 'DELETE', token: member.token })).status).toBe(403)

    const res = await api(`/kyc/${kyc.id}`, { method: 'DELETE', token: owner.token })
    expect(res.status).toBe(204)
    const db = await getDb()
    expect(await db.select().from(kycDetails).where(eq(kycDetails.id, kyc.id))).toEqual([])
    expect(await db.select().from(kycAddresses).where(eq(kycAddresses.kycDetailsId, kyc.id))).toEqual([])
    expect(await db.select().from(meansOfIds).where(eq(meansOfIds.kycDetailsId, kyc.id))).toEqual([])
    expect(await db.select().from(shareholders).where(eq(shareholders.kycDetailsId, kyc.id))).toEqual([])
    for (const blob of blobs) expect(await blobExists(blob)).toBe(false)
    expect(
      await db.query.audits.findFirst({ where: and(eq(audits.resourceId, kyc.id), eq(audits.action, 'DELETE')) }),
    ).toBeDefined()
    expect((await api(`/kyc/${kyc.id}`, { method: 'DELETE', token: owner.token })).status).toBe(404)
  })

  it('refuses once the business is approved or while the KYC is submitted for review (409)', async () => {
    const { owner, businessId } = await ownerWithBusiness()
    const kyc = await createKyc(owner.token, businessId)
    await setApproval(businessId, 'PENDING', true)
    const underReview = await api(`/kyc/${kyc.id}`, { method: 'DELETE', token: owner.token })
    expect(underReview.status).toBe(409)
    expect((await errorsOf(underReview))[0]!.code).toBe('INVALID_STATE')
    await setApproval(businessId, 'APPROVED', true)
    const admin = await signedInUser({ staffRole: 'SUPER_ADMIN' })
    expect((await api(`/kyc/${kyc.id}`, { method: 'DELETE', token: admin.token })).status).toBe(409)
  })
})
