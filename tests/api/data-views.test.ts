import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import type { PersonalDataViewRecord } from '@/lib/contracts/data-views'
import { getDb } from '@/server/db/client'
import { personalDataViews } from '@/server/db/schema'
import { api, errorsOf, signedInUser } from './helpers'
import { ownerWithBusiness, type TestUser, uploadFile } from './kyc-fixtures'

interface ViewPage {
  content: PersonalDataViewRecord[]
  totalElements: number
  pageNumber: number
  pageSize: number
}

async function page(res: Response): Promise<ViewPage> {
  expect(res.status, await res.clone().text()).toBe(200)
  return (await res.json()) as ViewPage
}

let owner: TestUser
let businessId: string
let fileId: string
let reviewer: TestUser
let auditor: TestUser

beforeAll(async () => {
  ;({ owner, businessId } = await ownerWithBusiness())
  fileId = await uploadFile(owner.token, businessId, 'MEANS_OF_ID', undefined, 'passport.pdf')
  reviewer = await signedInUser({ staffRole: 'APPROVER' })
  auditor = await signedInUser({ staffRole: 'AUDITOR' })
})

describe('opening a KYC file is logged', () => {
  it('records the staff reader, the file, its business, the purpose given and the time, before the bytes are served', async () => {
    const before = Date.now()
    const res = await api(`/files/${fileId}?purpose=${encodeURIComponent('Checking the director passport')}`, {
      token: reviewer.token,
    })
    expect(res.status).toBe(200)
    const db = await getDb()
    const rows = await db.select().from(personalDataViews).where(eq(personalDataViews.actorId, reviewer.user.id))
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({
      actorEmail: reviewer.user.email,
      actorIsStaff: true,
      businessId,
      subjectKind: 'FILE',
      subjectId: fileId,
      detail: 'MEANS_OF_ID',
      purpose: 'Checking the director passport',
    })
    expect(rows[0]!.viewedAt.getTime()).toBeGreaterThanOrEqual(before - 1000)
  })

  it('gives a staff read without a purpose the purpose "KYC review", and the owner\'s own read "Own record"', async () => {
    const staff = await signedInUser({ staffRole: 'ONBOARDING_OFFICER' })
    expect((await api(`/files/${fileId}`, { token: staff.token })).status).toBe(200)
    expect((await api(`/files/${fileId}`, { token: owner.token })).status).toBe(200)
    const db = await getDb()
    const [staffView] = await db.select().from(personalDataViews).where(eq(personalDataViews.actorId, staff.user.id))
    const [ownView] = await db.select().from(personalDataViews).where(eq(personalDataViews.actorId, owner.user.id))
    expect(staffView!.purpose).toBe('KYC review')
    expect(ownView).toMatchObject({ purpose: 'Own record', actorIsStaff: false })
  })

  it('logs nothing when the file is refused', async () => {
    const outsider = await signedInUser({ businesses: [{}] })
    expect((await api(`/files/${fileId}`, { token: outsider.token })).status).toBe(404)
    const db = await getDb()
    expect(await db.select().from(personalDataViews).where(eq(personalDataViews.actorId, outsider.user.id))).toEqual([])
  })

  it('refuses a purpose too short to say anything, naming the field', async () => {
    const res = await api(`/files/${fileId}?purpose=x`, { token: reviewer.token })
    expect(res.status).toBe(400)
    expect((await errorsOf(res))[0]).toMatchObject({ field: 'purpose' })
  })
})

describe('GET /businesses/{id}/data-views', () => {
  it('shows the owner which staff opened which document, and when, newest first, without their own reads', async () => {
    const { content, totalElements } = await page(await api(`/businesses/${businessId}/data-views`, { token: owner.token }))
    expect(content.every((v) => v.actor.isStaff)).toBe(true)
    expect(content.map((v) => v.actor.email)).toContain(reviewer.user.email)
    const reviewerView = content.find((v) => v.actor.email === reviewer.user.email)!
    expect(reviewerView).toMatchObject({
      subjectKind: 'FILE',
      subjectId: fileId,
      subjectLabel: 'passport.pdf',
      purpose: 'Checking the director passport',
      businessId,
    })
    expect(totalElements).toBe(2)
    const times = content.map((v) => Date.parse(v.viewedAt))
    expect(times).toEqual([...times].sort((a, b) => b - a))
  })

  it('pages', async () => {
    const first = await page(await api(`/businesses/${businessId}/data-views?pageSize=1`, { token: owner.token }))
    const second = await page(await api(`/businesses/${businessId}/data-views?pageSize=1&pageNumber=2`, { token: owner.token }))
    expect(first.content).toHaveLength(1)
    expect(second.content).toHaveLength(1)
    expect(first.content[0]!.id).not.toBe(second.content[0]!.id)
  })

  it("answers another business's users 404", async () => {
    const { owner: other } = await ownerWithBusiness()
    expect((await api(`/businesses/${businessId}/data-views`, { token: other.token })).status).toBe(404)
  })
})

describe('GET /personal-data-views (staff log)', () => {
  it('filters by business, by subject and by actor', async () => {
    const { owner: otherOwner, businessId: otherBusiness } = await ownerWithBusiness()
    const otherFile = await uploadFile(otherOwner.token, otherBusiness, 'PASSPORT_PHOTO')
    expect((await api(`/files/${otherFile}`, { token: reviewer.token })).status).toBe(200)

    const byBusiness = await page(await api(`/personal-data-views?businessId=${businessId}`, { token: auditor.token }))
    expect(byBusiness.totalElements).toBe(3)
    expect(new Set(byBusiness.content.map((v) => v.businessId))).toEqual(new Set([businessId]))

    const bySubject = await page(await api(`/personal-data-views?subjectId=${otherFile}`, { token: auditor.token }))
    expect(bySubject.content.map((v) => [v.subjectId, v.actor.email])).toEqual([[otherFile, reviewer.user.email]])

    const byActor = await page(await api(`/personal-data-views?actorId=${reviewer.user.id}`, { token: auditor.token }))
    expect(byActor.content.map((v) => v.subjectId).sort()).toEqual([fileId, otherFile].sort())
  })

  it('is refused to staff without the audit permission (403) and names a bad filter (400)', async () => {
    expect((await api('/personal-data-views', { token: reviewer.token })).status).toBe(403)
    expect((await api('/personal-data-views', { token: owner.token })).status).toBe(403)
    const res = await api('/personal-data-views?actorId=nope', { token: auditor.token })
    expect(res.status).toBe(400)
    expect((await errorsOf(res))[0]).toMatchObject({ field: 'actorId' })
  })
})
