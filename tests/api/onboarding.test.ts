import { randomUUID } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { getDb } from '@/server/db/client'
import {
  audits,
  businessDivisions,
  businesses,
  onboardingAnswers,
  onboardingProducts,
  productCategories,
} from '@/server/db/schema'
import type { Actor } from '@/server/http/context'
import { storeServerUpload } from '@/server/records/attachable-file'
import { apiApproved } from './four-eyes'
import { api, createTestBusiness, errorsOf, mailsTo, signedInUser } from './helpers'

let admin: string
let approver: string
let categoryId: string
let divisionId: string

beforeAll(async () => {
  const db = await getDb()
  admin = (await signedInUser({ staffRole: 'SUPER_ADMIN' })).token
  approver = (await signedInUser({ staffRole: 'APPROVER' })).token
  categoryId = (await db.select().from(productCategories).limit(1))[0]!.id
  divisionId = (await db.select().from(businessDivisions).limit(1))[0]!.id
})

type Requirement = { key?: string; label: string; type: 'Text Input' | 'Upload Document'; required?: boolean }
type Product = { id: string; code: string; requirements: Required<Requirement>[] }
type Detail = {
  id: string
  status: string
  businessId: string
  editable: boolean
  requirementsVersion: number
  requirements: { key: string; label: string; type: string; required: boolean }[]
  answers: { key: string; value: string | null; file: { id: string; fileName: string; url: string } | null }[]
  missingRequired: string[]
  decisionComment: string | null
}

const DEFAULT_REQUIREMENTS: Requirement[] = [
  { label: 'Settlement account', type: 'Text Input', required: true },
  { label: 'Outlet addresses', type: 'Text Input', required: false },
  { label: 'Shop front photo', type: 'Upload Document', required: true },
]

async function product(options: { live?: boolean; requirements?: Requirement[]; active?: boolean } = {}): Promise<Product> {
  const res = await apiApproved('/products', {
    method: 'POST',
    token: admin,
    json: {
      code: `OB-${randomUUID().slice(0, 8).toUpperCase()}`,
      name: `POS ${randomUUID().slice(0, 6)}`,
      categoryId,
      divisionId,
      requirements: options.requirements ?? DEFAULT_REQUIREMENTS,
    },
  })
  expect(res.status).toBe(201)
  const created = (await res.json()) as Product
  if (options.live !== false)
    expect(
      (await apiApproved(`/products/${created.id}/go-live`, { method: 'PUT', token: admin, json: { live: true } })).status,
    ).toBe(200)
  if (options.active === false)
    await apiApproved(`/products/${created.id}`, { method: 'PUT', token: admin, json: { active: false } })
  return created
}

async function owner() {
  const user = await signedInUser({ businesses: [{}] })
  return { ...user, businessId: user.businessIds[0]! }
}

async function apply(token: string, businessId: string, productCode: string) {
  return api('/onboarding-products', { method: 'POST', token, json: { businessId, productCode } })
}

async function applied(token: string, businessId: string, productCode: string): Promise<Detail> {
  const res = await apply(token, businessId, productCode)
  expect(res.status, JSON.stringify(await res.clone().json())).toBe(201)
  return (await res.json()) as Detail
}

const PDF = new TextEncoder().encode('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n')

/** A confirmed PRODUCT_REQUIREMENT file of the business, stored for real in blob storage. */
async function upload(
  userId: string,
  businessId: string,
  purpose: 'PRODUCT_REQUIREMENT' | 'KYC_DOCUMENT' = 'PRODUCT_REQUIREMENT',
) {
  const actor = { userId, email: 'owner@example.test' } as Actor
  const file = await storeServerUpload({ db: await getDb(), actor, businessId, purpose, fileName: 'shop-front.pdf', bytes: PDF })
  return file.id
}

async function save(token: string, id: string, answers: { key: string; value?: string | null; fileId?: string | null }[]) {
  return api(`/onboarding-products/${id}/requirements`, { method: 'PUT', token, json: { answers } })
}

