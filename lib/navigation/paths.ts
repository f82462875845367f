/**
 * Every screen of the portal as a typed href builder (spec section 2): the one place a route's path and its query
 * parameters are spelled. Screens, the navigation model, the HTTP layer's login redirect and proxy.ts build their
 * links here; no feature writes `/s/...?...` itself. Pure (no React, no browser API), so proxy.ts may import it.
 *
 * ```ts
 * paths.business.kyc(businessId, 'ADDRESSES') // '/s/businesses/dashboard-details/kyc?businessId=…&step=ADDRESSES'
 * paths.approvals.businessPreview(id)         // '/s/admin/approvals/business/business-preview?id=…'
 * ```
 */
import type { KycStep } from '@/lib/contracts/kyc-values'

/** Query parameters of a screen; empty, null and undefined values are left out. */
export type HrefQuery = Record<string, string | null | undefined>

/**
 * `pathname` with the non-empty `query` (built by URLSearchParams, in the order given) and an optional `#hash`. A space
 * is written `%20`, as encodeURIComponent does, not `+` (URLSearchParams writes a literal `+` as `%2B`, so every `+`
 * it writes stands for a space).
 */
export function href(pathname: string, query: HrefQuery = {}, hash?: string): string {
  const params = new URLSearchParams(Object.entries(query).filter((entry): entry is [string, string] => !!entry[1]))
  const search = params.toString().replaceAll('+', '%20')
  return `${pathname}${search ? `?${search}` : ''}${hash ? `#${hash}` : ''}`
}

/** The business area's screens take the chosen business in the query (`?businessId=`); without one they ask for it. */
type BusinessId = string | null | undefined

