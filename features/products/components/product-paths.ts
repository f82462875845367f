/** The routes the product screens link to (spec section 2). */
const query = (params: Record<string, string | null | undefined>) => {
  const entries = Object.entries(params).filter((e): e is [string, string] => !!e[1])
  return entries.length ? `?${new URLSearchParams(entries).toString()}` : ''
}

/** A product's application; `productCode` is the query key the login redirect uses as well. */
export const productKycPath = (productCode: string, businessId?: string | null) =>
  `/s/products/ProductKyc${query({ productCode, businessId })}`
export const PRODUCT_PATHS = {
  catalogue: '/products',
  business: '/s/products',
  createBusiness: '/s/businesses/create-business',
  config: '/s/admin/product-config',
  configDetails: (id?: string | null) => `/s/admin/product-config/details${query({ id })}`,
  preview: (id: string) => `/s/admin/approvals/product-preview${query({ id })}`,
} as const