async function answerAll(user: { token: string; user: { id: string } }, onboarding: Detail) {
  const fileId = await upload(user.user.id, onboarding.businessId)
  const res = await save(user.token, onboarding.id, [
    { key: 'settlement_account', value: '0123456789' },
    { key: 'shop_front_photo', fileId },
  ])
  expect(res.status, JSON.stringify(await res.clone().json())).toBe(200)
  return (await res.json()) as Detail
}

const submit = (token: string, id: string) => api(`/onboarding-products/${id}/submit`, { method: 'PUT', token })
const decide = (token: string, id: string, decision: 'APPROVED' | 'DECLINED', comment?: string) =>
  api(`/onboarding-products/approve/${id}`, { method: 'PUT', token, json: { decision, ...(comment ? { comment } : {}) } })
const complete = (token: string, id: string) => api(`/onboarding-products/completed/${id}`, { method: 'PUT', token })
const remove = (token: string, id: string) => api(`/onboarding-products/${id}`, { method: 'DELETE', token })

async function approveBusiness(businessId: string) {
  const db = await getDb()
  await db.update(businesses).set({ approvalStatus: 'APPROVED', approvedAt: new Date() }).where(eq(businesses.id, businessId))
}

/** An application submitted for review. */
async function inReview(p?: Product) {
  const user = await owner()
  const prod = p ?? (await product())
  const onboarding = await applied(user.token, user.businessId, prod.code)
  await answerAll(user, onboarding)
  expect((await submit(user.token, onboarding.id)).status).toBe(200)
  return { user, product: prod, onboarding }
}

describe('applying for a product', () => {
  it('creates a PENDING application with the product’s requirements, audited', async () => {
    const user = await owner()
    const p = await product()
    const onboarding = await applied(user.token, user.businessId, p.code.toLowerCase())
    expect(onboarding).toMatchObject({
      status: 'PENDING',
      editable: true,
      businessId: user.businessId,
      answers: [],
      missingRequired: ['settlement_account', 'shop_front_photo'],
    })
    expect(onboarding.requirements.map((r) => r.key)).toEqual(['settlement_account', 'outlet_addresses', 'shop_front_photo'])
    const db = await getDb()
    expect(
      await db.query.audits.findFirst({ where: and(eq(audits.resourceId, onboarding.id), eq(audits.action, 'APPLY')) }),
    ).toBeDefined()
  })

  it('refuses a product the business already has unless it was removed', async () => {
    const user = await owner()
    const p = await product()
    const first = await applied(user.token, user.businessId, p.code)
    const again = await apply(user.token, user.businessId, p.code)
    expect(again.status).toBe(409)
    expect((await errorsOf(again))[0]).toMatchObject({ code: 'CONFLICT', message: expect.stringContaining('pending') })
    expect((await remove(user.token, first.id)).status).toBe(200)
    expect((await apply(user.token, user.businessId, p.code)).status).toBe(201)
  })

  it('refuses a product that is not live or not active, and a blocked or archived business, one reason each', async () => {
    const user = await owner()
    const draft = await product({ live: false })
    const notLive = await apply(user.token, user.businessId, draft.code)
    expect(notLive.status).toBe(409)
    expect(await errorsOf(notLive)).toEqual([
      expect.objectContaining({ code: 'PRECONDITION_FAILED', message: expect.stringContaining('not live') }),
    ])
    const paused = await product({ active: false })
    expect((await errorsOf(await apply(user.token, user.businessId, paused.code)))[0]).toMatchObject({
      code: 'PRECONDITION_FAILED',
      message: expect.stringContaining('not offered'),
    })

    const p = await product()
    const db = await getDb()
    await db.update(businesses).set({ recertificationDate: '2020-01-01' }).where(eq(businesses.id, user.businessId))
    const blocked = await apply(user.token, user.businessId, p.code)
    expect(blocked.status).toBe(409)
    expect(await errorsOf(blocked)).toEqual([
      expect.objectContaining({
        code: 'PRECONDITION_FAILED',
        message: expect.stringContaining('blocked: Recertification was due on 01-Jan-2020'),
      }),
    ])
    await db.update(businesses).set({ archiveStatus: 'ARCHIVED' }).where(eq(businesses.id, user.businessId))
    const both = await errorsOf(await apply(user.token, user.businessId, p.code))
    expect(both.map((e) => e.message)).toEqual([
      'The business is archived',
      'The business is blocked: Recertification was due on 01-Jan-2020',
    ])
  })

  it('answers 404 for another business or an unknown product, 403 without the permission, 400 for a bad code', async () => {
    const user = await owner()
    const stranger = await owner()
    const p = await product()
    expect((await apply(stranger.token, user.businessId, p.code)).status).toBe(404)
    expect((await apply(user.token, user.businessId, 'NO-SUCH-PRODUCT')).status).toBe(404)
    const member = await signedInUser({ businesses: [{ businessId: user.businessId, role: 'BUSINESS_MEMBER' }] })
    expect((await apply(member.token, user.businessId, p.code)).status).toBe(403)
    const bad = await apply(user.token, user.businessId, 'pos terminal!')
    expect(bad.status).toBe(400)
    expect((await errorsOf(bad))[0]!.field).toBe('productCode')
  })
})

