import { eq, inArray } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import type { BulkResult, CacReviewRow } from '@/lib/contracts/cac-review'
import type { DocumentChecklist, KycDocument } from '@/lib/contracts/kyc-documents'
import type { Page } from '@/lib/contracts/pagination'
import { getDb } from '@/server/db/client'
import { kycDocuments } from '@/server/db/schema'
import { api, errorsOf, latestMail, signedInUser } from './helpers'
import { attach } from './kyc-document-fixtures'
import { auditRows, businessWithCacDocuments, businessWithKyc, insertDocument, json, post, put } from './staff-review-fixtures'

type User = Awaited<ReturnType<typeof signedInUser>>
let approver: User
let secondApprover: User
let officer: User
let auditor: User

beforeAll(async () => {
  ;[approver, secondApprover, officer, auditor] = await Promise.all([
    signedInUser({ staffRole: 'APPROVER' }),
    signedInUser({ staffRole: 'APPROVER' }),
    signedInUser({ staffRole: 'ONBOARDING_OFFICER' }),
    signedInUser({ staffRole: 'AUDITOR' }),
  ])
})

const decide = (kycDetailsId: string, token: string, body: unknown) =>
  put(`/kyc/cac-documents-approval/${kycDetailsId}`, token, body)
const queue = (token: string, query = '') => api(`/kyc/cac-documents-for-reviews?pageSize=100${query}`, { token })

async function documentRow(id: string) {
  const db = await getDb()
  const [row] = await db.select().from(kycDocuments).where(eq(kycDocuments.id, id))
  return row!
}

describe('the CAC review queue', () => {
  it('lists one row per submitted KYC record with its current CAC documents, and filters by status and name', async () => {
    const { business, kycDetailsId, certificate, cac2, tin } = await businessWithCacDocuments()
    const capturing = await businessWithCacDocuments({ submitted: false })

    const page = await json<Page<CacReviewRow>>(
      await queue(approver.token, `&businessName=${encodeURIComponent(business.name.slice(0, 30).toUpperCase())}`),
    )
    expect(page).toMatchObject({ pageNumber: 1, pageSize: 100, totalElements: 1, totalPages: 1 })
    const [row] = page.content
    expect(row).toMatchObject({
      kycDetailsId,
      business: {
        id: business.id,
        name: business.name,
        regNo: business.regNo,
        registrationClass: 'RC',
        approvalStatus: 'PENDING',
      },
      status: 'PENDING',
      pendingCount: 2,
      reviewedAt: null,
    })
    // CAC documents only: the TIN certificate is not a CAC form.
    expect(row!.documents.map((d) => d.id).sort()).toEqual([certificate.id, cac2.id].sort())
    expect(row!.documents.map((d) => d.id)).not.toContain(tin.id)
    expect(row!.documents[0]!.file).toMatchObject({ contentType: 'application/pdf', url: expect.stringContaining('/files/') })

    const all = await json<Page<CacReviewRow>>(await queue(approver.token, '&status=PENDING'))
    const ids = all.content.map((r) => r.kycDetailsId)
    expect(ids).toContain(kycDetailsId)
    // Still capturing its KYC for the first time: nobody reviews it yet.
    expect(ids).not.toContain(capturing.kycDetailsId)
    expect(
      (await json<Page<CacReviewRow>>(await queue(approver.token, '&status=APPROVED'))).content.map((r) => r.kycDetailsId),
    ).not.toContain(kycDetailsId)

    // Auditors (read permission) may look; business users and officers without either permission may not.
    expect((await queue(auditor.token)).status).toBe(200)
    expect((await queue(officer.token)).status).toBe(200) // ONBOARDING_OFFICER holds CAN_READ_BUSINESS
    const { owner } = await businessWithCacDocuments()
    expect((await queue(owner.token)).status).toBe(403)
    expect((await api('/kyc/cac-documents-for-reviews')).status).toBe(401)
    const bad = await queue(approver.token, '&status=DECLINED&from=yesterday&pageSize=500')
    expect(bad.status).toBe(400)
    expect((await errorsOf(bad)).map((e) => e.field).sort()).toEqual(['from', 'pageSize', 'status'])
  })

  it('filters by the latest upload date and pages oldest first on request', async () => {
    const old = await businessWithKyc()
    await insertDocument({
      businessId: old.business.id,
      kycDetailsId: old.kycDetailsId,
      code: 'CAC_7',
      createdAt: new Date('2020-01-10T10:00:00Z'),
    })
    const inRange = await json<Page<CacReviewRow>>(await queue(approver.token, '&from=2020-01-10&to=2020-01-10'))
    expect(inRange.content.map((r) => r.kycDetailsId)).toEqual([old.kycDetailsId])
    expect((await json<Page<CacReviewRow>>(await queue(approver.token, '&to=2020-01-09'))).content).toEqual([])
    const oldestFirst = await json<Page<CacReviewRow>>(
      await api('/kyc/cac-documents-for-reviews?recentFirst=false&pageSize=1', { token: approver.token }),
    )
    expect(oldestFirst.content[0]!.kycDetailsId).toBe(old.kycDetailsId)
    expect(oldestFirst.totalPages).toBe(oldestFirst.totalElements)
  })

  it('answers one KYC record, 404 when it has no CAC document', async () => {
    const { kycDetailsId } = await businessWithCacDocuments()
    expect(
      await json<CacReviewRow>(await api(`/kyc/cac-documents-for-reviews/${kycDetailsId}`, { token: approver.token })),
    ).toMatchObject({ kycDetailsId, status: 'PENDING' })
    const empty = await businessWithKyc()
    expect((await api(`/kyc/cac-documents-for-reviews/${empty.kycDetailsId}`, { token: approver.token })).status).toBe(404)
  })
})

