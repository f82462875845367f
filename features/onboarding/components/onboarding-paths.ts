/** The routes the onboarding screens link to (spec section 2). */
const query = (params: Record<string, string | null | undefined>) => {
  const entries = Object.entries(params).filter((e): e is [string, string] => !!e[1])
  return entries.length ? `?${new URLSearchParams(entries).toString()}` : ''
}

export const ONBOARDING_PATHS = {
  business: '/s/products',
  application: (productCode: string, businessId?: string | null) => `/s/products/ProductKyc${query({ productCode, businessId })}`,
  kyc: (businessId: string) => `/s/businesses/dashboard-details/kyc${query({ businessId })}`,
  approvals: '/s/admin/approvals/products',
  preview: (id: string) => `/s/admin/approvals/product-preview${query({ id })}`,
  productConfig: (id: string) => `/s/admin/product-config/details${query({ id })}`,
} as const
