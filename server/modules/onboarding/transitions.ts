import { eq } from 'drizzle-orm'
import type { z } from 'zod'
import type { onboardingDecisionSchema } from '@/lib/contracts/onboarding'
import { EDITABLE_ONBOARDING_STATUSES, type OnboardingStatus } from '@/lib/contracts/product-values'
import { statusWords } from '@/lib/format/status-words'
import { PERMISSIONS as P } from '@/lib/permissions/names'
import { appendAudit, type AuditContext } from '@/server/audit/append-audit'
import type { Database } from '@/server/db/client'
import { onboardingProducts } from '@/server/db/schema'
import { AppError } from '@/server/http/app-error'
import type { Actor } from '@/server/http/context'
import { assertFourEyes } from '@/server/http/four-eyes'
import { notifyOwnersOfDecision } from '@/server/integrations/mail/owner-mail'
import { portalLinks } from '@/server/integrations/mail/portal-links'
import { productDecisionMail } from '@/server/integrations/mail/templates'
import { requirementsOf } from '@/server/modules/products/product-record'
import { enqueueWebhookEvent } from '@/server/modules/webhooks/enqueue'
import { APPLY_PERMISSION } from './apply'
import {
  answersOf,
  businessRefusals,
  byId,
  currentStatus,
  findJoined,
  inStatuses,
  invalidState,
  getOnboardingRow,
  missingRequired,
  preconditionFailed,
  toDetail,
  type JoinedOnboarding,
} from './onboarding-record'

type Decision = z.output<typeof onboardingDecisionSchema>
type Changes = Partial<typeof onboardingProducts.$inferInsert>

/**
 * One transition: a single conditional UPDATE (`WHERE status IN from`) and its audit row in one transaction. A row
 * that moved meanwhile answers 409 INVALID_STATE naming the state it is in now.
 */
async function transition(options: {
  db: Database
  row: JoinedOnboarding
  from: readonly OnboardingStatus[]
  to: OnboardingStatus
  set: Changes
  action: string
  verb: string
  audit: AuditContext
  comment?: string
  /** A staff decision (approve, decline, go live): delivered to webhooks as `onboarding.decided`. */
  decidedBy?: string
}) {
  const { db, row } = options
  const id = row.onboarding.id
  await db.transaction(async (tx) => {
    const [updated] = await tx
      .update(onboardingProducts)
      .set({ ...options.set, status: options.to, updatedAt: new Date() })
      .where(byId(id, inStatuses(options.from)))
      .returning()
    if (!updated) throw invalidState(options.verb, await currentStatus(tx, id))
    await appendAudit(tx, options.audit, {
      resource: 'onboarding_product',
      resourceId: id,
      action: options.action,
      before: { status: row.onboarding.status },
      after: { status: updated.status, ...(options.comment ? { comment: options.comment } : {}) },
    })
    if (options.decidedBy) {
      await enqueueWebhookEvent(tx, {
        type: 'onboarding.decided',
        data: {
          onboardingId: id,
          businessId: updated.businessId,
          productId: updated.productId,
          status: updated.status,
          decidedBy: options.decidedBy,
          decidedAt: updated.updatedAt.toISOString(),
        },
        at: updated.updatedAt,
      })
    }
  })
  return toDetail(db, (await findJoined(db, eq(onboardingProducts.id, id)))!)
}

/**
 * PUT /onboarding-products/{id}/submit: PENDING, or DECLINED after an answer changed, → IN_REVIEW. Every required
 * requirement of the product's current version must be answered, the product still offered and the business
 * neither archived nor blocked (409 PRECONDITION_FAILED, one entry each). The submitted version is pinned.
 */
export async function submitOnboarding(options: { db: Database; actor: Actor; id: string; audit: AuditContext }) {
  const { db } = options
  const row = await getOnboardingRow({ db, actor: options.actor, id: options.id, permission: APPLY_PERMISSION })
  const o = row.onboarding
  if (!EDITABLE_ONBOARDING_STATUSES.includes(o.status)) throw invalidState('submit', o.status)

  const version = row.product.requirementsVersion
  const requirements = await requirementsOf(db, o.productId, version)
  const reasons: { message: string; field?: string }[] = missingRequired(requirements, await answersOf(db, o.id)).map((r) => ({
    message: `Answer “${r.label}”`,
    field: `requirements.${r.key}`,
  }))
  if (!row.product.live || !row.product.active) reasons.push({ message: `${row.product.name} is not offered at the moment` })
  for (const message of await businessRefusals(db, row.business)) reasons.push({ message })
  if (o.status === 'DECLINED' && (!o.answersUpdatedAt || !o.decidedAt || o.answersUpdatedAt <= o.decidedAt)) {
    reasons.push({ message: 'Change at least one answer after the decline before submitting again' })
  }
  if (reasons.length) throw preconditionFailed(reasons)

  return transition({
    db,
    row,
    from: EDITABLE_ONBOARDING_STATUSES,
    to: 'IN_REVIEW',
    set: { submittedAt: new Date(), requirementsVersion: version },
    action: o.status === 'DECLINED' ? 'RESUBMIT' : 'SUBMIT',
    verb: 'submit',
    audit: options.audit,
  })
}

