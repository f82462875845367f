import { and, eq, inArray, isNull } from 'drizzle-orm'
import type { ReviewDecision } from '@/lib/contracts/cac-review'
import { statusWords } from '@/lib/format/status-words'
import { PERMISSIONS } from '@/lib/permissions/names'
import { appendAudit, type AuditContext } from '@/server/audit/append-audit'
import type { Database, Tx } from '@/server/db/client'
import { kycDetails, kycDocuments, kycDocumentTypes, type KycDocument } from '@/server/db/schema'
import { assertStaffWithAny } from '@/server/http/access'
import { AppError } from '@/server/http/app-error'
import type { Actor } from '@/server/http/context'
import { assertFourEyes } from '@/server/http/four-eyes'
import { notifyOwnersOfDecision } from '@/server/integrations/mail/owner-mail'
import { documentAuditView, selectKycDocuments, toKycDocument } from '@/server/modules/kyc-documents/document-view'
import { enqueueWebhookEvent } from '@/server/modules/webhooks/enqueue'
import { getBusinessRow } from '@/server/records/business-record'
import { getCacReview } from './find-cac-reviews'
import { claimDocumentDecisions, mailDocumentReviewIfOver } from './review-digest'
import { documentDecisionMail, documentsUrl, reuploadRequestMail } from './review-mails'

interface DecisionInput {
  decision: ReviewDecision
  comment?: string
}

const verb = (decision: ReviewDecision) => (decision === 'APPROVED' ? 'approved' : 'rejected')

/** Describes the current statuses for a 409: "approved", or "approved and declined". */
const describeStatuses = (rows: readonly { status: string }[]) =>
  [...new Set(rows.map((r) => r.status))]
    .sort()
    .map((s) => statusWords(s))
    .join(' and ')

/**
 * Decides these PENDING documents in the caller's transaction: one conditional UPDATE (a document decided or replaced
 * meanwhile is left out) and an audit row per document decided. Answers the documents it changed.
 */
async function decidePendingDocuments(
  tx: Tx,
  options: { ids: string[]; input: DecisionInput; actor: Actor; audit: AuditContext; now: Date; before: KycDocument[] },
) {
  const { input, now } = options
  const comment = input.comment?.trim() || null
  const decided = await tx
    .update(kycDocuments)
    .set({ status: input.decision, reviewComment: comment, reviewedBy: options.actor.userId, reviewedAt: now, updatedAt: now })
    .where(and(inArray(kycDocuments.id, options.ids), eq(kycDocuments.status, 'PENDING'), isNull(kycDocuments.supersededAt)))
    .returning()
  for (const row of decided) {
    const before = options.before.find((b) => b.id === row.id)
    await appendAudit(tx, options.audit, {
      resource: 'kyc_document',
      resourceId: row.id,
      action: input.decision === 'APPROVED' ? 'APPROVE' : 'REJECT',
      before: before ? documentAuditView(before) : undefined,
      after: { ...documentAuditView(row), reviewedBy: row.reviewedBy, reviewedAt: row.reviewedAt },
    })
    await enqueueWebhookEvent(tx, {
      type: 'document.decided',
      data: {
        documentId: row.id,
        businessId: row.businessId,
        kycDetailsId: row.kycDetailsId,
        documentTypeId: row.documentTypeId,
        status: row.status,
        decidedBy: options.actor.userId,
        decidedAt: now.toISOString(),
      },
      at: now,
    })
  }
  return decided
}

/** Deciding a business's CAC documents, one business or in bulk: the routes' access and the service's check. */
export const CAC_DECIDE = PERMISSIONS.CAN_APPROVE_CAC_DOCUMENT
/** Reviewing one CAC document or asking for it again. */
export const CAC_DOCUMENT_REVIEWERS = [PERMISSIONS.CAN_APPROVE_BUSINESS, PERMISSIONS.CAN_APPROVE_CAC_DOCUMENT] as const

