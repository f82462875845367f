import { apiPath } from '@/lib/http/api-path'
import { kycRecordFirstReads } from '@/lib/query/kyc-first-reads'
import type { PageRead } from '@/lib/query/page-answers'
import { businessReads, kycReads, referenceReads } from '@/lib/query/shared-queries'
import { approvalQueries } from './approval-queries'

/**
 * What the business review reads before it can paint, for `readPageAnswers` (after the frame's own, `portalFrameReads`): the business, its checklist,
 * reviewers, comments, verification items and registry extract, the type and category names, the document checklist and the KYC record
 * (then its lists). Reads the reviewer may not make answer no content and are made by the browser as usual.
 */
export function reviewFirstReads(businessId: string, answered: Record<string, unknown> = {}): PageRead[] {
  return [
    { path: apiPath`/businesses/${businessId}`, queryKey: businessReads.detail(businessId).queryKey },
    { path: apiPath`/businesses/${businessId}/approval-checklist`, queryKey: approvalQueries.checklist(businessId).queryKey },
    { path: '/businesses/reviewers', queryKey: approvalQueries.reviewers().queryKey },
    { path: apiPath`/businesses/attachment/${businessId}`, queryKey: approvalQueries.comments(businessId).queryKey },
    { path: apiPath`/verified-kyc/${businessId}`, queryKey: approvalQueries.verification(businessId).queryKey },
    { path: apiPath`/businesses/${businessId}/registry-extract`, queryKey: approvalQueries.registry(businessId).queryKey },
    { path: '/business-types', queryKey: referenceReads.businessTypes().queryKey },
    { path: '/business-categories', queryKey: referenceReads.businessCategories().queryKey },
    { path: apiPath`/kyc/document-checklist/${businessId}`, queryKey: kycReads.documentChecklist(businessId).queryKey },
    ...kycRecordFirstReads(businessId, answered).reads,
  ]
}
