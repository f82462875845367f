import { and, asc, eq, inArray, type SQL } from 'drizzle-orm'
import type { OnboardingDetail, OnboardingSummary } from '@/lib/contracts/onboarding'
import { EDITABLE_ONBOARDING_STATUSES, ONBOARDING_STATUS_LABELS, type OnboardingStatus } from '@/lib/contracts/product-values'
import { statusWords } from '@/lib/format/status-words'
import type { Permission } from '@/lib/permissions/names'
import type { Executor } from '@/server/db/client'
import {
  businesses,
  files,
  onboardingAnswers,
  onboardingProducts,
  productCategories,
  products,
  type StoredRequirement,
} from '@/server/db/schema'
import { AppError } from '@/server/http/app-error'
import type { Actor } from '@/server/http/context'
import { assertBusinessAccess } from '@/server/http/scope'
import { requirementsOf } from '@/server/modules/products/product-record'
import { toFileSummary } from '@/server/records/attachable-file'
import { toBusinesses, toBusinessWithBlocking } from '@/server/records/business-record'

export type OnboardingRow = typeof onboardingProducts.$inferSelect
type BusinessRow = typeof businesses.$inferSelect

export const isEditable = (status: OnboardingStatus) => EDITABLE_ONBOARDING_STATUSES.includes(status)

/** Onboardings joined with their business, product and category: add where/order/limit. */
export function selectOnboardings(db: Executor) {
  return db
    .select({
      onboarding: onboardingProducts,
      business: businesses,
      product: {
        id: products.id,
        code: products.code,
        name: products.name,
        live: products.live,
        active: products.active,
        requirementsVersion: products.requirementsVersion,
      },
      category: productCategories.name,
    })
    .from(onboardingProducts)
    .innerJoin(businesses, eq(businesses.id, onboardingProducts.businessId))
    .innerJoin(products, eq(products.id, onboardingProducts.productId))
    .innerJoin(productCategories, eq(productCategories.id, products.categoryId))
}

export type JoinedOnboarding = Awaited<ReturnType<ReturnType<typeof selectOnboardings>['where']>>[number]

const iso = (d: Date | null) => d?.toISOString() ?? null

/** Why this business may not take on a product now (archived, blocked): one sentence per reason. */
export async function businessRefusals(db: Executor, business: BusinessRow): Promise<string[]> {
  const reasons: string[] = []
  if (business.archiveStatus === 'ARCHIVED') reasons.push('The business is archived')
  const { blockedReasons } = await toBusinessWithBlocking(db, business)
  for (const reason of blockedReasons) reasons.push(`The business is blocked: ${reason}`)
  return reasons
}

/** Summaries of joined rows, with each business's blocked state worked out in one query. */
export async function toSummaries(db: Executor, rows: readonly JoinedOnboarding[]): Promise<OnboardingSummary[]> {
  const views = await toBusinesses(
    db,
    rows.map((r) => r.business),
  )
  return rows.map((row, i) => toSummary(row, views[i]!.blockedReasons))
}

function toSummary(row: JoinedOnboarding, blockedReasons: string[]): OnboardingSummary {
  const o = row.onboarding
  const b = row.business
  return {
    id: o.id,
    status: o.status,
    businessId: o.businessId,
    business: {
      id: b.id,
      name: b.name,
      regNo: b.regNo,
      approvalStatus: b.approvalStatus,
      archiveStatus: b.archiveStatus,
      kycDetailsCompleted: b.kycDetailsCompleted,
      blocked: blockedReasons.length > 0,
      blockedReasons,
    },
    productId: o.productId,
    product: {
      id: row.product.id,
      code: row.product.code,
      name: row.product.name,
      category: row.category,
      live: row.product.live,
      active: row.product.active,
    },
    requirementsVersion: isEditable(o.status) ? row.product.requirementsVersion : o.requirementsVersion,
    submittedAt: iso(o.submittedAt),
    decidedAt: iso(o.decidedAt),
    decisionComment: o.decisionComment,
    completedAt: iso(o.completedAt),
    removedAt: iso(o.removedAt),
    createdAt: o.createdAt.toISOString(),
    updatedAt: o.updatedAt.toISOString(),
  }
}

