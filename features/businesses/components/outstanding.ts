import type { OutstandingItem } from '@/lib/contracts/outstanding'
import type { KycStep } from '@/lib/contracts/kyc-values'
import { BUSINESS_PATHS } from './business-paths'

export { formatDay } from '@/lib/format/day'

const withQuery = (path: string, query: Record<string, string>) => `${path}?${new URLSearchParams(query).toString()}`

/** The pages the dashboard leads to (spec section 2), with the business in the query; the KYC stepper opens `?step=`. */
export const DASHBOARD_LINKS = {
  kycStep: (businessId: string, step: KycStep) =>
    step === 'PREVIEW'
      ? withQuery('/s/businesses/dashboard-details/kyc/preview-form', { businessId })
      : withQuery('/s/businesses/dashboard-details/kyc', { businessId, step }),
  documents: (businessId: string) => withQuery('/s/businesses/kyc-document', { businessId }),
  /** The documents page's deferral requests. */
  deferrals: (businessId: string) => `${withQuery('/s/businesses/kyc-document', { businessId })}#kyc-deferrals-heading`,
} as const

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
        return { href: DASHBOARD_LINKS.kycStep(businessId, 'PREVIEW'), label: 'Open the preview' }
      if (item.code === 'KYC_STEP_INCOMPLETE')
        return { href: DASHBOARD_LINKS.kycStep(businessId, target.step), label: 'Continue KYC' }
      return { href: DASHBOARD_LINKS.kycStep(businessId, target.step), label: 'Review your KYC' }
    case 'KYC_DOCUMENTS':
      return {
        href: DASHBOARD_LINKS.documents(businessId),
        label: item.code === 'DOCUMENT_MISSING' ? 'Go to documents' : 'Upload it',
      }
    case 'DEFERRALS':
      return { href: DASHBOARD_LINKS.deferrals(businessId), label: 'See the request' }
    case 'PRODUCT':
      return target.productCode
        ? { href: BUSINESS_PATHS.productOnboarding(target.productCode, businessId), label: 'Open the application' }
        : { href: BUSINESS_PATHS.products, label: 'Browse products' }
    default:
      return null
  }
}
