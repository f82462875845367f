import { and, eq, getTableColumns, sql } from 'drizzle-orm'
import type { BusinessDecision } from '@/lib/contracts/businesses'
import { PERMISSIONS } from '@/lib/permissions/names'
import { businessViewAnswer } from '@/server/db/answer-cache'
import type { Database, Executor } from '@/server/db/client'
import { businessCategories, businessDivisions, businesses, businessTypes, businessUsers, roles, users } from '@/server/db/schema'
import { AppError } from '@/server/http/app-error'
import type { Actor } from '@/server/http/context'
import { assertBusinessAccess } from '@/server/http/scope'
import { getKycSummary } from '@/server/modules/kyc/kyc-summary'
import { getBusinessRowOrThrow, toBusiness, toBusinessWithBlocking } from '@/server/records/business-record'

/** Reading a business, its KYC summary and what it still has to do: members or staff holding it. */
export const BUSINESS_READ = PERMISSIONS.CAN_READ_BUSINESS

/**
 * The row, its overdue deferrals (oldest due first, as loadOverdueDeferrals) and its latest decision (as
 * findLatestDecision) in one prepared statement: this read backs every business screen.
 */
function businessViewQuery(db: Executor) {
  return db
    .select({
      ...getTableColumns(businesses),
      overdueDeferrals: sql<{ deferralId: string; documentTypeName: string; dueDate: string }[]>`(
        SELECT coalesce(json_agg(json_build_object('deferralId', d.id, 'documentTypeName', t.name, 'dueDate', d.due_date) ORDER BY d.due_date), '[]')
        FROM deferrals d JOIN kyc_document_types t ON t.id = d.document_type_id
        WHERE d.business_id = businesses.id AND d.status = 'APPROVED' AND d.due_date < ${sql.placeholder('now')}::timestamptz)`,
      latestDecision: sql<{
        decision: BusinessDecision['decision'] | null
        reason: string | null
        actorName: string
        createdAt: string
      } | null>`(
        SELECT json_build_object('decision', e.decision, 'reason', e.reason, 'actorName', e.actor_name, 'createdAt', e.created_at)
        FROM business_review_events e
        WHERE e.business_id = businesses.id AND e.kind = 'DECISION'
        ORDER BY e.created_at DESC LIMIT 1)`,
    })
    .from(businesses)
    .where(eq(businesses.id, sql.placeholder('id')))
    .prepare('business_view')
}
const businessViews = new WeakMap<Executor, ReturnType<typeof businessViewQuery>>()

/** The business with its latest decision (a decline's comment is the reason the business sees). */
export async function getBusiness(options: { db: Executor; actor: Actor; id: string; now?: Date }) {
  assertBusinessAccess(options.actor, options.id, BUSINESS_READ)
  let query = businessViews.get(options.db)
  if (!query) businessViews.set(options.db, (query = businessViewQuery(options.db)))
  const now = options.now ?? new Date()
  const [view] = await query.execute({ id: options.id, now: now.toISOString() })
  if (!view) throw new AppError('NOT_FOUND', 'Business not found')
  const { overdueDeferrals, latestDecision, ...row } = view
  const business = toBusiness(row, {
    now,
    overdueDeferrals: overdueDeferrals.map((d) => ({ ...d, dueDate: new Date(d.dueDate) })),
  })
  const decision: BusinessDecision | null = latestDecision?.decision
    ? {
        decision: latestDecision.decision,
        comment: latestDecision.reason,
        decidedAt: new Date(latestDecision.createdAt).toISOString(),
        decidedBy: latestDecision.actorName,
      }
    : null
  return { ...business, decision }
}

/** getBusiness as the JSON text of its answer, kept for a few seconds per process (server/db/answer-cache.ts). */
export function getBusinessAnswer(options: { db: Database; actor: Actor; id: string }): Promise<string> {
  assertBusinessAccess(options.actor, options.id, BUSINESS_READ)
  return businessViewAnswer(options.db, options.id, () => getBusiness(options))
}

/** Everything the KYC summary PDF needs in one answer (KYC sections join as their modules land). */
export async function getBusinessPdfInfo(options: { db: Executor; actor: Actor; id: string }) {
  const { db } = options
  const business = await getBusinessRowOrThrow({ ...options, permission: BUSINESS_READ })
  const [[type], [category], division, owners, kyc] = await Promise.all([
    db.select({ name: businessTypes.name }).from(businessTypes).where(eq(businessTypes.id, business.typeId)),
    db.select({ name: businessCategories.name }).from(businessCategories).where(eq(businessCategories.id, business.categoryId)),
    business.divisionId
      ? db
          .select({ name: businessDivisions.name, code: businessDivisions.code })
          .from(businessDivisions)
          .where(eq(businessDivisions.id, business.divisionId))
      : Promise.resolve([]),
    db
      .select({ firstName: users.firstName, lastName: users.lastName, email: users.email, phone: users.phone })
      .from(businessUsers)
      .innerJoin(users, eq(users.id, businessUsers.userId))
      .innerJoin(roles, eq(roles.id, businessUsers.roleId))
      .where(and(eq(businessUsers.businessId, business.id), eq(roles.name, 'BUSINESS_OWNER'), eq(businessUsers.isActive, true))),
    getKycSummary(db, business),
  ])
  return {
    business: await toBusinessWithBlocking(db, business),
    typeName: type?.name ?? null,
    categoryName: category?.name ?? null,
    division: division[0] ?? null,
    owners,
    kyc,
    generatedAt: new Date().toISOString(),
  }
}