describe('deciding the CAC documents of a KYC record', () => {
  it('approves every PENDING CAC document, audits each, e-mails the owner, and refuses a second decision with 409 naming the state', async () => {
    const { owner, kycDetailsId, certificate, cac2, tin } = await businessWithCacDocuments()
    const row = await json<CacReviewRow>(
      await decide(kycDetailsId, approver.token, { decision: 'APPROVED', comment: 'Matches the CAC registry.' }),
    )
    expect(row).toMatchObject({ status: 'APPROVED', pendingCount: 0 })
    expect(row.reviewedAt).not.toBeNull()
    for (const d of row.documents)
      expect(d).toMatchObject({ status: 'APPROVED', reviewComment: 'Matches the CAC registry.', reviewedBy: approver.user.id })
    // Not a CAC document: untouched.
    expect((await documentRow(tin.id)).status).toBe('PENDING')

    for (const id of [certificate.id, cac2.id]) {
      const [audit] = await auditRows(id, 'APPROVE')
      expect(audit).toMatchObject({ actorId: approver.user.id, resource: 'kyc_document' })
      expect(audit!.before).toMatchObject({ status: 'PENDING' })
      expect(audit!.after).toMatchObject({ status: 'APPROVED' })
    }
    const mail = await latestMail(owner.user.email, 'documents-approved')
    expect(mail?.text).toContain('Matches the CAC registry.')

    const again = await decide(kycDetailsId, secondApprover.token, { decision: 'REJECTED', comment: 'Second look' })
    expect(again.status).toBe(409)
    expect((await errorsOf(again))[0]).toMatchObject({ code: 'INVALID_STATE', message: expect.stringContaining('approved') })
  })

  it('needs a comment to reject (400 naming comment); a rejection reaches the owner with the reason and a new upload is PENDING again', async () => {
    const { owner, business, kycDetailsId, certificate } = await businessWithCacDocuments()
    for (const body of [{ decision: 'REJECTED' }, { decision: 'REJECTED', comment: '   ' }]) {
      const res = await decide(kycDetailsId, approver.token, body)
      expect(res.status).toBe(400)
      expect((await errorsOf(res))[0]).toMatchObject({ code: 'VALIDATION_FAILED', field: 'comment' })
    }
    const bad = await decide(kycDetailsId, approver.token, { decision: 'DECLINED' })
    expect((await errorsOf(bad))[0]).toMatchObject({ field: 'decision' })

    const rejected = await json<CacReviewRow>(
      await decide(kycDetailsId, approver.token, {
        decision: 'REJECTED',
        comment: 'The name on the certificate differs from the registration.',
      }),
    )
    expect(rejected.status).toBe('REJECTED')
    expect((await latestMail(owner.user.email, 'documents-rejected'))?.text).toContain(
      'The name on the certificate differs from the registration.',
    )
    expect(
      (await json<Page<CacReviewRow>>(await queue(approver.token, '&status=REJECTED'))).content.map((r) => r.kycDetailsId),
    ).toContain(kycDetailsId)

    // The business replaces the certificate through the ordinary upload: the new one is PENDING, the record back in the queue.
    const replaced = await json<KycDocument>(
      await attach(owner.token, business, kycDetailsId, 'CERTIFICATE_OF_INCORPORATION'),
      201,
    )
    expect(replaced.status).toBe('PENDING')
    expect((await documentRow(certificate.id)).supersededAt).not.toBeNull()
    const back = await json<CacReviewRow>(await api(`/kyc/cac-documents-for-reviews/${kycDetailsId}`, { token: approver.token }))
    expect(back).toMatchObject({ status: 'PENDING', pendingCount: 1 })
    expect(back.documents.map((d) => d.id)).toContain(replaced.id)
    // Only the new upload is decided now.
    const approved = await json<CacReviewRow>(await decide(kycDetailsId, approver.token, { decision: 'APPROVED' }))
    expect(approved.documents.map((d) => [d.documentType.code, d.status]).sort()).toEqual([
      ['CAC_2', 'REJECTED'],
      ['CERTIFICATE_OF_INCORPORATION', 'APPROVED'],
    ])
  })

  it('four-eyes: the business creator, a member of the business and the uploader of a document are refused with 403 FOUR_EYES', async () => {
    const creator = await signedInUser({ staffRole: 'APPROVER' })
    const created = await businessWithCacDocuments({ createdBy: creator.user.id })
    const byCreator = await decide(created.kycDetailsId, creator.token, { decision: 'APPROVED' })
    expect(byCreator.status).toBe(403)
    expect((await errorsOf(byCreator))[0]!.code).toBe('FOUR_EYES')

    const uploaderSetup = await businessWithKyc()
    const uploader = await signedInUser({ staffRole: 'APPROVER' })
    await insertDocument({
      businessId: uploaderSetup.business.id,
      kycDetailsId: uploaderSetup.kycDetailsId,
      code: 'CAC_2',
      uploadedBy: uploader.user.id,
    })
    const byUploader = await decide(uploaderSetup.kycDetailsId, uploader.token, { decision: 'APPROVED' })
    expect(byUploader.status).toBe(403)
    expect((await errorsOf(byUploader))[0]!.code).toBe('FOUR_EYES')

    const memberSetup = await businessWithCacDocuments()
    const member = await signedInUser({
      staffRole: 'APPROVER',
      businesses: [{ businessId: memberSetup.business.id, role: 'BUSINESS_MEMBER' }],
    })
    expect((await errorsOf(await decide(memberSetup.kycDetailsId, member.token, { decision: 'APPROVED' })))[0]!.code).toBe(
      'FOUR_EYES',
    )
    // Nothing was decided by the refused calls.
    expect((await documentRow(created.certificate.id)).status).toBe('PENDING')
  })

  it('refuses business users, staff without CAN_APPROVE_CAC_DOCUMENT, unknown records and records without CAC documents', async () => {
    const { owner, kycDetailsId } = await businessWithCacDocuments()
    expect((await decide(kycDetailsId, owner.token, { decision: 'APPROVED' })).status).toBe(403)
    expect((await decide(kycDetailsId, officer.token, { decision: 'APPROVED' })).status).toBe(403)
    expect((await decide(kycDetailsId, auditor.token, { decision: 'APPROVED' })).status).toBe(403)
    expect(
      (await api(`/kyc/cac-documents-approval/${kycDetailsId}`, { method: 'PUT', json: { decision: 'APPROVED' } })).status,
    ).toBe(401)
    expect((await decide('00000000-0000-4000-8000-000000000000', approver.token, { decision: 'APPROVED' })).status).toBe(404)
    const notUuid = await decide('abc', approver.token, { decision: 'APPROVED' })
    expect((await errorsOf(notUuid))[0]).toMatchObject({ code: 'VALIDATION_FAILED', field: 'kycDetailsId' })
    const none = await businessWithKyc()
    const empty = await decide(none.kycDetailsId, approver.token, { decision: 'APPROVED' })
    expect(empty.status).toBe(409)
    expect((await errorsOf(empty))[0]!.code).toBe('INVALID_STATE')
  })

  it('10 parallel approvals of one KYC record: exactly one 200, nine 409, one audit row per document', async () => {
    const { kycDetailsId, certificate, cac2 } = await businessWithCacDocuments()
    const reviewers = [
      approver,
      secondApprover,
      ...(await Promise.all(Array.from({ length: 8 }, () => signedInUser({ staffRole: 'APPROVER' })))),
    ]
    const answers = await Promise.all(reviewers.map((r) => decide(kycDetailsId, r.token, { decision: 'APPROVED' })))
    expect(answers.map((r) => r.status).sort()).toEqual([200, ...Array(9).fill(409)])
    for (const res of answers.filter((r) => r.status === 409)) expect((await errorsOf(res))[0]!.code).toBe('INVALID_STATE')
    expect(await auditRows(certificate.id, 'APPROVE')).toHaveLength(1)
    expect(await auditRows(cac2.id, 'APPROVE')).toHaveLength(1)
  })
})

