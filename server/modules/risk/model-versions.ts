import { and, asc, eq, gt, inArray, isNull, max, ne, or, sql } from 'drizzle-orm'
import type { RiskModel } from '@/lib/contracts/risk'
import type { RiskTier } from '@/lib/contracts/risk-values'
import { describeRiskModel } from '@/lib/format/risk-model'
import { appendAudit, type AuditContext } from '@/server/audit/append-audit'
import type { Database, Executor, Tx } from '@/server/db/client'
import { businessCategories, businesses, riskAssessments, riskJobs, riskModels } from '@/server/db/schema'
import { assertStaffWithAny } from '@/server/http/access'
import { AppError } from '@/server/http/app-error'
import type { Actor } from '@/server/http/context'
import { configNeedsFourEyes } from '@/server/modules/authorizations/config-four-eyes'
import { registerKinds } from '@/server/modules/authorizations/kinds'
import { defineKind } from '@/server/modules/authorizations/kinds/kind'
import type { Snapshot } from '@/server/modules/authorizations/records'
import { requestAuthorization } from '@/server/modules/authorizations/request-authorization'
import { assessBusiness } from './assess-business'
import { RISK_MODEL_MANAGERS, RISK_MODEL_READERS } from './risk-access'
import { gatherRiskFacts } from './risk-facts'
import { activeRiskModel, getRiskModel, toModelVersions } from './risk-models'

/** The businesses a model applies to: submitted and waiting, or approved; not archived (as screening monitors). */
export const assessedBusinesses = and(
  eq(businesses.archiveStatus, 'ACTIVE'),
  or(
    eq(businesses.approvalStatus, 'APPROVED'),
    and(eq(businesses.approvalStatus, 'PENDING'), eq(businesses.kycDetailsCompleted, true)),
  ),
)

/** Sector names the model lists must be business categories: a misspelt one would silently never apply. */
async function assertKnownSectors(db: Executor, model: RiskModel) {
  if (!model.sectors.length) return
  const known = new Set(
    (await db.select({ name: businessCategories.name }).from(businessCategories)).map((c) => c.name.toLowerCase()),
  )
  model.sectors.forEach((s, i) => {
    if (!known.has(s.category.toLowerCase()))
      throw new AppError('VALIDATION_FAILED', `"${s.category}" is not a business category`, {
        field: `model.sectors.${i}.category`,
      })
  })
}

/**
 * `POST /risk/models`: a new version of the model, PROPOSED (docs/risk.md#versions). The schema has checked its shape;
 * here the sectors are checked against the business categories. Nothing changes for any business until it is
 * activated through four-eyes; the dry run shows beforehand what it would change.
 */
export async function proposeRiskModel(options: {
  db: Database
  actor: Actor
  audit: AuditContext
  input: { model: RiskModel; reason: string }
}) {
  const { db, actor, input } = options
  assertStaffWithAny(actor, ...RISK_MODEL_MANAGERS)
  await assertKnownSectors(db, input.model)
  const row = await db.transaction(async (tx) => {
    // One proposal at a time gets the next number: the version key refuses the loser, which tries again.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('risk_models.version'))`)
    const [{ latest }] = (await tx.select({ latest: max(riskModels.version) }).from(riskModels)) as [{ latest: number | null }]
    const [created] = await tx
      .insert(riskModels)
      .values({
        version: (latest ?? 0) + 1,
        status: 'PROPOSED',
        model: input.model,
        reason: input.reason,
        createdBy: actor.userId,
      })
      .returning()
    await appendAudit(tx, options.audit, {
      resource: 'risk_model',
      resourceId: created!.id,
      action: 'PROPOSE',
      after: { version: created!.version, reason: input.reason, model: input.model },
    })
    return created!
  })
  return (await toModelVersions(db, [row]))[0]!
}

const DRY_RUN_MAX_BATCHES = 20

/**
 * `GET /risk/models/{id}/dry-run`: for every business the model applies to, in id order from `after`, the tier and
 * score it has now and the ones this version would give (docs/risk.md#versions). Keyset paging in batches of `pageSize`:
 * memory holds one batch whatever the number of businesses; `next` continues. With `changedOnly`, only the businesses
 * whose tier would move (reading up to 20 batches for one page).
 */
export async function dryRunRiskModel(options: {
  db: Database
  actor: Actor
  id: string
  query: { after?: string; pageSize: number; changedOnly: boolean }
}) {
  const { db, actor, query } = options
  assertStaffWithAny(actor, ...RISK_MODEL_READERS)
  const version = await getRiskModel({ db, actor, id: options.id })
  const active = await activeRiskModel(db)
  const content = []
  let after = query.after ?? null
  let next: string | null = null
  for (let batch = 0; batch < DRY_RUN_MAX_BATCHES; batch++) {
    const page = await db
      .select({ id: businesses.id, name: businesses.name })
      .from(businesses)
      .where(and(assessedBusinesses, after ? gt(businesses.id, after) : undefined))
      .orderBy(asc(businesses.id))
      .limit(query.pageSize)
    const ids = page.map((b) => b.id)
    const [facts, current] = await Promise.all([
      gatherRiskFacts(db, ids),
      ids.length
        ? db
            .select({ businessId: riskAssessments.businessId, tier: riskAssessments.tier, score: riskAssessments.score })
            .from(riskAssessments)
            .where(and(inArray(riskAssessments.businessId, ids), isNull(riskAssessments.supersededAt)))
        : [],
    ])
    const assessedNow = new Map(current.map((c) => [c.businessId, c]))
    for (const b of page) {
      after = b.id
      const f = facts.get(b.id)
      if (!f) continue
      const result = assessBusiness({ model: version.model, facts: f })
      const from = assessedNow.get(b.id)
      if (query.changedOnly && from?.tier === result.tier) continue
      content.push({
        businessId: b.id,
        businessName: b.name,
        fromTier: (from?.tier ?? null) as RiskTier | null,
        toTier: result.tier,
        fromScore: from?.score ?? null,
        toScore: result.score,
      })
      if (content.length >= query.pageSize) break
    }
    const exhausted = page.length < query.pageSize && after === (page.at(-1)?.id ?? after)
    next = exhausted ? null : after
    if (content.length >= query.pageSize || !next || !query.changedOnly) break
  }
  return { modelVersion: version.version, activeVersion: active.version, content, next }
}

