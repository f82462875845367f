import { and, eq, inArray } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import type { Business } from '@/lib/contracts/businesses'
import { getDb } from '@/server/db/client'
import { audits, businesses, kycDocuments } from '@/server/db/schema'
import { findDocumentGaps } from '@/server/modules/kyc-documents/document-gaps'
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

const complete = (token: string, id: string) => api(`/businesses/${id}/completed-kyc-details`, { method: 'PUT', token })
const DAY = 86_400_000

/** Uploads every required RC document except those listed. */
async function uploadRequiredRc(token: string, business: { id: string }, kycDetailsId: string, except: string[] = []) {
  for (const code of [
    'CERTIFICATE_OF_INCORPORATION',
    'CAC_2',
    'CAC_STATUS_REPORT',
    'MEMART',
    'BOARD_RESOLUTION',
    'TIN_CERTIFICATE',
  ].filter((c) => !except.includes(c))) {
    expect((await attach(token, business, kycDetailsId, code)).status).toBe(201)
  }
}

describe('marking the KYC complete', () => {
  it('lists every missing item (capture steps and documents), one entry each, until everything is valid', async () => {
    const { owner, business } = await ownerWithBusiness()
    const empty = await complete(owner.token, business.id)
    expect(empty.status).toBe(409)
    const errors = await errorsOf(empty)
    expect(errors.every((e) => e.code === 'PRECONDITION_FAILED')).toBe(true)
    const fields = errors.map((e) => e.field)
    expect(fields).toEqual(expect.arrayContaining(['companyDetails', 'addresses', 'meansOfIds', 'shareholders']))
    expect(fields).toEqual(
      expect.arrayContaining([
        'documents.CERTIFICATE_OF_INCORPORATION',
        'documents.CAC_2',
        'documents.RC_DIRECTORS',
        'documents.MEMART',
        'documents.BOARD_RESOLUTION',
        'documents.TIN_CERTIFICATE',
      ]),
    )
    // Optional documents (SCUML) are never asked for.
    expect(fields).not.toContain('documents.SCUML_CERTIFICATE')
    expect(errors.find((e) => e.field === 'documents.RC_DIRECTORS')!.message).toBe(
      'Upload one of: CAC 7 – Particulars of directors or CAC status report.',
    )
    expect(errors.find((e) => e.field === 'documents.CAC_2')!.message).toMatch(/or request a deferral/)
    expect(errors.find((e) => e.field === 'documents.CERTIFICATE_OF_INCORPORATION')!.message).not.toMatch(/deferral/)

    const details = await completeCapture(business.id)
    await uploadRequiredRc(owner.token, business, details.id, ['MEMART', 'TIN_CERTIFICATE'])
    await requestDeferral(owner.token, business.id, 'TIN_CERTIFICATE')
    const almost = await complete(owner.token, business.id)
    expect(almost.status).toBe(409)
    // A pending deferral covers TIN for submission; only MEMART is left.
    expect((await errorsOf(almost)).map((e) => e.field)).toEqual(['documents.MEMART'])

    expect((await attach(owner.token, business, details.id, 'MEMART')).status).toBe(201)
    const done = await complete(owner.token, business.id)
    expect(done.status, await done.clone().text()).toBe(200)
    expect((await done.json()) as Business).toMatchObject({
      id: business.id,
      kycDetailsCompleted: true,
      approvalStatus: 'PENDING',
    })
    const db = await getDb()
    const [audit] = await db
      .select()
      .from(audits)
      .where(and(eq(audits.resourceId, business.id), eq(audits.action, 'KYC_COMPLETED')))
    expect(audit!.before).toMatchObject({ kycDetailsCompleted: false })
    expect(audit!.after).toMatchObject({ kycDetailsCompleted: true })
    // The completion is stored on the business too (the operations dashboard's entries), at the audit's moment.
    const [stored] = await db.select().from(businesses).where(eq(businesses.id, business.id))
    expect(Math.abs(stored!.kycCompletedAt!.getTime() - audit!.createdAt.getTime())).toBeLessThan(5_000)

    // Uploaded documents now read "under review".
    const checklist = (await (await api(`/kyc/document-checklist/${business.id}`, { token: owner.token })).json()) as {
      items: { documentType: { code: string }; state: string }[]
    }
    expect(checklist.items.find((i) => i.documentType.code === 'CAC_2')!.state).toBe('UNDER_REVIEW')

    const again = await complete(owner.token, business.id)
    expect(again.status).toBe(409)
    expect((await errorsOf(again))[0]).toMatchObject({ code: 'INVALID_STATE', message: expect.stringMatching(/PENDING/) })
  })

  it('counts rejected documents, unanswered re-upload requests and overdue deferrals as missing', async () => {
    const { owner, business } = await ownerWithBusiness()
    const details = await completeCapture(business.id)
    await uploadRequiredRc(owner.token, business, details.id, ['TIN_CERTIFICATE'])
    const db = await getDb()
    const ofType = async (code: string) =>
      and(eq(kycDocuments.kycDetailsId, details.id), eq(kycDocuments.documentTypeId, (await typeByCode(code)).id))
    await db
      .update(kycDocuments)
      .set({ status: 'REJECTED', reviewComment: 'Wrong company' })
      .where(await ofType('CAC_2'))
    await db
      .update(kycDocuments)
      .set({ reuploadReason: 'Page 2 is missing', reuploadRequestedAt: new Date() })
      .where(await ofType('MEMART'))
    const deferral = await requestDeferral(owner.token, business.id, 'TIN_CERTIFICATE', 3)
    await approveDeferralDirectly(deferral.id, new Date(Date.now() - 10 * DAY))

    const res = await complete(owner.token, business.id)
    expect(res.status).toBe(409)
    const errors = await errorsOf(res)
    expect(errors.map((e) => e.field).sort()).toEqual(['documents.CAC_2', 'documents.MEMART', 'documents.TIN_CERTIFICATE'])
    expect(errors.find((e) => e.field === 'documents.CAC_2')!.message).toMatch(/rejected \(Wrong company\)/)
    expect(errors.find((e) => e.field === 'documents.MEMART')!.message).toMatch(/Page 2 is missing/)
    expect(errors.find((e) => e.field === 'documents.TIN_CERTIFICATE')!.message).toMatch(
      /overdue since \d{2}-[A-Z][a-z]{2}-\d{4}/,
    )
  })

  it("discards the business's step drafts on submission (audited), not when refused, and not another business's", async () => {
    const { owner, business } = await ownerWithBusiness()
    const other = await ownerWithBusiness()
    const saveDraft = async (token: string, businessId: string, kycDetailTypeId: string) => {
      const res = await api('/draft-forms', {
        method: 'POST',
        token,
        json: { businessId, kycDetailTypeId, data: { values: { line1: 'half typed' } } },
      })
      expect(res.status, await res.clone().text()).toBe(201)
      return ((await res.json()) as { id: string }).id
    }
    // 'none' for a step without a draft (200 with null), 'kept' for one with a draft.
    const draftStatus = async (token: string, businessId: string, type: string) => {
      const res = await api(`/draft-forms/${businessId}/${type}`, { token })
      expect(res.status).toBe(200)
      return (await res.json()) === null ? 'none' : 'kept'
    }
    const mine = [
      await saveDraft(owner.token, business.id, 'ADDRESSES'),
      await saveDraft(owner.token, business.id, 'SHAREHOLDERS'),
    ]
    const others = await saveDraft(other.owner.token, other.business.id, 'ADDRESSES')

    expect((await complete(owner.token, business.id)).status).toBe(409)
    expect(await draftStatus(owner.token, business.id, 'ADDRESSES')).toBe('kept')

    const details = await completeCapture(business.id)
    await uploadRequiredRc(owner.token, business, details.id)
    const done = await complete(owner.token, business.id)
    expect(done.status, await done.clone().text()).toBe(200)
    expect(await draftStatus(owner.token, business.id, 'ADDRESSES')).toBe('none')
    expect(await draftStatus(owner.token, business.id, 'SHAREHOLDERS')).toBe('none')
    expect(await draftStatus(other.owner.token, other.business.id, 'ADDRESSES')).toBe('kept')
    const db = await getDb()
    const deleted = await db
      .select()
      .from(audits)
      .where(and(eq(audits.resource, 'draft_form'), eq(audits.action, 'DELETE'), inArray(audits.resourceId, [...mine, others])))
    expect(deleted.map((a) => a.resourceId).sort()).toEqual([...mine].sort())
  })

  it('sends a DECLINED business back to PENDING review, audited as a resubmission', async () => {
    const { owner, business } = await ownerWithBusiness('RC', { approvalStatus: 'DECLINED', kycDetailsCompleted: true })
    const details = await completeCapture(business.id)
    await uploadRequiredRc(owner.token, business, details.id)
    const res = await complete(owner.token, business.id)
    expect(res.status, await res.clone().text()).toBe(200)
    expect((await res.json()) as Business).toMatchObject({ approvalStatus: 'PENDING', kycDetailsCompleted: true })
    const db = await getDb()
    const [audit] = await db
      .select()
      .from(audits)
      .where(and(eq(audits.resourceId, business.id), eq(audits.action, 'KYC_RESUBMITTED')))
    expect(audit!.before).toMatchObject({ approvalStatus: 'DECLINED' })
    expect(audit!.after).toMatchObject({ approvalStatus: 'PENDING' })
    const [stored] = await db.select().from(businesses).where(eq(businesses.id, business.id))
    expect(Math.abs(stored!.kycCompletedAt!.getTime() - audit!.createdAt.getTime())).toBeLessThan(5_000)
  })

  it('answers INVALID_STATE for an approved business, 404 for strangers and 403 for members who cannot edit the KYC', async () => {
    const { owner, business } = await ownerWithBusiness('RC', { approvalStatus: 'APPROVED', kycDetailsCompleted: true })
    const approved = await complete(owner.token, business.id)
    expect(approved.status).toBe(409)
    expect((await errorsOf(approved))[0]).toMatchObject({ code: 'INVALID_STATE', message: expect.stringMatching(/APPROVED/) })

    const { owner: other, business: pending } = await ownerWithBusiness()
    expect((await complete(owner.token, pending.id)).status).toBe(404)
    const reader = await signedInUser({ businesses: [{ businessId: pending.id, permissions: ['CAN_READ_BUSINESS'] }] })
    expect((await complete(reader.token, pending.id)).status).toBe(403)
    expect((await complete(other.token, 'not-an-id')).status).toBe(400)

    const db = await getDb()
    const [row] = await db.select().from(businesses).where(eq(businesses.id, pending.id))
    expect(row!.kycDetailsCompleted).toBe(false)
  })

  it('lets only one of two simultaneous completions through', async () => {
    const { owner, business } = await ownerWithBusiness()
    const details = await completeCapture(business.id)
    await uploadRequiredRc(owner.token, business, details.id)
    const answers = await Promise.all([
      complete(owner.token, business.id),
      complete(owner.token, business.id),
      complete(owner.token, business.id),
    ])
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409, 409])
    const db = await getDb()
    expect(
      await db
        .select()
        .from(audits)
        .where(and(eq(audits.resourceId, business.id), eq(audits.action, 'KYC_COMPLETED'))),
    ).toHaveLength(1)
  })
})