describe('bulk CAC decisions', () => {
  it('decides each KYC record on its own and reports every item', async () => {
    const [first, second, decided] = await Promise.all([
      businessWithCacDocuments(),
      businessWithCacDocuments(),
      businessWithCacDocuments(),
    ])
    await json(await decide(decided.kycDetailsId, approver.token, { decision: 'APPROVED' }))
    const creator = await signedInUser({ staffRole: 'APPROVER' })
    const own = await businessWithCacDocuments({ createdBy: creator.user.id })
    const unknown = '00000000-0000-4000-8000-000000000001'

    const answer = await json<BulkResult>(
      await put('/kyc/cac-documents-approval', creator.token, {
        ids: [first.kycDetailsId, decided.kycDetailsId, unknown, own.kycDetailsId, second.kycDetailsId],
        decision: 'REJECTED',
        comment: 'Blurred scans: upload clearer copies.',
      }),
    )
    expect(answer).toEqual({
      succeeded: 2,
      failed: 3,
      results: [
        { id: first.kycDetailsId, status: 200 },
        { id: decided.kycDetailsId, status: 409, code: 'INVALID_STATE', message: expect.stringContaining('approved') },
        { id: unknown, status: 404, code: 'NOT_FOUND', message: expect.any(String) },
        { id: own.kycDetailsId, status: 403, code: 'FOUR_EYES', message: expect.any(String) },
        { id: second.kycDetailsId, status: 200 },
      ],
    })
    const db = await getDb()
    const rows = await db
      .select()
      .from(kycDocuments)
      .where(inArray(kycDocuments.id, [first.certificate.id, second.cac2.id, own.certificate.id]))
    expect(rows.map((r) => [r.id, r.status, r.reviewComment]).sort()).toEqual(
      [
        [first.certificate.id, 'REJECTED', 'Blurred scans: upload clearer copies.'],
        [second.cac2.id, 'REJECTED', 'Blurred scans: upload clearer copies.'],
        [own.certificate.id, 'PENDING', null],
      ].sort(),
    )
    expect((await latestMail(first.owner.user.email, 'documents-rejected'))?.text).toContain('Blurred scans')
  })

  it('validates the whole request first: a shared comment to reject, ids as UUIDs without repeats, and the permission', async () => {
    const { kycDetailsId } = await businessWithCacDocuments()
    const noComment = await put('/kyc/cac-documents-approval', approver.token, { ids: [kycDetailsId], decision: 'REJECTED' })
    expect((await errorsOf(noComment))[0]).toMatchObject({ code: 'VALIDATION_FAILED', field: 'comment' })
    expect(
      (await errorsOf(await put('/kyc/cac-documents-approval', approver.token, { ids: [], decision: 'APPROVED' })))[0]!.field,
    ).toBe('ids')
    expect(
      (
        await errorsOf(
          await put('/kyc/cac-documents-approval', approver.token, { ids: [kycDetailsId, kycDetailsId], decision: 'APPROVED' }),
        )
      )[0]!.field,
    ).toBe('ids')
    expect(
      (await errorsOf(await put('/kyc/cac-documents-approval', approver.token, { ids: ['x'], decision: 'APPROVED' })))[0]!.field,
    ).toBe('ids.0')
    expect((await put('/kyc/cac-documents-approval', officer.token, { ids: [kycDetailsId], decision: 'APPROVED' })).status).toBe(
      403,
    )
    expect((await documentRow((await businessWithCacDocuments()).certificate.id)).status).toBe('PENDING')
  })
})

