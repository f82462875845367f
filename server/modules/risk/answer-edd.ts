import { and, eq } from 'drizzle-orm'
import type { EddAnswerInput, EddAnswerValues, EnhancedDueDiligence } from '@/lib/contracts/risk-edd'
import { appendAudit, type AuditContext } from '@/server/audit/append-audit'
import type { Database, Executor } from '@/server/db/client'
import { uniqueViolationOf } from '@/server/db/errors'
import { eddAnswers } from '@/server/db/schema'
import { AppError } from '@/server/http/app-error'
import type { Actor } from '@/server/http/context'
import { kycWriteTransaction } from '@/server/modules/kyc/kyc-edit-access'
import { readableKycDetails, writableKycDetails } from '@/server/modules/kyc/kyc-record'
import { beneficialOwnerOf, loadEddState, shareholdersOfRecord } from './edd-items'
import { tierInForce } from './risk-state'

/** The owner-readable view: no tier, score or factor, only whether it applies, why in plain words, and the items. */
function ownerView(state: Awaited<ReturnType<typeof loadEddState>>): EnhancedDueDiligence {
  const { required, reasons, kycDetailsId, items, outstanding } = state
  return { required, reasons, kycDetailsId, items, outstanding }
}

/**
 * `GET /kyc/{kycDetailsId}/enhanced-due-diligence`: the business's users and staff who may read its KYC
 * (an outsider: 404).
 */
export async function getEnhancedDueDiligence(options: {
  db: Executor
  actor: Actor
  kycDetailsId: string
}): Promise<EnhancedDueDiligence> {
  const details = await readableKycDetails(options.db, options.actor, options.kycDetailsId)
  return ownerView(await loadEddState(options.db, { id: details.businessId }, details.id))
}

/**
 * `PUT /kyc/{kycDetailsId}/enhanced-due-diligence`: saves one answer (a new one or a change), under the KYC edit check
 * (docs/domain.md#kyc-edit-check) and only while the tier in force is HIGH (409 otherwise). A source of wealth names a
 * beneficial owner by one of their shareholder records (400 `shareholderId` for anyone else). Audited `edd_answer`.
 */
export async function saveEddAnswer(options: {
  db: Database
  actor: Actor
  audit: AuditContext
  kycDetailsId: string
  input: EddAnswerInput
  now?: Date
}): Promise<EnhancedDueDiligence> {
  const { input, now = new Date() } = options
  const { item, ...values } = input
  let businessId: string
  try {
    businessId = await kycWriteTransaction(options, async (tx, lock) => {
      const { kyc } = await writableKycDetails(tx, lock, options.kycDetailsId)
      if ((await tierInForce(tx, kyc.businessId)) !== 'HIGH')
        throw new AppError(
          'INVALID_STATE',
          'Enhanced due diligence is asked only of a business rated high-risk; this business has nothing to answer',
        )
      let personKey = ''
      let person: string | null = null
      let answer: EddAnswerValues = values
      if (input.item === 'SOURCE_OF_WEALTH') {
        const owner = beneficialOwnerOf(await shareholdersOfRecord(tx, kyc.id), input.shareholderId)
        if (!owner)
          throw new AppError('VALIDATION_FAILED', 'Choose a beneficial owner of this business (an individual shareholder)', {
            field: 'shareholderId',
          })
        personKey = owner.personKey
        person = owner.name
        // The person is the key, not the shareholder record, which may be replaced later.
        answer = { origin: input.origin, explanation: input.explanation }
      }
      const where = and(eq(eddAnswers.kycDetailsId, kyc.id), eq(eddAnswers.item, item), eq(eddAnswers.personKey, personKey))
      const [before] = await tx.select().from(eddAnswers).where(where).for('update')
      const [row] = before
        ? await tx.update(eddAnswers).set({ answer, answeredBy: options.actor.userId, updatedAt: now }).where(where).returning()
        : await tx
            .insert(eddAnswers)
            .values({
              businessId: kyc.businessId,
              kycDetailsId: kyc.id,
              item,
              personKey,
              answer,
              answeredBy: options.actor.userId,
              createdAt: now,
              updatedAt: now,
            })
            .returning()
      await appendAudit(tx, options.audit, {
        resource: 'edd_answer',
        resourceId: row!.id,
        action: before ? 'UPDATE' : 'CREATE',
        before: before ? { item, ...(person && { person }), ...before.answer } : null,
        after: { item, ...(person && { person }), ...answer },
      })
      return kyc.businessId
    })
  } catch (error) {
    if (uniqueViolationOf(error) === 'edd_answers_item_key')
      throw new AppError('CONFLICT', 'This answer was saved at the same moment by someone else; reload and try again', {
        field: 'item',
      })
    throw error
  }
  return ownerView(await loadEddState(options.db, { id: businessId }, options.kycDetailsId))
}
