import { ALL_PERMISSIONS, BUSINESS_ROLE_ALLOWED_PERMISSIONS, PERMISSIONS as P, type Permission } from './names'

/** The areas the role editor groups permissions by (GET /permissions answers each permission with its area). */
export const PERMISSION_AREAS = {
  Businesses: [
    P.CAN_READ_BUSINESS,
    P.CAN_CREATE_BUSINESS,
    P.CAN_UPDATE_BUSINESS,
    P.CAN_APPROVE_BUSINESS,
    P.CAN_UPDATE_APPROVED_BUSINESS_INFO,
    P.CAN_READ_USER_BUSINESS,
    P.CAN_READ_BUSINESS_DIVISION,
    P.CAN_CREATE_GOVERNMENT_ENTITY,
  ],
  KYC: [
    P.CAN_CREATE_KYC_DETAIL,
    P.CAN_UPDATE_KYC_DETAIL,
    P.CAN_DELETE_KYC_DETAIL,
    P.CAN_UPDATE_KYC_DETAIL_AFTER_BUSINESS_APPROVAL,
    P.CAN_UPDATE_KYC_STATUS,
    P.CAN_TRIGGER_KYC_REVERIFICATION,
    P.CAN_CREATE_BUSINESS_ADDRESS,
    P.CAN_UPDATE_BUSINESS_ADDRESS,
    P.CAN_DELETE_BUSINESS_ADDRESS,
    P.CAN_VERIFY_ADDRESS,
    P.CAN_CREATE_MEANS_OF_ID,
    P.CAN_UPDATE_MEANS_OF_ID,
    P.CAN_DELETE_MEANS_OF_ID,
    P.CAN_APPROVE_CAC_DOCUMENT,
    P.CAN_VIEW_SENSITIVE_KYC,
  ],
  Deferrals: [
    P.CAN_READ_DEFERRALS,
    P.CAN_CREATE_DEFERRAL,
    P.CAN_APPROVE_DEFERRAL,
    P.CAN_UPDATE_DEFERRABLE,
    P.CAN_READ_DEFERRABLE_MAPPING,
  ],
  Products: [
    P.CAN_UPDATE_PRODUCT,
    P.CAN_INDICATE_PRODUCT_GO_LIVE,
    P.CAN_READ_PRODUCT_BUSINESSES,
    P.CAN_ONBOARD_BUSINESS_PRODUCT,
    P.CAN_UPDATE_ONBOARD_PRODUCT_REQUIREMENT,
    P.CAN_APPROVE_ONBOARD_PRODUCT,
    P.CAN_REMOVE_ONBOARDED_PRODUCT,
  ],
  'Business users': [P.CAN_READ_BUSINESS_USERS, P.CAN_ADD_BUSINESS_USER, P.CAN_UPDATE_BUSINESS_USERS, P.CAN_DELETE_BUSINESS_USER],
  'Staff users and roles': [
    P.CAN_READ_USER,
    P.CAN_CREATE_USER,
    P.CAN_UPDATE_USER,
    P.CAN_READ_ROLE,
    P.CAN_CREATE_ROLE,
    P.CAN_UPDATE_ROLE,
    P.CAN_READ_PERMISSION,
    P.CAN_READ_USERS_IN_ROLE,
    P.CAN_READ_AUTHORIZATION,
    P.CAN_UPDATE_AUTHORIZATION,
  ],
  'Audit and data protection': [P.CAN_AUDIT_SYSTEM, P.CAN_EXPORT_AUDIT, P.CAN_HANDLE_DATA_REQUESTS],
  Integrations: [P.CAN_MANAGE_WEBHOOKS],
  Screening: [P.CAN_READ_SCREENING, P.CAN_ADJUDICATE_SCREENING, P.CAN_MANAGE_SCREENING_LISTS],
  Risk: [P.CAN_MANAGE_RISK_MODEL, P.CAN_OVERRIDE_RISK_TIER, P.CAN_APPROVE_HIGH_RISK],
  Queues: [P.CAN_SUPERVISE_QUEUES],
} as const satisfies Record<string, readonly Permission[]>

export type PermissionArea = keyof typeof PERMISSION_AREAS | 'Other'

const AREA_OF = new Map<string, PermissionArea>(
  Object.entries(PERMISSION_AREAS).flatMap(([area, names]) => names.map((n) => [n, area as PermissionArea] as const)),
)

export function permissionArea(name: string): PermissionArea {
  return AREA_OF.get(name) ?? 'Other'
}

/**
 * `business` when a business role may hold it (docs/domain.md#permissions-and-roles), else `staff`. Staff roles may
 * hold every permission.
 */
export function permissionScope(name: string): 'staff' | 'business' {
  return (BUSINESS_ROLE_ALLOWED_PERMISSIONS as readonly string[]).includes(name) ? 'business' : 'staff'
}

/** `CAN_READ_BUSINESS_USERS` → "Read business users"; the seed stores no descriptions of its own. */
export function describePermission(name: string): string {
  const words = name.replace(/^CAN_/, '').replace(/_+/g, ' ').toLowerCase()
  return words.charAt(0).toUpperCase() + words.slice(1)
}

export const AREA_ORDER: readonly PermissionArea[] = [...(Object.keys(PERMISSION_AREAS) as PermissionArea[]), 'Other']

/** Every known permission has an area (tests/unit checks none falls to "Other"). */
export const UNGROUPED_PERMISSIONS = ALL_PERMISSIONS.filter((p) => !AREA_OF.has(p))
