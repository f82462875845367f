import { and, eq } from 'drizzle-orm'
import type { BusinessDecisionInput } from '@/lib/contracts/reviews'
import { statusWords } from '@/lib/format/status-words'
import { appendAudit, type AuditContext } from '@/server/audit/append-audit'
import type { Database } from '@/server/db/client'
import { businessComments, businesses, businessReviewEvents } from '@/server/db/schema'
import { writeTogether } from '@/server/db/write-together'
import { assertStaffWithAny } from '@/server/http/access'
import { AppError } from '@/server/http/app-error'
import type { Actor } from '@/server/http/context'
import { assertFourEyes } from '@/server/http/four-eyes'
import { notifyOwnersOfDecision } from '@/server/integrations/mail/owner-mail'
import { portalLinks } from '@/server/integrations/mail/portal-links'
import { businessDecisionMail } from '@/server/integrations/mail/templates'
import { claimDocumentDecisions } from '@/server/modules/cac-review/review-digest'
import {
  assertRiskApprovable,
  clearFirstApproval,
  riskApprovalStep,
  type RiskApprovalStep,
} from '@/server/modules/risk/approval-rules'
import { enqueueWebhookEvent } from '@/server/modules/webhooks/enqueue'
import { lockBusinessRow, toBusiness, toBusinessWithBlocking } from '@/server/records/business-record'
import { displayName } from '@/server/records/display-name'
import { reviewWaitOf } from '@/server/records/review-wait'
import { notifyUsers } from '../notifications/notify-users'
import { findApprovalChecks, hitsAdjudicatedBy, itemsWaivedBy, makerOfKyc, STATE_CHECKS } from './approval-checks'
import { REVIEW_DECIDE } from './review-access'

const invalidState = (status: string, decision: string) =>
  new AppError(
    'INVALID_STATE',
    `The business is ${statusWords(status)}: only a business waiting for a decision can be ${decision === 'APPROVED' ? 'approved' : 'declined'}`,
  )

/**
 * `PUT /businesses/{id}/approve`: PENDING → APPROVED (every precondition met) or DECLINED (with a reason). One
 * conditional UPDATE, the decision in the comment thread and the review events, and the audit row, in one
 * transaction; the owners are e-mailed the outcome and the reason after it commits, with the review's document
 * decisions in the same e-mail.
 */
