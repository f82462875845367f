import { readdirSync } from 'node:fs'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { expect, test as base, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test'
import { settleAnimations, axeOf } from './support/a11y'
import { activeUser, bearer, latestMail, logInThroughApi, unique } from './support/accounts'
import { acmeSeller, partnerReference } from './support/partner'
import { reachSection } from './support/sections'
import { dismissToasts } from './support/toasts'

/**
 * Accessibility in CI (issue 24): axe (WCAG 2.0/2.1 A and AA rules) on every page under pages/, each opened by the
 * role it is for, at desktop width, once its real content has loaded. No serious or critical violation is allowed.
 * The list of pages comes from the pages/ tree itself: a page that is neither visited here nor excluded with a reason
 * fails the first test, so a new screen cannot escape the check. See docs/testing.md.
 */

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']

/** Who opens a page: anonymous, or a demo account (server/seed/demo-users.ts). */
type Role = 'anonymous' | 'owner' | 'officer' | 'approver' | 'productManager' | 'auditor' | 'dpo' | 'superadmin' | 'government'

const ACCOUNTS: Record<Exclude<Role, 'anonymous'>, string> = {
  owner: 'owner@example.com',
  officer: 'officer@example.com',
  approver: 'approver@example.com',
  productManager: 'product@example.com',
  auditor: 'auditor@example.com',
  dpo: 'dpo@example.com',
  superadmin: 'superadmin@example.com',
  government: 'gov@example.com',
}

/** Records of the demo data the pages are opened on (e2e/global-setup.ts seeds them: SEED_DEMO=true). */
interface DemoIds {
  /** owner@example.com's business whose KYC is submitted (Adebayo Foods Limited). */
  ownerBusinessId: string
  ownerBusinessName: string
  /** A live product's code, for its application page. */
  productCode: string
  /** A product, for its configuration page. */
  productId: string
  /** A business waiting for review. */
  businessForApprovalId: string
  /** A KYC record with CAC documents to review. */
  cacKycDetailsId: string
  /** A deferral request, waiting for a decision when the demo data still has one (other specs decide some). */
  deferral: { id: string; documentName: string }
  /** A product application waiting for a decision. */
  productApplicationId: string
  /** A government entity. */
  governmentEntityId: string
}

interface VisitContext {
  ids: DemoIds
  request: APIRequestContext
  /** A role's API headers, from its one sign-in in this worker (a second sign-in at once would be refused). */
  headersOf: (role: Exclude<Role, 'anonymous'>) => Promise<Record<string, string>>
}

interface Visit {
  /** The page's file under pages/. */
  file: string
  as: Role
  /** The URL opened; setup the page needs (a fresh e-mailed link, a pending request) happens here. */
  url: string | ((context: VisitContext) => Promise<string> | string)
  /** Its h1, exactly (proves the page itself, not a 403 or a redirect, was checked). */
  heading: string
  /** What else must be on screen before axe runs, beyond the heading and no loading placeholder. */
  ready?: (page: Page, ids: DemoIds) => Promise<void>
  /** Distinguishes several visits of one page in the test title. */
  variant?: string
}

/** The main content holds this: a landmark, heading, field or table the page draws once its data is in. */
const shows =
  (role: Parameters<Page['getByRole']>[0], name: string | RegExp) =>
  (page: Page): Promise<void> =>
    expect(page.getByRole('main').getByRole(role, { name }).first()).toBeVisible()

/** A list has loaded its rows (the demo data fills every list visited with it). */
const listRows = async (page: Page) => {
  await expect(page.locator('main table tbody tr').first()).toBeVisible()
}

const VISITS: Visit[] = [
  // Public pages.
  {
    file: 'index.tsx',
    as: 'anonymous',
    url: '/',
    heading: 'Onboard your business, complete KYC and start using our products',
    ready: shows('link', 'Create an account'),
  },
  { file: 'auth/login.tsx', as: 'anonymous', url: '/auth/login', heading: 'Sign in' },
  // Where a session that must set up a second factor lands; any signed-in user may open it.
  {
    file: 'auth/enrol-factor.tsx',
    as: 'owner',
    url: '/auth/enrol-factor',
    heading: 'Set up a second factor',
    ready: shows('button', 'Set up an authenticator app'),
  },
  { file: 'auth/signup/index.tsx', as: 'anonymous', url: '/auth/signup', heading: 'Create your account' },
  {
    file: 'auth/signup/success.tsx',
    as: 'anonymous',
    url: '/auth/signup/success?email=new.user%40example.ng',
    heading: 'Check your e-mail',
  },
  { file: 'auth/forgot-password.tsx', as: 'anonymous', url: '/auth/forgot-password', heading: 'Reset your password' },
  {
    file: 'auth/resend-activation-token.tsx',
    as: 'anonymous',
    url: '/auth/resend-activation-token',
    heading: 'Resend the activation link',
  },
  {
    file: 'auth/activate.tsx',
    as: 'anonymous',
    // A new sign-up's own activation link: the page activates the account and says so.
    url: async ({ request }) => {
      const id = unique()
      const email = `axe.${id}@example.ng`
      const signup = await request.post('/api/v1/accounts/signup', {
        data: { firstName: 'Ada', lastName: 'Eze', email, phone: `0803${id.slice(-7)}`, password: `Lagoon-${id}-Xy!` },
      })
      expect(signup.ok(), await signup.text()).toBe(true)
      const mail = await latestMail(request, email, 'activation')
      return /(\/auth\/activate\?token=[A-Za-z0-9_%-]+)/.exec(mail.text)![1]!
    },
    heading: 'Activate your account',
    ready: (page) => expect(page.getByRole('status').filter({ hasText: 'Your account is active' })).toBeVisible(),
  },
  {
    file: 'auth/accept-invitation.tsx',
    as: 'anonymous',
    // A real invitation, from a new owner's own business (the demo businesses keep their members).
    url: async ({ request }) => {
      const owner = await activeUser(request, 'Bola', 'Ade')
      const headers = await bearer(request, owner.email, owner.password)
      const [type] = (await (await request.get('/api/v1/business-types')).json()) as { id: string }[]
      const [category] = (await (await request.get('/api/v1/business-categories')).json()) as { id: string }[]
      const created = await request.post('/api/v1/businesses', {
        headers,
        data: {
          name: `Axe Traders ${owner.id}`,
          regNo: `RC${owner.id}`,
          typeId: type!.id,
          categoryId: category!.id,
          email: `info.${owner.id}@axe-traders.ng`,
          phone: '08031112222',
          address: { line1: '3 Marina', country: 'Nigeria', state: 'Lagos' },
        },
      })
      expect(created.status(), await created.text()).toBe(201)
      const businessId = ((await created.json()) as { id: string }).id
      const member = `member.${owner.id}@example.ng`
      const invited = await request.post('/api/v1/businesses/user', {
        headers,
        data: { businessId, email: member, role: 'BUSINESS_MEMBER', firstName: 'Chidi' },
      })
      expect(invited.status(), await invited.text()).toBe(201)
      const mail = await latestMail(request, member, 'business-invitation')
      return /(\/auth\/accept-invitation\?token=[A-Za-z0-9_%-]+)/.exec(mail.text)![1]!
    },
    heading: 'Join your business',
  },
  { file: 'products.tsx', as: 'anonymous', url: '/products', heading: 'Our products' },
  { file: 'support/contact-us.tsx', as: 'anonymous', url: '/support/contact-us', heading: 'Contact us' },
  {
    file: 'external/handover.tsx',
    as: 'anonymous',
    url: async () => {
      const id = unique()
      const reference = await partnerReference(acmeSeller(id))
      return `/external/handover?reference=${reference}`
    },
    heading: 'Continue from a partner',
    ready: (page) => expect(page.getByRole('main')).toContainText('Acme Marketplace sent you here'),
  },
  { file: '404.tsx', as: 'anonymous', url: '/no-such-page', heading: 'We could not find that page' },
  { file: '500.tsx', as: 'anonymous', url: '/500', heading: 'Something went wrong on our side' },

  // Any signed-in user: the business owner.
  {
    file: 'profile.tsx',
    as: 'owner',
    url: '/profile',
    heading: 'Your profile',
    ready: (page) => expect(page.getByLabel('First name')).toHaveValue('Emeka'),
  },
  {
    file: 's/notifications.tsx',
    as: 'approver',
    url: '/s/notifications',
    heading: 'Notifications',
    ready: (page) => expect(page.getByRole('list', { name: 'Your notifications' })).toBeVisible(),
  },
  {
    file: 's/user-profile-preference.tsx',
    as: 'owner',
    url: '/s/user-profile-preference',
    heading: 'Preferences',
    ready: (page) => expect(page.getByLabel('Do not send me marketing e-mails')).toBeVisible(),
  },

  // The business area: the business owner, on their business whose KYC is submitted.
  {
    file: 's/businesses/index.tsx',
    as: 'owner',
    url: '/s/businesses',
    heading: 'Your businesses',
    ready: (page, ids) => shows('heading', ids.ownerBusinessName)(page),
  },
  {
    file: 's/businesses/create-business.tsx',
    as: 'owner',
    url: '/s/businesses/create-business',
    heading: 'Register a business',
    ready: shows('textbox', 'Business name'),
  },
  {
    file: 's/businesses/business-division.tsx',
    as: 'owner',
    url: '/s/businesses/business-division',
    heading: 'Divisions and their products',
    ready: shows('heading', /\(PAY\)$/),
  },
  {
    file: 's/businesses/dashboard-details/index.tsx',
    as: 'owner',
    url: ({ ids }) => `/s/businesses/dashboard-details?businessId=${ids.ownerBusinessId}`,
    heading: 'Business dashboard',
    ready: shows('region', 'KYC progress'),
  },
  ...Object.entries({
    COMPANY_DETAILS: 'Company details',
    ADDRESSES: 'Addresses',
    MEANS_OF_ID: 'Means of ID',
    SHAREHOLDERS: 'Shareholders',
    DOCUMENTS: 'Documents',
  }).map(([step, label]): Visit => ({
    file: 's/businesses/dashboard-details/kyc/index.tsx',
    variant: step,
    as: 'owner',
    url: ({ ids }) => `/s/businesses/dashboard-details/kyc?businessId=${ids.ownerBusinessId}&step=${step}`,
    heading: 'Know your customer',
    ready: shows('region', new RegExp(`^\\d\\. ${label}$`)),
  })),
  {
    file: 's/businesses/dashboard-details/kyc/preview-form.tsx',
    as: 'owner',
    url: ({ ids }) => `/s/businesses/dashboard-details/kyc/preview-form?businessId=${ids.ownerBusinessId}`,
    heading: 'KYC preview',
    ready: shows('region', 'Company details'),
  },
  {
    file: 's/businesses/kyc-document.tsx',
    as: 'owner',
    url: ({ ids }) => `/s/businesses/kyc-document?businessId=${ids.ownerBusinessId}`,
    heading: 'KYC documents',
    ready: shows('region', 'Documents for your registration class'),
  },
  {
    file: 's/businesses/manage-users.tsx',
    as: 'owner',
    url: ({ ids }) => `/s/businesses/manage-users?businessId=${ids.ownerBusinessId}`,
    heading: 'Manage users',
    ready: (page) => expect(page.getByRole('rowheader', { name: /\(you\)/ })).toBeVisible(),
  },
  {
    file: 's/businesses/manage-roles.tsx',
    as: 'owner',
    url: '/s/businesses/manage-roles',
    heading: 'Manage roles',
    ready: shows('table', 'What each role may do'),
  },
  {
    file: 's/products/index.tsx',
    as: 'owner',
    url: ({ ids }) => `/s/products?businessId=${ids.ownerBusinessId}`,
    heading: 'Products',
  },
  {
    file: 's/products/ProductKyc.tsx',
    as: 'owner',
    url: ({ ids }) => `/s/products/ProductKyc?productCode=${ids.productCode}&businessId=${ids.ownerBusinessId}`,
    heading: 'Product application',
    ready: shows('heading', /./),
  },

  // Staff lists and capture: the onboarding officer.
  { file: 's/admin/businesses/index.tsx', as: 'officer', url: '/s/admin/businesses', heading: 'All businesses', ready: listRows },
  {
    file: 's/admin/businesses/blocked.tsx',
    as: 'officer',
    url: '/s/admin/businesses/blocked',
    heading: 'Blocked businesses',
    ready: listRows,
  },
  {
    file: 's/admin/businesses/registered/index.tsx',
    as: 'officer',
    url: '/s/admin/businesses/registered',
    heading: 'Registered businesses',
    ready: listRows,
  },
  {
    file: 's/admin/businesses/registered/summary.tsx',
    as: 'officer',
    url: '/s/admin/businesses/registered/summary',
    heading: 'Business summary',
    ready: shows('table', 'Businesses registered and approved per month'),
  },
  {
    file: 's/admin/businesses/create.tsx',
    as: 'officer',
    url: '/s/admin/businesses/create',
    heading: 'Register a business for a customer',
    ready: shows('region', 'Start from a CRM account (optional)'),
  },
  { file: 's/admin/crm.tsx', as: 'officer', url: '/s/admin/crm', heading: 'CRM directory', ready: shows('button', /./) },
  {
    file: 's/admin/support-inquiries.tsx',
    as: 'officer',
    url: '/s/admin/support-inquiries',
    heading: 'Support inquiries',
    ready: shows('table', 'Support inquiries, newest first'),
  },

  // Decisions: the approver.
  {
    file: 's/admin/approvals/business/index.tsx',
    as: 'approver',
    url: '/s/admin/approvals/business',
    heading: 'Business approvals',
    ready: listRows,
  },
  {
    file: 's/admin/approvals/business/business-preview.tsx',
    as: 'approver',
    url: ({ ids }) => `/s/admin/approvals/business/business-preview?id=${ids.businessForApprovalId}`,
    heading: 'Business review',
    // The sections under the KYC load when reached: each is brought into view so the scan covers it too.
    ready: async (page) => {
      await shows('navigation', 'Review sections')(page)
      for (const section of ['Ownership and control', 'Screening', 'Risk']) await reachSection(page, section)
    },
  },
  {
    file: 's/admin/approvals/cac-doc/index.tsx',
    as: 'approver',
    url: '/s/admin/approvals/cac-doc',
    heading: 'CAC documents',
    ready: listRows,
  },
  {
    file: 's/admin/approvals/cac-doc/details.tsx',
    as: 'approver',
    url: ({ ids }) => `/s/admin/approvals/cac-doc/details?id=${ids.cacKycDetailsId}`,
    heading: 'CAC document review',
    ready: shows('region', 'CAC documents'),
  },
  {
    file: 's/admin/approvals/deferral/index.tsx',
    as: 'approver',
    url: '/s/admin/approvals/deferral',
    heading: 'Deferrals',
    ready: listRows,
  },
  {
    file: 's/admin/approvals/deferral/details.tsx',
    as: 'approver',
    url: ({ ids }) => `/s/admin/approvals/deferral/details?id=${ids.deferral.id}`,
    heading: 'Deferral review',
    ready: (page, ids) => shows('region', ids.deferral.documentName)(page),
  },
  {
    file: 's/admin/approvals/products.tsx',
    as: 'approver',
    url: '/s/admin/approvals/products',
    heading: 'Product approvals',
    ready: listRows,
  },
  {
    file: 's/admin/approvals/product-preview.tsx',
    as: 'approver',
    url: ({ ids }) => `/s/admin/approvals/product-preview?id=${ids.productApplicationId}`,
    heading: 'Product application',
    ready: shows('region', 'Answers'),
  },
  // The screening queue: the demo data holds an open candidate (Asaba Creative Studios' shareholder, UN QDi.322).
  {
    file: 's/admin/screening/index.tsx',
    as: 'approver',
    url: '/s/admin/screening',
    heading: 'Screening',
    ready: listRows,
  },
  {
    file: 's/admin/authorizations/index.tsx',
    as: 'approver',
    url: '/s/admin/authorizations',
    heading: 'Authorizations',
    ready: shows('table', 'Authorizations, pending first'),
  },
  {
    file: 's/admin/authorizations/details.tsx',
    as: 'approver',
    // A role request of the super administrator's (the demo data holds none): the approver is its checker.
    url: async ({ request, headersOf }) => {
      const name = `Axe readers ${unique()}`
      const requested = await request.post('/api/v1/roles', {
        headers: await headersOf('superadmin'),
        data: { name, description: 'Reads businesses', scope: 'staff', permissions: ['CAN_READ_BUSINESS'] },
      })
      expect(requested.status(), await requested.text()).toBe(202)
      return `/s/admin/authorizations/details?id=${((await requested.json()) as { id: string }).id}`
    },
    heading: 'Authorization',
    ready: (page) => expect(page.getByRole('heading', { level: 2, name: /^New role: Axe readers/ })).toBeVisible(),
  },

  // Products: the product manager.
  {
    file: 's/admin/product-config/index.tsx',
    as: 'productManager',
    url: '/s/admin/product-config',
    heading: 'Product configuration',
    ready: listRows,
  },
  {
    file: 's/admin/product-config/details.tsx',
    as: 'productManager',
    url: ({ ids }) => `/s/admin/product-config/details?id=${ids.productId}`,
    heading: 'Product',
    ready: shows('region', 'Availability'),
  },
  {
    file: 's/admin/product-config/details.tsx',
    variant: 'new product',
    as: 'productManager',
    url: '/s/admin/product-config/details',
    heading: 'New product',
    ready: shows('textbox', 'Name'),
  },

  // Reports, one visit per tab: the auditor reads them all.
  ...Object.entries({
    businesses: shows('region', 'By status'),
    fees: shows('region', 'Fee report'),
    audits: shows('region', 'Audit rows, newest first'),
    archives: shows('table', 'Archived businesses'),
  }).map(([tab, ready]): Visit => ({
    file: 's/admin/reports.tsx',
    variant: tab,
    as: 'auditor',
    url: `/s/admin/reports?tab=${tab}`,
    heading: 'Reports',
    ready,
  })),

  {
    file: 's/admin/data-protection.tsx',
    as: 'dpo',
    url: '/s/admin/data-protection',
    heading: 'Data protection',
    ready: shows('region', 'Who saw personal data'),
  },

  // Webhooks and staff users and roles: the super administrator (CAN_MANAGE_WEBHOOKS; staff see the staff screens).
  {
    file: 's/admin/escalations.tsx',
    as: 'superadmin',
    url: '/s/admin/escalations',
    heading: 'Escalations',
    ready: shows('table', 'Escalations, newest first'),
  },
  {
    file: 's/admin/service-levels.tsx',
    as: 'superadmin',
    url: '/s/admin/service-levels',
    heading: 'Service levels',
    ready: async (page) => {
      await expect(page.getByRole('main').getByRole('button', { name: 'Edit Business review' })).toBeVisible()
      await expect(
        page
          .getByRole('main')
          .getByRole('table', { name: /^Holidays in \d{4}$/ })
          .getByRole('row')
          .nth(1),
      ).toBeVisible()
    },
  },
  {
    file: 's/admin/operations.tsx',
    as: 'superadmin',
    url: '/s/admin/operations',
    heading: 'Operations dashboard',
    ready: shows('table', 'Business review: in and out per month'),
  },
  {
    file: 's/admin/webhooks.tsx',
    as: 'superadmin',
    url: '/s/admin/webhooks',
    heading: 'Webhooks',
    ready: shows('region', 'Endpoints'),
  },
  // The risk model (docs/risk.md#screens): the super administrator manages it. The dry run is opened on the version in
  // force (a dry run writes nothing; proposing a version here would leave one behind for e2e/risk-model.spec.ts).
  {
    file: 's/admin/risk-model/index.tsx',
    as: 'superadmin',
    url: '/s/admin/risk-model',
    heading: 'Risk model',
    ready: async (page) => {
      await shows('table', 'Higher-risk sectors (business categories)')(page)
      await shows('table', 'Versions, newest first')(page)
    },
  },
  {
    file: 's/admin/risk-model/dry-run.tsx',
    as: 'superadmin',
    url: async ({ request, headersOf }) => {
      const res = await request.get('/api/v1/risk/models?pageSize=100', { headers: await headersOf('superadmin') })
      expect(res.status(), await res.text()).toBe(200)
      const { content } = (await res.json()) as { content: { id: string; status: string }[] }
      return `/s/admin/risk-model/dry-run?id=${content.find((v) => v.status === 'ACTIVE')!.id}`
    },
    heading: 'Risk model dry run',
    ready: async (page) => {
      await expect(page.getByRole('main').getByText('This is the version in force.')).toBeVisible()
      await expect(page.getByRole('main').getByText('No business would change tier.')).toBeVisible()
    },
  },
  // Screening lists and search (docs/screening.md#screens): the list manager sees the load, designation and threshold
  // forms; an approver (who reads screening) searches.
  {
    file: 's/admin/screening/lists.tsx',
    as: 'superadmin',
    url: '/s/admin/screening/lists',
    heading: 'Screening lists',
    ready: async (page) => {
      await shows('article', 'UN Security Council Consolidated List')(page)
      await shows('region', 'Load a new version')(page)
    },
  },
  {
    file: 's/admin/screening/search.tsx',
    as: 'approver',
    url: '/s/admin/screening/search',
    heading: 'Screening search',
    ready: shows('search', 'Search the screening lists'),
  },
  {
    file: 's/businesses/manage-users.tsx',
    variant: 'staff users',
    as: 'superadmin',
    url: '/s/businesses/manage-users',
    heading: 'Manage users',
    ready: listRows,
  },
  {
    file: 's/businesses/manage-roles.tsx',
    variant: 'staff roles',
    as: 'superadmin',
    url: '/s/businesses/manage-roles',
    heading: 'Manage roles',
    ready: shows('heading', 'APPROVER'),
  },

  // The government area: the government officer.
  {
    file: 's/government/entities.tsx',
    as: 'government',
    url: '/s/government/entities',
    heading: 'Government entities',
    ready: listRows,
  },
  {
    file: 's/government/createEntity.tsx',
    as: 'government',
    url: '/s/government/createEntity',
    heading: 'Create a government entity',
    ready: shows('textbox', 'Contact e-mail'),
  },
  {
    file: 's/government/kyc.tsx',
    as: 'government',
    url: ({ ids }) => `/s/government/kyc?entityId=${ids.governmentEntityId}`,
    heading: 'Entity KYC',
    ready: shows('region', 'Representatives'),
  },
  {
    file: 's/government/products.tsx',
    as: 'government',
    url: ({ ids }) => `/s/government/products?entityId=${ids.governmentEntityId}`,
    heading: 'Entity products',
    ready: shows('region', 'Add a product'),
  },
]

/** Files under pages/ that are not screens of their own, and why. */
const NOT_VISITED: Record<string, string> = {
  '_app.tsx': 'the frame of every page: checked on each of them',
  '_document.tsx': 'the HTML document of every page: checked on each of them',
  // Next shows it for an address it cannot decode under a dynamic route; the one dynamic route is the API's, which
  // answers such an address in JSON (pages/_error.tsx), so no page URL reaches it.
  '_error.tsx': 'the same ErrorPage as 404.tsx and 500.tsx, which are visited; no page address reaches it',
  'api/login.ts': 'API route (the portal session cookie): JSON, no page',
  'api/logout.ts': 'API route (ends the portal session): JSON, no page',
  'api/v1/[[...path]].ts': 'the business API: JSON, no page',
}

const PAGES_DIR = fileURLToPath(new URL('../pages', import.meta.url))

function pageFiles(dir = PAGES_DIR): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? pageFiles(join(dir, entry.name)) : [relative(PAGES_DIR, join(dir, entry.name))],
  )
}

