import { eq } from 'drizzle-orm'
import { isoDay } from '@/lib/format/iso-day'
import { appendAudit, type AuditContext } from '@/server/audit/append-audit'
import type { Tx } from '@/server/db/client'
import { riskFirstApprovals, type Business } from '@/server/db/schema'
import { AppError } from '@/server/http/app-error'
import type { Actor } from '@/server/http/context'
import { permissionRefused } from '@/server/http/refusals'
import { recertificationDateFor } from './recertification'
import { recomputeRisk } from './recompute-risk'
import { HIGH_RISK_APPROVERS } from './risk-access'
import { activeRiskModel } from './risk-models'
import { currentAssessment, currentOverride, effectiveTier } from './risk-state'

export type RiskApprovalStep =
  /** A HIGH business's first approval was recorded: it waits for the senior approval. */
  | { kind: 'FIRST_APPROVAL'; approvedBy: string }
  /** The approval may complete: the recertification date the business's tier gives. */
  | { kind: 'APPROVE'; recertificationDate: string }

/**
 * What the business's risk requires of an approval that passed every other check (docs/risk.md#approval), in the
 * decision's transaction with the business row locked. PROHIBITED: never (409 RISK_PROHIBITED). HIGH: the first
 * approval is recorded and the business stays PENDING; the next approval must come from someone else (403 FOUR_EYES)
 * holding CAN_APPROVE_HIGH_RISK (403). A business never assessed (submitted before the risk model) is assessed now.
 */
export async function riskApprovalStep(
  tx: Tx,
  options: { business: Business; actor: Actor; audit: AuditContext; now: Date; comment?: string | null },
): Promise<RiskApprovalStep> {
  const { business, actor, audit, now } = options
  const { tier, assessment } = await assertRiskApprovable(tx, options)
  const [first] = await tx.select().from(riskFirstApprovals).where(eq(riskFirstApprovals.businessId, business.id))
  if (tier === 'HIGH') {
    if (!first) {
      const approverName = `${actor.firstName} ${actor.lastName}`.trim()
      await tx.insert(riskFirstApprovals).values({
        businessId: business.id,
        approvedBy: actor.userId,
        approverName,
        comment: options.comment ?? null,
        approvedAt: now,
      })
      await appendAudit(tx, audit, {
        resource: 'business',
        resourceId: business.id,
        action: 'FIRST_APPROVAL',
        after: {
          riskTier: tier,
          riskScore: assessment.score,
          modelVersion: assessment.modelVersion,
          waitingFor: 'senior approval',
        },
      })
      return { kind: 'FIRST_APPROVAL', approvedBy: approverName }
    }
    if (first.approvedBy === actor.userId)
      throw new AppError(
        'FOUR_EYES',
        'You gave this high-risk business its first approval, so someone else in senior management must give the second',
      )
    if (!HIGH_RISK_APPROVERS.some((p) => actor.staffPermissions.has(p)))
      throw permissionRefused([...HIGH_RISK_APPROVERS], { scope: 'staff' })
  }
  if (first) await tx.delete(riskFirstApprovals).where(eq(riskFirstApprovals.businessId, business.id))
  const model = await activeRiskModel(tx)
  return { kind: 'APPROVE', recertificationDate: recertificationDateFor(model.model, tier, isoDay(now)) }
}

/**
 * Refuses the approval of a PROHIBITED business (409 RISK_PROHIBITED) before any other check: nothing else could make
 * it approvable. A business never assessed (submitted before the risk model) is assessed now. Answers its tier in force.
 */
export async function assertRiskApprovable(tx: Tx, options: { business: Business; audit: AuditContext; now: Date }) {
  const { business, audit, now } = options
  const assessment =
    (await currentAssessment(tx, business.id)) ??
    (await recomputeRisk(tx, { businessId: business.id, reason: 'REQUESTED', audit, now }))?.assessment
  if (!assessment) throw new AppError('NOT_FOUND', 'Business not found')
  const tier = effectiveTier(assessment.tier, await currentOverride(tx, business.id))
  if (tier === 'PROHIBITED')
    throw new AppError(
      'RISK_PROHIBITED',
      'The business is prohibited: a true sanctions match was confirmed, so it can only be declined (with the NFIU report reference)',
    )
  return { tier, assessment }
}

/**
 * A decline ends the wait for a senior approval: a new submission starts the approvals again. The delete as built, run
 * when awaited (or with the decision's other writes: writeTogether).
 */
export function clearFirstApproval(tx: Tx, businessId: string) {
  return tx.delete(riskFirstApprovals).where(eq(riskFirstApprovals.businessId, businessId))
}