export async function decideBusiness(options: {
  db: Database
  actor: Actor
  id: string
  input: { decision: BusinessDecisionInput['decision']; comment?: string; reportReference?: string }
  audit: AuditContext
  now?: Date
}) {
  const { db, actor, id, input, now = new Date() } = options
  assertStaffWithAny(actor, REVIEW_DECIDE)
  // businessDecisionInputSchema has trimmed the comment and refused a decline without one.
  const comment = input.comment || null

  const decision = await db.transaction(async (tx) => {
    // Held until commit: KYC writes take the same row lock (kycWriteTransaction), so none can change a document or the
    // registration between these checks and the UPDATE below.
    const before = await lockBusinessRow(tx, id)
    if (!before) throw new AppError('NOT_FOUND', 'Business not found')
    assertFourEyes(actor, before, 'decide it')
    // Preconditions are judged on a PENDING business; any other state is refused below by the conditional UPDATE,
    // which alone decides between concurrent deciders (it is the only state gate, on PGlite and PostgreSQL alike).
    let riskStep: RiskApprovalStep | null = null
    if (input.decision === 'APPROVED' && before.approvalStatus === 'PENDING') {
      // docs/risk.md#approval: a prohibited business is refused before anything else.
      await assertRiskApprovable(tx, { business: before, audit: options.audit, now })
      // docs/domain.md#verification-of-kyc-details: whoever waived a check leaves the approval to another reviewer.
      if ((await itemsWaivedBy(tx, id, actor.userId)).length)
        throw new AppError('FOUR_EYES', 'You waived a verification check of this business, so another reviewer must approve it')
      // docs/screening.md#adjudication: whoever cleared a screening candidate leaves the approval to another reviewer.
      if ((await hitsAdjudicatedBy(tx, id, actor.userId)).length)
        throw new AppError(
          'FOUR_EYES',
          'You adjudicated a screening candidate of this business, so another reviewer must approve it',
        )
      // Whoever changed the KYC as staff or recorded a verification result since the submission made what is approved.
      const made = await makerOfKyc(tx, id, actor.userId)
      if (made) throw new AppError('FOUR_EYES', made)
      const unmet = (await findApprovalChecks(tx, before, now)).filter((c) => !c.met && !STATE_CHECKS.has(c.code))
      if (unmet.length) {
        const details = unmet.flatMap((c) =>
          (c.details.length ? c.details : [c.label]).map((detail) => ({
            code: 'PRECONDITION_FAILED' as const,
            field: c.code,
            message: `${c.label}: ${detail}`,
          })),
        )
        throw new AppError(
          'PRECONDITION_FAILED',
          `The business cannot be approved yet: ${unmet.map((c) => c.label.toLowerCase()).join('; ')}`,
          { details },
        )
      }
      // docs/risk.md#approval: PROHIBITED never; HIGH twice, the second by senior management. The tier sets the
      // recertification date.
      riskStep = await riskApprovalStep(tx, { business: before, actor, audit: options.audit, now, comment })
      if (riskStep.kind === 'FIRST_APPROVAL') return { firstApproval: riskStep, after: before, documents: [] }
    }

    // docs/screening.md#adjudication: a decline over a true sanctions match records the NFIU report reference.
    const reportReference = input.reportReference || null
    if (input.decision === 'DECLINED' && before.screeningStatus === 'SANCTIONED' && !reportReference) {
      throw new AppError(
        'VALIDATION_FAILED',
        'A true sanctions match was confirmed: give the reference of the report filed with the NFIU to decline',
        { field: 'reportReference' },
      )
    }
    const changes =
      input.decision === 'APPROVED'
        ? {
            approvalStatus: 'APPROVED' as const,
            approvedAt: now,
            recertificationDate: riskStep?.kind === 'APPROVE' ? riskStep.recertificationDate : null,
            updatedAt: now,
          }
        : // The business fixes what the reason says and marks its KYC complete again (docs/domain.md#business).
          { approvalStatus: 'DECLINED' as const, kycDetailsCompleted: false, updatedAt: now }
    // The conditions the checks read are repeated in the UPDATE: a concurrent decision or change makes it match nothing.
    const guard =
      input.decision === 'APPROVED'
        ? and(
            eq(businesses.id, id),
            eq(businesses.approvalStatus, 'PENDING'),
            eq(businesses.kycDetailsCompleted, true),
            eq(businesses.archiveStatus, 'ACTIVE'),
          )
        : and(eq(businesses.id, id), eq(businesses.approvalStatus, 'PENDING'))
    const [after] = await tx.update(businesses).set(changes).where(guard).returning()
    if (!after) {
      const [latest] = await tx.select({ status: businesses.approvalStatus }).from(businesses).where(eq(businesses.id, id))
      if (latest?.status !== 'PENDING') throw invalidState(latest?.status ?? 'gone', input.decision)
      throw new AppError(
        'INVALID_STATE',
        'The business changed while you decided (archived or its KYC reopened); reload it and try again',
      )
    }

    const authorName = displayName(actor)
    // One round trip: the decision in the comment thread and the review events, and a decline's end of the wait for a
    // senior approval.
    await writeTogether(tx, [
      ...(input.decision === 'DECLINED' ? [clearFirstApproval(tx, id)] : []),
      tx.insert(businessComments).values({
        businessId: id,
        authorId: actor.userId,
        authorName,
        body: comment ?? '',
        decision: input.decision,
        createdAt: now,
      }),
      tx.insert(businessReviewEvents).values({
        businessId: id,
        kind: 'DECISION',
        decision: input.decision,
        reason: comment,
        reportReference,
        // The wait this decision ends, for the operations dashboard (docs/operations-dashboard.md#what-is-stored).
        ...reviewWaitOf(id, now),
        actorId: actor.userId,
        actorName: authorName,
        createdAt: now,
      }),
    ])
    await appendAudit(tx, options.audit, {
      resource: 'business',
      resourceId: id,
      action: input.decision === 'APPROVED' ? 'APPROVE' : 'DECLINE',
      before: toBusiness(before, { now }),
      after: { ...toBusiness(after, { now }), decisionComment: comment, ...(reportReference ? { reportReference } : {}) },
    })
    await enqueueWebhookEvent(tx, {
      type: 'business.decided',
      data: { businessId: id, approvalStatus: after.approvalStatus, decidedBy: actor.userId, decidedAt: now.toISOString() },
      at: now,
    })
    await notifyUsers(tx, {
      userIds: 'members',
      kind: 'DECISION',
      businessId: id,
      readers: [],
      title: `${after.name} was ${input.decision === 'APPROVED' ? 'approved' : 'declined'}`,
      target: { type: 'business-dashboard', id },
      actorId: actor.userId,
      now,
    })
    // The review's document decisions travel in this decision's one e-mail (docs/domain.md#review-e-mails).
    return { firstApproval: null, after, documents: await claimDocumentDecisions(tx, id, now) }
  })
  const { after: decided, documents } = decision
  if (decision.firstApproval) {
    // Nothing is decided yet: the owners hear of the decision once the senior approval is given.
    return {
      ...(await toBusinessWithBlocking(db, decided, now)),
      decision: {
        decision: input.decision,
        comment,
        decidedAt: now.toISOString(),
        decidedBy: decision.firstApproval.approvedBy,
        seniorApprovalPending: true,
      },
    }
  }

  await notifyOwnersOfDecision(
    db,
    decided,
    businessDecisionMail({
      businessName: decided.name,
      approved: input.decision === 'APPROVED',
      comment,
      recertificationDate: decided.recertificationDate,
      documents,
      url: portalLinks.businessDashboard(decided.id),
    }),
  )
  return {
    ...(await toBusinessWithBlocking(db, decided, now)),
    decision: { decision: input.decision, comment, decidedAt: now.toISOString(), decidedBy: displayName(actor) },
  }
}