describe('answering requirements', () => {
  it('saves text and upload answers as a draft, returns files, and writes nothing when unchanged', async () => {
    const user = await owner()
    const p = await product()
    const onboarding = await applied(user.token, user.businessId, p.code)
    const saved = await answerAll(user, onboarding)
    expect(saved.missingRequired).toEqual([])
    const photo = saved.answers.find((a) => a.key === 'shop_front_photo')!
    expect(photo.file).toMatchObject({
      fileName: 'shop-front.pdf',
      url: `/api/v1/files/${photo.file!.id}`,
      contentType: 'application/pdf',
    })
    expect(saved.answers.find((a) => a.key === 'settlement_account')).toMatchObject({ value: '0123456789', file: null })

    const db = await getDb()
    const count = () => db.$count(audits, and(eq(audits.resourceId, onboarding.id), eq(audits.action, 'UPDATE_REQUIREMENTS')))
    const before = await count()
    expect((await save(user.token, onboarding.id, [{ key: 'settlement_account', value: '  0123456789 ' }])).status).toBe(200)
    expect(await count()).toBe(before)

    const cleared = (await (await save(user.token, onboarding.id, [{ key: 'settlement_account', value: '' }])).json()) as Detail
    expect(cleared.missingRequired).toEqual(['settlement_account'])
    expect(await count()).toBe(before + 1)
  })

  it('refuses unknown keys, the wrong kind of answer and files that are not this business’s confirmed uploads', async () => {
    const user = await owner()
    const other = await owner()
    const p = await product()
    const onboarding = await applied(user.token, user.businessId, p.code)
    const fieldsOf = async (answers: Parameters<typeof save>[2]) => {
      const res = await save(user.token, onboarding.id, answers)
      expect(res.status).toBe(400)
      return (await errorsOf(res)).map((e) => e.field)
    }
    const foreignFile = await upload(other.user.id, other.businessId)
    const kycFile = await upload(user.user.id, user.businessId, 'KYC_DOCUMENT')
    expect(await fieldsOf([{ key: 'favourite_colour', value: 'blue' }])).toEqual(['answers.0.key'])
    expect(await fieldsOf([{ key: 'settlement_account', fileId: foreignFile }])).toEqual(['answers.0.fileId'])
    expect(await fieldsOf([{ key: 'shop_front_photo', value: 'see attached' }])).toEqual(['answers.0.value'])
    expect(
      await fieldsOf([
        { key: 'shop_front_photo', fileId: foreignFile },
        { key: 'outlet_addresses', value: 'x'.repeat(2001) },
      ]),
    ).toEqual(['answers.1.value'])
    expect(await fieldsOf([{ key: 'shop_front_photo', fileId: foreignFile }])).toEqual(['answers.0.fileId'])
    expect(await fieldsOf([{ key: 'shop_front_photo', fileId: kycFile }])).toEqual(['answers.0.fileId'])
    expect(await fieldsOf([{ key: 'shop_front_photo', fileId: randomUUID() }])).toEqual(['answers.0.fileId'])
    expect(
      await fieldsOf([
        { key: 'outlet_addresses', value: 'a' },
        { key: 'outlet_addresses', value: 'b' },
      ]),
    ).toEqual(['answers.1.key'])
    expect((await save(other.token, onboarding.id, [{ key: 'outlet_addresses', value: 'x' }])).status).toBe(404)
  })
})

