import { describe, expect, it } from 'vitest'
import { buildNavigation, findActiveItem, homePathFor, navHrefs, type NavContext } from '@/lib/navigation/nav-items'
import { paths } from '@/lib/navigation/paths'
import { BUSINESS_PERMISSIONS, PERMISSIONS as P } from '@/lib/permissions/names'
import { SYSTEM_ROLES, type SystemRoleName } from '@/lib/permissions/roles'

const roleOf = (name: SystemRoleName): readonly string[] => SYSTEM_ROLES.find((r) => r.name === name)!.permissions
const staff = (role: SystemRoleName, iswStaff = false, hasBusinesses = false): NavContext => ({
  permissions: roleOf(role),
  isStaff: true,
  iswStaff,
  hasBusinesses,
})
const hrefs = (context: NavContext) => navHrefs(buildNavigation(context))
const sectionIds = (context: NavContext) => buildNavigation(context).map((s) => s.id)

const BUSINESS_SELF_SERVICE = [
  paths.business.list(),
  paths.business.dashboard(),
  paths.business.divisions(),
  paths.business.documents(),
  paths.business.products(),
]
const ADMIN = [
  paths.admin.businesses(),
  paths.admin.registeredBusinesses(),
  paths.admin.blockedBusinesses(),
  paths.admin.productConfig(),
  paths.admin.reports(),
]
const APPROVALS = [
  paths.approvals.businesses(),
  paths.approvals.cacDocuments(),
  paths.approvals.products(),
  paths.approvals.deferrals(),
]
const GOVERNMENT = [
  paths.government.entities(),
  paths.government.createEntity(),
  paths.government.products(),
  paths.government.kyc(),
]

describe('navigation: business owner', () => {
  const owner: NavContext = { permissions: BUSINESS_PERMISSIONS, isStaff: false, iswStaff: false }

  it('sees the whole business area and manage users, and nothing of the admin or government areas', () => {
    expect(sectionIds(owner)).toEqual(['business', 'users'])
    expect(hrefs(owner)).toEqual([...BUSINESS_SELF_SERVICE, paths.business.manageUsers()])
  })

  it('does not see manage roles without a role permission (the business-side set has none)', () => {
    expect(hrefs(owner)).not.toContain(paths.business.manageRoles())
    expect(hrefs({ ...owner, permissions: [...BUSINESS_PERMISSIONS, P.CAN_READ_ROLE] })).toContain(paths.business.manageRoles())
  })

  it('a new business user with no permission yet still finds where to create a business and the products', () => {
    const newcomer: NavContext = { permissions: [], isStaff: false, iswStaff: false }
    expect(hrefs(newcomer)).toEqual([paths.business.list(), paths.business.products()])
  })

  it('a business member sees only what their role allows', () => {
    const member: NavContext = { permissions: roleOf('BUSINESS_MEMBER'), isStaff: false, iswStaff: false }
    expect(hrefs(member)).toEqual([
      paths.business.list(),
      paths.business.dashboard(),
      paths.business.documents(),
      paths.business.products(),
    ])
  })

  it('never sees staff-only areas even when a permission name leaks into its list', () => {
    const odd: NavContext = { permissions: [P.CAN_APPROVE_BUSINESS, P.CAN_READ_BUSINESS], isStaff: false, iswStaff: false }
    expect(sectionIds(odd)).not.toContain('admin')
    expect(sectionIds(odd)).not.toContain('approvals')
  })
})