export const paths = {
  home: () => '/',
  /** The public product catalogue. */
  catalogue: () => '/products',
  profile: () => '/profile',
  /** The public contact-us form (support inquiries). */
  contactUs: () => '/support/contact-us',
  preferences: () => '/s/user-profile-preference',
  /** The signed-in user's notification centre (docs/notifications.md). */
  notifications: () => '/s/notifications',

  auth: {
    /** `from`: where to go back to after signing in (proxy.ts and the HTTP layer check it is a same-site path). */
    login: (from?: string | null) => href('/auth/login', { from }),
    signup: () => '/auth/signup',
    signupSuccess: (email?: string | null) => href('/auth/signup/success', { email }),
    forgotPassword: () => '/auth/forgot-password',
    resendActivation: (email?: string | null) => href('/auth/resend-activation-token', { email }),
    /** A session that must enrol a second factor first (staff policy, a business's rule, a reset) lands here. */
    enrolFactor: () => '/auth/enrol-factor',
  },

  /** A partner's handover landing page (docs/domain.md#external-business-handover). */
  external: {
    handover: (reference: string) => href('/external/handover', { reference }),
  },

  business: {
    list: () => '/s/businesses',
    create: () => '/s/businesses/create-business',
    dashboard: (businessId?: BusinessId) => href('/s/businesses/dashboard-details', { businessId }),
    kyc: (businessId?: BusinessId, step?: KycStep | null) => href('/s/businesses/dashboard-details/kyc', { businessId, step }),
    kycPreview: (businessId?: BusinessId) => href('/s/businesses/dashboard-details/kyc/preview-form', { businessId }),
    /** A step of the KYC stepper, or for `PREVIEW` the preview page. */
    kycStep: (businessId: string, step: KycStep) =>
      step === 'PREVIEW' ? paths.business.kycPreview(businessId) : paths.business.kyc(businessId, step),
    /** The KYC stepper's enhanced due diligence step (a HIGH business only). */
    kycEdd: (businessId: string) => href('/s/businesses/dashboard-details/kyc', { businessId, step: 'ENHANCED_DUE_DILIGENCE' }),
    documents: (businessId?: BusinessId) => href('/s/businesses/kyc-document', { businessId }),
    /** The documents page's deferral requests. */
    deferrals: (businessId: string) => href('/s/businesses/kyc-document', { businessId }, 'kyc-deferrals-heading'),
    divisions: () => '/s/businesses/business-division',
    manageUsers: (businessId?: BusinessId) => href('/s/businesses/manage-users', { businessId }),
    manageRoles: () => '/s/businesses/manage-roles',
    /** The offered products with the chosen business's standing on each. */
    products: () => '/s/products',
    /** A product's application; `productCode` is the query key the login redirect uses as well. */
    productApplication: (productCode: string, businessId?: BusinessId) =>
      href('/s/products/ProductKyc', { productCode, businessId }),
  },

  admin: {
    businesses: () => '/s/admin/businesses',
    blockedBusinesses: () => '/s/admin/businesses/blocked',
    registeredBusinesses: () => '/s/admin/businesses/registered',
    registeredSummary: () => '/s/admin/businesses/registered/summary',
    createBusiness: () => '/s/admin/businesses/create',
    /** The built-in CRM directory's CSV import. */
    crm: () => '/s/admin/crm',
    productConfig: () => '/s/admin/product-config',
    /** Without an id: a new product. */
    productConfigDetails: (id?: string | null) => href('/s/admin/product-config/details', { id }),
    /** `tab`: the tab to open (`fees`, `audits`, …; the first one the user may see without it). */
    reports: (tab?: string | null) => href('/s/admin/reports', { tab }),
    /** Data-subject requests (find, export, erase), the personal-data view log and the retention purge. */
    dataProtection: () => '/s/admin/data-protection',
    /** The endpoints that receive decisions (webhooks) and their delivery log. */
    webhooks: () => '/s/admin/webhooks',
    /** Screening (docs/screening.md#screens): the queue of candidates, the lists, an ad-hoc search. */
    screening: (filters?: { status?: string; list?: string; q?: string }) => href('/s/admin/screening', { ...filters }),
    screeningLists: () => '/s/admin/screening/lists',
    screeningSearch: () => '/s/admin/screening/search',
    /** The risk model (docs/risk.md#screens): the version in force, the versions, the editor. */
    riskModel: () => '/s/admin/risk-model',
    /** A version's dry run: the businesses whose tier it would move; without an id, the screen's own path. */
    riskModelDryRun: (id?: string | null) => href('/s/admin/risk-model/dry-run', { id }),
    /** Messages sent through the contact-us page. */
    supportInquiries: () => '/s/admin/support-inquiries',
    escalations: () => '/s/admin/escalations',
    /** The queues' targets and the holidays (docs/service-levels.md#screens). */
    serviceLevels: () => '/s/admin/service-levels',
    /** A queue's flow over a period (docs/operations-dashboard.md); the filters in the address. */
    operations: (filters?: { from?: string; to?: string; queue?: string }) => href('/s/admin/operations', { ...filters }),
    /** The checker's inbox of role and staff-user changes; a maker sees their own requests. */
    authorizations: () => '/s/admin/authorizations',
    /** Without an id: the screen's own path (the navigation marks its list). */
    authorizationDetails: (id?: string | null) => href('/s/admin/authorizations/details', { id }),
  },

  approvals: {
    businesses: () => '/s/admin/approvals/business',
    /**
     * Without an id: the screen's own path (the navigation marks its list). `from`: the staff list it is opened from,
     * with its filters (its path and query), for the way back (`reviewBackLink`).
     */
    businessPreview: (id?: string | null, from?: string | null) =>
      href('/s/admin/approvals/business/business-preview', { id, from }),
    /** The review opened at its screening section (docs/screening.md#screens). */
    businessScreening: (id: string) => href('/s/admin/approvals/business/business-preview', { id }, 'screening'),
    cacDocuments: () => '/s/admin/approvals/cac-doc',
    cacDocumentDetails: (kycDetailsId: string) => href('/s/admin/approvals/cac-doc/details', { id: kycDetailsId }),
    products: () => '/s/admin/approvals/products',
    productPreview: (id: string) => href('/s/admin/approvals/product-preview', { id }),
    deferrals: () => '/s/admin/approvals/deferral',
    deferralDetails: (id: string) => href('/s/admin/approvals/deferral/details', { id }),
  },

  government: {
    /** `archiveStatus: 'ARCHIVED'` opens the archived entities. */
    entities: (filters: { archiveStatus?: 'ARCHIVED' } = {}) => href('/s/government/entities', filters),
    createEntity: () => '/s/government/createEntity',
    /** `entityId`: the entity whose products are shown (the screen asks for one without it). */
    products: (entityId?: string | null) => href('/s/government/products', { entityId }),
    /** `entityId`: the entity whose representatives and documents are shown. */
    kyc: (entityId?: string | null) => href('/s/government/kyc', { entityId }),
  },
} as const

/** The staff lists a business review may be opened from, by path, with the name its way back shows. */
const REVIEW_ORIGINS: Record<string, string> = {
  [paths.approvals.businesses()]: 'Business approvals',
  [paths.admin.businesses()]: 'All businesses',
  [paths.admin.registeredBusinesses()]: 'Registered businesses',
  [paths.admin.blockedBusinesses()]: 'Blocked businesses',
}

/**
 * The business review's way back: to the staff list in `from` (`paths.approvals.businessPreview`'s), with the filters
 * it had, when `from` is one of those lists on this site; otherwise to the review queue.
 */
export function reviewBackLink(from: string | null | undefined): { href: string; label: string } {
  const fallback = { href: paths.approvals.businesses(), label: 'Business approvals' }
  if (!from || !from.startsWith('/') || from.startsWith('//')) return fallback
  const url = new URL(from, 'http://portal.invalid')
  const label = url.origin === 'http://portal.invalid' ? REVIEW_ORIGINS[url.pathname] : undefined
  return label ? { href: `${url.pathname}${url.search}`, label } : fallback
}