/**
 * `PUT /kyc/cac-documents-approval/{kycDetailsId}`: decides every current CAC document of the KYC record that is
 * PENDING (docs/domain.md#kyc-documents: PENDING → APPROVED or REJECTED, a comment needed to reject). None pending →
 * 409 INVALID_STATE naming their status. Never by whoever registered the business, belongs to it or uploaded one of the
 * documents (403 FOUR_EYES). The decision is one review: the owners get one e-mail with its outcome and reason (and any
 * other document decision not told yet) once it commits (docs/domain.md#review-e-mails).
 */
export async function decideCacDocuments(options: {
  db: Database
  actor: Actor
  kycDetailsId: string
  input: DecisionInput
  audit: AuditContext
  now?: Date
}) {
  const { db, actor, input } = options
  const now = options.now ?? new Date()
  assertStaffWithAny(actor, CAC_DECIDE)
  if (input.decision === 'REJECTED' && !input.comment?.trim()) {
    throw new AppError('VALIDATION_FAILED', 'Give the reason for rejecting: the business sees it', { field: 'comment' })
  }
  const [details] = await db
    .select({ id: kycDetails.id, businessId: kycDetails.businessId })
    .from(kycDetails)
    .where(eq(kycDetails.id, options.kycDetailsId))
  if (!details) throw new AppError('NOT_FOUND', 'KYC record not found')
  const business = await getBusinessRow(db, details.businessId)
  assertFourEyes(actor, business, 'decide its CAC documents')

  const decided = await db.transaction(async (tx) => {
    const current = await tx
      .select({ document: kycDocuments, typeName: kycDocumentTypes.name })
      .from(kycDocuments)
      .innerJoin(kycDocumentTypes, eq(kycDocumentTypes.id, kycDocuments.documentTypeId))
      .where(and(eq(kycDocuments.kycDetailsId, details.id), eq(kycDocumentTypes.isCac, true), isNull(kycDocuments.supersededAt)))
    if (!current.length) throw new AppError('INVALID_STATE', 'This KYC record has no CAC document to decide')
    const pending = current.filter((c) => c.document.status === 'PENDING')
    if (!pending.length) {
      throw new AppError(
        'INVALID_STATE',
        `The CAC documents are ${describeStatuses(current.map((c) => c.document))}: only pending documents can be ${verb(input.decision)}`,
      )
    }
    if (pending.some((p) => p.document.uploadedBy === actor.userId)) {
      throw new AppError('FOUR_EYES', 'You uploaded one of these documents, so another reviewer must decide them')
    }
    const rows = await decidePendingDocuments(tx, {
      ids: pending.map((p) => p.document.id),
      input,
      actor,
      audit: options.audit,
      now,
      before: pending.map((p) => p.document),
    })
    if (!rows.length) {
      throw new AppError(
        'INVALID_STATE',
        'The CAC documents were decided or replaced while you reviewed them; reload and try again',
      )
    }
    return claimDocumentDecisions(tx, business.id, now)
  })

  if (decided.length) {
    await notifyOwnersOfDecision(
      db,
      business,
      documentDecisionMail({ businessName: business.name, documents: decided, url: documentsUrl(business.id) }),
    )
  }
  return getCacReview({ db, actor, kycDetailsId: details.id })
}

async function currentDocumentOrThrow(db: Database, id: string) {
  const [row] = await selectKycDocuments(db, eq(kycDocuments.id, id))
  if (!row) throw new AppError('NOT_FOUND', 'Document not found')
  if (row.document.supersededAt)
    throw new AppError('INVALID_STATE', 'This document was replaced by a newer upload; review the current one')
  return row
}

/** A CAC document is decided by CAN_APPROVE_CAC_DOCUMENT; any other by the business reviewer (CAN_APPROVE_BUSINESS). */
const deciderOf = (isCac: boolean) => (isCac ? PERMISSIONS.CAN_APPROVE_CAC_DOCUMENT : PERMISSIONS.CAN_APPROVE_BUSINESS)

/**
 * `PUT /kyc/documents/{id}/review`: decides one current, PENDING document (any type; CAC ones need
 * CAN_APPROVE_CAC_DOCUMENT, others CAN_APPROVE_BUSINESS). Same rules as the CAC decision. No e-mail of its own: the
 * owners hear of it in its review's one e-mail (docs/domain.md#review-e-mails).
 */