describe('navigation: staff by permission', () => {
  it('a super admin sees every staff area and link, and the business area once they belong to a business', () => {
    const all = hrefs(staff('SUPER_ADMIN'))
    for (const href of [paths.business.manageRoles(), ...ADMIN, ...APPROVALS, ...GOVERNMENT]) expect(all).toContain(href)
    expect(sectionIds(staff('SUPER_ADMIN'))).toEqual(['users', 'admin', 'approvals', 'government'])
    const member = hrefs(staff('SUPER_ADMIN', false, true))
    for (const href of [...BUSINESS_SELF_SERVICE, paths.business.manageUsers()]) expect(member).toContain(href)
    expect(sectionIds(staff('SUPER_ADMIN', false, true))).toEqual(['business', 'users', 'admin', 'approvals', 'government'])
  })

  it('an approver (not payment group) sees the admin lists and exactly the approvals they decide', () => {
    const approver = staff('APPROVER')
    expect(hrefs(approver)).toEqual(
      expect.arrayContaining([
        paths.admin.businesses(),
        paths.admin.registeredBusinesses(),
        paths.admin.blockedBusinesses(),
        ...APPROVALS,
      ]),
    )
    expect(hrefs(approver)).not.toContain(paths.admin.productConfig())
    expect(sectionIds(approver)).not.toContain('government')
  })

  it('a product manager sees product configuration, reports, the product approvals it may read and their own authorization requests, nothing else', () => {
    expect(hrefs(staff('PRODUCT_MANAGER'))).toEqual(
      expect.arrayContaining([
        paths.admin.productConfig(),
        paths.admin.reports(),
        paths.approvals.products(),
        // Configuration changes are requested through four-eyes (FOUR_EYES_CONFIG): the maker follows their requests.
        paths.admin.authorizations(),
      ]),
    )
    expect(hrefs(staff('PRODUCT_MANAGER'))).toHaveLength(4)
  })

  it('an auditor sees the lists, every queue it may read and the user and role screens (read)', () => {
    const auditor = staff('AUDITOR')
    expect(hrefs(auditor)).toEqual(expect.arrayContaining([paths.admin.businesses(), paths.business.manageRoles(), ...APPROVALS]))
    expect(hrefs(auditor)).toContain(paths.business.manageUsers())
  })

  it('only a holder of CAN_HANDLE_DATA_REQUESTS (the data-protection officer) sees data protection', () => {
    expect(hrefs(staff('DATA_PROTECTION_OFFICER'))).toContain(paths.admin.dataProtection())
    expect(hrefs(staff('AUDITOR'))).not.toContain(paths.admin.dataProtection())
    expect(hrefs(staff('APPROVER'))).not.toContain(paths.admin.dataProtection())
  })

  it('staff who belong to no business see no business self-service links, whatever they may read', () => {
    expect(sectionIds(staff('AUDITOR'))).not.toContain('business')
    expect(sectionIds(staff('ONBOARDING_OFFICER'))).not.toContain('business')
    expect(hrefs(staff('ONBOARDING_OFFICER'))).toContain(paths.admin.businesses())
  })

  it('staff holding no permission get no navigation at all', () => {
    expect(sectionIds({ permissions: [], isStaff: true, iswStaff: false })).toEqual([])
  })
})

describe('navigation: government', () => {
  it('a government officer sees the government area', () => {
    const officer = staff('GOVERNMENT_OFFICER')
    expect(sectionIds(officer)).toContain('government')
    expect(hrefs(officer)).toEqual(expect.arrayContaining(GOVERNMENT))
  })

  it('nobody without CAN_CREATE_GOVERNMENT_ENTITY sees it', () => {
    expect(sectionIds(staff('APPROVER'))).not.toContain('government')
    expect(sectionIds(staff('AUDITOR'))).not.toContain('government')
    expect(sectionIds({ permissions: BUSINESS_PERMISSIONS, isStaff: false, iswStaff: false })).not.toContain('government')
  })
})

