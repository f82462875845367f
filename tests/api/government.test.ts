import { randomUUID } from 'node:crypto'
import { and, eq, sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { getDb } from '@/server/db/client'
import { audits, files, governmentRepresentatives, productCategories, products } from '@/server/db/schema'
import { canonicalLocation } from '@/server/modules/kyc/kyc-locations'
import { DEMO_GOVERNMENT_ENTITIES, GOVERNMENT_PARASTATALS, PAYMENT_CHANNELS } from '@/server/seed/government'
import { api, errorsOf, signedInUser } from './helpers'
import { fileState, PDF, PNG, uploadFile } from './kyc-fixtures'

type Json = Record<string, any> // eslint-disable-line @typescript-eslint/no-explicit-any
type TestUser = Awaited<ReturnType<typeof signedInUser>>

let officer: TestUser
let otherOfficer: TestUser
let auditor: TestUser
let owner: TestUser
let parastatals: Json[]
let channels: Json[]
let consultants: Json[]
let productId: string

const get = async (path: string, token = officer.token) => api(path, { token })
const post = (path: string, json: unknown, token = officer.token) => api(path, { method: 'POST', token, json })
const put = (path: string, json: unknown, token = officer.token) => api(path, { method: 'PUT', token, json })
const del = (path: string, token = officer.token) => api(path, { method: 'DELETE', token })
const body = async (res: Response) => (await res.json()) as Json

beforeAll(async () => {
  ;[officer, otherOfficer, auditor, owner] = await Promise.all([
    signedInUser({ staffRole: 'GOVERNMENT_OFFICER' }),
    signedInUser({ staffRole: 'GOVERNMENT_OFFICER' }),
    signedInUser({ staffRole: 'AUDITOR' }),
    signedInUser({ businesses: [{}] }),
  ])
  parastatals = (await body(await get('/government/parastatals'))) as unknown as Json[]
  channels = (await body(await get('/payment-channels'))) as unknown as Json[]
  consultants = (await body(await get('/government/consultants'))) as unknown as Json[]
  const db = await getDb()
  const [category] = await db.select().from(productCategories).limit(1)
  const [product] = await db
    .insert(products)
    .values({
      code: `GOV-${randomUUID().slice(0, 8).toUpperCase()}`,
      name: 'Revenue gateway',
      categoryId: category!.id,
      live: true,
      active: true,
    })
    .returning()
  productId = product!.id
})

const parastatal = (name: string) => parastatals.find((p) => p.name === name)!.id as string
const channel = (code: string) => channels.find((c) => c.code === code)!.id as string

function entityBody(overrides: Json = {}) {
  return {
    name: `Lagos State Ministry of Finance ${randomUUID().slice(0, 6)}`,
    parastatalId: parastatal('State Ministry of Finance'),
    tier: 'STATE',
    contactName: 'Adaeze Okafor',
    contactEmail: 'adaeze.okafor@lagos.example.gov.ng',
    contactPhone: '08031234567',
    address: { line1: 'The Secretariat, Alausa', country: 'Nigeria', state: 'lagos', lga: 'ikeja' },
    ...overrides,
  }
}

async function createEntity(overrides: Json = {}) {
  const res = await post('/government', entityBody(overrides))
  expect(res.status, await res.clone().text()).toBe(201)
  return body(res)
}

const governmentUpload = (bytes: Uint8Array = PDF, fileName = 'id.pdf', token = officer.token) =>
  uploadFile(token, undefined as unknown as string, 'GOVERNMENT_DOCUMENT', bytes, fileName)

function repBody(entityId: string, overrides: Json = {}) {
  return {
    entityId,
    firstName: 'Chinedu',
    lastName: 'Eze',
    position: 'Director of Finance',
    email: 'chinedu.eze@lagos.example.gov.ng',
    phone: '+2348035550001',
    idType: 'NATIONAL_ID_CARD',
    idNumber: '12345678901',
    ...overrides,
  }
}

async function auditsOf(resourceId: string) {
  const db = await getDb()
  return db.select().from(audits).where(eq(audits.resourceId, resourceId))
}

describe('reference lists', () => {
  it('are seeded with Nigerian values at every tier', () => {
    expect(parastatals.map((p) => p.name)).toEqual(expect.arrayContaining(GOVERNMENT_PARASTATALS.map((p) => p.name)))
    expect(new Set(parastatals.map((p) => p.tier))).toEqual(new Set(['FEDERAL', 'STATE', 'LOCAL']))
    expect(channels.map((c) => c.code)).toEqual(expect.arrayContaining(PAYMENT_CHANNELS.map((c) => c.code)))
    expect(consultants.length).toBeGreaterThanOrEqual(3)
  })

  it('officers add and deactivate entries (audited); a taken name is 409; inactive ones leave the list', async () => {
    const name = `Edo State Ministry of Works ${randomUUID().slice(0, 6)}`
    const created = await post('/government/parastatals', { name, tier: 'STATE' })
    expect(created.status).toBe(201)
    const row = await body(created)
    expect(row).toMatchObject({ name, tier: 'STATE', active: true })
    const again = await post('/government/parastatals', { name, tier: 'STATE' })
    expect(again.status).toBe(409)
    expect((await errorsOf(again))[0]).toMatchObject({ code: 'CONFLICT', field: 'name' })

    expect((await put(`/government/parastatals/${row.id}`, { active: false })).status).toBe(200)
    const active = (await body(await get('/government/parastatals'))) as unknown as Json[]
    expect(active.some((p) => p.id === row.id)).toBe(false)
    const all = (await body(await get('/government/parastatals?includeInactive=true'))) as unknown as Json[]
    expect(all.find((p) => p.id === row.id)).toMatchObject({ active: false })
    expect((await auditsOf(row.id)).map((a) => a.action)).toEqual(['CREATE', 'UPDATE'])

    const code = `MOBILE_${randomUUID().slice(0, 4).toUpperCase()}`
    const ch = await post('/payment-channels', { code, name: 'Mobile money wallet' })
    expect(ch.status).toBe(201)
    expect((await post('/payment-channels', { code: 'lower case', name: 'x' })).status).toBe(400)
    const consultant = await post('/government/consultants', { name: `Ibadan Revenue Advisers ${code}`, phone: '08030000000' })
    expect(consultant.status).toBe(201)
    expect(await body(consultant)).toMatchObject({ phone: '+2348030000000', email: null })
    expect((await put(`/government/consultants/${randomUUID()}`, { active: false })).status).toBe(404)
  })

  it('refuse staff without CAN_CREATE_GOVERNMENT_ENTITY and business users (403), and anonymous callers (401)', async () => {
    for (const path of ['/government/parastatals', '/government/consultants', '/payment-channels', '/government']) {
      expect((await get(path, auditor.token)).status).toBe(403)
      expect((await get(path, owner.token)).status).toBe(403)
      expect((await api(path)).status).toBe(401)
    }
    expect((await post('/government/parastatals', { name: 'Nope ministry', tier: 'STATE' }, auditor.token)).status).toBe(403)
  })
})

describe('entities', () => {
  it('creates an entity with the dataset spelling of state and LGA, audited, and reads it back', async () => {
    const entity = await createEntity()
    expect(entity).toMatchObject({
      tier: 'STATE',
      contactPhone: '+2348031234567',
      address: { country: 'Nigeria', state: 'Lagos', lga: 'Ikeja' },
      parastatal: { name: 'State Ministry of Finance' },
      archiveStatus: 'ACTIVE',
    })
    const details = await body(await get(`/government/${entity.id}`))
    expect(details).toMatchObject({ id: entity.id, representatives: [], documents: [], products: [] })
    expect((await auditsOf(entity.id)).map((a) => a.action)).toEqual(['CREATE'])
  })

  it('refuses a state or LGA outside the dataset, another country, an unknown parastatal, bad contact details (400 naming the field)', async () => {
    const cases: [Json, string][] = [
      [{ address: { line1: 'Somewhere 1', country: 'Nigeria', state: 'Atlantis', lga: 'Ikeja' } }, 'state'],
      [{ address: { line1: 'Somewhere 1', country: 'Nigeria', state: 'Lagos', lga: 'Kano Municipal' } }, 'lga'],
      [{ address: { line1: 'Somewhere 1', country: 'Ghana', state: 'Greater Accra', lga: 'Accra' } }, 'address.country'],
      [{ parastatalId: randomUUID() }, 'parastatalId'],
      [{ contactPhone: '12345' }, 'contactPhone'],
      [{ contactEmail: 'not-an-email' }, 'contactEmail'],
      [{ tier: 'CITY' }, 'tier'],
    ]
    for (const [overrides, field] of cases) {
      const res = await post('/government', entityBody(overrides))
      expect(res.status, JSON.stringify(overrides)).toBe(400)
      expect((await errorsOf(res)).map((e) => e.field)).toContain(field)
    }
  })

  it('lists with filters and pages; another id is 404, a malformed one 400', async () => {
    const tag = randomUUID().slice(0, 8)
    await createEntity({
      name: `Federal Ministry of Health ${tag}`,
      tier: 'FEDERAL',
      parastatalId: parastatal('Federal Ministry of Health'),
    })
    await createEntity({
      name: `Kano State Health ${tag}`,
      address: { line1: 'Audu Bako Secretariat', country: 'Nigeria', state: 'Kano', lga: 'Nasarawa' },
    })
    await createEntity({ name: `Ikeja Council ${tag}`, tier: 'LOCAL', parastatalId: parastatal('Local Government Council') })
    const all = await body(await get(`/government?searchKey=${tag}`))
    expect(all.totalElements).toBe(3)
    const federal = await body(await get(`/government?searchKey=${tag}&tier=FEDERAL`))
    expect(federal.content.map((e: Json) => e.tier)).toEqual(['FEDERAL'])
    const kano = await body(await get(`/government?searchKey=${tag}&state=Kano`))
    expect(kano.content.map((e: Json) => e.address.lga)).toEqual(['Nasarawa'])
    const paged = await body(await get(`/government?searchKey=${tag}&pageSize=2&pageNumber=2`))
    expect(paged).toMatchObject({ totalElements: 3, totalPages: 2, pageNumber: 2 })
    expect(paged.content).toHaveLength(1)
    expect((await get(`/government?tier=CITY`)).status).toBe(400)
    expect((await get(`/government/${randomUUID()}`)).status).toBe(404)
    expect((await get('/government/not-a-uuid')).status).toBe(400)
  })

  it('the demo entities validate against the locations dataset', async () => {
    for (const e of DEMO_GOVERNMENT_ENTITIES) {
      const location = await canonicalLocation({ country: 'Nigeria', state: e.address[1], lga: e.address[2] })
      expect(location).toEqual({ country: 'Nigeria', state: e.address[1], lga: e.address[2] })
    }
    expect(new Set(DEMO_GOVERNMENT_ENTITIES.map((e) => e.tier))).toEqual(new Set(['FEDERAL', 'STATE', 'LOCAL']))
  })
})

describe('representatives', () => {
  it('adds a representative with a means-of-ID upload: the number is encrypted at rest and masked in every answer', async () => {
    const entity = await createEntity()
    const idFileId = await governmentUpload()
    const res = await post('/government/rep', repBody(entity.id, { idFileId, idNumber: '123 4567 8901' }))
    expect(res.status, await res.clone().text()).toBe(201)
    const rep = await body(res)
    expect(rep).toMatchObject({ idNumber: '*******8901', idTypeName: 'National ID card (NIN)', idFile: { id: idFileId } })

    const db = await getDb()
    const [raw] = await db
      .execute<{ id_number: string }>(sql`SELECT id_number FROM government_representatives WHERE id = ${rep.id}`)
      .then((r) => (r as unknown as { rows?: { id_number: string }[] }).rows ?? (r as unknown as { id_number: string }[]))
    expect(raw!.id_number.startsWith('v1:')).toBe(true)
    expect(raw!.id_number).not.toContain('12345678901')

    expect(await body(await get(`/government/rep/${rep.id}`))).toMatchObject({ idNumber: '*******8901' })
    const details = await body(await get(`/government/${entity.id}`))
    expect(details.representatives).toHaveLength(1)
    expect(JSON.stringify(details)).not.toContain('12345678901')
    const [audit] = await auditsOf(rep.id)
    expect(JSON.stringify(audit)).not.toContain('12345678901')

    const kyc = await body(await get(`/government/rep/${rep.id}/kyc-type/means-of-id`))
    expect(kyc).toMatchObject({ provided: true, file: { id: idFileId }, meansOfId: { idNumber: '*******8901' } })
    const photo = await body(await get(`/government/rep/${rep.id}/kyc-type/photo`))
    expect(photo).toMatchObject({ type: 'photo', provided: false, file: null, meansOfId: null })
    expect((await get(`/government/rep/${rep.id}/kyc-type/selfie`)).status).toBe(400)
    expect((await get(`/government/rep/${randomUUID()}/kyc-type/address`)).status).toBe(404)
  })

  it('refuses a number that does not fit its type, an expired passport, a file that is not a government upload', async () => {
    const entity = await createEntity()
    const bad = await post('/government/rep', repBody(entity.id, { idNumber: '123' }))
    expect(bad.status).toBe(400)
    expect((await errorsOf(bad))[0]).toMatchObject({ field: 'idNumber' })
    const expired = await post(
      '/government/rep',
      repBody(entity.id, { idType: 'INTERNATIONAL_PASSPORT', idNumber: 'A12345678', idExpiryDate: '2020-01-01' }),
    )
    expect(expired.status).toBe(400)
    expect((await errorsOf(expired))[0]).toMatchObject({ field: 'idExpiryDate' })
    const kycFile = await uploadFile(owner.token, owner.businessIds[0]!, 'MEANS_OF_ID')
    const foreign = await post('/government/rep', repBody(entity.id, { idFileId: kycFile }))
    expect(foreign.status).toBe(400)
    expect((await errorsOf(foreign))[0]).toMatchObject({ field: 'idFileId' })
    const missing = await post('/government/rep', repBody(randomUUID()))
    expect(missing.status).toBe(400)
    expect((await errorsOf(missing))[0]).toMatchObject({ field: 'entityId' })
  })

  it('updates (a masked number keeps the stored one; a replaced file is deleted) and deletes with its files', async () => {
    const entity = await createEntity()
    const first = await governmentUpload()
    const rep = await body(await post('/government/rep', repBody(entity.id, { idFileId: first })))
    const second = await governmentUpload(PNG, 'id.png')
    const res = await put(`/government/rep/${rep.id}`, {
      idNumber: rep.idNumber,
      position: 'Permanent Secretary',
      idFileId: second,
    })
    expect(res.status, await res.clone().text()).toBe(200)
    expect(await body(res)).toMatchObject({ idNumber: '*******8901', position: 'Permanent Secretary', idFile: { id: second } })
    const db = await getDb()
    const [row] = await db.select().from(governmentRepresentatives).where(eq(governmentRepresentatives.id, rep.id))
    expect(row!.idNumber).toBe('12345678901')
    expect((await fileState(first)).row).toBe(false)

    const changed = await put(`/government/rep/${rep.id}`, { idNumber: '10987654321' })
    expect(await body(changed)).toMatchObject({ idNumber: '*******4321' })
    const wrong = await put(`/government/rep/${rep.id}`, { idType: 'INTERNATIONAL_PASSPORT' })
    expect(wrong.status).toBe(400)
    expect((await put(`/government/rep/${rep.id}`, {})).status).toBe(400)

    const address = await governmentUpload()
    await put(`/government/rep/${rep.id}`, { address: '12 Marina, Lagos Island', addressFileId: address })
    expect(await body(await get(`/government/rep/${rep.id}/kyc-type/address`))).toMatchObject({
      provided: true,
      address: '12 Marina, Lagos Island',
      file: { id: address },
    })

    expect((await del(`/government/rep/${rep.id}`)).status).toBe(204)
    expect((await get(`/government/rep/${rep.id}`)).status).toBe(404)
    expect((await fileState(second)).row).toBe(false)
    expect((await fileState(address)).row).toBe(false)
    expect((await auditsOf(rep.id)).map((a) => a.action)).toEqual(['CREATE', 'UPDATE', 'UPDATE', 'UPDATE', 'DELETE'])
    expect((await del(`/government/rep/${rep.id}`)).status).toBe(404)
  })

  it('refuses staff without the permission (403) on every representative call', async () => {
    const entity = await createEntity()
    const rep = await body(await post('/government/rep', repBody(entity.id)))
    expect((await post('/government/rep', repBody(entity.id), auditor.token)).status).toBe(403)
    expect((await get(`/government/rep/${rep.id}`, auditor.token)).status).toBe(403)
    expect((await put(`/government/rep/${rep.id}`, { position: 'x x' }, auditor.token)).status).toBe(403)
    expect((await del(`/government/rep/${rep.id}`, owner.token)).status).toBe(403)
    expect((await get(`/government/rep/${rep.id}/kyc-type/photo`, auditor.token)).status).toBe(403)
  })
})

describe('documents', () => {
  it('attaches an uploaded document, reads it, refuses the same file twice, deletes it with its file', async () => {
    const entity = await createEntity()
    const fileId = await governmentUpload(PDF, 'gazette.pdf')
    const res = await post('/government/document', { entityId: entity.id, type: 'ESTABLISHMENT_INSTRUMENT', fileId })
    expect(res.status, await res.clone().text()).toBe(201)
    const doc = await body(res)
    expect(doc).toMatchObject({ entityId: entity.id, file: { id: fileId, fileName: 'gazette.pdf' }, uploadedBy: 'Test User' })
    expect(await body(await get(`/government/document/${doc.id}`))).toMatchObject({ id: doc.id })
    const twice = await post('/government/document', { entityId: entity.id, type: 'OTHER', fileId })
    expect(twice.status).toBe(400)
    expect((await errorsOf(twice))[0]).toMatchObject({ field: 'fileId' })
    expect((await post('/government/document', { entityId: entity.id, type: 'OTHER', fileId: randomUUID() })).status).toBe(400)
    expect((await post('/government/document', { entityId: entity.id, type: 'PHOTO', fileId })).status).toBe(400)

    expect((await get(`/government/document/${doc.id}`, auditor.token)).status).toBe(403)
    expect((await del(`/government/document/${doc.id}`, auditor.token)).status).toBe(403)
    expect((await del(`/government/document/${doc.id}`)).status).toBe(204)
    expect((await get(`/government/document/${doc.id}`)).status).toBe(404)
    expect(await fileState(fileId)).toEqual({ row: false, blob: null })
    expect((await auditsOf(doc.id)).map((a) => a.action)).toEqual(['CREATE', 'DELETE'])
  })

  it('a pending upload cannot be attached', async () => {
    const entity = await createEntity()
    const slot = await body(
      await post('/files/upload-url', {
        fileName: 'a.pdf',
        contentType: 'application/pdf',
        size: PDF.byteLength,
        purpose: 'GOVERNMENT_DOCUMENT',
      }),
    )
    const res = await post('/government/document', { entityId: entity.id, type: 'OTHER', fileId: slot.fileId })
    expect(res.status).toBe(400)
    const db = await getDb()
    expect(
      (
        await db
          .select()
          .from(files)
          .where(and(eq(files.id, slot.fileId), eq(files.status, 'PENDING')))
      ).length,
    ).toBe(1)
  })
})

describe('entity products', () => {
  it('onboards an entity to a product with two payment channels and a consultant; once per product (409)', async () => {
    const entity = await createEntity()
    const input = {
      entityId: entity.id,
      productId,
      paymentChannelIds: [channel('CARD'), channel('REMITA')],
      consultantId: consultants[0]!.id,
    }
    const res = await post('/government-product', input)
    expect(res.status, await res.clone().text()).toBe(201)
    const gp = await body(res)
    expect(gp).toMatchObject({
      entityId: entity.id,
      entityName: entity.name,
      product: { id: productId },
      consultant: { id: consultants[0]!.id },
    })
    expect(gp.paymentChannels.map((c: Json) => c.code).sort()).toEqual(['CARD', 'REMITA'])
    expect(await body(await get(`/government-product/${gp.id}`))).toEqual(gp)
    expect((await body(await get(`/government/${entity.id}`))).products).toEqual([gp])
    expect((await auditsOf(gp.id)).map((a) => a.action)).toEqual(['CREATE'])

    const again = await post('/government-product', input)
    expect(again.status).toBe(409)
    expect((await errorsOf(again))[0]).toMatchObject({ code: 'CONFLICT', field: 'productId' })
  })

  it('refuses no channel, an unknown channel, product or consultant, a product not offered (400), and non-officers (403)', async () => {
    const entity = await createEntity()
    const base = { entityId: entity.id, productId, paymentChannelIds: [channel('USSD')] }
    const db = await getDb()
    const [category] = await db.select().from(productCategories).limit(1)
    const [notLive] = await db
      .insert(products)
      .values({
        code: `GOV-${randomUUID().slice(0, 8).toUpperCase()}`,
        name: 'Not yet live',
        categoryId: category!.id,
        live: false,
      })
      .returning()
    const cases: [Json, string][] = [
      [{ paymentChannelIds: [] }, 'paymentChannelIds'],
      [{ paymentChannelIds: [channel('USSD'), channel('USSD')] }, 'paymentChannelIds'],
      [{ paymentChannelIds: [randomUUID()] }, 'paymentChannelIds'],
      [{ productId: randomUUID() }, 'productId'],
      [{ productId: notLive!.id }, 'productId'],
      [{ consultantId: randomUUID() }, 'consultantId'],
    ]
    for (const [overrides, field] of cases) {
      const res = await post('/government-product', { ...base, ...overrides })
      expect(res.status, JSON.stringify(overrides)).toBe(400)
      expect((await errorsOf(res))[0]).toMatchObject({ field })
    }
    expect((await post('/government-product', base, auditor.token)).status).toBe(403)
    const created = await body(await post('/government-product', base))
    expect(created.consultant).toBeNull()
    expect((await get(`/government-product/${created.id}`, auditor.token)).status).toBe(403)
    expect((await get(`/government-product/${randomUUID()}`)).status).toBe(404)
  })
})

describe('archive', () => {
  const archive = (id: string, json: unknown, token = officer.token) => post(`/archive/government-entity/${id}`, json, token)
  const unarchive = (id: string, json: unknown, token = officer.token) =>
    post(`/archive/government-entity/${id}/unarchive`, json, token)

  it('archives with a reason (out of the list, into the archive with who, when and why) and unarchives with one', async () => {
    const entity = await createEntity()
    const res = await archive(entity.id, { reason: 'Merged into the state revenue service' })
    expect(res.status).toBe(200)
    expect(await body(res)).toMatchObject({
      archiveStatus: 'ARCHIVED',
      archiveReason: 'Merged into the state revenue service',
      archivedBy: 'Test User',
    })
    const name = encodeURIComponent(entity.name)
    expect((await body(await get(`/government?searchKey=${name}`))).totalElements).toBe(0)
    const archived = await body(await get(`/archive/government-entities?searchKey=${name}`))
    expect(archived.content.map((e: Json) => e.id)).toEqual([entity.id])
    expect((await body(await get(`/government?searchKey=${name}&archiveStatus=ARCHIVED`))).totalElements).toBe(1)

    const back = await unarchive(entity.id, { reason: 'Demerged by the new law' })
    expect(back.status).toBe(200)
    expect(await body(back)).toMatchObject({ archiveStatus: 'ACTIVE' })
    expect((await body(await get(`/government?searchKey=${name}`))).totalElements).toBe(1)
    expect((await auditsOf(entity.id)).map((a) => a.action)).toEqual(['CREATE', 'ARCHIVE', 'UNARCHIVE'])
  })

  it('refuses a missing or blank reason (400 on reason), the wrong state (409), an unknown entity (404), non-officers (403)', async () => {
    const entity = await createEntity()
    for (const json of [{}, { reason: '   ' }]) {
      const res = await archive(entity.id, json)
      expect(res.status).toBe(400)
      expect((await errorsOf(res))[0]).toMatchObject({ code: 'VALIDATION_FAILED', field: 'reason' })
    }
    const early = await unarchive(entity.id, { reason: 'Not archived yet' })
    expect(early.status).toBe(409)
    expect((await errorsOf(early))[0]!.message).toContain('active')
    expect((await archive(entity.id, { reason: 'Closed' }, auditor.token)).status).toBe(403)
    expect((await get('/archive/government-entities', auditor.token)).status).toBe(403)
    expect((await archive(randomUUID(), { reason: 'Closed down' })).status).toBe(404)
    expect((await archive(entity.id, { reason: 'Closed down' })).status).toBe(200)
    const again = await archive(entity.id, { reason: 'Closed down' })
    expect(again.status).toBe(409)
    expect((await errorsOf(again))[0]!.message).toContain('archived')
    const missing = await unarchive(entity.id, {})
    expect(missing.status).toBe(400)
  })

  it("freezes an archived entity's records: every change answers 409 and nothing changes", async () => {
    const entity = await createEntity()
    const rep = await body(await post('/government/rep', repBody(entity.id)))
    const fileId = await governmentUpload()
    const doc = await body(await post('/government/document', { entityId: entity.id, type: 'OTHER', fileId }))
    expect((await archive(entity.id, { reason: 'Dissolved by the state' })).status).toBe(200)
    const before = await body(await get(`/government/${entity.id}`))

    const newFile = await governmentUpload()
    const attempts = [
      await post('/government/rep', repBody(entity.id)),
      await put(`/government/rep/${rep.id}`, { position: 'Commissioner' }),
      await del(`/government/rep/${rep.id}`),
      await post('/government/document', { entityId: entity.id, type: 'OTHER', fileId: newFile }),
      await del(`/government/document/${doc.id}`),
      await post('/government-product', { entityId: entity.id, productId, paymentChannelIds: [channel('CARD')] }),
    ]
    for (const res of attempts) {
      expect(res.status).toBe(409)
      expect((await errorsOf(res))[0]).toMatchObject({ code: 'INVALID_STATE' })
    }
    expect(await body(await get(`/government/${entity.id}`))).toEqual(before)
  })

  it('two officers archiving at once: one wins, the other gets 409', async () => {
    const entity = await createEntity()
    const results = await Promise.all([
      archive(entity.id, { reason: 'Duplicate entry' }),
      archive(entity.id, { reason: 'Duplicate entry' }, otherOfficer.token),
    ])
    expect(results.map((r) => r.status).sort()).toEqual([200, 409])
    expect((await auditsOf(entity.id)).filter((a) => a.action === 'ARCHIVE')).toHaveLength(1)
  })

  it('a representative added while the entity is archived at the same moment never lands on an archived entity', async () => {
    const entity = await createEntity()
    const [added, archived] = await Promise.all([
      post('/government/rep', repBody(entity.id)),
      archive(entity.id, { reason: 'Closing the entity' }, otherOfficer.token),
    ])
    expect(archived.status).toBe(200)
    const reps = (await body(await get(`/government/${entity.id}`))).representatives as Json[]
    // Either the add came first (201, then frozen with it) or after the archive (409, nothing added).
    if (added.status === 201) expect(reps).toHaveLength(1)
    else {
      expect(added.status).toBe(409)
      expect(reps).toHaveLength(0)
    }
  })
})
