import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import type { Business } from '@/lib/contracts/businesses'
import type { DocumentChecklist } from '@/lib/contracts/kyc-documents'
import type { Outstanding, OutstandingItem } from '@/lib/contracts/outstanding'
import { formatCalendarDate } from '@/lib/format/date'
import { PERMISSIONS } from '@/lib/permissions/names'
import { getDb } from '@/server/db/client'
import { businessDivisions, businesses, productCategories } from '@/server/db/schema'
import type { Actor } from '@/server/http/context'
import { storeServerUpload } from '@/server/records/attachable-file'
import { apiApproved } from './four-eyes'
import { api, errorsOf, signedInUser } from './helpers'
import {
  approveDeferralDirectly,
  attach,
  completeCapture,
  createKycDetails,
  requestDeferral,
  typeByCode,
} from './kyc-document-fixtures'
import { ownerWithBusiness } from './kyc-fixtures'
import { businessWithKyc, insertDocument, json } from './staff-review-fixtures'

type User = Awaited<ReturnType<typeof signedInUser>>
let approver: User
let admin: User

beforeAll(async () => {
  ;[approver, admin] = await Promise.all([signedInUser({ staffRole: 'APPROVER' }), signedInUser({ staffRole: 'SUPER_ADMIN' })])
})

const outstanding = async (businessId: string, token: string) =>
  json<Outstanding>(await api(`/businesses/${businessId}/outstanding`, { token }))
const ofCode = (o: Outstanding, code: OutstandingItem['code']) => o.items.filter((i) => i.code === code)
const SEVERITY_RANK = { danger: 0, warning: 1, info: 2 }

