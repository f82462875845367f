import { randomUUID } from 'node:crypto'
import { subDays, subYears } from 'date-fns'
import { eq } from 'drizzle-orm'
import JSZip from 'jszip'
import { beforeAll, describe, expect, it } from 'vitest'
import type { AuditRecord } from '@/lib/contracts/audits'
import type { DataSubject, ErasureResult } from '@/lib/contracts/data-subjects'
import type { RetentionReport } from '@/lib/contracts/retention'
import { getDb } from '@/server/db/client'
import {
  crmAccounts,
  externalHandovers,
  files,
  governmentEntities,
  governmentRepresentatives,
  subjectKeys,
  supportInquiries,
} from '@/server/db/schema'
import { api, signedInUser } from './helpers'
import { blobExists, blobNameOf, PDF, type TestUser, uploadFile } from './kyc-fixtures'

/** Letters only (names allow no digits), unique to this run. */
const surname = (prefix: string) =>
  prefix +
  randomUUID()
    .replace(/[^0-9a-f]/g, '')
    .slice(0, 8)
    .replace(/\d/g, (d) => 'ghijklmnop'[Number(d)]!)

type Json = Record<string, any> // eslint-disable-line @typescript-eslint/no-explicit-any

let dpo: TestUser
let officer: TestUser
let auditor: TestUser

beforeAll(async () => {
  ;[dpo, officer, auditor] = await Promise.all([
    signedInUser({ staffRole: 'DATA_PROTECTION_OFFICER' }),
    signedInUser({ staffRole: 'GOVERNMENT_OFFICER' }),
    signedInUser({ staffRole: 'AUDITOR' }),
  ])
})

async function ok<T = Json>(res: Response, status = 200): Promise<T> {
  expect(res.status, await res.clone().text()).toBe(status)
  return (await res.json()) as T
}

const search = async (query: string) => ok<DataSubject[]>(await api(`/data-subjects?${query}`, { token: dpo.token }))
const erase = (kind: string, id: string) =>
  api(`/data-subjects/${kind}/${id}/erase`, {
    method: 'POST',
    token: dpo.token,
    json: { reason: 'Erasure asked by the person by e-mail, ticket 91' },
  })

async function exported(kind: string, id: string) {
  const res = await api(`/data-subjects/${kind}/${id}/export`, { token: dpo.token })
  expect(res.status, res.status === 200 ? '' : await res.clone().text()).toBe(200)
  const zip = await JSZip.loadAsync(await res.arrayBuffer())
  return { zip, data: JSON.parse(await zip.file('data.json')!.async('string')) as Json }
}

async function entityWithRepresentative(lastName: string, idNumber: string) {
  const parastatals = await ok<Json[]>(await api('/government/parastatals', { token: officer.token }))
  const entity = await ok(
    await api('/government', {
      method: 'POST',
      token: officer.token,
      json: {
        name: `Ogun State Board of Internal Revenue ${randomUUID().slice(0, 6)}`,
        parastatalId: parastatals.find((p) => p.name === 'State Ministry of Finance')!.id,
        tier: 'STATE',
        contactName: 'Adaeze Okafor',
        contactEmail: 'adaeze.okafor@ogun.example.gov.ng',
        contactPhone: '08031234567',
        address: { line1: 'Oke-Mosan', country: 'Nigeria', state: 'lagos', lga: 'ikeja' },
      },
    }),
    201,
  )
  const idFileId = await uploadFile(officer.token, undefined as unknown as string, 'GOVERNMENT_DOCUMENT', PDF, 'rep-id.pdf')
  const rep = await ok(
    await api('/government/rep', {
      method: 'POST',
      token: officer.token,
      json: {
        entityId: entity.id,
        firstName: 'Tunde',
        lastName,
        position: 'Director of Finance',
        email: `${lastName.toLowerCase()}@ogun.example.gov.ng`,
        phone: '+2348035550001',
        idType: 'NATIONAL_ID_CARD',
        idNumber,
        idFileId,
      },
    }),
    201,
  )
  return { entityId: entity.id as string, repId: rep.id as string, idFileId, blobName: await blobNameOf(idFileId) }
}

