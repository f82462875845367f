import type { Executor } from '@/server/db/client'
import { listAddressesOf } from './kyc-addresses'
import { findKycCaptureGaps } from './kyc-capture-gaps'
import { toKycDetailsAnswer } from './kyc-details'
import { findKycDetailsOfBusiness } from './kyc-record'
import { listMeansOfIdsOf } from './means-of-ids'
import { listShareholdersOf } from './shareholders'

/**
 * The captured KYC of a business for the summary PDF (`GET /businesses/pdf-info/{id}` adds it as `kyc`). ID numbers
 * and BVNs come masked from the list answers: a downloaded PDF travels further than the screen. The caller has checked
 * read access.
 */
export async function getKycSummary(db: Executor, business: { id: string; name: string }) {
  const details = await findKycDetailsOfBusiness(db, business.id)
  const gaps = await findKycCaptureGaps(db, { businessId: business.id })
  if (!details) return { details: null, addresses: [], meansOfIds: [], shareholders: [], gaps }
  const [addresses, ids, holders] = await Promise.all([
    listAddressesOf(db, details.id),
    listMeansOfIdsOf(db, details.id),
    listShareholdersOf(db, details.id),
  ])
  return {
    details: toKycDetailsAnswer(details, business.name),
    addresses,
    meansOfIds: ids,
    shareholders: holders,
    gaps,
  }
}