describe('GET /businesses/{id}/outstanding', () => {
  it('shows a fresh business every KYC step missing, and shrinks as the capture, the documents and the submission are done', async () => {
    const { owner, business } = await ownerWithBusiness('RC')
    const fresh = await outstanding(business.id, owner.token)
    expect(fresh.kycProgress.map((p) => [p.step, p.complete])).toEqual([
      ['COMPANY_DETAILS', false],
      ['ADDRESSES', false],
      ['MEANS_OF_ID', false],
      ['SHAREHOLDERS', false],
      ['DOCUMENTS', false],
    ])
    expect(fresh.kycProgress.every((p) => p.gaps >= 1)).toBe(true)
    expect(ofCode(fresh, 'KYC_STEP_INCOMPLETE').map((i) => i.target)).toEqual([
      { kind: 'KYC_STEP', step: 'COMPANY_DETAILS' },
      { kind: 'KYC_STEP', step: 'ADDRESSES' },
      { kind: 'KYC_STEP', step: 'MEANS_OF_ID' },
      { kind: 'KYC_STEP', step: 'SHAREHOLDERS' },
    ])
    expect(ofCode(fresh, 'KYC_STEP_INCOMPLETE')[0]!.message).toContain('company details')
    // RC: certificate, CAC 2, CAC 7 or the status report (one group), MEMART, board resolution, TIN certificate.
    const missing = ofCode(fresh, 'DOCUMENT_MISSING')
    expect(missing).toHaveLength(6)
    expect(fresh.kycProgress.find((p) => p.step === 'DOCUMENTS')!.gaps).toBe(6)
    const certificate = await typeByCode('CERTIFICATE_OF_INCORPORATION')
    expect(missing.find((i) => i.target.documentTypeId === certificate.id)).toMatchObject({
      severity: 'warning',
      title: 'Certificate of Incorporation missing',
      target: { kind: 'KYC_DOCUMENTS' },
    })
    expect(missing.find((i) => i.message.includes('Upload one of'))!.target).toEqual({ kind: 'KYC_DOCUMENTS' })
    expect(ofCode(fresh, 'NO_PRODUCTS')).toHaveLength(1)
    expect(ofCode(fresh, 'AWAITING_APPROVAL')).toHaveLength(0)
    expect(ofCode(fresh, 'KYC_NOT_SUBMITTED')).toHaveLength(0)

    const details = await completeCapture(business.id)
    const captured = await outstanding(business.id, owner.token)
    expect(captured.kycProgress.filter((p) => p.complete).map((p) => p.step)).toEqual([
      'COMPANY_DETAILS',
      'ADDRESSES',
      'MEANS_OF_ID',
      'SHAREHOLDERS',
    ])
    expect(ofCode(captured, 'KYC_STEP_INCOMPLETE')).toHaveLength(0)
    expect(captured.items.length).toBe(fresh.items.length - 4)

    const checklist = await json<DocumentChecklist>(await api(`/kyc/document-checklist/${business.id}`, { token: owner.token }))
    for (const item of checklist.items.filter((i) => i.required && i.documentType.code !== 'CAC_STATUS_REPORT')) {
      expect((await attach(owner.token, business, details.id, item.documentType.code)).status).toBe(201)
    }
    const documented = await outstanding(business.id, owner.token)
    expect(documented.kycProgress.every((p) => p.complete && p.gaps === 0)).toBe(true)
    expect(ofCode(documented, 'DOCUMENT_MISSING')).toHaveLength(0)
    expect(documented.items.map((i) => i.code)).toEqual(['KYC_NOT_SUBMITTED', 'NO_PRODUCTS'])
    expect(ofCode(documented, 'KYC_NOT_SUBMITTED')[0]!.target).toEqual({ kind: 'KYC_STEP', step: 'PREVIEW' })

    expect((await api(`/businesses/${business.id}/completed-kyc-details`, { method: 'PUT', token: owner.token })).status).toBe(
      200,
    )
    const submitted = await outstanding(business.id, owner.token)
    expect(submitted.items.map((i) => [i.code, i.severity])).toEqual([
      ['AWAITING_APPROVAL', 'info'],
      ['NO_PRODUCTS', 'info'],
    ])
  })

  it('shows a rejected document and a re-upload request with their reasons, required or optional', async () => {
    const { business, owner, kycDetailsId } = await businessWithKyc({ submitted: true })
    const certificate = await insertDocument({ businessId: business.id, kycDetailsId, code: 'CERTIFICATE_OF_INCORPORATION' })
    const tin = await insertDocument({ businessId: business.id, kycDetailsId, code: 'TIN_CERTIFICATE' })
    const scuml = await insertDocument({ businessId: business.id, kycDetailsId, code: 'SCUML_CERTIFICATE' })
    const before = await outstanding(business.id, owner.token)
    expect(ofCode(before, 'DOCUMENT_REJECTED')).toHaveLength(0)
    expect(ofCode(before, 'DOCUMENT_REUPLOAD_REQUESTED')).toHaveLength(0)

    const rejection = 'The name on the certificate differs from the registration.'
    await json(
      await api(`/kyc/documents/${certificate.id}/review`, {
        method: 'PUT',
        token: approver.token,
        json: { decision: 'REJECTED', comment: rejection },
      }),
    )
    const reupload = 'The TIN certificate is cut off at the bottom; scan the whole page.'
    await json(
      await api(`/kyc/documents/${tin.id}/reupload-request`, {
        method: 'POST',
        token: approver.token,
        json: { reason: reupload },
      }),
    )
    await json(
      await api(`/kyc/documents/${scuml.id}/review`, {
        method: 'PUT',
        token: approver.token,
        json: { decision: 'REJECTED', comment: 'Expired registration' },
      }),
    )

    const after = await outstanding(business.id, owner.token)
    const [rejected, optionalRejected] = ofCode(after, 'DOCUMENT_REJECTED')
    expect(rejected).toMatchObject({
      severity: 'danger',
      title: 'Certificate of Incorporation was rejected',
      message: expect.stringContaining(rejection),
      target: { kind: 'KYC_DOCUMENTS', documentTypeId: certificate.documentTypeId },
    })
    expect(optionalRejected).toMatchObject({
      severity: 'warning',
      message: expect.stringContaining('Expired registration'),
      target: { documentTypeId: scuml.documentTypeId },
    })
    expect(ofCode(after, 'DOCUMENT_REUPLOAD_REQUESTED')).toEqual([
      expect.objectContaining({
        severity: 'warning',
        message: expect.stringContaining(reupload),
        target: { kind: 'KYC_DOCUMENTS', documentTypeId: tin.documentTypeId },
      }),
    ])
    // The documents step counts them as gaps (the optional one is not required, so not a gap).
    expect(after.kycProgress.find((p) => p.step === 'DOCUMENTS')!.gaps).toBe(
      before.kycProgress.find((p) => p.step === 'DOCUMENTS')!.gaps + 2,
    )
    const ranks = after.items.map((i) => SEVERITY_RANK[i.severity])
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b))
  })

  it('shows deferrals waiting for a decision, due within a week (warning) and overdue (danger, blocking the business)', async () => {
    const { owner, business } = await ownerWithBusiness('RC')
    await createKycDetails(business.id)
    const pending = await requestDeferral(owner.token, business.id, 'CAC_2', 3)
    const waiting = await outstanding(business.id, owner.token)
    expect(ofCode(waiting, 'DEFERRAL_PENDING')).toEqual([
      expect.objectContaining({ severity: 'info', title: expect.stringContaining('CAC 2'), target: { kind: 'DEFERRALS' } }),
    ])

    await json(
      await api(`/deferrals/approval/${pending.id}`, { method: 'PUT', token: approver.token, json: { decision: 'APPROVED' } }),
    )
    const later = await requestDeferral(owner.token, business.id, 'BOARD_RESOLUTION', 20)
    await json(
      await api(`/deferrals/approval/${later.id}`, { method: 'PUT', token: approver.token, json: { decision: 'APPROVED' } }),
    )
    const due = await outstanding(business.id, owner.token)
    expect(ofCode(due, 'DEFERRAL_PENDING')).toHaveLength(0)
    const cac2 = await typeByCode('CAC_2')
    const [soon] = ofCode(due, 'DEFERRAL_DUE')
    expect(ofCode(due, 'DEFERRAL_DUE')).toHaveLength(1)
    expect(soon).toMatchObject({ severity: 'warning', target: { kind: 'KYC_DOCUMENTS', documentTypeId: cac2.id } })
    const daysLeft = (Date.parse(soon!.dueDate!) - Date.now()) / 86_400_000
    expect(daysLeft).toBeGreaterThan(2.9)
    expect(daysLeft).toBeLessThanOrEqual(3)
    expect(soon!.blocking).toBeUndefined()
    // Covered by approved deferrals: not missing.
    expect(ofCode(due, 'DOCUMENT_MISSING').map((i) => i.target.documentTypeId)).not.toContain(cac2.id)
    expect((await json<Business>(await api(`/businesses/${business.id}`, { token: owner.token }))).blocked).toBe(false)

    const memart = await requestDeferral(owner.token, business.id, 'MEMART', 3)
    const approved = await approveDeferralDirectly(memart.id, new Date(Date.now() - 10 * 86_400_000))
    const overdue = await outstanding(business.id, owner.token)
    expect(ofCode(overdue, 'DEFERRAL_OVERDUE')).toEqual([
      expect.objectContaining({
        severity: 'danger',
        blocking: true,
        dueDate: approved.dueDate!.toISOString(),
        message: expect.stringContaining(formatCalendarDate(approved.dueDate)),
        target: { kind: 'KYC_DOCUMENTS', documentTypeId: (await typeByCode('MEMART')).id },
      }),
    ])
    expect(overdue.items[0]!.code).toBe('DEFERRAL_OVERDUE')
    expect(overdue.kycProgress.find((p) => p.step === 'DOCUMENTS')!.complete).toBe(false)
    const blocked = await json<Business>(await api(`/businesses/${business.id}`, { token: owner.token }))
    expect(blocked.blocked).toBe(true)
    expect(blocked.blockedReasons.join(' ')).toContain('Memorandum')
  })

  it('shows product applications with unanswered required requirements, ready to submit, and declined with the comment', async () => {
    const db = await getDb()
    const [category] = await db.select().from(productCategories).limit(1)
    const [division] = await db.select().from(businessDivisions).limit(1)
    const created = await json<{ id: string; code: string }>(
      await apiApproved('/products', {
        method: 'POST',
        token: admin.token,
        json: {
          code: `OUT-${randomUUID().slice(0, 8).toUpperCase()}`,
          name: `Outstanding POS ${randomUUID().slice(0, 6)}`,
          categoryId: category!.id,
          divisionId: division!.id,
          requirements: [
            { label: 'Settlement account', type: 'Text Input', required: true },
            { label: 'Outlet addresses', type: 'Text Input', required: false },
            { label: 'Shop front photo', type: 'Upload Document', required: true },
          ],
        },
      }),
      201,
    )
    await json(await apiApproved(`/products/${created.id}/go-live`, { method: 'PUT', token: admin.token, json: { live: true } }))
    const owner = await signedInUser({ businesses: [{}] })
    const businessId = owner.businessIds[0]!
    const application = await json<{ id: string }>(
      await api('/onboarding-products', { method: 'POST', token: owner.token, json: { businessId, productCode: created.code } }),
      201,
    )

    const applied = await outstanding(businessId, owner.token)
    expect(ofCode(applied, 'NO_PRODUCTS')).toHaveLength(0)
    expect(ofCode(applied, 'PRODUCT_REQUIREMENTS_MISSING')).toEqual([
      expect.objectContaining({
        severity: 'warning',
        message: '2 required items are not answered yet: Settlement account, Shop front photo.',
        target: { kind: 'PRODUCT', productCode: created.code },
      }),
    ])

    const save = (answers: unknown[]) =>
      api(`/onboarding-products/${application.id}/requirements`, { method: 'PUT', token: owner.token, json: { answers } })
    await json(await save([{ key: 'settlement_account', value: '0123456789' }]))
    expect(ofCode(await outstanding(businessId, owner.token), 'PRODUCT_REQUIREMENTS_MISSING')[0]!.message).toBe(
      'One required item is not answered yet: Shop front photo.',
    )

    const actor = { userId: owner.user.id, email: owner.user.email } as Actor
    const file = await storeServerUpload({
      db,
      actor,
      businessId,
      purpose: 'PRODUCT_REQUIREMENT',
      fileName: 'shop-front.pdf',
      bytes: new TextEncoder().encode('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n'),
    })
    await json(await save([{ key: 'shop_front_photo', fileId: file.id }]))
    const ready = await outstanding(businessId, owner.token)
    expect(ofCode(ready, 'PRODUCT_REQUIREMENTS_MISSING')).toHaveLength(0)
    expect(ofCode(ready, 'PRODUCT_NOT_SUBMITTED')).toEqual([
      expect.objectContaining({ target: { kind: 'PRODUCT', productCode: created.code } }),
    ])

    await json(await api(`/onboarding-products/${application.id}/submit`, { method: 'PUT', token: owner.token }))
    expect(ready.items.length - (await outstanding(businessId, owner.token)).items.length).toBe(1)
    const comment = 'The photo does not show the signage'
    await json(
      await api(`/onboarding-products/approve/${application.id}`, {
        method: 'PUT',
        token: approver.token,
        json: { decision: 'DECLINED', comment },
      }),
    )
    expect(ofCode(await outstanding(businessId, owner.token), 'PRODUCT_DECLINED')).toEqual([
      expect.objectContaining({
        severity: 'danger',
        message: expect.stringContaining(comment),
        target: { kind: 'PRODUCT', productCode: created.code },
      }),
    ])
  })

  it('shows a declined business with its reason, and recertification 60 days ahead and overdue', async () => {
    const { owner, business } = await ownerWithBusiness('RC')
    const db = await getDb()
    const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10)

    await db
      .update(businesses)
      .set({ approvalStatus: 'APPROVED', kycDetailsCompleted: true, recertificationDate: inDays(90) })
      .where(eq(businesses.id, business.id))
    expect(ofCode(await outstanding(business.id, owner.token), 'RECERTIFICATION_DUE')).toHaveLength(0)
    await db
      .update(businesses)
      .set({ recertificationDate: inDays(30) })
      .where(eq(businesses.id, business.id))
    // The owner cannot change an approved KYC: told our staff recertify it, not sent to a step they cannot save.
    expect(ofCode(await outstanding(business.id, owner.token), 'RECERTIFICATION_DUE')).toEqual([
      expect.objectContaining({
        severity: 'warning',
        dueDate: inDays(30),
        message: expect.stringMatching(/in 30 days.*Our compliance team recertifies the business's KYC; contact support/),
        target: { kind: 'NONE' },
      }),
    ])
    // Staff who may change an approved KYC are sent to it.
    expect(ofCode(await outstanding(business.id, admin.token), 'RECERTIFICATION_DUE')).toEqual([
      expect.objectContaining({
        message: expect.stringContaining('Check that your KYC is still correct'),
        target: { kind: 'KYC_STEP', step: 'COMPANY_DETAILS' },
      }),
    ])
    await db
      .update(businesses)
      .set({ recertificationDate: inDays(-1) })
      .where(eq(businesses.id, business.id))
    const overdue = await outstanding(business.id, owner.token)
    expect(overdue.items[0]).toMatchObject({
      code: 'RECERTIFICATION_OVERDUE',
      severity: 'danger',
      blocking: true,
      dueDate: inDays(-1),
      message: expect.stringContaining('blocked until our compliance team recertifies its KYC'),
      target: { kind: 'NONE' },
    })
    expect(ofCode(overdue, 'AWAITING_APPROVAL')).toHaveLength(0)

    // Declined through the review API, with its reason.
    const declined = await businessWithKyc({ submitted: true })
    const reason = 'The directors on the CAC 7 do not match the means of ID.'
    await json(
      await api(`/businesses/${declined.business.id}/approve`, {
        method: 'PUT',
        token: approver.token,
        json: { decision: 'DECLINED', comment: reason },
      }),
    )
    const answer = await outstanding(declined.business.id, declined.owner.token)
    expect(answer.items[0]).toMatchObject({
      code: 'BUSINESS_DECLINED',
      severity: 'danger',
      message: expect.stringContaining(reason),
      target: { kind: 'KYC_STEP' },
    })
  })

  it('is for the business’s members with CAN_READ_BUSINESS and staff who may read businesses; 404 for another business', async () => {
    const { owner, business } = await ownerWithBusiness('RC')
    const other = await ownerWithBusiness('RC')
    const refused = await api(`/businesses/${business.id}/outstanding`, { token: other.owner.token })
    expect(refused.status).toBe(404)
    expect((await errorsOf(refused))[0]!.code).toBe('NOT_FOUND')
    expect((await api(`/businesses/${business.id}/outstanding`)).status).toBe(401)
    expect((await api('/businesses/not-an-id/outstanding', { token: owner.token })).status).toBe(400)

    const staff = await outstanding(business.id, approver.token)
    expect(staff).toEqual(await outstanding(business.id, owner.token))
    const productManager = await signedInUser({ staffRole: 'PRODUCT_MANAGER' })
    expect((await api(`/businesses/${business.id}/outstanding`, { token: productManager.token })).status).toBe(403)
    const member = await signedInUser({
      businesses: [{ businessId: business.id, permissions: [PERMISSIONS.CAN_READ_DEFERRALS] }],
    })
    expect((await api(`/businesses/${business.id}/outstanding`, { token: member.token })).status).toBe(403)
    const reader = await signedInUser({ businesses: [{ businessId: business.id, role: 'BUSINESS_MEMBER' }] })
    expect((await api(`/businesses/${business.id}/outstanding`, { token: reader.token })).status).toBe(200)
  })
})
