/**
 * The portal's navigation model: which areas and links a signed-in user sees. Pure data and functions, shared by
 * the shell (components/layouts/app-shell.tsx) and its tests.
 *
 * Decisions (docs/domain.md#actors):
 * - **Business area** (`/s/businesses/*`, `/s/products`): a business user (not staff) always sees "My businesses"
 *   and "Products": a newly signed-up user holds no permission until they belong to a business, and these are where
 *   they create or join one. The other links need the business-side permission their page uses. Staff see this
 *   area only while they belong to a business themselves (`hasBusinesses`), then by the same permissions: a staff
 *   member's staff-wide CAN_READ_BUSINESS is for the admin lists, not a reason to show "My businesses".
 * - **Users and roles** (`/s/businesses/manage-users`, `/s/businesses/manage-roles`) serve business owners and
 *   staff alike: shown by the spec's user-management and role-management checks.
 * - **Administration** and **Approvals** (`/s/admin/*`): staff only (the admin area's entry rule), each link by
 *   the permission its screen needs.
 * - **Government** (`/s/government/*`): holders of CAN_CREATE_GOVERNMENT_ENTITY.
 * - **Staff-restriction rule**: a payment-group staff user (`iswStaff`) holding a deciding permission
 *   (`STAFF_RESTRICTION_ANY`) loses the business self-service area; users and roles stay.
 */
import { paths } from '@/lib/navigation/paths'
// The modules themselves, not the lib/permissions index: the shell loads this file on every /s page, and the index
// would bring the system roles and permission areas with it.
import { AUTHORIZATIONS_SCREEN_ANY, canManageRoles, canManageUsers, isRestrictedFromBusinessArea } from '@/lib/permissions/checks'
import { PERMISSIONS as P, type Permission } from '@/lib/permissions/names'
import { pathnameOf } from './route-paths'

export type NavAreaId = 'business' | 'users' | 'admin' | 'approvals' | 'government'

export interface NavItem {
  /** Stable id, e.g. `business.kyc-document`. */
  id: string
  label: string
  href: string
}

export interface NavSection {
  id: NavAreaId
  label: string
  items: NavItem[]
}

/** Who is looking: the account's flags and the names from `GET /accounts/me/permissions`. */
export interface NavContext {
  permissions: Iterable<string>
  isStaff: boolean
  iswStaff: boolean
  /** The user belongs to at least one business (the account's `businesses`); only matters for staff. */
  hasBusinesses?: boolean
}

/** Who may see one link. */
interface Rule {
  /** Shown to a business user (not staff) whatever they hold. */
  businessUsers?: boolean
  /** Shown to anyone holding one of these. */
  anyOf?: readonly Permission[]
  /** Shown when this answers true. */
  check?: (held: ReadonlySet<string>) => boolean
}

interface ItemDefinition extends NavItem {
  rule: Rule
}

interface SectionDefinition {
  id: NavAreaId
  label: string
  /** Only staff see the section at all. */
  staffOnly?: boolean
  items: ItemDefinition[]
}

/** A link shown to anyone holding one of `anyOf`. */
function link(id: string, label: string, href: string, anyOf: readonly Permission[]): ItemDefinition {
  return { id, label, href, rule: { anyOf } }
}

