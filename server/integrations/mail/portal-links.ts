import { getConfig } from '@/lib/config/env'

/** Absolute links to portal pages, for e-mails. */
export const portalLinks = {
  activate: (token: string) => `${getConfig().publicUrl}/auth/activate?token=${encodeURIComponent(token)}`,
  acceptInvitation: (token: string) => `${getConfig().publicUrl}/auth/accept-invitation?token=${encodeURIComponent(token)}`,
  manageUsers: (businessId: string) =>
    `${getConfig().publicUrl}/s/businesses/manage-users?businessId=${encodeURIComponent(businessId)}`,
  businessDashboard: (businessId: string) =>
    `${getConfig().publicUrl}/s/businesses/dashboard-details?businessId=${encodeURIComponent(businessId)}`,
  productApplication: (productCode: string, businessId: string) =>
    `${getConfig().publicUrl}/s/products/ProductKyc?productCode=${encodeURIComponent(productCode)}&businessId=${encodeURIComponent(businessId)}`,
  businessReview: (businessId: string) =>
    `${getConfig().publicUrl}/s/admin/approvals/business/business-preview?id=${encodeURIComponent(businessId)}`,
  screeningQueue: () => `${getConfig().publicUrl}/s/admin/screening`,
  authorizationDetails: (id: string) => `${getConfig().publicUrl}/s/admin/authorizations/details?id=${encodeURIComponent(id)}`,
  businessScreening: (businessId: string) =>
    `${getConfig().publicUrl}/s/admin/approvals/business/business-preview?id=${encodeURIComponent(businessId)}#screening`,
  supportInquiries: () => `${getConfig().publicUrl}/s/admin/support-inquiries`,
  notifications: () => `${getConfig().publicUrl}/s/notifications`,
  login: () => `${getConfig().publicUrl}/auth/login`,
  profile: () => `${getConfig().publicUrl}/profile`,
  dataProtection: () => `${getConfig().publicUrl}/s/admin/data-protection`,
  forgotPassword: (email?: string) =>
    `${getConfig().publicUrl}/auth/forgot-password${email ? `?email=${encodeURIComponent(email)}` : ''}`,
}