describe('government representatives as data subjects', () => {
  it('are found by ID number, exported with their files, and erased: pseudonymised, files and key gone, chain verified', async () => {
    const lastName = surname('Bakare')
    const idNumber = `9${String(Date.now()).slice(-10)}`
    const rep = await entityWithRepresentative(lastName, idNumber)

    const found = (await search(`identityNumber=${idNumber}`)).filter((s) => s.kind === 'GOVERNMENT_REPRESENTATIVE')
    expect(found).toEqual([expect.objectContaining({ id: rep.repId, matchedBy: ['idNumber'], retentionDuty: null })])
    expect((await search(`name=tunde%20${lastName}`)).map((s) => s.id)).toContain(rep.repId)

    const { zip, data } = await exported('GOVERNMENT_REPRESENTATIVE', rep.repId)
    expect(data.representative).toMatchObject({ firstName: 'Tunde', lastName, idNumber })
    expect(data.files).toEqual([expect.objectContaining({ id: rep.idFileId, path: 'files/01-rep-id.pdf' })])
    expect(Buffer.from(await zip.file('files/01-rep-id.pdf')!.async('uint8array'))).toEqual(Buffer.from(PDF))

    const result = await ok<ErasureResult>(await erase('GOVERNMENT_REPRESENTATIVE', rep.repId))
    expect(result).toMatchObject({
      pseudonymised: [`government_representative:${rep.repId}`],
      filesRemoved: 1,
      blobsLeftBehind: [],
    })
    const db = await getDb()
    const [row] = await db.select().from(governmentRepresentatives).where(eq(governmentRepresentatives.id, rep.repId))
    expect(row).toMatchObject({ firstName: 'Erased', lastName: 'person', idNumberIndex: null, idFileId: null, phone: '' })
    expect(row!.email).not.toContain(lastName.toLowerCase())
    expect(await db.$count(files, eq(files.id, rep.idFileId))).toBe(0)
    expect(await blobExists(rep.blobName)).toBe(false)
    expect(await db.$count(subjectKeys, eq(subjectKeys.subjectId, rep.repId))).toBe(0)
    expect((await search(`identityNumber=${idNumber}`)).map((s) => s.id)).not.toContain(rep.repId)

    const page = await ok<{ content: AuditRecord[] }>(
      await api('/audits?resource=government_representative&pageSize=100', { token: auditor.token }),
    )
    const trail = page.content.filter((a) => a.resourceId === rep.repId)
    expect(trail.length).toBeGreaterThan(0)
    expect(JSON.stringify(trail)).not.toContain(lastName)
    expect(await ok(await api('/audits/verify', { token: auditor.token }))).toMatchObject({ ok: true })
  })

  it('of an entity that holds a product are kept under the AML duty (409)', async () => {
    const rep = await entityWithRepresentative(surname('Kept'), `8${String(Date.now()).slice(-10)}`)
    const db = await getDb()
    const { products, productCategories, governmentProducts } = await import('@/server/db/schema')
    const [category] = await db.select().from(productCategories).limit(1)
    const [product] = await db
      .insert(products)
      .values({ code: `GOV-${randomUUID().slice(0, 8).toUpperCase()}`, name: 'Revenue', categoryId: category!.id })
      .returning()
    await db.insert(governmentProducts).values({ entityId: rep.entityId, productId: product!.id })
    const res = await erase('GOVERNMENT_REPRESENTATIVE', rep.repId)
    expect(res.status).toBe(409)
    expect(await blobExists(rep.blobName)).toBe(true)
  })
})