const SECTIONS: readonly SectionDefinition[] = [
  {
    id: 'business',
    label: 'My business',
    items: [
      {
        id: 'business.businesses',
        label: 'My businesses',
        href: paths.business.list(),
        rule: { businessUsers: true, anyOf: [P.CAN_READ_BUSINESS, P.CAN_READ_USER_BUSINESS, P.CAN_CREATE_BUSINESS] },
      },
      link('business.dashboard', 'Dashboard', paths.business.dashboard(), [P.CAN_READ_BUSINESS, P.CAN_READ_USER_BUSINESS]),
      link('business.divisions', 'Divisions', paths.business.divisions(), [P.CAN_READ_BUSINESS_DIVISION]),
      link('business.kyc-document', 'KYC documents', paths.business.documents(), [
        P.CAN_CREATE_KYC_DETAIL,
        P.CAN_UPDATE_KYC_DETAIL,
      ]),
      {
        id: 'business.products',
        label: 'Products',
        href: paths.business.products(),
        rule: { businessUsers: true, anyOf: [P.CAN_ONBOARD_BUSINESS_PRODUCT] },
      },
    ],
  },
  {
    id: 'users',
    label: 'Users and roles',
    items: [
      { id: 'users.manage-users', label: 'Manage users', href: paths.business.manageUsers(), rule: { check: canManageUsers } },
      { id: 'users.manage-roles', label: 'Manage roles', href: paths.business.manageRoles(), rule: { check: canManageRoles } },
    ],
  },
  {
    id: 'admin',
    label: 'Administration',
    staffOnly: true,
    items: [
      link('admin.businesses', 'All businesses', paths.admin.businesses(), [P.CAN_READ_BUSINESS]),
      link('admin.registered', 'Registered businesses', paths.admin.registeredBusinesses(), [P.CAN_READ_BUSINESS]),
      link('admin.blocked', 'Blocked businesses', paths.admin.blockedBusinesses(), [P.CAN_READ_BUSINESS]),
      link('admin.product-config', 'Product configuration', paths.admin.productConfig(), [
        P.CAN_UPDATE_PRODUCT,
        P.CAN_INDICATE_PRODUCT_GO_LIVE,
      ]),
      link('admin.reports', 'Reports', paths.admin.reports(), [
        P.CAN_READ_BUSINESS,
        P.CAN_READ_BUSINESS_DIVISION,
        P.CAN_AUDIT_SYSTEM,
      ]),
      {
        id: 'admin.crm',
        label: 'CRM directory',
        href: paths.admin.crm(),
        // POST /crm/accounts/import needs both.
        rule: { check: (held) => held.has(P.CAN_CREATE_BUSINESS) && held.has(P.CAN_UPDATE_BUSINESS) },
      },
      link('admin.risk-model', 'Risk model', paths.admin.riskModel(), [P.CAN_MANAGE_RISK_MODEL]),
      link('admin.data-protection', 'Data protection', paths.admin.dataProtection(), [P.CAN_HANDLE_DATA_REQUESTS]),
      link('admin.webhooks', 'Webhooks', paths.admin.webhooks(), [P.CAN_MANAGE_WEBHOOKS]),
      link('admin.support-inquiries', 'Support inquiries', paths.admin.supportInquiries(), [P.CAN_READ_USER]),
      link('admin.escalations', 'Escalations', paths.admin.escalations(), [P.CAN_SUPERVISE_QUEUES]),
      // Any staff member may read them (the page lets them in); the link is for those who change them.
      link('admin.service-levels', 'Service levels', paths.admin.serviceLevels(), [P.CAN_SUPERVISE_QUEUES]),
      link('admin.operations', 'Operations dashboard', paths.admin.operations(), [P.CAN_SUPERVISE_QUEUES]),
      link('admin.authorizations', 'Authorizations', paths.admin.authorizations(), AUTHORIZATIONS_SCREEN_ANY),
    ],
  },
  {
    id: 'approvals',
    label: 'Approvals',
    staffOnly: true,
    items: [
      // Each queue also to those who may read it (its page and list call admit them): the auditor reads them all.
      link('approvals.business', 'Business approvals', paths.approvals.businesses(), [
        P.CAN_APPROVE_BUSINESS,
        P.CAN_READ_BUSINESS,
      ]),
      link('approvals.cac-doc', 'CAC documents', paths.approvals.cacDocuments(), [
        P.CAN_APPROVE_CAC_DOCUMENT,
        P.CAN_READ_BUSINESS,
      ]),
      link('approvals.products', 'Product approvals', paths.approvals.products(), [
        P.CAN_APPROVE_ONBOARD_PRODUCT,
        P.CAN_READ_PRODUCT_BUSINESSES,
      ]),
      link('approvals.deferral', 'Deferrals', paths.approvals.deferrals(), [P.CAN_APPROVE_DEFERRAL, P.CAN_READ_DEFERRALS]),
      // The queue of screening candidates; its lists and search are linked from it.
      link('approvals.screening', 'Screening', paths.admin.screening(), [P.CAN_READ_SCREENING, P.CAN_ADJUDICATE_SCREENING]),
    ],
  },
  {
    id: 'government',
    label: 'Government',
    items: [
      link('government.entities', 'Entities', paths.government.entities(), [P.CAN_CREATE_GOVERNMENT_ENTITY]),
      link('government.create-entity', 'Create an entity', paths.government.createEntity(), [P.CAN_CREATE_GOVERNMENT_ENTITY]),
      link('government.products', 'Entity products', paths.government.products(), [P.CAN_CREATE_GOVERNMENT_ENTITY]),
      link('government.kyc', 'Entity KYC', paths.government.kyc(), [P.CAN_CREATE_GOVERNMENT_ENTITY]),
    ],
  },
]