/**
 * PUT /onboarding-products/approve/{id} (staff, CAN_APPROVE_ONBOARDING_PRODUCT): IN_REVIEW → APPROVED or DECLINED.
 * Approving needs the business APPROVED and neither archived nor blocked; declining needs a comment (schema). Never by
 * whoever registered the business, belongs to it or applied (403 FOUR_EYES), as for every other decision. The owners get
 * one e-mail with the outcome (and the reason) once it commits.
 */
export async function decideOnboarding(options: {
  db: Database
  actor: Actor
  id: string
  input: Decision
  audit: AuditContext
}) {
  const { db, actor, input } = options
  const row = await findJoined(db, eq(onboardingProducts.id, options.id))
  if (!row) throw new AppError('NOT_FOUND', 'Onboarding product not found')
  const verb = input.decision === 'APPROVED' ? 'approve' : 'decline'
  assertFourEyes(actor, row.business, `${verb} this application`, [row.onboarding.createdBy])
  if (row.onboarding.status !== 'IN_REVIEW') throw invalidState(verb, row.onboarding.status)
  if (input.decision === 'APPROVED') {
    const reasons: { message: string; field?: string }[] = []
    if (row.business.approvalStatus !== 'APPROVED') {
      reasons.push({
        message: `The business must be approved first (it is ${statusWords(row.business.approvalStatus)})`,
        field: 'business.approvalStatus',
      })
    }
    for (const message of await businessRefusals(db, row.business)) reasons.push({ message })
    if (reasons.length) throw preconditionFailed(reasons)
  }
  const detail = await transition({
    db,
    row,
    from: ['IN_REVIEW'],
    to: input.decision,
    set: { decidedAt: new Date(), decidedBy: actor.userId, decisionComment: input.comment ?? null },
    action: input.decision === 'APPROVED' ? 'APPROVE' : 'DECLINE',
    verb,
    audit: options.audit,
    comment: input.comment,
    decidedBy: actor.userId,
  })
  await mailProductDecision(db, row, input.decision, input.comment ?? null)
  return detail
}

/** One e-mail per decision on an application (approved, declined with the reason, live), after it commits. */
async function mailProductDecision(
  db: Database,
  row: JoinedOnboarding,
  decision: 'APPROVED' | 'DECLINED' | 'COMPLETED',
  comment: string | null,
) {
  await notifyOwnersOfDecision(
    db,
    row.business,
    productDecisionMail({
      businessName: row.business.name,
      productName: row.product.name,
      decision,
      comment,
      url: portalLinks.productApplication(row.product.code, row.business.id),
    }),
  )
}

/** PUT /onboarding-products/completed/{id} (staff, CAN_APPROVE_ONBOARDING_PRODUCT): APPROVED → COMPLETED (live). */
export async function completeOnboarding(options: { db: Database; actor: Actor; id: string; audit: AuditContext }) {
  const { db, actor } = options
  const row = await findJoined(db, eq(onboardingProducts.id, options.id))
  if (!row) throw new AppError('NOT_FOUND', 'Onboarding product not found')
  assertFourEyes(actor, row.business, 'mark this application completed', [row.onboarding.createdBy])
  if (row.onboarding.status !== 'APPROVED') throw invalidState('mark it completed', row.onboarding.status)
  const detail = await transition({
    db,
    row,
    from: ['APPROVED'],
    to: 'COMPLETED',
    set: { completedAt: new Date(), completedBy: actor.userId },
    action: 'COMPLETE',
    verb: 'mark it completed',
    audit: options.audit,
    decidedBy: actor.userId,
  })
  await mailProductDecision(db, row, 'COMPLETED', null)
  return detail
}

/** The business removes what is not under review or decided in its favour; staff anything not yet live. */
const REMOVABLE_BY_BUSINESS: readonly OnboardingStatus[] = ['PENDING', 'DECLINED']
const REMOVABLE_BY_STAFF: readonly OnboardingStatus[] = ['PENDING', 'IN_REVIEW', 'APPROVED', 'DECLINED']

export const REMOVE_PERMISSION = P.CAN_REMOVE_ONBOARDED_PRODUCT

/** DELETE /onboarding-products/{id} (CAN_REMOVE_ONBOARDED_PRODUCT): → REMOVED; the record and its answers stay. */
export async function removeOnboarding(options: { db: Database; actor: Actor; id: string; audit: AuditContext }) {
  const { db, actor } = options
  const row = await getOnboardingRow({ db, actor, id: options.id, permission: REMOVE_PERMISSION })
  const allowed = actor.isStaff ? REMOVABLE_BY_STAFF : REMOVABLE_BY_BUSINESS
  if (!allowed.includes(row.onboarding.status)) throw invalidState('remove it', row.onboarding.status)
  return transition({
    db,
    row,
    from: allowed,
    to: 'REMOVED',
    set: { removedAt: new Date(), removedBy: actor.userId },
    action: 'REMOVE',
    verb: 'remove it',
    audit: options.audit,
  })
}
