import { KYC_STEPS, type KycStep } from '@/lib/contracts/kyc-values'
import { apiPath } from '@/lib/http/api-path'
import { kycRecordFirstReads } from '@/lib/query/kyc-first-reads'
import type { PageRead } from '@/lib/query/page-answers'
import { businessReads, fileReads, kycReads } from '@/lib/query/shared-queries'
import { readStep } from '../model/step-checks'
import { kycQueries } from './kyc-queries'
import type { KycDetailType } from './types'

/** The steps the stepper shows (the preview is its own page). */
export const KYC_DATA_STEPS: readonly KycStep[] = KYC_STEPS.filter((s) => s !== 'PREVIEW')

/**
 * What the KYC stepper reads before its step can paint, for `readPageAnswers` (after the frame's own, `portalFrameReads`): the business, its KYC
 * record (then the record's lists, additional documents and enhanced due diligence), the document checklist, the step's draft and the upload
 * limits. The server answers them with the page, so the step paints from the page's HTML.
 */
export function kycStepperFirstReads(
  businessId: string,
  step: string | null,
  answered: Record<string, unknown> = {},
): PageRead[] {
  // The stepper's steps are the draft types (every step but the preview).
  const draftType = readStep(step, KYC_DATA_STEPS) as KycDetailType
  const record = kycRecordFirstReads(businessId, answered)
  return [
    { path: apiPath`/businesses/${businessId}`, queryKey: businessReads.detail(businessId).queryKey },
    ...record.reads,
    { path: apiPath`/kyc/document-checklist/${businessId}`, queryKey: kycReads.documentChecklist(businessId).queryKey },
    { path: apiPath`/draft-forms/${businessId}/${draftType}`, queryKey: kycQueries.draft(businessId, draftType).queryKey },
    { path: '/files/upload-limits', queryKey: fileReads.uploadLimits().queryKey },
    ...(record.kycDetailsId
      ? [
          {
            path: apiPath`/kyc/company/additional-doc/${record.kycDetailsId}`,
            queryKey: kycQueries.additionalDocuments(record.kycDetailsId).queryKey,
          },
          {
            path: apiPath`/kyc/${record.kycDetailsId}/enhanced-due-diligence`,
            queryKey: kycReads.enhancedDueDiligence(record.kycDetailsId).queryKey,
          },
        ]
      : []),
  ]
}
