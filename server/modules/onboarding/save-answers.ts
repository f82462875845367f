import { and, eq, inArray } from 'drizzle-orm'
import type { z } from 'zod'
import type { answersInputSchema } from '@/lib/contracts/onboarding'
import { EDITABLE_ONBOARDING_STATUSES } from '@/lib/contracts/product-values'
import { PERMISSIONS as P } from '@/lib/permissions/names'
import { appendAudit, type AuditContext } from '@/server/audit/append-audit'
import type { Database } from '@/server/db/client'
import { onboardingAnswers, onboardingProducts } from '@/server/db/schema'
import { AppError } from '@/server/http/app-error'
import type { Actor } from '@/server/http/context'
import { requirementsOf } from '@/server/modules/products/product-record'
import { getAttachableFile } from '@/server/records/attachable-file'
import {
  byId,
  currentStatus,
  findJoined,
  invalidState,
  isEditable,
  getOnboardingRow,
  inStatuses,
  toDetail,
} from './onboarding-record'

type AnswersInput = z.output<typeof answersInputSchema>
type FieldError = { code: 'VALIDATION_FAILED'; field: string; message: string }
/** What one key will hold after the save; null clears it. */
type Planned = { key: string; textValue: string | null; fileId: string | null } | { key: string; clear: true }

/** Answering a product's requirements: in the business, or as staff. */
export const ANSWERS_PERMISSION = P.CAN_UPDATE_ONBOARD_PRODUCT_REQUIREMENT

/**
 * PUT /onboarding-products/{id}/requirements: saves some answers as a draft (PENDING or DECLINED only), validated
 * against the product's current requirements: known keys, text for Text Input (at most 2000 characters), for Upload
 * Document a confirmed PRODUCT_REQUIREMENT file of this business. Required answers are checked on submit. The
 * onboarding moves to the product's current requirement version; unchanged answers write nothing.
 */
export async function saveAnswers(options: { db: Database; actor: Actor; id: string; input: AnswersInput; audit: AuditContext }) {
  const { db, actor, id, input } = options
  const row = await getOnboardingRow({ db, actor, id, permission: ANSWERS_PERMISSION })
  if (!isEditable(row.onboarding.status)) throw invalidState('change the answers', row.onboarding.status)

  const version = row.product.requirementsVersion
  const requirements = new Map((await requirementsOf(db, row.onboarding.productId, version)).map((r) => [r.key, r]))
  const errors: FieldError[] = []
  const planned: Planned[] = []
  for (const [i, answer] of input.answers.entries()) {
    const requirement = requirements.get(answer.key)
    const at = `answers.${i}`
    if (!requirement) {
      errors.push({
        code: 'VALIDATION_FAILED',
        field: `${at}.key`,
        message: `${answer.key} is not a requirement of this product`,
      })
      continue
    }
    if (requirement.type === 'Text Input') {
      if (answer.fileId)
        errors.push({ code: 'VALIDATION_FAILED', field: `${at}.fileId`, message: `${requirement.label} takes text, not a file` })
      const text = answer.value?.trim() ?? ''
      planned.push(text ? { key: answer.key, textValue: text, fileId: null } : { key: answer.key, clear: true })
      continue
    }
    if (answer.value?.trim())
      errors.push({
        code: 'VALIDATION_FAILED',
        field: `${at}.value`,
        message: `${requirement.label} takes an uploaded file, not text`,
      })
    if (!answer.fileId) {
      planned.push({ key: answer.key, clear: true })
      continue
    }
    try {
      await getAttachableFile(db, {
        fileId: answer.fileId,
        businessId: row.onboarding.businessId,
        purposes: ['PRODUCT_REQUIREMENT'],
      })
      planned.push({ key: answer.key, textValue: null, fileId: answer.fileId })
    } catch (error) {
      if (!(error instanceof AppError)) throw error
      errors.push({ code: 'VALIDATION_FAILED', field: `${at}.fileId`, message: `${requirement.label}: ${error.message}` })
    }
  }
  if (errors.length) throw new AppError('VALIDATION_FAILED', errors[0]!.message, { details: errors })

  const keys = planned.map((p) => p.key)
  const before = keys.length
    ? await db
        .select()
        .from(onboardingAnswers)
        .where(and(eq(onboardingAnswers.onboardingId, id), inArray(onboardingAnswers.key, keys)))
    : []
  const stored = new Map(before.map((a) => [a.key, a]))
  const changes = planned.filter((p) => {
    const current = stored.get(p.key)
    if ('clear' in p) return !!current
    return !current || current.textValue !== p.textValue || current.fileId !== p.fileId
  })

  if (changes.length || row.onboarding.requirementsVersion !== version) {
    await db.transaction(async (tx) => {
      const now = new Date()
      const [updated] = await tx
        .update(onboardingProducts)
        .set({ requirementsVersion: version, updatedAt: now, ...(changes.length ? { answersUpdatedAt: now } : {}) })
        .where(byId(id, inStatuses(EDITABLE_ONBOARDING_STATUSES)))
        .returning({ id: onboardingProducts.id })
      if (!updated) throw invalidState('change the answers', await currentStatus(tx, id))
      for (const change of changes) {
        if ('clear' in change) {
          await tx
            .delete(onboardingAnswers)
            .where(and(eq(onboardingAnswers.onboardingId, id), eq(onboardingAnswers.key, change.key)))
          continue
        }
        const values = { textValue: change.textValue, fileId: change.fileId, updatedBy: actor.userId, updatedAt: now }
        await tx
          .insert(onboardingAnswers)
          .values({ onboardingId: id, key: change.key, ...values })
          .onConflictDoUpdate({ target: [onboardingAnswers.onboardingId, onboardingAnswers.key], set: values })
      }
      await appendAudit(tx, options.audit, {
        resource: 'onboarding_product',
        resourceId: id,
        action: 'UPDATE_REQUIREMENTS',
        before: {
          requirementsVersion: row.onboarding.requirementsVersion,
          answers: changes.map((c) => stored.get(c.key) ?? { key: c.key, cleared: true }),
        },
        after: { requirementsVersion: version, answers: changes },
      })
    })
  }
  return toDetail(db, (await findJoined(db, eq(onboardingProducts.id, id)))!)
}
