import { apiPath } from '@/lib/http/api-path'
import type { PageRead } from './page-answers'
import { kycReads } from './shared-queries'

/**
 * A business's KYC record for a page's first reads (`readPageAnswers`): the record, and once its id has been
 * answered, its addresses, means of ID and shareholders. `kycDetailsId` is that id, when answered.
 */
export function kycRecordFirstReads(
  businessId: string,
  answered: Record<string, unknown>,
): { reads: PageRead[]; kycDetailsId: string | undefined } {
  const detailsPath = apiPath`/kyc/details-first-entity/${businessId}`
  const details: PageRead = { path: detailsPath, queryKey: kycReads.details(businessId).queryKey }
  const kycDetailsId = (answered[detailsPath] as { id?: string } | undefined)?.id
  if (!kycDetailsId) return { reads: [details], kycDetailsId }
  return {
    kycDetailsId,
    reads: [
      details,
      { path: apiPath`/kyc/addresses/all-kyc/${kycDetailsId}`, queryKey: kycReads.addresses(kycDetailsId).queryKey },
      { path: apiPath`/kyc/means-of-ids/${kycDetailsId}`, queryKey: kycReads.meansOfIds(kycDetailsId).queryKey },
      {
        path: apiPath`/kyc/shareholders?kycDetailsId=${kycDetailsId}`,
        queryKey: kycReads.shareholders(kycDetailsId).queryKey,
      },
    ],
  }
}