describe('submitting and deciding', () => {
  it('refuses to submit while a required requirement is unanswered, one entry each', async () => {
    const user = await owner()
    const p = await product()
    const onboarding = await applied(user.token, user.businessId, p.code)
    await save(user.token, onboarding.id, [{ key: 'outlet_addresses', value: '3 Marina, Lagos' }])
    const res = await submit(user.token, onboarding.id)
    expect(res.status).toBe(409)
    expect(await errorsOf(res)).toEqual([
      { code: 'PRECONDITION_FAILED', message: 'Answer “Settlement account”', field: 'requirements.settlement_account' },
      { code: 'PRECONDITION_FAILED', message: 'Answer “Shop front photo”', field: 'requirements.shop_front_photo' },
    ])
  })

  it('e-mails the owner once per decision: declined with the reason, approved, live', async () => {
    const { user, onboarding, product: prod } = await inReview()
    expect(await mailsTo(user.user.email)).toEqual([])
    expect((await decide(approver, onboarding.id, 'DECLINED', 'The photo does not show the signage')).status).toBe(200)
    let mails = await mailsTo(user.user.email)
    expect(mails.map((m) => m.template)).toEqual(['product-declined'])
    expect(mails[0]!.text).toContain('The reason: The photo does not show the signage')
    expect(mails[0]!.text).toContain(`productCode=${prod.code}`)

    await save(user.token, onboarding.id, [{ key: 'shop_front_photo', fileId: await upload(user.user.id, user.businessId) }])
    expect((await submit(user.token, onboarding.id)).status).toBe(200)
    await approveBusiness(user.businessId)
    expect((await decide(approver, onboarding.id, 'APPROVED')).status).toBe(200)
    mails = await mailsTo(user.user.email)
    expect(mails.map((m) => m.template)).toEqual(['product-approved', 'product-declined'])
    expect((await complete(approver, onboarding.id)).status).toBe(200)
    mails = await mailsTo(user.user.email)
    expect(mails.map((m) => m.template)).toEqual(['product-live', 'product-approved', 'product-declined'])
    // A refused decision sends nothing.
    expect((await complete(approver, onboarding.id)).status).toBe(409)
    expect(await mailsTo(user.user.email)).toHaveLength(3)
  })

  it('goes PENDING → IN_REVIEW → DECLINED (comment) → IN_REVIEW after a change → APPROVED → COMPLETED, each audited', async () => {
    const { user, onboarding } = await inReview()
    // Answers are locked while under review.
    const locked = await save(user.token, onboarding.id, [{ key: 'outlet_addresses', value: 'x' }])
    expect(locked.status).toBe(409)
    expect((await errorsOf(locked))[0]).toMatchObject({ code: 'INVALID_STATE', message: expect.stringContaining('in review') })
    expect((await errorsOf(await submit(user.token, onboarding.id)))[0]).toMatchObject({
      code: 'INVALID_STATE',
      message: expect.stringContaining('in review'),
    })

    const noComment = await decide(approver, onboarding.id, 'DECLINED')
    expect(noComment.status).toBe(400)
    expect((await errorsOf(noComment))[0]!.field).toBe('comment')
    const declined = await decide(approver, onboarding.id, 'DECLINED', 'The photo does not show the signage')
    expect(declined.status).toBe(200)
    expect(await declined.json()).toMatchObject({
      status: 'DECLINED',
      editable: true,
      decisionComment: 'The photo does not show the signage',
    })

    const unchanged = await submit(user.token, onboarding.id)
    expect(unchanged.status).toBe(409)
    expect((await errorsOf(unchanged))[0]).toMatchObject({
      code: 'PRECONDITION_FAILED',
      message: expect.stringContaining('Change at least one answer'),
    })
    await save(user.token, onboarding.id, [{ key: 'shop_front_photo', fileId: await upload(user.user.id, user.businessId) }])
    expect((await submit(user.token, onboarding.id)).status).toBe(200)

    // The business itself is not approved yet.
    const early = await decide(approver, onboarding.id, 'APPROVED')
    expect(early.status).toBe(409)
    expect(await errorsOf(early)).toEqual([
      expect.objectContaining({ code: 'PRECONDITION_FAILED', message: 'The business must be approved first (it is pending)' }),
    ])
    expect((await errorsOf(await complete(approver, onboarding.id)))[0]).toMatchObject({
      code: 'INVALID_STATE',
      message: expect.stringContaining('in review'),
    })

    await approveBusiness(user.businessId)
    const approved = await decide(approver, onboarding.id, 'APPROVED')
    expect(approved.status).toBe(200)
    expect(await approved.json()).toMatchObject({ status: 'APPROVED', editable: false })
    expect((await errorsOf(await decide(approver, onboarding.id, 'APPROVED')))[0]).toMatchObject({
      code: 'INVALID_STATE',
      message: expect.stringContaining('approved'),
    })
    const completed = await complete(approver, onboarding.id)
    expect(completed.status).toBe(200)
    expect(await completed.json()).toMatchObject({ status: 'COMPLETED', completedAt: expect.any(String) })

    const db = await getDb()
    const actions = (
      await db
        .select({ action: audits.action, before: audits.before, after: audits.after })
        .from(audits)
        .where(eq(audits.resourceId, onboarding.id))
        .orderBy(audits.seq)
    ).map((a) => a.action)
    expect(actions).toEqual([
      'APPLY',
      'UPDATE_REQUIREMENTS',
      'SUBMIT',
      'DECLINE',
      'UPDATE_REQUIREMENTS',
      'RESUBMIT',
      'APPROVE',
      'COMPLETE',
    ])

    // The business sees it live.
    const mine = (await (await api(`/businesses/${user.businessId}/products`, { token: user.token })).json()) as {
      id: string
      status: string
    }[]
    expect(mine).toEqual([expect.objectContaining({ id: onboarding.id, status: 'COMPLETED' })])
  })

  it('keeps staff decisions to staff: business owners hold the permission but are not staff', async () => {
    const { user, onboarding } = await inReview()
    await approveBusiness(user.businessId)
    expect((await decide(user.token, onboarding.id, 'APPROVED')).status).toBe(403)
    expect((await complete(user.token, onboarding.id)).status).toBe(403)
    const productManager = await signedInUser({ staffRole: 'PRODUCT_MANAGER' })
    expect((await decide(productManager.token, onboarding.id, 'APPROVED')).status).toBe(403)
    expect((await decide(approver, randomUUID(), 'APPROVED')).status).toBe(404)
    expect(
      (await api(`/onboarding-products/approve/${onboarding.id}`, { method: 'PUT', json: { decision: 'APPROVED' } })).status,
    ).toBe(401)
  })

  it('lets one of two simultaneous decisions through; the other gets 409 INVALID_STATE', async () => {
    const { user, onboarding } = await inReview()
    await approveBusiness(user.businessId)
    const answers = await Promise.all([
      decide(approver, onboarding.id, 'APPROVED'),
      decide(approver, onboarding.id, 'DECLINED', 'Too late'),
    ])
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409])
  })

  it('removes: the business while PENDING or DECLINED, staff anything not yet live', async () => {
    const { user, onboarding } = await inReview()
    const byOwner = await remove(user.token, onboarding.id)
    expect(byOwner.status).toBe(409)
    expect((await errorsOf(byOwner))[0]).toMatchObject({ code: 'INVALID_STATE', message: expect.stringContaining('in review') })
    const removed = await remove(admin, onboarding.id)
    expect(removed.status).toBe(200)
    expect(await removed.json()).toMatchObject({ status: 'REMOVED', editable: false })
    expect((await remove(admin, onboarding.id)).status).toBe(409)

    const live = await inReview()
    await approveBusiness(live.user.businessId)
    await decide(approver, live.onboarding.id, 'APPROVED')
    await complete(approver, live.onboarding.id)
    const notLive = await remove(admin, live.onboarding.id)
    expect(notLive.status).toBe(409)
    expect((await errorsOf(notLive))[0]!.message).toContain('live')
    const stranger = await owner()
    expect((await remove(stranger.token, live.onboarding.id)).status).toBe(404)
    // An approver without CAN_REMOVE_ONBOARDED_PRODUCT may decide but not remove.
    expect((await remove(approver, live.onboarding.id)).status).toBe(403)
  })
})

