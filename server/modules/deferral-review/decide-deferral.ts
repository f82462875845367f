import { and, eq } from 'drizzle-orm'
import type { ReviewDecision } from '@/lib/contracts/cac-review'
import { DAY_MS, isoDay } from '@/lib/format/iso-day'
import { statusWords } from '@/lib/format/status-words'
import { PERMISSIONS } from '@/lib/permissions/names'
import { appendAudit, type AuditContext } from '@/server/audit/append-audit'
import type { Database } from '@/server/db/client'
import { deferrals, kycDocumentTypes } from '@/server/db/schema'
import { assertStaffWithAny } from '@/server/http/access'
import { AppError } from '@/server/http/app-error'
import type { Actor } from '@/server/http/context'
import { assertFourEyes } from '@/server/http/four-eyes'
import { notifyOwnersOfDecision } from '@/server/integrations/mail/owner-mail'
import { deferralDecisionMail, documentsUrl } from '@/server/modules/cac-review/review-mails'
import { deferralAuditView } from '@/server/modules/deferrals/deferral-view'
import { enqueueWebhookEvent } from '@/server/modules/webhooks/enqueue'
import { getBusinessRow } from '@/server/records/business-record'
import { findStaffDeferral } from './find-staff-deferrals'

/** Deciding a deferral, one or in bulk: the routes' access and the service's check. */
export const DEFERRAL_DECIDE = PERMISSIONS.CAN_APPROVE_DEFERRAL

/**
 * `PUT /deferrals/approval/{deferralId}` (docs/domain.md#deferral): PENDING → APPROVED (due date = decision time +
 * days) or REJECTED (a comment needed), by staff holding CAN_APPROVE_DEFERRAL, never the requester nor a member of the
 * business (403 FOUR_EYES). One conditional UPDATE and its audit row in one transaction: of concurrent deciders one
 * wins, the others get 409 INVALID_STATE naming the status. The owners are e-mailed the outcome once it commits.
 */
export async function decideDeferral(options: {
  db: Database
  actor: Actor
  id: string
  input: { decision: ReviewDecision; comment?: string }
  audit: AuditContext
  now?: Date
}) {
  const { db, actor, input } = options
  const now = options.now ?? new Date()
  assertStaffWithAny(actor, DEFERRAL_DECIDE)
  const comment = input.comment?.trim() || null
  if (input.decision === 'REJECTED' && !comment)
    throw new AppError('VALIDATION_FAILED', 'Give the reason for rejecting: the business sees it', { field: 'comment' })

  const [current] = await db
    .select({ deferral: deferrals, typeName: kycDocumentTypes.name })
    .from(deferrals)
    .innerJoin(kycDocumentTypes, eq(kycDocumentTypes.id, deferrals.documentTypeId))
    .where(eq(deferrals.id, options.id))
  if (!current) throw new AppError('NOT_FOUND', 'Deferral not found')
  const business = await getBusinessRow(db, current.deferral.businessId)
  if (current.deferral.requestedBy === actor.userId)
    throw new AppError('FOUR_EYES', 'You requested this deferral, so another reviewer must decide it')
  assertFourEyes(actor, { id: business.id, createdBy: null }, 'decide its deferrals')

  const decided = await db.transaction(async (tx) => {
    const changes =
      input.decision === 'APPROVED'
        ? { status: 'APPROVED' as const, dueDate: new Date(now.getTime() + current.deferral.days * DAY_MS) }
        : { status: 'REJECTED' as const, dueDate: null }
    const [after] = await tx
      .update(deferrals)
      .set({ ...changes, decidedBy: actor.userId, decidedAt: now, decisionComment: comment, updatedAt: now })
      .where(and(eq(deferrals.id, options.id), eq(deferrals.status, 'PENDING')))
      .returning()
    if (!after) {
      const [latest] = await tx.select({ status: deferrals.status }).from(deferrals).where(eq(deferrals.id, options.id))
      throw new AppError(
        'INVALID_STATE',
        `The deferral is ${latest ? statusWords(latest.status) : 'gone'}: only a pending deferral can be ${input.decision === 'APPROVED' ? 'approved' : 'declined'}`,
      )
    }
    await appendAudit(tx, options.audit, {
      resource: 'deferral',
      resourceId: after.id,
      action: input.decision === 'APPROVED' ? 'APPROVE' : 'REJECT',
      before: deferralAuditView(current.deferral),
      after: deferralAuditView(after),
    })
    await enqueueWebhookEvent(tx, {
      type: 'deferral.decided',
      data: {
        deferralId: after.id,
        businessId: after.businessId,
        documentTypeId: after.documentTypeId,
        status: after.status,
        dueDate: after.dueDate?.toISOString() ?? null,
        decidedBy: actor.userId,
        decidedAt: now.toISOString(),
      },
      at: now,
    })
    return after
  })

  await notifyOwnersOfDecision(
    db,
    business,
    deferralDecisionMail({
      businessName: business.name,
      documentName: current.typeName,
      approved: decided.status === 'APPROVED',
      comment,
      dueDate: decided.dueDate ? isoDay(decided.dueDate) : null,
      url: documentsUrl(business.id),
    }),
  )
  return (await findStaffDeferral(db, decided.id, now))!
}