describe('support inquiries and CRM contacts as data subjects', () => {
  it('a visitor’s inquiry and a CRM contact are found by e-mail, exported and erased', async () => {
    const email = `visitor.${randomUUID().slice(0, 8)}@example.ng`
    const form = new FormData()
    form.set('name', 'Ngozi Visitor')
    form.set('email', email)
    form.set('subject', 'Cannot upload my certificate')
    form.set('message', 'The upload stops half way.')
    form.set('attachment', new Blob([PDF], { type: 'application/pdf' }), 'screen.pdf')
    const inquiry = await ok(await api('/support/inquiries', { method: 'POST', body: form }), 201)
    const db = await getDb()
    const [stored] = await db.select().from(supportInquiries).where(eq(supportInquiries.id, inquiry.id))
    const attachmentBlob = await blobNameOf(stored!.attachmentFileId!)
    const [account] = await db
      .insert(crmAccounts)
      .values({
        externalRef: `CRM-${randomUUID()}`,
        name: 'Eko Foods Limited',
        contactEmail: email,
        contactPhone: '+2348030000001',
      })
      .returning()

    const found = await search(`email=${encodeURIComponent(email)}`)
    expect(
      found.map(({ kind, id, matchedBy }) => ({ kind, id, matchedBy })).sort((a, b) => a.kind.localeCompare(b.kind)),
    ).toEqual([
      { kind: 'CRM_CONTACT', id: account!.id, matchedBy: ['email'] },
      { kind: 'SUPPORT_INQUIRY', id: inquiry.id, matchedBy: ['email'] },
    ])

    const sent = await exported('SUPPORT_INQUIRY', inquiry.id)
    expect(sent.data.supportInquiry).toMatchObject({ email, name: 'Ngozi Visitor', message: 'The upload stops half way.' })
    expect(Buffer.from(await sent.zip.file('files/01-screen.pdf')!.async('uint8array'))).toEqual(Buffer.from(PDF))
    const contact = await exported('CRM_CONTACT', account!.id)
    expect(contact.data.crmAccount).toMatchObject({ contactEmail: email, contactPhone: '+2348030000001' })

    expect(await ok<ErasureResult>(await erase('SUPPORT_INQUIRY', inquiry.id))).toMatchObject({ filesRemoved: 1 })
    expect(await db.$count(supportInquiries, eq(supportInquiries.id, inquiry.id))).toBe(0)
    expect(await blobExists(attachmentBlob)).toBe(false)
    await ok(await erase('CRM_CONTACT', account!.id))
    const [after] = await db.select().from(crmAccounts).where(eq(crmAccounts.id, account!.id))
    expect(after).toMatchObject({ name: 'Eko Foods Limited', contactEmail: null, contactPhone: null })
    expect(await search(`email=${encodeURIComponent(email)}`)).toEqual([])
  })

  it('a user’s own export lists the partner handovers they imported and the CRM accounts with their e-mail; erasure empties the handover', async () => {
    const user = await signedInUser({ businesses: [{}] })
    const db = await getDb()
    const [handover] = await db
      .insert(externalHandovers)
      .values({
        externalBusinessId: `EXT-${randomUUID()}`,
        issuer: 'acme-partner',
        claims: { name: 'Acme Stores', email: user.user.email },
        businessId: user.businessIds[0]!,
        userId: user.user.id,
        importedAt: new Date(),
      })
      .returning()
    await db
      .insert(crmAccounts)
      .values({ externalRef: `CRM-${randomUUID()}`, name: 'Acme Stores', contactEmail: user.user.email })
    const res = await api('/accounts/me/data-export', { token: user.token })
    expect(res.status).toBe(200)
    const data = JSON.parse(await (await JSZip.loadAsync(await res.arrayBuffer())).file('data.json')!.async('string')) as Json
    expect(data.partnerHandovers).toEqual([expect.objectContaining({ issuer: 'acme-partner', claims: handover!.claims })])
    expect(data.crmContacts).toEqual([expect.objectContaining({ name: 'Acme Stores', contactEmail: user.user.email })])

    await ok(await erase('USER', user.user.id))
    const [emptied] = await db.select().from(externalHandovers).where(eq(externalHandovers.id, handover!.id))
    expect(emptied!.claims).toEqual({})
  })
})

