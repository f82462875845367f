import { and, eq } from 'drizzle-orm'
import type { ApiError } from '@/lib/contracts/errors'
import { appendAudit, type AuditContext } from '@/server/audit/append-audit'
import type { Database } from '@/server/db/client'
import { businesses } from '@/server/db/schema'
import { AppError } from '@/server/http/app-error'
import type { Actor } from '@/server/http/context'
import { discardBusinessDrafts } from '@/server/modules/kyc/draft-forms'
import { findKycCaptureGaps } from '@/server/modules/kyc/kyc-capture-gaps'
import { assertKycEditable, kycWriteTransaction } from '@/server/modules/kyc/kyc-edit-access'
import { getBusinessRowOrThrow, toBusiness, toBusinessWithBlocking } from '@/server/records/business-record'
import { findDocumentGaps } from './document-gaps'

function alreadyDone(row: { approvalStatus: string; kycDetailsCompleted: boolean }): AppError | null {
  if (row.approvalStatus === 'APPROVED')
    return new AppError('INVALID_STATE', 'This business is APPROVED; its KYC was accepted already')
  if (row.approvalStatus === 'PENDING' && row.kycDetailsCompleted) {
    return new AppError('INVALID_STATE', 'The KYC is complete already and the business is PENDING review')
  }
  return null
}

/**
 * `PUT /businesses/{id}/completed-kyc-details` (docs/domain.md#kyc-capture, #business). The business's owner
 * (KYC edit check) marks the KYC complete once every step is valid: otherwise 409 PRECONDITION_FAILED with one entry
 * per missing item (capture steps, then documents). A DECLINED business goes back to PENDING review. A KYC write like
 * the others (kycWriteTransaction): the gaps are judged with the business row held, so no KYC edit slips in between,
 * and the submission opens the business's verification items and discards the business's step drafts in the same
 * transaction. Audited; a business that is already complete and PENDING, or APPROVED, answers 409 INVALID_STATE.
 */
export async function completeKycDetails(options: {
  db: Database
  actor: Actor
  businessId: string
  audit: AuditContext
  now?: Date
}) {
  const { db, actor, businessId } = options
  const now = options.now ?? new Date()
  const first = await getBusinessRowOrThrow({ db, actor, id: businessId })
  const done = alreadyDone(first)
  if (done) throw done
  await assertKycEditable({ db, actor, businessId })

  const updated = await kycWriteTransaction({ ...options, changesKyc: false }, async (tx, lock) => {
    const current = await lock({ businessId, what: 'Business' })
    const doneMeanwhile = alreadyDone(current)
    if (doneMeanwhile) throw doneMeanwhile
    const gaps: ApiError[] = [
      ...(await findKycCaptureGaps(tx, { businessId })),
      ...(await findDocumentGaps(tx, { businessId, forApproval: false, now })),
    ].map((g) => ({ code: 'PRECONDITION_FAILED', message: g.message, ...(g.field ? { field: g.field } : {}) }))
    if (gaps.length) {
      throw new AppError(
        'PRECONDITION_FAILED',
        `The KYC is not complete yet: ${gaps.length} item${gaps.length === 1 ? '' : 's'} to finish`,
        { details: gaps },
      )
    }
    const [row] = await tx
      .update(businesses)
      // kycCompletedAt: the completion the audit row below records (the operations dashboard reads it from here).
      .set({ kycDetailsCompleted: true, approvalStatus: 'PENDING', updatedAt: now, kycCompletedAt: now })
      .where(
        and(
          eq(businesses.id, businessId),
          eq(businesses.approvalStatus, current.approvalStatus),
          eq(businesses.kycDetailsCompleted, current.kycDetailsCompleted),
        ),
      )
      .returning()
    await appendAudit(tx, options.audit, {
      resource: 'business',
      resourceId: businessId,
      action: current.approvalStatus === 'DECLINED' ? 'KYC_RESUBMITTED' : 'KYC_COMPLETED',
      before: toBusiness(current, { now }),
      after: toBusiness(row!, { now }),
    })
    await discardBusinessDrafts(tx, businessId, options.audit)
    return row!
  })
  return toBusinessWithBlocking(db, updated, now)
}
