/** The business area's routes (spec section 2), with the chosen business in the query where a page needs one. */
const withBusiness = (path: string, businessId?: string | null) =>
  businessId ? `${path}?businessId=${encodeURIComponent(businessId)}` : path

export const BUSINESS_PATHS = {
  list: '/s/businesses',
  create: '/s/businesses/create-business',
  dashboard: (businessId?: string | null) => withBusiness('/s/businesses/dashboard-details', businessId),
  kyc: (businessId?: string | null) => withBusiness('/s/businesses/dashboard-details/kyc', businessId),
  divisions: '/s/businesses/business-division',
  manageUsers: (businessId?: string | null) => withBusiness('/s/businesses/manage-users', businessId),
  manageRoles: '/s/businesses/manage-roles',
  products: '/s/products',
  productOnboarding: (productCode: string, businessId: string) =>
    `/s/products/ProductKyc?productCode=${encodeURIComponent(productCode)}&businessId=${encodeURIComponent(businessId)}`,
  login: '/auth/login',
} as const
