import type { ApprovalCheck } from '@/lib/contracts/reviews'
import type { Executor } from '@/server/db/client'
import type { Business } from '@/server/db/schema'
import { findDocumentGaps } from '../kyc-documents/document-gaps'
import { statusWords } from '@/lib/format/status-words'

/**
 * The approval preconditions (docs/domain.md#approval-checklist), each met or not, with what is missing.
 * The same list answers `GET /businesses/{id}/approval-checklist` and decides whether `PUT .../approve` may proceed,
 * so the checklist a reviewer sees is exactly what the API enforces.
 */
export async function findApprovalChecks(db: Executor, business: Business, now: Date = new Date()): Promise<ApprovalCheck[]> {
  const checks: ApprovalCheck[] = [
    {
      code: 'PENDING_STATE',
      label: 'The business is waiting for a decision',
      met: business.approvalStatus === 'PENDING',
      details: business.approvalStatus === 'PENDING' ? [] : [`It is ${statusWords(business.approvalStatus)}`],
    },
    {
      code: 'NOT_ARCHIVED',
      label: 'The business is not archived',
      met: business.archiveStatus === 'ACTIVE',
      details: business.archiveStatus === 'ACTIVE' ? [] : ['Unarchive it first'],
    },
    {
      code: 'KYC_COMPLETE',
      label: 'KYC is marked complete',
      met: business.kycDetailsCompleted,
      details: business.kycDetailsCompleted ? [] : ['The business has not marked its KYC complete'],
    },
  ]
  // The documents module owns the per-class matrix, deferrals and CAC review: its gaps for approval, split in two lines.
  const gaps = await findDocumentGaps(db, { businessId: business.id, forApproval: true, now })
  const cac = gaps.filter((g) => g.code === 'CAC_DOCUMENT_NOT_APPROVED')
  const documents = gaps.filter((g) => g.code !== 'CAC_DOCUMENT_NOT_APPROVED')
  checks.push(
    {
      code: 'REQUIRED_DOCUMENTS',
      label: 'Every required document is present, or covered by an approved deferral that is not overdue',
      met: documents.length === 0,
      details: documents.map((g) => g.message),
    },
    { code: 'CAC_DOCUMENTS', label: 'CAC documents are approved', met: cac.length === 0, details: cac.map((g) => g.message) },
  )
  return checks
}

/** Codes whose failure is a wrong state (409 INVALID_STATE) rather than an unmet precondition. */
export const STATE_CHECKS = new Set<ApprovalCheck['code']>(['PENDING_STATE'])