describe('retention outside businesses', () => {
  it('purges archived government entities past the period, old inquiries, stale CRM contacts and handovers never imported', async () => {
    const db = await getDb()
    const old = await entityWithRepresentative(surname('Old'), `7${String(Date.now()).slice(-10)}`)
    const recent = await entityWithRepresentative(surname('Recent'), `6${String(Date.now()).slice(-10)}`)
    await db
      .update(governmentEntities)
      .set({ archiveStatus: 'ARCHIVED', archivedAt: subYears(new Date(), 6) })
      .where(eq(governmentEntities.id, old.entityId))
    await db
      .update(governmentEntities)
      .set({ archiveStatus: 'ARCHIVED', archivedAt: subYears(new Date(), 1) })
      .where(eq(governmentEntities.id, recent.entityId))

    const oldInquiryFile = await uploadFile(dpo.token, undefined as unknown as string, 'SUPPORT_ATTACHMENT', PDF, 'a.pdf').catch(
      () => null,
    )
    const inquiry = (reference: string, days: number, attachmentFileId: string | null = null) =>
      db
        .insert(supportInquiries)
        .values({
          reference,
          name: 'Old Sender',
          email: 'old.sender@example.ng',
          subject: 's',
          message: 'm',
          attachmentFileId,
          createdAt: subDays(new Date(), days),
        })
        .returning()
        .then((r) => r[0]!)
    const oldInquiry = await inquiry(`SUP-OLD-${randomUUID().slice(0, 6)}`, 800, oldInquiryFile)
    const newInquiry = await inquiry(`SUP-NEW-${randomUUID().slice(0, 6)}`, 30)
    const account = (days: number) =>
      db
        .insert(crmAccounts)
        .values({
          externalRef: `CRM-${randomUUID()}`,
          name: 'Stale Ltd',
          contactEmail: 'c@example.ng',
          contactPhone: '+2348030000002',
          updatedAt: subDays(new Date(), days),
        })
        .returning()
        .then((r) => r[0]!)
    const staleAccount = await account(400)
    const freshAccount = await account(10)
    const handover = (days: number, importedAt: Date | null) =>
      db
        .insert(externalHandovers)
        .values({
          externalBusinessId: `EXT-${randomUUID()}`,
          issuer: 'acme-partner',
          claims: { name: 'Never imported' },
          retrievedAt: subDays(new Date(), days),
          importedAt,
        })
        .returning()
        .then((r) => r[0]!)
    const abandoned = await handover(100, null)
    const justRetrieved = await handover(1, null)

    const report = await ok<RetentionReport>(
      await api('/data-protection/retention', { method: 'POST', token: dpo.token, json: { dryRun: false } }),
    )
    expect(report).toMatchObject({ governmentEntities: 1, supportInquiries: 1, crmContacts: 1, handovers: 1 })

    expect(await db.$count(governmentEntities, eq(governmentEntities.id, old.entityId))).toBe(0)
    expect(await db.$count(governmentRepresentatives, eq(governmentRepresentatives.id, old.repId))).toBe(0)
    expect(await db.$count(files, eq(files.id, old.idFileId))).toBe(0)
    expect(await blobExists(old.blobName)).toBe(false)
    expect(await db.$count(governmentRepresentatives, eq(governmentRepresentatives.id, recent.repId))).toBe(1)
    expect(await blobExists(recent.blobName)).toBe(true)
    // The names their audit rows keep sealed are unreadable once they are purged.
    expect(await db.$count(subjectKeys, eq(subjectKeys.subjectId, old.repId))).toBe(0)
    expect(await db.$count(subjectKeys, eq(subjectKeys.subjectId, recent.repId))).toBe(1)

    expect(await db.$count(supportInquiries, eq(supportInquiries.id, oldInquiry.id))).toBe(0)
    if (oldInquiryFile) expect(await db.$count(files, eq(files.id, oldInquiryFile))).toBe(0)
    expect(await db.$count(supportInquiries, eq(supportInquiries.id, newInquiry.id))).toBe(1)

    const [stale] = await db.select().from(crmAccounts).where(eq(crmAccounts.id, staleAccount.id))
    expect(stale).toMatchObject({ name: 'Stale Ltd', contactEmail: null, contactPhone: null })
    const [fresh] = await db.select().from(crmAccounts).where(eq(crmAccounts.id, freshAccount.id))
    expect(fresh).toMatchObject({ contactEmail: 'c@example.ng' })

    expect(await db.$count(externalHandovers, eq(externalHandovers.id, abandoned.id))).toBe(0)
    expect(await db.$count(externalHandovers, eq(externalHandovers.id, justRetrieved.id))).toBe(1)
    expect(await ok(await api('/audits/verify', { token: auditor.token }))).toMatchObject({ ok: true })
  })
})
