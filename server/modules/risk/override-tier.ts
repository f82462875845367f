import { and, eq, isNull } from 'drizzle-orm'
import type { ScoredRiskTier } from '@/lib/contracts/risk-values'
import { appendAudit, type AuditContext } from '@/server/audit/append-audit'
import type { Database, Executor, Tx } from '@/server/db/client'
import { riskOverrides } from '@/server/db/schema'
import { assertStaffWithAny } from '@/server/http/access'
import { AppError } from '@/server/http/app-error'
import type { Actor } from '@/server/http/context'
import { configNeedsFourEyes } from '@/server/modules/authorizations/config-four-eyes'
import { registerKinds } from '@/server/modules/authorizations/kinds'
import { defineKind } from '@/server/modules/authorizations/kinds/kind'
import type { Snapshot } from '@/server/modules/authorizations/records'
import { requestAuthorization } from '@/server/modules/authorizations/request-authorization'
import { getBusinessRowOrThrow, lockBusinessRow } from '@/server/records/business-record'
import { moveRecertificationDate } from './recertification'
import { RISK_OVERRIDERS } from './risk-access'
import { activeRiskModel } from './risk-models'
import { currentAssessment, currentOverride, effectiveTier, keepTierInForce } from './risk-state'

export interface OverrideProposal {
  businessId: string
  tier: ScoredRiskTier
  reason: string
}

async function riskSnapshot(db: Executor, businessId: string): Promise<Snapshot | null> {
  const [assessment, override] = await Promise.all([currentAssessment(db, businessId), currentOverride(db, businessId)])
  if (!assessment) return null
  return { computedTier: assessment.tier, override: override ? override.tier : 'none' }
}

/**
 * Applies an approved override (or one made at once without four-eyes): the current one ends, the new one records the
 * computed tier it was set over, and an approved business whose tier in force changes gets its recertification date
 * moved. Audited in `tx`.
 */
export async function applyRiskOverride(
  tx: Tx,
  options: { proposal: OverrideProposal; proposedBy: string; approvedBy: string; audit: AuditContext; now?: Date },
) {
  const { proposal, audit, now = new Date() } = options
  const business = await lockBusinessRow(tx, proposal.businessId)
  if (!business) throw new AppError('NOT_FOUND', 'Business not found')
  const [assessment, previous] = await Promise.all([
    currentAssessment(tx, proposal.businessId),
    currentOverride(tx, proposal.businessId),
  ])
  if (!assessment) throw new AppError('PRECONDITION_FAILED', 'The business has not been assessed yet: submit its KYC first')
  if (assessment.tier === 'PROHIBITED')
    throw new AppError('INVALID_STATE', 'The business is prohibited (a true sanctions match): its tier cannot be overridden')
  if (previous)
    await tx
      .update(riskOverrides)
      .set({ endedAt: now })
      .where(and(eq(riskOverrides.id, previous.id), isNull(riskOverrides.endedAt)))
  const [created] = await tx
    .insert(riskOverrides)
    .values({
      businessId: proposal.businessId,
      tier: proposal.tier,
      reason: proposal.reason,
      computedTier: assessment.tier,
      proposedBy: options.proposedBy,
      approvedBy: options.approvedBy,
      createdAt: now,
    })
    .returning()
  await appendAudit(tx, audit, {
    resource: 'risk_override',
    resourceId: created!.id,
    action: 'CREATE',
    before: previous ? { tier: previous.tier, reason: previous.reason } : null,
    after: {
      businessId: proposal.businessId,
      tier: proposal.tier,
      reason: proposal.reason,
      computedTier: assessment.tier,
      proposedBy: options.proposedBy,
      approvedBy: options.approvedBy,
    },
  })
  const from = effectiveTier(assessment.tier, previous)
  const to = effectiveTier(assessment.tier, created)
  if (business.riskTier !== to) await keepTierInForce(tx, proposal.businessId, to)
  if (from !== to) await moveRecertificationDate(tx, { business, model: (await activeRiskModel(tx)).model, from, to, audit, now })
  return created!
}

/** `POST /businesses/{id}/risk/override`: a tier over the computed one, with a reason, through four-eyes (RISK_TIER_OVERRIDE). */
export async function requestRiskOverride(options: {
  db: Database
  actor: Actor
  audit: AuditContext
  businessId: string
  input: { tier: ScoredRiskTier; reason: string }
}) {
  const { db, actor, businessId, input } = options
  assertStaffWithAny(actor, ...RISK_OVERRIDERS)
  const business = await getBusinessRowOrThrow({ db, actor, id: businessId })
  const before = await riskSnapshot(db, businessId)
  if (!before) throw new AppError('PRECONDITION_FAILED', 'The business has not been assessed yet: submit its KYC first')
  if (before.computedTier === 'PROHIBITED')
    throw new AppError('INVALID_STATE', 'The business is prohibited (a true sanctions match): its tier cannot be overridden')
  const proposal: OverrideProposal = { businessId, tier: input.tier, reason: input.reason }
  if (!configNeedsFourEyes()) {
    await db.transaction((tx) =>
      applyRiskOverride(tx, { proposal, proposedBy: actor.userId, approvedBy: actor.userId, audit: options.audit }),
    )
    return { pending: null }
  }
  const pending = await requestAuthorization({
    db,
    actor,
    audit: options.audit,
    type: 'RISK_TIER_OVERRIDE',
    resource: 'business_risk',
    resourceId: businessId,
    targetKey: `risk-override:${businessId}`,
    target: business.name,
    proposal: { ...proposal },
    before,
    reason: input.reason,
  })
  return { pending }
}

/** RISK_TIER_OVERRIDE: stale when the computed tier or the override changed since the request. */
export const riskOverrideKind = defineKind<OverrideProposal>({
  type: 'RISK_TIER_OVERRIDE',
  resource: 'business_risk',
  creates: false,
  labels: { computedTier: 'Computed tier', override: 'Override' },
  current: (db, row) => riskSnapshot(db, row.resourceId!),
  proposed: async (_db, p, before) => ({ computedTier: before?.computedTier ?? null, override: p.tier }),
  async apply(tx, audit, row, actors) {
    await applyRiskOverride(tx, { proposal: row.proposal, proposedBy: actors.makerId, approvedBy: actors.checkerId, audit })
    return { resourceId: row.resourceId }
  },
})

registerKinds(riskOverrideKind)