describe('navigation: staff-restriction rule', () => {
  it('a payment-group approver loses the business self-service area but keeps users and roles and the admin area', () => {
    const restricted: NavContext = { permissions: roleOf('SUPER_ADMIN'), isStaff: true, iswStaff: true, hasBusinesses: true }
    const links = hrefs(restricted)
    for (const href of BUSINESS_SELF_SERVICE) expect(links).not.toContain(href)
    expect(links).toContain(paths.business.manageUsers())
    expect(links).toContain(paths.business.manageRoles())
    expect(links).toContain(paths.approvals.businesses())
    expect(sectionIds(restricted)).toEqual(['users', 'admin', 'approvals', 'government'])
  })

  it('each deciding permission alone triggers it for payment-group staff', () => {
    for (const deciding of [
      P.CAN_APPROVE_BUSINESS,
      P.CAN_APPROVE_CAC_DOCUMENT,
      P.CAN_APPROVE_DEFERRAL,
      P.CAN_UPDATE_AUTHORIZATION,
    ]) {
      const context: NavContext = {
        permissions: [...BUSINESS_PERMISSIONS, deciding],
        isStaff: true,
        iswStaff: true,
        hasBusinesses: true,
      }
      expect(sectionIds(context)).not.toContain('business')
    }
  })

  it('payment-group staff without a deciding permission, and deciders outside the payment group, keep the area', () => {
    expect(sectionIds({ permissions: BUSINESS_PERMISSIONS, isStaff: true, iswStaff: true, hasBusinesses: true })).toContain(
      'business',
    )
    expect(sectionIds({ permissions: roleOf('SUPER_ADMIN'), isStaff: true, iswStaff: false, hasBusinesses: true })).toContain(
      'business',
    )
  })
})

describe('findActiveItem and homePathFor', () => {
  const sections = buildNavigation(staff('SUPER_ADMIN', false, true))

  it('matches the exact link, or the longest one that prefixes the path at a segment boundary', () => {
    expect(findActiveItem(sections, '/s/admin/businesses/blocked')?.href).toBe(paths.admin.blockedBusinesses())
    expect(findActiveItem(sections, '/s/admin/businesses/create?x=1')?.href).toBe(paths.admin.businesses())
    expect(findActiveItem(sections, '/s/businesses/dashboard-details/kyc/preview-form')?.href).toBe(paths.business.dashboard())
    expect(findActiveItem(sections, '/s/products/ProductKyc')?.href).toBe(paths.business.products())
    expect(findActiveItem(sections, '/s/businesses/')?.href).toBe(paths.business.list())
  })

  it('matches nothing for a path outside the navigation or one that only shares a prefix', () => {
    expect(findActiveItem(sections, '/profile')).toBeUndefined()
    expect(findActiveItem(sections, '/s/businesses-archive')).toBeUndefined()
  })

  it('sends business users to their businesses and each staff role to the first page it may use', () => {
    expect(homePathFor({ permissions: roleOf('BUSINESS_OWNER'), isStaff: false, iswStaff: false })).toBe('/s/businesses')
    for (const role of ['SUPER_ADMIN', 'ONBOARDING_OFFICER', 'APPROVER', 'AUDITOR', 'GOVERNMENT_OFFICER'] as const)
      expect(homePathFor(staff(role))).toBe(paths.admin.businesses())
    expect(homePathFor(staff('APPROVER', true))).toBe(paths.admin.businesses())
    expect(homePathFor(staff('PRODUCT_MANAGER'))).toBe(paths.admin.productConfig())
    expect(homePathFor({ permissions: [P.CAN_APPROVE_DEFERRAL], isStaff: true, iswStaff: false })).toBe(
      paths.approvals.deferrals(),
    )
    expect(homePathFor({ permissions: [], isStaff: true, iswStaff: false })).toBe(paths.preferences())
    // Whatever the role, home is one of its own links.
    for (const role of SYSTEM_ROLES.filter((r) => r.scope === 'staff')) {
      const context = staff(role.name)
      const home = homePathFor(context)
      expect([...hrefs(context), paths.preferences()]).toContain(home)
    }
  })
})

describe('navigation: service levels (docs/service-levels.md#screens)', () => {
  it('is linked for the supervisors of the queues, after the escalations; not for other staff (the page still reads)', () => {
    for (const role of ['SENIOR_MANAGEMENT', 'SUPER_ADMIN'] as const) {
      const links = hrefs(staff(role))
      expect(links).toContain(paths.admin.serviceLevels())
      expect(links.indexOf(paths.admin.serviceLevels())).toBe(links.indexOf(paths.admin.escalations()) + 1)
    }
    for (const role of ['APPROVER', 'ONBOARDING_OFFICER'] as const)
      expect(hrefs(staff(role))).not.toContain(paths.admin.serviceLevels())
  })
})
