import type { KycStep } from '@/lib/contracts/kyc-values'

const withQuery = (path: string, query: Record<string, string | null | undefined>) => {
  const params = new URLSearchParams(Object.entries(query).filter((e): e is [string, string] => !!e[1]))
  const text = params.toString()
  return text ? `${path}?${text}` : path
}

/** The KYC pages (spec section 2), with the chosen business in the query. */
export const KYC_PATHS = {
  stepper: (businessId?: string | null, step?: KycStep) => withQuery('/s/businesses/dashboard-details/kyc', { businessId, step }),
  preview: (businessId?: string | null) => withQuery('/s/businesses/dashboard-details/kyc/preview-form', { businessId }),
  documents: (businessId?: string | null) => withQuery('/s/businesses/kyc-document', { businessId }),
  dashboard: (businessId?: string | null) => withQuery('/s/businesses/dashboard-details', { businessId }),
  businesses: '/s/businesses',
} as const