describe('re-upload requests', () => {
  it('records the reason on the current document, audits, e-mails the owner, shows it on the checklist, and is resolved by the next upload', async () => {
    const { owner, business, kycDetailsId, tin } = await businessWithCacDocuments()
    const reason = 'The TIN certificate is cut off at the bottom; scan the whole page.'
    const doc = await json<KycDocument>(
      await post(`/kyc/documents/${tin.id}/reupload-request`, approver.token, { reason: `  ${reason} ` }),
    )
    expect(doc).toMatchObject({
      id: tin.id,
      reuploadReason: reason,
      reuploadRequestedBy: approver.user.id,
      reuploadResolvedAt: null,
    })
    expect(doc.reuploadRequestedAt).not.toBeNull()
    const [audit] = await auditRows(tin.id, 'REQUEST_REUPLOAD')
    expect(audit).toMatchObject({ actorId: approver.user.id })
    expect(audit!.after).toMatchObject({ reuploadReason: reason })
    const mail = await latestMail(owner.user.email, 'document-reupload-requested')
    expect(mail?.text).toContain(reason)

    // The business sees the request and its reason on its documents page.
    const checklist = await json<DocumentChecklist>(await api(`/kyc/document-checklist/${business.id}`, { token: owner.token }))
    expect(checklist.items.find((i) => i.documentType.code === 'TIN_CERTIFICATE')).toMatchObject({
      state: 'REUPLOAD_REQUESTED',
      document: { reuploadReason: reason },
    })

    const twice = await post(`/kyc/documents/${tin.id}/reupload-request`, secondApprover.token, { reason: 'Another reason here' })
    expect(twice.status).toBe(409)
    expect((await errorsOf(twice))[0]).toMatchObject({ code: 'INVALID_STATE', message: expect.stringContaining('already asked') })

    const replaced = await json<KycDocument>(await attach(owner.token, business, kycDetailsId, 'TIN_CERTIFICATE'), 201)
    const old = await documentRow(tin.id)
    expect(old.reuploadResolvedAt).not.toBeNull()
    expect(old.supersededAt).not.toBeNull()
    // The old one is history now; a request on it is refused, the new one can be asked again.
    const onOld = await post(`/kyc/documents/${tin.id}/reupload-request`, approver.token, { reason: 'Still blurred, sorry' })
    expect((await errorsOf(onOld))[0]).toMatchObject({ code: 'INVALID_STATE', message: expect.stringContaining('replaced') })
    expect(
      (await post(`/kyc/documents/${replaced.id}/reupload-request`, approver.token, { reason: 'Still blurred, sorry' })).status,
    ).toBe(200)
  })

  it('refuses a short reason, business users, staff who may not decide, four-eyes and unknown documents', async () => {
    const creator = await signedInUser({ staffRole: 'APPROVER' })
    const { owner, certificate } = await businessWithCacDocuments({ createdBy: creator.user.id })
    const short = await post(`/kyc/documents/${certificate.id}/reupload-request`, approver.token, { reason: 'bad' })
    expect((await errorsOf(short))[0]).toMatchObject({ code: 'VALIDATION_FAILED', field: 'reason' })
    expect(
      (await post(`/kyc/documents/${certificate.id}/reupload-request`, owner.token, { reason: 'Please upload again' })).status,
    ).toBe(403)
    expect(
      (await post(`/kyc/documents/${certificate.id}/reupload-request`, officer.token, { reason: 'Please upload again' })).status,
    ).toBe(403)
    expect(
      (
        await errorsOf(
          await post(`/kyc/documents/${certificate.id}/reupload-request`, creator.token, { reason: 'Please upload again' }),
        )
      )[0]!.code,
    ).toBe('FOUR_EYES')
    expect(
      (
        await post('/kyc/documents/00000000-0000-4000-8000-000000000000/reupload-request', approver.token, {
          reason: 'Please upload again',
        })
      ).status,
    ).toBe(404)
    expect((await documentRow(certificate.id)).reuploadRequestedAt).toBeNull()
  })
})