/**
 * Makes a PROPOSED version the ACTIVE one (the approval of its request, or at once without four-eyes), supersedes the
 * one before and queues the recomputation of every business under it (docs/risk.md#jobs), all in `tx`.
 */
export async function activateRiskModel(tx: Tx, options: { id: string; activatedBy: string; audit: AuditContext; now?: Date }) {
  const now = options.now ?? new Date()
  const [previous] = await tx
    .update(riskModels)
    .set({ status: 'SUPERSEDED' })
    .where(and(eq(riskModels.status, 'ACTIVE'), ne(riskModels.id, options.id)))
    .returning()
  const [activated] = await tx
    .update(riskModels)
    .set({ status: 'ACTIVE', activatedAt: now, activatedBy: options.activatedBy })
    .where(and(eq(riskModels.id, options.id), eq(riskModels.status, 'PROPOSED')))
    .returning()
  if (!activated) throw new AppError('INVALID_STATE', 'This version is no longer a proposal: it cannot be activated')
  const [job] = await tx
    .insert(riskJobs)
    .values({ kind: 'RECOMPUTE', modelVersion: activated.version, createdBy: options.activatedBy, createdAt: now })
    .returning()
  await appendAudit(tx, options.audit, {
    resource: 'risk_model',
    resourceId: activated.id,
    action: 'ACTIVATE',
    before: previous ? { version: previous.version } : null,
    after: { version: activated.version, recomputeJobId: job!.id },
  })
  return (await toModelVersions(tx, [activated]))[0]!
}

/** The version in force, in words rule by rule, beside the proposal's status: the diff shows what the activation changes. */
async function modelSnapshot(db: Executor, id: string, lock: boolean): Promise<Snapshot | null> {
  const query = db.select().from(riskModels).where(eq(riskModels.id, id))
  const [row] = lock ? await query.for('update') : await query
  if (!row) return null
  const active = await activeRiskModel(db)
  return { active: `version ${active.version}`, status: row.status, rules: describeRiskModel(active.model) }
}

/** `POST /risk/models/{id}/activate`: puts a proposed version live, through four-eyes (RISK_MODEL_VERSION). */
export async function requestRiskModelActivation(options: {
  db: Database
  actor: Actor
  audit: AuditContext
  id: string
  reason: string
}) {
  const { db, actor } = options
  assertStaffWithAny(actor, ...RISK_MODEL_MANAGERS)
  const version = await getRiskModel({ db, actor, id: options.id })
  if (version.status !== 'PROPOSED')
    throw new AppError(
      'INVALID_STATE',
      `Version ${version.version} is ${version.status.toLowerCase()}: only a proposal can go live`,
    )
  if (!configNeedsFourEyes()) {
    return {
      applied: await db.transaction((tx) =>
        activateRiskModel(tx, { id: options.id, activatedBy: actor.userId, audit: options.audit }),
      ),
    }
  }
  const pending = await requestAuthorization({
    db,
    actor,
    audit: options.audit,
    type: 'RISK_MODEL_VERSION',
    resource: 'risk_model',
    resourceId: options.id,
    targetKey: 'risk-model:activation',
    target: `version ${version.version}`,
    proposal: { id: options.id, version: version.version },
    before: await modelSnapshot(db, options.id, false),
    reason: options.reason,
  })
  return { pending }
}

/** RISK_MODEL_VERSION: a proposed version goes live; stale when another went live or this one changed state meanwhile. */
export const riskModelVersionKind = defineKind<{ id: string; version: number }>({
  type: 'RISK_MODEL_VERSION',
  resource: 'risk_model',
  creates: false,
  labels: { active: 'Version in force', status: 'Proposed version', rules: 'The model, rule by rule' },
  current: (db, row, lock) => modelSnapshot(db, row.resourceId!, lock),
  async proposed(db, p) {
    const [row] = await db.select({ model: riskModels.model }).from(riskModels).where(eq(riskModels.id, p.id))
    return { active: `version ${p.version}`, status: 'ACTIVE', rules: row ? describeRiskModel(row.model) : [] }
  },
  async warnings() {
    return ['Every business is assessed again under this version once it goes live: check its dry run first']
  },
  async apply(tx, audit, row, actors) {
    await activateRiskModel(tx, { id: row.proposal.id, activatedBy: actors.checkerId, audit })
    return { resourceId: row.resourceId }
  },
})

registerKinds(riskModelVersionKind)