interface WorkerFixtures {
  /** A role's signed-in API headers, signed in once per worker. */
  sessionOf: (role: Exclude<Role, 'anonymous'>) => Promise<SignedIn>
  /** A role's browser context at desktop width, one per worker (so each page's scripts load from its cache). */
  contextOf: (role: Role) => Promise<BrowserContext>
  /** The demo records the pages are opened on, looked up once per worker. */
  demoIds: () => Promise<DemoIds>
}

interface SignedIn {
  cookies: Awaited<ReturnType<APIRequestContext['storageState']>>['cookies']
  /** The login answer the login form keeps in sessionStorage (`user_auth_data`). */
  authData: string
  headers: Record<string, string>
}

const test = base.extend<object, WorkerFixtures>({
  sessionOf: [
    async ({ playwright }, use, workerInfo) => {
      const baseURL = workerInfo.project.use.baseURL!
      const sessions = new Map<string, Promise<SignedIn>>()
      const contexts: APIRequestContext[] = []
      const signIn = async (email: string): Promise<SignedIn> => {
        const context = await playwright.request.newContext({ baseURL })
        contexts.push(context)
        // logInThroughApi waits out a second check of the same account at the same moment (the other worker's).
        const { text: authData } = await logInThroughApi(context, email)
        // As the login form does next: the page session cookie, from the portal's own origin.
        const portal = await context.post('/api/login', {
          headers: { origin: baseURL },
          data: { user_auth_data: JSON.parse(authData) },
        })
        expect(portal.status(), await portal.text()).toBe(200)
        const { access_token } = JSON.parse(authData) as { access_token: string }
        return {
          cookies: (await context.storageState()).cookies,
          authData,
          headers: { authorization: `Bearer ${access_token}` },
        }
      }
      await use((role) => {
        const email = ACCOUNTS[role]
        if (!sessions.has(email)) sessions.set(email, signIn(email))
        return sessions.get(email)!
      })
      for (const context of contexts) await context.dispose()
    },
    { scope: 'worker' },
  ],
  contextOf: [
    async ({ browser, sessionOf }, use) => {
      const contexts = new Map<Role, Promise<BrowserContext>>()
      const open = async (role: Role) => {
        const context = await browser.newContext({ viewport: { width: 1366, height: 768 } })
        if (role === 'anonymous') return context
        const session = await sessionOf(role)
        await context.addCookies(session.cookies)
        await context.addInitScript((authData) => {
          if (!window.sessionStorage.getItem('user_auth_data')) window.sessionStorage.setItem('user_auth_data', authData)
        }, session.authData)
        return context
      }
      await use((role) => {
        if (!contexts.has(role)) contexts.set(role, open(role))
        return contexts.get(role)!
      })
      for (const context of contexts.values()) await (await context).close()
    },
    { scope: 'worker' },
  ],
  demoIds: [
    async ({ playwright, sessionOf }, use, workerInfo) => {
      const api = await playwright.request.newContext({ baseURL: workerInfo.project.use.baseURL! })
      let ids: Promise<DemoIds> | undefined
      await use(() => (ids ??= lookUp()))
      await api.dispose()

      async function lookUp(): Promise<DemoIds> {
        const get = async <T>(role: Exclude<Role, 'anonymous'>, path: string): Promise<T> => {
          const res = await api.get(`/api/v1${path}`, { headers: (await sessionOf(role)).headers })
          expect(res.status(), `${path}: ${await res.text()}`).toBe(200)
          return (await res.json()) as T
        }
        type Paged<T> = { content: T[] }
        const first = <T>(items: T[], what: string) => {
          expect(items.length, `the demo data has ${what}`).toBeGreaterThan(0)
          return items[0]!
        }
        const owned = await get<{ id: string; name: string; kycDetailsCompleted: boolean }[]>(
          'owner',
          '/businesses/user-businesses/me',
        )
        const products = await get<Paged<{ id: string; code: string; live: boolean }>>(
          'productManager',
          '/products/admin?pageSize=20',
        )
        const forApproval = await get<Paged<{ id: string }>>('approver', '/businesses/for-approval?pageSize=1')
        const cac = await get<Paged<{ kycDetailsId: string }>>('approver', '/kyc/cac-documents-for-reviews?pageSize=1')
        const deferrals = await get<Paged<{ id: string; status: string; documentType: { name: string } }>>(
          'approver',
          '/deferrals/reviews?pageSize=20',
        )
        const applications = await get<Paged<{ id: string }>>('approver', '/onboarding-products/approvals?pageSize=1')
        const entities = await get<Paged<{ id: string }>>('government', '/government?pageSize=1')
        const ownerBusiness = first(
          owned.filter((b) => b.kycDetailsCompleted),
          "an owner's business with its KYC submitted",
        )
        const deferral = deferrals.content.find((d) => d.status === 'PENDING') ?? first(deferrals.content, 'a deferral')
        return {
          ownerBusinessId: ownerBusiness.id,
          ownerBusinessName: ownerBusiness.name,
          productCode: first(
            products.content.filter((p) => p.live),
            'a live product',
          ).code,
          productId: first(products.content, 'a product').id,
          businessForApprovalId: first(forApproval.content, 'a business for approval').id,
          cacKycDetailsId: first(cac.content, 'CAC documents to review').kycDetailsId,
          deferral: {
            id: deferral.id,
            documentName: deferral.documentType.name,
          },
          productApplicationId: first(applications.content, 'a product application').id,
          governmentEntityId: first(entities.content, 'a government entity').id,
        }
      }
    },
    { scope: 'worker' },
  ],
})