describe('requirement versions', () => {
  it('keeps submitted answers against their version while drafts move to the new one', async () => {
    const p = await product()
    const submitted = await inReview(p)
    const user = await owner()
    const draft = await applied(user.token, user.businessId, p.code)
    await save(user.token, draft.id, [
      { key: 'settlement_account', value: '1111111111' },
      { key: 'shop_front_photo', fileId: await upload(user.user.id, user.businessId) },
    ])

    const [account, , photo] = p.requirements
    const changed = await apiApproved(`/products/${p.id}`, {
      method: 'PUT',
      token: admin,
      json: {
        requirements: [
          { ...account, label: 'Settlement NUBAN' },
          photo,
          { label: 'Tax identification number', type: 'Text Input', required: true },
        ],
      },
    })
    expect(changed.status).toBe(200)

    const kept = (await (
      await api(`/onboarding-products/details/${submitted.onboarding.id}`, { token: approver })
    ).json()) as Detail
    expect(kept.requirementsVersion).toBe(1)
    expect(kept.requirements.map((r) => r.label)).toEqual(['Settlement account', 'Outlet addresses', 'Shop front photo'])
    expect(kept.answers.map((a) => a.key).sort()).toEqual(['settlement_account', 'shop_front_photo'])

    const moved = (await (await api(`/onboarding-products/details/${draft.id}`, { token: user.token })).json()) as Detail
    expect(moved.requirementsVersion).toBe(2)
    expect(moved.requirements.map((r) => r.label)).toEqual(['Settlement NUBAN', 'Shop front photo', 'Tax identification number'])
    expect(moved.missingRequired).toEqual(['tax_identification_number'])
    expect((await errorsOf(await submit(user.token, draft.id))).map((e) => e.field)).toEqual([
      'requirements.tax_identification_number',
    ])
    await save(user.token, draft.id, [{ key: 'tax_identification_number', value: '12345678-0001' }])
    const resubmitted = (await (await submit(user.token, draft.id)).json()) as Detail
    expect(resubmitted).toMatchObject({ status: 'IN_REVIEW', requirementsVersion: 2 })

    // The retired outlet answer of the submitted application is still stored.
    const db = await getDb()
    const stored = await db.select().from(onboardingAnswers).where(eq(onboardingAnswers.onboardingId, submitted.onboarding.id))
    expect(stored.map((a) => a.key).sort()).toEqual(['settlement_account', 'shop_front_photo'])
  })
})

