import type { OutstandingItem } from '@/lib/contracts/outstanding'
import { paths } from '@/lib/navigation/paths'

export { formatDay } from '@/lib/format/day'

export interface OutstandingLink {
  href: string
  label: string
}

/**
 * Where the business acts on an outstanding item (the API says what and where; this only turns the target into a
 * page of the portal): a KYC step, the documents page, a product's application or the catalogue. Null for items
 * to wait for.
 */
export function outstandingLink(item: Pick<OutstandingItem, 'code' | 'target'>, businessId: string): OutstandingLink | null {
  const { target } = item
  switch (target.kind) {
    case 'KYC_STEP':
      if (!target.step || target.step === 'PREVIEW')
        return { href: paths.business.kycStep(businessId, 'PREVIEW'), label: 'Open the preview' }
      if (item.code === 'KYC_STEP_INCOMPLETE')
        return { href: paths.business.kycStep(businessId, target.step), label: 'Continue KYC' }
      return { href: paths.business.kycStep(businessId, target.step), label: 'Review your KYC' }
    case 'KYC_EDD':
      return { href: paths.business.kycEdd(businessId), label: 'Answer the questions' }
    case 'KYC_DOCUMENTS':
      return {
        href: paths.business.documents(businessId),
        label: item.code === 'DOCUMENT_MISSING' ? 'Go to documents' : 'Upload it',
      }
    case 'DEFERRALS':
      return { href: paths.business.deferrals(businessId), label: 'See the request' }
    case 'PRODUCT':
      return target.productCode
        ? { href: paths.business.productApplication(target.productCode, businessId), label: 'Open the application' }
        : { href: paths.business.products(), label: 'Browse products' }
    default:
      return null
  }
}