export async function answersOf(db: Executor, onboardingId: string) {
  return db
    .select({
      answer: onboardingAnswers,
      file: { id: files.id, fileName: files.fileName, contentType: files.contentType, sizeBytes: files.sizeBytes },
    })
    .from(onboardingAnswers)
    .leftJoin(files, eq(files.id, onboardingAnswers.fileId))
    .where(eq(onboardingAnswers.onboardingId, onboardingId))
    .orderBy(asc(onboardingAnswers.key))
}

type AnswerRow = Awaited<ReturnType<typeof answersOf>>[number]

export const isAnswered = (requirement: StoredRequirement, answer: AnswerRow['answer'] | undefined) =>
  !!answer && (requirement.type === 'Upload Document' ? !!answer.fileId : !!answer.textValue?.trim())

/** Required requirements without an answer, in the form's order. */
export function missingRequired(requirements: readonly StoredRequirement[], answers: readonly AnswerRow[]) {
  const byKey = new Map(answers.map((a) => [a.answer.key, a.answer]))
  return requirements.filter((r) => r.required && !isAnswered(r, byKey.get(r.key)))
}

/**
 * The requirements an onboarding is answered against: while the business may still edit (PENDING, DECLINED) the
 * product's current ones, afterwards the version it was submitted with.
 */
export async function effectiveRequirements(db: Executor, row: JoinedOnboarding) {
  const version = isEditable(row.onboarding.status) ? row.product.requirementsVersion : row.onboarding.requirementsVersion
  return requirementsOf(db, row.onboarding.productId, version)
}

export async function toDetail(db: Executor, row: JoinedOnboarding): Promise<OnboardingDetail> {
  const [requirements, answers] = await Promise.all([effectiveRequirements(db, row), answersOf(db, row.onboarding.id)])
  const keys = new Set(requirements.map((r) => r.key))
  return {
    ...(await toSummaries(db, [row]))[0]!,
    editable: isEditable(row.onboarding.status),
    requirements: requirements.map((r) => ({ ...r, help: r.help ?? null })),
    // Answers to requirements the product has since retired are kept, but not shown against today's form.
    answers: answers
      .filter((a) => keys.has(a.answer.key))
      .map((a) => ({
        key: a.answer.key,
        value: a.answer.textValue,
        file: a.file?.id ? toFileSummary(a.file) : null,
        updatedAt: a.answer.updatedAt.toISOString(),
      })),
    missingRequired: missingRequired(requirements, answers).map((r) => r.key),
  }
}

export async function findJoined(db: Executor, where: SQL) {
  const [row] = await selectOnboardings(db).where(where).limit(1)
  return row
}

/**
 * The onboarding if the actor may act on its business (with `permission` when given): another business's answers
 * 404, a member lacking the permission 403, staff need the permission staff-wide.
 */
export async function getOnboardingRow(options: { db: Executor; actor: Actor; id: string; permission?: Permission }) {
  const row = await findJoined(options.db, eq(onboardingProducts.id, options.id))
  if (!row) throw new AppError('NOT_FOUND', 'Onboarding product not found')
  assertBusinessAccess(options.actor, row.onboarding.businessId, options.permission)
  return row
}

/** 409 INVALID_STATE naming the current state, for a transition that does not start there. */
export function invalidState(action: string, status: OnboardingStatus) {
  return new AppError('INVALID_STATE', `Cannot ${action}: the application is ${statusWords(status, ONBOARDING_STATUS_LABELS)}`)
}

/** 409 PRECONDITION_FAILED with one entry per unmet item. */
export function preconditionFailed(reasons: { message: string; field?: string }[]) {
  return new AppError('PRECONDITION_FAILED', reasons[0]!.message, {
    details: reasons.map((r) => ({
      code: 'PRECONDITION_FAILED' as const,
      message: r.message,
      ...(r.field ? { field: r.field } : {}),
    })),
  })
}

/** Statuses in one conditional UPDATE: the current status of a row that did not match, for the 409 message. */
export async function currentStatus(db: Executor, id: string): Promise<OnboardingStatus> {
  const [row] = await db
    .select({ status: onboardingProducts.status })
    .from(onboardingProducts)
    .where(eq(onboardingProducts.id, id))
  if (!row) throw new AppError('NOT_FOUND', 'Onboarding product not found')
  return row.status
}

export const inStatuses = (statuses: readonly OnboardingStatus[]) => inArray(onboardingProducts.status, [...statuses])
export const byId = (id: string, ...more: (SQL | undefined)[]) => and(eq(onboardingProducts.id, id), ...more)!