describe('reading applications', () => {
  it('lists a business user’s own applications only; staff see all with filters', async () => {
    const p = await product()
    const a = await inReview(p)
    const b = await owner()
    const bApp = await applied(b.token, b.businessId, p.code)
    const ids = async (token: string, query = '') => {
      const res = await api(`/onboarding-products?productId=${p.id}&${query}`, { token })
      expect(res.status, query).toBe(200)
      return ((await res.json()) as { content: { id: string }[] }).content.map((x) => x.id).sort()
    }
    expect(await ids(b.token)).toEqual([bApp.id])
    expect(await ids(approver)).toEqual([a.onboarding.id, bApp.id].sort())
    expect(await ids(approver, 'status=IN_REVIEW')).toEqual([a.onboarding.id])
    expect(await ids(approver, 'status=IN_REVIEW&status=PENDING')).toEqual([a.onboarding.id, bApp.id].sort())
    expect(await ids(approver, `businessId=${b.businessId}`)).toEqual([bApp.id])
    expect(await ids(approver, `productCode=${p.code.toLowerCase()}`)).toEqual([a.onboarding.id, bApp.id].sort())
    expect((await api(`/onboarding-products?businessId=${a.user.businessId}`, { token: b.token })).status).toBe(404)
    expect((await api('/onboarding-products?status=MAYBE', { token: approver })).status).toBe(400)
    const governmentOfficer = await signedInUser({ staffPermissions: ['CAN_CREATE_GOVERNMENT_ENTITY'] })
    expect((await api('/onboarding-products', { token: governmentOfficer.token })).status).toBe(403)

    const queue = (await (await api(`/onboarding-products/approvals?productId=${p.id}`, { token: approver })).json()) as {
      content: { id: string; status: string; business: { name: string } }[]
    }
    expect(queue.content).toEqual([expect.objectContaining({ id: a.onboarding.id, status: 'IN_REVIEW' })])
    expect((await api('/onboarding-products/approvals', { token: a.user.token })).status).toBe(403)

    const onProduct = await api(`/onboarding-products/${p.code}`, {
      token: (await signedInUser({ staffRole: 'PRODUCT_MANAGER' })).token,
    })
    expect(onProduct.status).toBe(200)
    expect(((await onProduct.json()) as { content: { id: string }[] }).content.map((x) => x.id).sort()).toEqual(
      [a.onboarding.id, bApp.id].sort(),
    )
    expect((await api(`/onboarding-products/${p.code}`, { token: approver })).status).toBe(403)
    expect((await api('/onboarding-products/NO-SUCH', { token: admin })).status).toBe(404)
  })

  it('answers one business’s applications, one application and can-proceed, 404 across businesses', async () => {
    const { user, onboarding } = await inReview()
    const stranger = await owner()
    const list = (await (await api(`/onboarding-products/business/${user.businessId}`, { token: user.token })).json()) as {
      content: { id: string }[]
    }
    expect(list.content.map((x) => x.id)).toEqual([onboarding.id])
    expect((await api(`/onboarding-products/business/${user.businessId}`, { token: stranger.token })).status).toBe(404)
    expect((await api(`/onboarding-products/details/${onboarding.id}`, { token: stranger.token })).status).toBe(404)
    expect((await api(`/onboarding-products/can-proceed-kyc-capturing/${onboarding.id}`, { token: stranger.token })).status).toBe(
      404,
    )
    expect((await api(`/businesses/${user.businessId}/products`, { token: stranger.token })).status).toBe(404)

    const detail = (await (await api(`/onboarding-products/details/${onboarding.id}`, { token: user.token })).json()) as Detail
    expect(detail.answers.find((a) => a.key === 'shop_front_photo')!.file!.url).toMatch(/^\/api\/v1\/files\//)
    const file = await api(detail.answers.find((a) => a.key === 'shop_front_photo')!.file!.url.replace('/api/v1', ''), {
      token: approver,
    })
    expect(file.status).toBe(200)

    const canProceed = async (token: string) =>
      (await (await api(`/onboarding-products/can-proceed-kyc-capturing/${onboarding.id}`, { token })).json()) as {
        canProceed: boolean
        reasons: string[]
      }
    expect(await canProceed(user.token)).toEqual({ canProceed: true, reasons: [] })
    await approveBusiness(user.businessId)
    expect(await canProceed(user.token)).toEqual({
      canProceed: false,
      reasons: ['The business is approved; changes to its KYC are made by our staff'],
    })
    const db = await getDb()
    await db.update(businesses).set({ archiveStatus: 'ARCHIVED' }).where(eq(businesses.id, user.businessId))
    expect((await canProceed(user.token)).reasons).toContain('The business is archived')
  })

  it('finds the signed-in user’s application for a product code, in a chosen business or their latest', async () => {
    const p = await product()
    const user = await signedInUser({ businesses: [{}, {}] })
    const [first, second] = user.businessIds as [string, string]
    expect((await api(`/onboarding-products/me/${p.code}`, { token: user.token })).status).toBe(404)
    const app = await applied(user.token, second, p.code)
    const mine = await api(`/onboarding-products/me/${p.code.toLowerCase()}`, { token: user.token })
    expect(mine.status).toBe(200)
    expect(await mine.json()).toMatchObject({ id: app.id, businessId: second, requirements: expect.any(Array) })
    expect((await api(`/onboarding-products/me/${p.code}?businessId=${first}`, { token: user.token })).status).toBe(404)
    expect((await api(`/onboarding-products/me/${p.code}?businessId=${second}`, { token: user.token })).status).toBe(200)
    const stranger = await owner()
    expect((await api(`/onboarding-products/me/${p.code}?businessId=${second}`, { token: stranger.token })).status).toBe(404)
    expect((await api(`/onboarding-products/me/${p.code}`, { token: stranger.token })).status).toBe(404)
    const noBusiness = await signedInUser()
    expect((await api(`/onboarding-products/me/${p.code}`, { token: noBusiness.token })).status).toBe(404)
  })

  it('lets the staff business list filter by product', async () => {
    const p = await product()
    const { user } = await inReview(p)
    const other = await createTestBusiness()
    const removedOwner = await owner()
    const removedApp = await applied(removedOwner.token, removedOwner.businessId, p.code)
    await remove(removedOwner.token, removedApp.id)
    const res = await api(`/businesses?productId=${p.id}&pageSize=100`, { token: approver })
    expect(res.status).toBe(200)
    const ids = ((await res.json()) as { content: { id: string }[] }).content.map((b) => b.id)
    expect(ids).toEqual([user.businessId])
    expect(ids).not.toContain(other.id)
  })

  it('lists every onboarding call in the OpenAPI document', async () => {
    const doc = (await (await api('/openapi.json')).json()) as { paths: Record<string, Record<string, unknown>> }
    for (const [path, method] of [
      ['/api/v1/onboarding-products', 'get'],
      ['/api/v1/onboarding-products', 'post'],
      ['/api/v1/onboarding-products/approvals', 'get'],
      ['/api/v1/onboarding-products/me/{productCode}', 'get'],
      ['/api/v1/onboarding-products/business/{id}', 'get'],
      ['/api/v1/onboarding-products/can-proceed-kyc-capturing/{id}', 'get'],
      ['/api/v1/onboarding-products/approve/{id}', 'put'],
      ['/api/v1/onboarding-products/completed/{id}', 'put'],
      ['/api/v1/onboarding-products/{id}/requirements', 'put'],
      ['/api/v1/onboarding-products/{id}/submit', 'put'],
      ['/api/v1/onboarding-products/{id}', 'delete'],
      ['/api/v1/onboarding-products/{code}', 'get'],
    ] as const) {
      expect(doc.paths[path]?.[method], `${method} ${path}`).toBeDefined()
    }
  })
})

describe('removed applications stay on record', () => {
  it('keeps the row and its answers', async () => {
    const user = await owner()
    const p = await product()
    const onboarding = await applied(user.token, user.businessId, p.code)
    await save(user.token, onboarding.id, [{ key: 'settlement_account', value: '0123456789' }])
    await remove(user.token, onboarding.id)
    const db = await getDb()
    expect((await db.select().from(onboardingProducts).where(eq(onboardingProducts.id, onboarding.id)))[0]).toMatchObject({
      status: 'REMOVED',
      removedBy: user.user.id,
    })
    expect(await db.$count(onboardingAnswers, eq(onboardingAnswers.onboardingId, onboarding.id))).toBe(1)
  })
})