/**
 * The page's real content: its heading, what the visit waits for (which may bring a section that loads when reached
 * into view), and no loading placeholder anywhere.
 */
async function contentLoaded(page: Page, visit: Visit, ids: DemoIds) {
  await expect(page.getByRole('heading', { level: 1, name: visit.heading, exact: true })).toBeVisible({ timeout: 15_000 })
  await visit.ready?.(page, ids)
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 15_000 })
  await expect(page.getByRole('status').filter({ hasText: /^(Loading|Checking)/ })).toHaveCount(0)
  await expect(page.getByRole('heading', { name: 'You do not have access to this page' })).toHaveCount(0)
  await dismissToasts(page)
}

test('every page under pages/ is visited below or excluded with a reason', () => {
  const visited = new Set(VISITS.map((v) => v.file))
  const files = pageFiles()
  const neither = files.filter((f) => !visited.has(f) && !(f in NOT_VISITED))
  expect(neither, 'pages neither visited nor excluded: add them to VISITS (or NOT_VISITED with a reason)').toEqual([])
  const stale = [...visited, ...Object.keys(NOT_VISITED)].filter((f) => !files.includes(f))
  expect(stale, 'entries naming no file under pages/').toEqual([])
})

for (const visit of VISITS) {
  const title = `${visit.file.replace(/\.tsx?$/, '')}${visit.variant ? ` (${visit.variant})` : ''} as ${visit.as}`
  test(`axe: ${title}`, async ({ contextOf, demoIds, sessionOf, request }) => {
    const ids = await demoIds()
    const url =
      typeof visit.url === 'string'
        ? visit.url
        : await visit.url({ ids, request, headersOf: async (role) => (await sessionOf(role)).headers })
    const page = await (await contextOf(visit.as)).newPage()
    try {
      await page.goto(url)
      await contentLoaded(page, visit, ids)
      await settleAnimations(page)
      const { violations } = await axeOf(page).withTags(WCAG_TAGS).analyze()
      const serious = violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => `${v.id} (${v.impact}): ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)
      expect(serious, url).toEqual([])
    } finally {
      await page.close()
    }
  })
}
