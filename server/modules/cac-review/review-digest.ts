import { and, count, eq, inArray, isNull } from 'drizzle-orm'
import { documentLabel } from '@/lib/contracts/kyc-document-values'
import type { Executor } from '@/server/db/client'
import { kycDocuments, type businesses } from '@/server/db/schema'
import { notifyOwnersOfDecision } from '@/server/integrations/mail/owner-mail'
import type { ReviewedDocument } from '@/server/integrations/mail/templates'
import { selectKycDocuments, toKycDocument } from '@/server/modules/kyc-documents/document-view'
import { documentDecisionMail, documentsUrl } from './review-mails'

/**
 * Takes the business's current document decisions that no e-mail has told yet, for the e-mail of the review they
 * belong to (docs/domain.md#review-e-mails). One conditional UPDATE: of two reviews finishing at once, each decision
 * goes to exactly one e-mail. Answers them by name, declined first.
 */
export async function claimDocumentDecisions(db: Executor, businessId: string, now: Date): Promise<ReviewedDocument[]> {
  const claimed = await db
    .update(kycDocuments)
    .set({ decisionMailedAt: now })
    .where(
      and(
        eq(kycDocuments.businessId, businessId),
        isNull(kycDocuments.supersededAt),
        isNull(kycDocuments.decisionMailedAt),
        inArray(kycDocuments.status, ['APPROVED', 'REJECTED']),
      ),
    )
    .returning({ id: kycDocuments.id })
  if (!claimed.length) return []
  const rows = await selectKycDocuments(
    db,
    inArray(
      kycDocuments.id,
      claimed.map((c) => c.id),
    ),
  )
  return rows
    .map(toKycDocument)
    .map((d) => ({ name: documentLabel(d), approved: d.status === 'APPROVED', comment: d.reviewComment }))
    .sort((a, b) => Number(a.approved) - Number(b.approved) || a.name.localeCompare(b.name))
}

type BusinessRow = typeof businesses.$inferSelect

/** Waiting for the business decision: its e-mail carries the documents' decisions too. */
const awaitsBusinessDecision = (business: BusinessRow) =>
  business.approvalStatus === 'PENDING' && business.kycDetailsCompleted && business.archiveStatus === 'ACTIVE'

/**
 * After one document's decision: the review of the business's documents is over when none of its current documents
 * is PENDING any more; then one e-mail tells every decision of it. A business waiting for its own decision gets them
 * in that decision's e-mail instead, so a whole review is one e-mail.
 */
export async function mailDocumentReviewIfOver(db: Executor, business: BusinessRow, now: Date) {
  if (awaitsBusinessDecision(business)) return
  const [pending] = await db
    .select({ n: count() })
    .from(kycDocuments)
    .where(and(eq(kycDocuments.businessId, business.id), isNull(kycDocuments.supersededAt), eq(kycDocuments.status, 'PENDING')))
  if (pending!.n > 0) return
  const decided = await claimDocumentDecisions(db, business.id, now)
  if (!decided.length) return
  await notifyOwnersOfDecision(
    db,
    business,
    documentDecisionMail({ businessName: business.name, documents: decided, url: documentsUrl(business.id) }),
  )
}
