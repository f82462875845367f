import { createHash, createHmac, hkdfSync, randomUUID } from 'node:crypto'
import { subDays } from 'date-fns'
import { and, eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { getConfig } from '@/lib/config/env'
import type { AuditRecord } from '@/lib/contracts/audits'
import type { ErasureResult } from '@/lib/contracts/data-subjects'
import type { PersonalDataViewRecord } from '@/lib/contracts/data-views'
import { bvnIndexOf } from '@/server/crypto/identity-indexes'
import { maskSealedValues } from '@/server/crypto/personal-values'
import { getDb } from '@/server/db/client'
import {
  audits,
  businesses,
  draftForms,
  files,
  kycDetails,
  kycDocumentTypes,
  kycDocuments,
  meansOfIds,
  shareholders,
  subjectKeys,
} from '@/server/db/schema'
import { api, signedInUser } from './helpers'
import {
  blobExists,
  blobNameOf,
  createKyc,
  individualBody,
  meansOfIdBody,
  ownerWithBusiness,
  PDF,
  revealed,
  type TestUser,
  uploadFile,
} from './kyc-fixtures'

/** Letters only (names allow no digits), unique to this run. */
const surname = (prefix: string) =>
  prefix +
  randomUUID()
    .replace(/[^0-9a-f]/g, '')
    .slice(0, 8)
    .replace(/\d/g, (d) => 'ghijklmnop'[Number(d)]!)

const erase = (token: string, kind: string, id: string) =>
  api(`/data-subjects/${kind}/${id}/erase`, {
    method: 'POST',
    token,
    json: { reason: 'Erasure asked by the person by e-mail, ticket 77' },
  })

async function json<T>(res: Response): Promise<T> {
  expect(res.status, await res.clone().text()).toBe(200)
  return (await res.json()) as T
}

let officer: TestUser
let auditor: TestUser
let approver: TestUser

beforeAll(async () => {
  officer = await signedInUser({ staffRole: 'DATA_PROTECTION_OFFICER' })
  auditor = await signedInUser({ staffRole: 'AUDITOR' })
  approver = await signedInUser({ staffRole: 'APPROVER' })
})

describe('erasing an individual shareholder', () => {
  it('pseudonymises the name, removes the BVN and its index, the subject key, their documents and files; the chain verifies', async () => {
    const BVN = '22255501234'
    const lastName = surname('Adeyemi')
    const { owner, businessId } = await ownerWithBusiness()
    const kyc = await createKyc(owner.token, businessId)
    const created = await api('/kyc/shareholders', {
      method: 'POST',
      token: owner.token,
      json: individualBody(kyc.id, { firstName: 'Funmilayo', lastName, bvn: BVN, percentage: 70 }),
    })
    expect(created.status, await created.clone().text()).toBe(201)
    const holderId = ((await created.json()) as { id: string }).id
    const scanId = await uploadFile(owner.token, businessId, 'MEANS_OF_ID', PDF, 'holder-passport.pdf')
    const means = await api('/kyc/means-of-ids', {
      method: 'POST',
      token: owner.token,
      json: meansOfIdBody(kyc.id, {
        firstName: 'Funmilayo',
        lastName,
        role: 'SHAREHOLDER',
        bvn: BVN,
        fileId: scanId,
        shareholderId: holderId,
      }),
    })
    expect(means.status, await means.clone().text()).toBe(201)
    const meansOfIdId = ((await means.json()) as { id: string }).id
    // A document of the shareholder (no individual-shareholder type is seeded: any type will do for the erasure).
    const documentFileId = await uploadFile(owner.token, businessId, 'KYC_DOCUMENT', PDF, 'holder-proof.pdf')
    const db = await getDb()
    const [type] = await db.select({ id: kycDocumentTypes.id }).from(kycDocumentTypes).limit(1)
    const [document] = await db
      .insert(kycDocuments)
      .values({ kycDetailsId: kyc.id, businessId, documentTypeId: type!.id, shareholderId: holderId, fileId: documentFileId })
      .returning()
    const blobs = [await blobNameOf(scanId), await blobNameOf(documentFileId)]
    // A reviewer reveals the BVN: the business's view log says whose.
    expect(await revealed(approver.token, 'shareholders', holderId, 'bvn', 'Checking the BVN against the register')).toBe(BVN)
    const viewsBefore = await json<{ content: PersonalDataViewRecord[] }>(
      await api(`/businesses/${businessId}/data-views`, { token: owner.token }),
    )
    expect(viewsBefore.content.map((v) => v.detail)).toContain(`BVN of Funmilayo ${lastName}`)
    expect(await db.$count(subjectKeys, eq(subjectKeys.subjectId, holderId))).toBe(1)
    // The audit log names the shareholder to its readers while they exist.
    const holderAudits = () =>
      api(`/audits?resource=shareholder&pageSize=100`, { token: auditor.token }).then((r) =>
        json<{ content: AuditRecord[] }>(r).then((p) => p.content.filter((a) => a.resourceId === holderId)),
      )
    expect((await holderAudits()).find((a) => a.action === 'CREATE')?.after).toMatchObject({
      firstName: 'Funmilayo',
      lastName,
      bvn: '*******1234',
    })

    const result = await json<ErasureResult>(await erase(officer.token, 'SHAREHOLDER', holderId))
    expect(result).toMatchObject({ filesRemoved: 2, blobsLeftBehind: [] })
    expect(result.subjectKeysDestroyed).toBeGreaterThanOrEqual(1)

    const [holder] = await db.select().from(shareholders).where(eq(shareholders.id, holderId))
    expect(holder).toMatchObject({
      firstName: 'Erased',
      lastName: 'person',
      nationality: null,
      bvn: null,
      bvnIndex: null,
      percentageUnits: 7000,
    })
    expect(await db.$count(shareholders, eq(shareholders.bvnIndex, bvnIndexOf(BVN)!))).toBe(0)
    const [linked] = await db.select().from(meansOfIds).where(eq(meansOfIds.id, meansOfIdId))
    expect(linked).toMatchObject({ firstName: 'Erased', lastName: 'person', bvn: null, bvnIndex: null, fileId: null })
    expect(await db.$count(subjectKeys, eq(subjectKeys.subjectId, holderId))).toBe(0)
    expect(await db.$count(subjectKeys, eq(subjectKeys.subjectId, meansOfIdId))).toBe(0)
    expect(await db.$count(kycDocuments, eq(kycDocuments.id, document!.id))).toBe(0)
    expect(await db.$count(files, eq(files.id, scanId))).toBe(0)
    expect(await db.$count(files, eq(files.id, documentFileId))).toBe(0)
    for (const blob of blobs) expect(await blobExists(blob)).toBe(false)
    expect(await json(await api('/audits/verify', { token: auditor.token }))).toMatchObject({ ok: true, firstBrokenId: null })
    // Its audit rows stay (the chain covers them) but no longer name the person, to readers or in the table.
    const creation = (await holderAudits()).find((a) => a.action === 'CREATE')!
    expect(creation.after).toMatchObject({ firstName: '[erased]', lastName: '[erased]', bvn: '[erased]' })
    const rawAudits = await db.select().from(audits).where(eq(audits.resourceId, holderId))
    expect(rawAudits.length).toBeGreaterThan(0)
    expect(JSON.stringify(rawAudits)).not.toContain(lastName)
    expect(JSON.stringify(rawAudits)).not.toContain(BVN)

    // What the business's users read of the view log no longer names the person; the view itself stays.
    const viewsAfter = await json<{ content: PersonalDataViewRecord[] }>(
      await api(`/businesses/${businessId}/data-views`, { token: owner.token }),
    )
    expect(viewsAfter.content.map((v) => v.detail)).toContain('BVN of Erased person')
    expect(JSON.stringify(viewsAfter)).not.toContain(lastName)
    // The shareholder's records read as the business sees them: pseudonymised.
    const list = await api(`/kyc/shareholders?kycDetailsId=${kyc.id}`, { token: owner.token })
    expect(list.status).toBe(200)
    expect(JSON.stringify(await list.json())).not.toContain(lastName)
  })
})

describe('erasing a user who viewed personal data', () => {
  it('the view log keeps their views by id, without their e-mail or name', async () => {
    const { owner, businessId } = await ownerWithBusiness()
    const fileId = await uploadFile(owner.token, businessId, 'MEANS_OF_ID')
    expect((await api(`/files/${fileId}`, { token: owner.token })).status).toBe(200)
    const byOwner = () => api(`/personal-data-views?actorId=${owner.user.id}`, { token: auditor.token })
    const before = await json<{ content: PersonalDataViewRecord[] }>(await byOwner())
    expect(before.content.map((v) => v.actor.email)).toEqual([owner.user.email])

    await json(await erase(officer.token, 'USER', owner.user.id))

    const after = await json<{ content: PersonalDataViewRecord[] }>(await byOwner())
    expect(after.content).toHaveLength(1)
    expect(after.content[0]!.actor).toMatchObject({ id: owner.user.id, name: 'Erased person' })
    expect(JSON.stringify(after)).not.toContain(owner.user.email)
  })

  it('their e-mail in the audit rows of what they did is unreadable; the rows stay and the chain verifies', async () => {
    const { owner, businessId } = await ownerWithBusiness()
    await uploadFile(owner.token, businessId, 'MEANS_OF_ID')
    const theirs = async () =>
      (await json<{ content: AuditRecord[] }>(await api(`/audits?actorId=${owner.user.id}`, { token: auditor.token }))).content
    const before = await theirs()
    expect(before.length).toBeGreaterThan(0)
    expect(before.map((a) => a.actorEmail)).toEqual(before.map(() => owner.user.email))
    const db = await getDb()
    expect(JSON.stringify(await db.select().from(audits).where(eq(audits.actorId, owner.user.id)))).not.toContain(
      owner.user.email,
    )

    await json(await erase(officer.token, 'USER', owner.user.id))

    const after = await theirs()
    expect(after.map((a) => a.id)).toEqual(before.map((a) => a.id))
    expect(after.map((a) => a.actorEmail)).toEqual(after.map(() => '[erased]'))
    expect(await json(await api('/audits/verify', { token: auditor.token }))).toMatchObject({ ok: true })
  })

  it('a failed sign-in with their address (no one signed in) is sealed under their account and erased with them', async () => {
    const { owner } = await ownerWithBusiness()
    const failed = await api('/accounts/login', {
      method: 'POST',
      json: { email: owner.user.email, password: 'not-the-password-at-all' },
    })
    expect(failed.status).toBe(401)
    const db = await getDb()
    const rows = async () =>
      (await json<{ content: AuditRecord[] }>(await api('/audits?action=LOGIN_FAILED&pageSize=100', { token: auditor.token })))
        .content
    const mine = (await rows()).filter((a) => a.actorEmail === owner.user.email)
    expect(mine).toHaveLength(1)
    const [stored] = await db.select().from(audits).where(eq(audits.id, mine[0]!.id))
    expect(stored!.actorEmail).not.toContain(owner.user.email)

    await json(await erase(officer.token, 'USER', owner.user.id))
    expect((await rows()).find((a) => a.id === mine[0]!.id)?.actorEmail).toBe('[erased]')
  })
})

describe('draft audit rows', () => {
  it('record a keyed hash of the draft, not a plain SHA-256 anyone could match against guessed numbers', async () => {
    const { owner, businessId } = await ownerWithBusiness()
    const data = { people: [{ firstName: 'Ada', bvn: '22233344455', idNumber: 'A12345678' }] }
    const saved = await api('/draft-forms', {
      method: 'POST',
      token: owner.token,
      json: { businessId, kycDetailTypeId: 'MEANS_OF_ID', data },
    })
    expect(saved.status, await saved.clone().text()).toBe(201)
    const draft = (await saved.json()) as { id: string; data: unknown }
    const draftId = draft.id
    const page = await json<{ content: AuditRecord[] }>(await api(`/audits?resource=draft_form`, { token: auditor.token }))
    const row = page.content.find((a) => a.resourceId === draftId)!
    // The content as stored (jsonb orders the keys its own way).
    const content = JSON.stringify(draft.data)
    const plain = createHash('sha256').update(content).digest('hex')
    expect(JSON.stringify(row)).not.toContain(plain)
    const key = Buffer.from(hkdfSync('sha256', getConfig().dataEncryption.indexKey, 'kyc-portal', 'content digest v1', 32))
    expect(row.after).toEqual({
      id: draftId,
      businessId,
      kycDetailTypeId: 'MEANS_OF_ID',
      sizeBytes: Buffer.byteLength(content),
      hmac: createHmac('sha256', key).update(content).digest('hex'),
    })
  })
})

describe('retention of a business', () => {
  it('destroys the subject keys of its people and of the business, so their sealed audit values go with the rows', async () => {
    const { owner, businessId } = await ownerWithBusiness()
    const kyc = await createKyc(owner.token, businessId)
    const res = await api('/kyc/means-of-ids', {
      method: 'POST',
      token: owner.token,
      json: meansOfIdBody(kyc.id, { bvn: '22299900011', idNumber: 'C99900011' }),
    })
    expect(res.status, await res.clone().text()).toBe(201)
    const meansOfIdId = ((await res.json()) as { id: string }).id
    const db = await getDb()
    expect(await db.$count(subjectKeys, eq(subjectKeys.subjectId, meansOfIdId))).toBe(1)
    // Quiet for longer than the inactive period.
    const old = subDays(new Date(), 200)
    await db.update(businesses).set({ updatedAt: old }).where(eq(businesses.id, businessId))
    await db.update(kycDetails).set({ updatedAt: old }).where(eq(kycDetails.businessId, businessId))
    await db.update(meansOfIds).set({ updatedAt: old }).where(eq(meansOfIds.businessId, businessId))

    const run = await api('/data-protection/retention', { method: 'POST', token: officer.token, json: { dryRun: false } })
    expect(run.status, await run.clone().text()).toBe(200)
    expect(await db.$count(businesses, eq(businesses.id, businessId))).toBe(0)
    expect(await db.$count(subjectKeys, eq(subjectKeys.subjectId, meansOfIdId))).toBe(0)
    const [created] = await db
      .select()
      .from(audits)
      .where(and(eq(audits.resourceId, meansOfIdId), eq(audits.action, 'CREATE')))
    expect(((await maskSealedValues(db, [created!.after]))[0] as { bvn: string; firstName: string }).bvn).toBe('[erased]')
    expect(await json(await api('/audits/verify', { token: auditor.token }))).toMatchObject({ ok: true })
  })
})

describe('draft retention', () => {
  it('counts from the last save: created four months ago and saved yesterday stays; untouched for four months goes', async () => {
    const { businessId } = await ownerWithBusiness()
    const db = await getDb()
    const [savedYesterday] = await db
      .insert(draftForms)
      .values({
        businessId,
        kycDetailTypeId: 'COMPANY_DETAILS',
        data: { tin: '1234' },
        createdAt: subDays(new Date(), 120),
        updatedAt: subDays(new Date(), 1),
      })
      .returning()
    const [untouched] = await db
      .insert(draftForms)
      .values({
        businessId,
        kycDetailTypeId: 'ADDRESSES',
        data: {},
        createdAt: subDays(new Date(), 120),
        updatedAt: subDays(new Date(), 120),
      })
      .returning()
    const res = await api('/data-protection/retention', { method: 'POST', token: officer.token, json: { dryRun: false } })
    expect(res.status, await res.clone().text()).toBe(200)
    expect(await db.select({ id: draftForms.id }).from(draftForms).where(eq(draftForms.businessId, businessId))).toEqual([
      { id: savedYesterday!.id },
    ])
    expect(await db.$count(draftForms, and(eq(draftForms.id, untouched!.id)))).toBe(0)
  })
})
