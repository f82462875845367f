import { asc, count, desc, eq, inArray } from 'drizzle-orm'
import type { PageQuery } from '@/lib/contracts/pagination'
import { riskModelSchema, type RiskModel } from '@/lib/contracts/risk'
import { appendAudit, SYSTEM_AUDIT_CONTEXT } from '@/server/audit/append-audit'
import type { Database, Executor } from '@/server/db/client'
import { riskModels, users, type RiskModelRow } from '@/server/db/schema'
import { assertStaffWithAny } from '@/server/http/access'
import { AppError } from '@/server/http/app-error'
import type { Actor } from '@/server/http/context'
import { findPage } from '@/server/http/pagination'
import { DEFAULT_RISK_MODEL } from './default-model'
import { RISK_MODEL_READERS } from './risk-access'

export interface ActiveRiskModel {
  version: number
  model: RiskModel
}

/** The model in force: the one ACTIVE version (the seed makes version 1 on every install). */
export async function activeRiskModel(db: Executor): Promise<ActiveRiskModel> {
  const [row] = await db
    .select({ version: riskModels.version, model: riskModels.model })
    .from(riskModels)
    .where(eq(riskModels.status, 'ACTIVE'))
  if (!row) throw new Error('No active risk model: the seed makes version 1 on every start')
  return row
}

/** Version 1, the shipped model, on an install that has none (every start; writes nothing the second time). */
export async function seedRiskModel(db: Database): Promise<void> {
  const [any] = await db.select({ id: riskModels.id }).from(riskModels).limit(1)
  if (any) return
  await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(riskModels)
      .values({
        version: 1,
        status: 'ACTIVE',
        model: riskModelSchema.parse(DEFAULT_RISK_MODEL),
        reason: 'The shipped model',
        activatedAt: new Date(),
      })
      .onConflictDoNothing()
      .returning()
    if (row) {
      await appendAudit(tx, SYSTEM_AUDIT_CONTEXT, {
        resource: 'risk_model',
        resourceId: row.id,
        action: 'ACTIVATE',
        after: { version: 1, reason: row.reason },
      })
    }
  })
}

export async function namesOf(db: Executor, ids: (string | null)[]): Promise<Map<string, string>> {
  const wanted = [...new Set(ids.filter((id): id is string => !!id))]
  if (!wanted.length) return new Map()
  const rows = await db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(inArray(users.id, wanted))
  return new Map(rows.map((u) => [u.id, `${u.firstName} ${u.lastName}`.trim()]))
}

export async function toModelVersions(db: Executor, rows: RiskModelRow[]) {
  const names = await namesOf(
    db,
    rows.flatMap((r) => [r.createdBy, r.activatedBy]),
  )
  return rows.map((r) => ({
    id: r.id,
    version: r.version,
    status: r.status,
    model: r.model,
    reason: r.reason,
    createdBy: r.createdBy ? (names.get(r.createdBy) ?? null) : null,
    createdAt: r.createdAt.toISOString(),
    activatedAt: r.activatedAt?.toISOString() ?? null,
    activatedBy: r.activatedBy ? (names.get(r.activatedBy) ?? null) : r.activatedAt ? 'System' : null,
  }))
}

/** `GET /risk/models`: every version, newest first by default. */
export async function findRiskModels(options: { db: Database; actor: Actor; query: PageQuery }) {
  const { db, actor, query } = options
  assertStaffWithAny(actor, ...RISK_MODEL_READERS)
  return findPage({
    query,
    rows: db
      .select()
      .from(riskModels)
      .orderBy(query.recentFirst ? desc(riskModels.version) : asc(riskModels.version)),
    count: () => db.select({ value: count() }).from(riskModels),
    content: async (rows) => (await toModelVersions(db, rows)).map(({ model: _model, ...rest }) => rest),
  })
}

/** `GET /risk/models/{id}`: one version with its model. */
export async function getRiskModel(options: { db: Executor; actor: Actor; id: string }) {
  assertStaffWithAny(options.actor, ...RISK_MODEL_READERS)
  const [row] = await options.db.select().from(riskModels).where(eq(riskModels.id, options.id))
  if (!row) throw new AppError('NOT_FOUND', 'Risk model version not found')
  return (await toModelVersions(options.db, [row]))[0]!
}