function allows(rule: Rule, held: ReadonlySet<string>, isStaff: boolean): boolean {
  if (rule.businessUsers && !isStaff) return true
  if (rule.anyOf?.some((p) => held.has(p))) return true
  return rule.check ? rule.check(held) : false
}

/**
 * The sections and links `context` may use, in display order; sections left empty are dropped. The business
 * self-service section goes entirely for a user the staff-restriction rule applies to, and for staff who belong
 * to no business.
 */
export function buildNavigation(context: NavContext): NavSection[] {
  const held: ReadonlySet<string> = new Set(context.permissions)
  const restricted = isRestrictedFromBusinessArea({ iswStaff: context.iswStaff, permissions: held })
  const sections: NavSection[] = []
  for (const section of SECTIONS) {
    if (section.staffOnly && !context.isStaff) continue
    if (section.id === 'business' && (restricted || (context.isStaff && !context.hasBusinesses))) continue
    const items = section.items
      .filter((item) => allows(item.rule, held, context.isStaff))
      .map(({ id, label, href }) => ({ id, label, href }))
    if (items.length > 0) sections.push({ id: section.id, label: section.label, items })
  }
  return sections
}

/** Every href of the navigation, flattened. */
export function navHrefs(sections: readonly NavSection[]): string[] {
  return sections.flatMap((section) => section.items.map((item) => item.href))
}

/**
 * The link of `sections` that `currentPath` belongs to: the one whose href equals the path or is its longest
 * prefix at a segment boundary (`/s/admin/businesses/blocked` → "Blocked businesses", `/s/admin/businesses/create`
 * → "Businesses"). Undefined when none matches.
 */
export function findActiveItem(sections: readonly NavSection[], currentPath: string): NavItem | undefined {
  const path = pathnameOf(currentPath)
  let best: NavItem | undefined
  for (const section of sections) {
    for (const item of section.items) {
      const matches = path === item.href || path.startsWith(`${item.href}/`)
      if (matches && (!best || item.href.length > best.href.length)) best = item
    }
  }
  return best
}

/** Where a staff member's home is looked for, in order: the staff areas before users and roles and their own business. */
const STAFF_HOME_ORDER: readonly NavAreaId[] = ['admin', 'approvals', 'government', 'users', 'business']

/**
 * Where the brand link and sign-in go: a business user's businesses; for staff, the first page of their navigation
 * they may use (All businesses for most, Product configuration for a product manager, Entities for a government
 * officer), their preferences when they hold nothing.
 */
export function homePathFor(context: NavContext): string {
  if (!context.isStaff) return paths.business.list()
  const sections = buildNavigation(context)
  for (const area of STAFF_HOME_ORDER) {
    const first = sections.find((s) => s.id === area)?.items[0]
    if (first) return first.href
  }
  return paths.preferences()
}