describe('deciding one document', () => {
  it('decides a PENDING document: CAC ones need CAN_APPROVE_CAC_DOCUMENT, others CAN_APPROVE_BUSINESS; 409 once decided', async () => {
    const { tin, certificate } = await businessWithCacDocuments()
    const cacOnly = await signedInUser({ staffPermissions: ['CAN_APPROVE_CAC_DOCUMENT'] })
    const refused = await put(`/kyc/documents/${tin.id}/review`, cacOnly.token, { decision: 'APPROVED' })
    expect(refused.status).toBe(403)
    expect((await put(`/kyc/documents/${certificate.id}/review`, cacOnly.token, { decision: 'APPROVED' })).status).toBe(200)

    expect(
      (await errorsOf(await put(`/kyc/documents/${tin.id}/review`, approver.token, { decision: 'REJECTED' })))[0]!.field,
    ).toBe('comment')
    const rejected = await json<KycDocument>(
      await put(`/kyc/documents/${tin.id}/review`, approver.token, { decision: 'REJECTED', comment: 'Expired certificate' }),
    )
    expect(rejected).toMatchObject({ status: 'REJECTED', reviewComment: 'Expired certificate', reviewedBy: approver.user.id })
    expect(await auditRows(tin.id, 'REJECT')).toHaveLength(1)
    const again = await put(`/kyc/documents/${tin.id}/review`, secondApprover.token, { decision: 'APPROVED' })
    expect(again.status).toBe(409)
    expect((await errorsOf(again))[0]!.message).toContain('declined')
  })
})

describe('the contract', () => {
  it('lists every call in /openapi.json', async () => {
    const doc = (await (await api('/openapi.json')).json()) as { paths: Record<string, Record<string, unknown>> }
    const expected: Array<[string, string]> = [
      ['/kyc/cac-documents-for-reviews', 'get'],
      ['/kyc/cac-documents-for-reviews/{kycDetailsId}', 'get'],
      ['/kyc/cac-documents-approval', 'put'],
      ['/kyc/cac-documents-approval/{kycDetailsId}', 'put'],
      ['/kyc/documents/{id}/reupload-request', 'post'],
      ['/kyc/documents/{id}/review', 'put'],
    ]
    for (const [path, method] of expected) expect(doc.paths[`/api/v1${path}`]?.[method], `${method} ${path}`).toBeDefined()
  })
})