describe('findDocumentGaps for approval', () => {
  it('needs CAC documents approved and deferrals approved and not overdue', async () => {
    const { owner, business } = await ownerWithBusiness()
    const details = await createKycDetails(business.id)
    await uploadRequiredRc(owner.token, business, details.id, ['MEMART'])
    const deferral = await requestDeferral(owner.token, business.id, 'MEMART', 10)
    const db = await getDb()

    expect(await findDocumentGaps(db, { businessId: business.id, forApproval: false })).toEqual([])
    const pending = await findDocumentGaps(db, { businessId: business.id, forApproval: true })
    expect(pending.map((g) => g.code).sort()).toEqual([
      'CAC_DOCUMENT_NOT_APPROVED',
      'CAC_DOCUMENT_NOT_APPROVED',
      'CAC_DOCUMENT_NOT_APPROVED',
      'DEFERRAL_PENDING',
    ])
    expect(pending.map((g) => g.field).sort()).toEqual([
      'documents.CAC_2',
      'documents.CAC_STATUS_REPORT',
      'documents.CERTIFICATE_OF_INCORPORATION',
      'documents.MEMART',
    ])

    await db
      .update(kycDocuments)
      .set({ status: 'APPROVED', reviewedAt: new Date() })
      .where(eq(kycDocuments.kycDetailsId, details.id))
    const decidedAt = new Date('2026-03-01T10:00:00Z')
    await approveDeferralDirectly(deferral.id, decidedAt)
    expect(
      await findDocumentGaps(db, { businessId: business.id, forApproval: true, now: new Date('2026-03-05T00:00:00Z') }),
    ).toEqual([])
    const late = await findDocumentGaps(db, { businessId: business.id, forApproval: true, now: new Date('2026-03-12T00:00:00Z') })
    expect(late).toEqual([
      expect.objectContaining({
        code: 'DEFERRAL_OVERDUE',
        field: 'documents.MEMART',
        message: 'The deferral for Memorandum and Articles of Association is overdue since 11-Mar-2026. Upload it.',
      }),
    ])

    // Every current CAC document must be approved, even one whose alternative (the status report) is.
    expect((await attach(owner.token, business, details.id, 'CAC_7')).status).toBe(201)
    const extra = await findDocumentGaps(db, {
      businessId: business.id,
      forApproval: true,
      now: new Date('2026-03-05T00:00:00Z'),
    })
    expect(extra.map((g) => [g.code, g.field])).toEqual([['CAC_DOCUMENT_NOT_APPROVED', 'documents.CAC_7']])
  })
})
