import { eq } from 'drizzle-orm'
import type { Executor } from '@/server/db/client'
import { businesses } from '@/server/db/schema'
import { AppError } from '@/server/http/app-error'
import { documentGapsOf, type DocumentGap } from './document-rules'
import { loadDocumentState } from './document-state'

export type { DocumentGap }

/**
 * The documents part of the preconditions (docs/domain.md#kyc-capture, #approval-checklist): for KYC completion
 * (`forApproval: false`) each required document of the business's class is present, or covered by a PENDING or an
 * APPROVED, not overdue, deferral; for business approval (`forApproval: true`) each is present or covered by an
 * APPROVED deferral that is not overdue, and every CAC document is APPROVED. Rejected documents and unanswered
 * re-upload requests count as missing. One entry per unmet item; empty when complete. No access check: callers have
 * done theirs.
 */
export async function findDocumentGaps(
  db: Executor,
  options: { businessId: string; forApproval: boolean; now?: Date },
): Promise<DocumentGap[]> {
  const [business] = await db.select().from(businesses).where(eq(businesses.id, options.businessId))
  if (!business) throw new AppError('NOT_FOUND', 'Business not found')
  const state = await loadDocumentState(db, business)
  return documentGapsOf(state, { forApproval: options.forApproval, now: options.now ?? new Date() })
}