export async function reviewDocument(options: {
  db: Database
  actor: Actor
  id: string
  input: DecisionInput
  audit: AuditContext
  now?: Date
}) {
  const { db, actor, input } = options
  const now = options.now ?? new Date()
  assertStaffWithAny(actor, ...CAC_DOCUMENT_REVIEWERS)
  if (input.decision === 'REJECTED' && !input.comment?.trim()) {
    throw new AppError('VALIDATION_FAILED', 'Give the reason for rejecting: the business sees it', { field: 'comment' })
  }
  const current = await currentDocumentOrThrow(db, options.id)
  assertStaffWithAny(actor, deciderOf(current.type.isCac))
  const business = await getBusinessRow(db, current.document.businessId)
  assertFourEyes(actor, business, 'decide this document', [current.document.uploadedBy])

  await db.transaction(async (tx) => {
    const rows = await decidePendingDocuments(tx, {
      ids: [current.document.id],
      input,
      actor,
      audit: options.audit,
      now,
      before: [current.document],
    })
    if (!rows.length) {
      const [latest] = await tx
        .select({ status: kycDocuments.status, supersededAt: kycDocuments.supersededAt })
        .from(kycDocuments)
        .where(eq(kycDocuments.id, current.document.id))
      const state = !latest ? 'gone' : statusWords(latest.supersededAt ? 'SUPERSEDED' : latest.status)
      throw new AppError('INVALID_STATE', `The document is ${state}: only a pending document can be ${verb(input.decision)}`)
    }
  })
  await mailDocumentReviewIfOver(db, await getBusinessRow(db, business.id), now)
  const [row] = await selectKycDocuments(db, eq(kycDocuments.id, current.document.id))
  return toKycDocument(row!)
}

/**
 * `POST /kyc/documents/{id}/reupload-request`: asks the business to upload the current document again, with the
 * reason (staff with CAN_APPROVE_BUSINESS or CAN_APPROVE_CAC_DOCUMENT, four-eyes). One open request per document: the
 * business's next upload of the type resolves it. The document page and outstanding list show the reason; the owners
 * get it by e-mail.
 */
export async function requestReupload(options: {
  db: Database
  actor: Actor
  id: string
  reason: string
  audit: AuditContext
  now?: Date
}) {
  const { db, actor } = options
  const now = options.now ?? new Date()
  assertStaffWithAny(actor, ...CAC_DOCUMENT_REVIEWERS)
  const reason = options.reason.trim()
  const current = await currentDocumentOrThrow(db, options.id)
  const business = await getBusinessRow(db, current.document.businessId)
  assertFourEyes(actor, business, 'ask for a new upload', [current.document.uploadedBy])

  await db.transaction(async (tx) => {
    const [after] = await tx
      .update(kycDocuments)
      .set({
        reuploadReason: reason,
        reuploadRequestedBy: actor.userId,
        reuploadRequestedAt: now,
        reuploadResolvedAt: null,
        updatedAt: now,
      })
      .where(
        and(
          eq(kycDocuments.id, current.document.id),
          isNull(kycDocuments.supersededAt),
          isNull(kycDocuments.reuploadRequestedAt),
        ),
      )
      .returning()
    if (!after) {
      const [latest] = await tx.select().from(kycDocuments).where(eq(kycDocuments.id, current.document.id))
      if (latest?.supersededAt)
        throw new AppError('INVALID_STATE', 'This document was replaced by a newer upload; review the current one')
      throw new AppError(
        'INVALID_STATE',
        `A new upload is already asked for this document (${latest?.reuploadReason ?? 'no reason'}); wait for it`,
      )
    }
    await appendAudit(tx, options.audit, {
      resource: 'kyc_document',
      resourceId: after.id,
      action: 'REQUEST_REUPLOAD',
      before: documentAuditView(current.document),
      after: { ...documentAuditView(after), reuploadRequestedBy: after.reuploadRequestedBy },
    })
  })
  await notifyOwnersOfDecision(
    db,
    business,
    reuploadRequestMail({ businessName: business.name, documentName: current.type.name, reason, url: documentsUrl(business.id) }),
  )
  const [row] = await selectKycDocuments(db, eq(kycDocuments.id, current.document.id))
  return toKycDocument(row!)
}
