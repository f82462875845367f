import { ALL_PERMISSIONS, BUSINESS_ROLE_ALLOWED_PERMISSIONS, PERMISSIONS as P, type Permission } from './names'

export type RoleScope = 'staff' | 'business'

export interface SystemRole {
  name: string
  scope: RoleScope
  description: string
  permissions: readonly Permission[]
}

/** The system roles (docs/domain.md#permissions-and-roles); seeded on every start and never deletable. */
export const SYSTEM_ROLES = [
  {
    name: 'SUPER_ADMIN',
    scope: 'staff',
    description: 'Every permission',
    permissions: ALL_PERMISSIONS,
  },
  {
    name: 'ONBOARDING_OFFICER',
    scope: 'staff',
    description: 'Captures and maintains businesses and their KYC on their behalf',
    permissions: [
      P.CAN_READ_BUSINESS,
      P.CAN_CREATE_BUSINESS,
      P.CAN_UPDATE_BUSINESS,
      P.CAN_CREATE_KYC_DETAIL,
      P.CAN_UPDATE_KYC_DETAIL,
      P.CAN_CREATE_MEANS_OF_ID,
      P.CAN_UPDATE_MEANS_OF_ID,
      P.CAN_CREATE_BUSINESS_ADDRESS,
      P.CAN_UPDATE_BUSINESS_ADDRESS,
      P.CAN_READ_DEFERRALS,
      P.CAN_READ_USER,
      P.CAN_READ_BUSINESS_USERS,
    ],
  },
  {
    name: 'APPROVER',
    scope: 'staff',
    description: 'Decides businesses, CAC documents, onboarded products, deferrals and authorizations',
    permissions: [
      P.CAN_READ_BUSINESS,
      P.CAN_APPROVE_BUSINESS,
      // Checking a person's identity is part of deciding; the auditor role does not get it.
      P.CAN_VIEW_SENSITIVE_KYC,
      P.CAN_APPROVE_CAC_DOCUMENT,
      P.CAN_APPROVE_ONBOARD_PRODUCT,
      P.CAN_APPROVE_DEFERRAL,
      P.CAN_READ_AUTHORIZATION,
      P.CAN_UPDATE_AUTHORIZATION,
      // Approvers read screening and clear hits; the one who clears a hit is not the one who approves the business.
      P.CAN_READ_SCREENING,
      P.CAN_ADJUDICATE_SCREENING,
    ],
  },
  {
    name: 'SENIOR_MANAGEMENT',
    scope: 'staff',
    description:
      'Gives the second, senior approval a high-risk business needs; changes the risk model and overrides risk tiers (each through four-eyes)',
    // docs/risk.md#approval: the senior approval of a HIGH business comes after an approver's, from someone else.
    permissions: [
      P.CAN_READ_BUSINESS,
      P.CAN_APPROVE_BUSINESS,
      P.CAN_APPROVE_HIGH_RISK,
      P.CAN_VIEW_SENSITIVE_KYC,
      P.CAN_READ_SCREENING,
      P.CAN_MANAGE_RISK_MODEL,
      P.CAN_OVERRIDE_RISK_TIER,
      P.CAN_READ_AUTHORIZATION,
      P.CAN_UPDATE_AUTHORIZATION,
      // Heads of the review team supervise the queues: escalations, bulk reassignment, service levels (issue 41).
      P.CAN_SUPERVISE_QUEUES,
    ],
  },
  {
    name: 'KYC_ANALYST',
    scope: 'staff',
    description:
      'Verifies what a business declared: records verification results and verifies addresses; never decides a business',
    // docs/domain.md#who-does-what: the checks an approval needs, made by someone who does not approve.
    permissions: [
      P.CAN_READ_BUSINESS,
      P.CAN_UPDATE_KYC_STATUS,
      P.CAN_VERIFY_ADDRESS,
      P.CAN_TRIGGER_KYC_REVERIFICATION,
      // Comparing an identity number with the registry's is the check itself.
      P.CAN_VIEW_SENSITIVE_KYC,
      // Screening is a check an approval needs, as verification is.
      P.CAN_READ_SCREENING,
      P.CAN_ADJUDICATE_SCREENING,
    ],
  },
  {
    name: 'PRODUCT_MANAGER',
    scope: 'staff',
    description: 'Configures products, go-live and fees',
    permissions: [
      P.CAN_UPDATE_PRODUCT,
      P.CAN_INDICATE_PRODUCT_GO_LIVE,
      P.CAN_READ_PRODUCT_BUSINESSES,
      P.CAN_READ_BUSINESS_DIVISION,
    ],
  },
  {
    name: 'AUDITOR',
    scope: 'staff',
    description: 'Reads everything and the audit log; changes nothing',
    permissions: [...ALL_PERMISSIONS.filter((p) => p.startsWith('CAN_READ_')), P.CAN_AUDIT_SYSTEM, P.CAN_EXPORT_AUDIT],
  },
  {
    name: 'GOVERNMENT_OFFICER',
    scope: 'staff',
    description: 'Manages government entities',
    permissions: [P.CAN_CREATE_GOVERNMENT_ENTITY, P.CAN_READ_BUSINESS],
  },
  {
    name: 'DATA_PROTECTION_OFFICER',
    scope: 'staff',
    description: 'Answers data-subject requests (export, erasure), runs retention and reads the audit and view logs',
    permissions: [P.CAN_HANDLE_DATA_REQUESTS, P.CAN_AUDIT_SYSTEM, P.CAN_EXPORT_AUDIT, P.CAN_READ_BUSINESS, P.CAN_READ_USER],
  },
  {
    name: 'BUSINESS_OWNER',
    scope: 'business',
    description: 'Owns a business: the whole business-side set, and removing its users',
    permissions: BUSINESS_ROLE_ALLOWED_PERMISSIONS,
  },
  {
    name: 'BUSINESS_MEMBER',
    scope: 'business',
    description: 'Helps capture KYC for a business',
    // KYC create/update: every capture step (company details and shareholders, means of ID, addresses), no deletes.
    permissions: [
      P.CAN_READ_BUSINESS,
      P.CAN_CREATE_KYC_DETAIL,
      P.CAN_UPDATE_KYC_DETAIL,
      P.CAN_CREATE_MEANS_OF_ID,
      P.CAN_UPDATE_MEANS_OF_ID,
      P.CAN_CREATE_BUSINESS_ADDRESS,
      P.CAN_UPDATE_BUSINESS_ADDRESS,
      P.CAN_READ_DEFERRALS,
      // A KYC editor types these numbers in; they may see them again.
      P.CAN_VIEW_SENSITIVE_KYC,
    ],
  },
] as const satisfies readonly SystemRole[]

export type SystemRoleName = (typeof SYSTEM_ROLES)[number]['name']
