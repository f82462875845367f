/** Value lists of docs/domain.md#authorizations the screens need at run time (no zod). */

export const AUTHORIZATION_STATUSES = ['PENDING', 'APPROVED', 'DECLINED', 'STALE'] as const
export type AuthorizationStatus = (typeof AUTHORIZATION_STATUSES)[number]

export const AUTHORIZATION_TYPES = [
  'ROLE_CREATE',
  'ROLE_UPDATE',
  'USER_CREATE',
  'USER_UPDATE',
  'PRODUCT_CREATE',
  'PRODUCT_UPDATE',
  'PRODUCT_GO_LIVE',
  'FEE_CREATE',
  'FEE_UPDATE',
  'DEFERRAL_MAX_DAYS',
  'DEFERRABLE_MAPPING',
] as const
export type AuthorizationType = (typeof AUTHORIZATION_TYPES)[number]

/** What an authorization changes (`resourceId` names the record when there is one; settings have none). */
export const AUTHORIZATION_RESOURCES = ['role', 'user', 'product', 'fee', 'setting', 'deferrable_mapping'] as const
export type AuthorizationResource = (typeof AUTHORIZATION_RESOURCES)[number]

export const AUTHORIZATION_TYPE_LABELS: Record<AuthorizationType, string> = {
  ROLE_CREATE: 'New role',
  ROLE_UPDATE: 'Role change',
  USER_CREATE: 'New staff user',
  USER_UPDATE: 'Staff user change',
  PRODUCT_CREATE: 'New product',
  PRODUCT_UPDATE: 'Product change',
  PRODUCT_GO_LIVE: 'Product go-live or withdrawal',
  FEE_CREATE: 'New fee',
  FEE_UPDATE: 'Fee change',
  DEFERRAL_MAX_DAYS: 'Deferral maximum days',
  DEFERRABLE_MAPPING: 'Deferrable documents mapping',
}

export const AUTHORIZATION_STATUS_LABELS: Record<AuthorizationStatus, string> = {
  PENDING: 'Pending',
  APPROVED: 'Approved',
  DECLINED: 'Declined',
  STALE: 'Stale (the record changed)',
}

export const AUTHORIZATION_DECISIONS = ['APPROVED', 'DECLINED'] as const

/** Staff users' statuses a change may set; PENDING_ACTIVATION is only ever the invitation's. */
export const STAFF_USER_SET_STATUSES = ['ACTIVE', 'DISABLED'] as const

export const ROLE_NAME_MAX_LENGTH = 60
export const REASON_MIN_LENGTH = 3
export const REASON_MAX_LENGTH = 500
export const COMMENT_MAX_LENGTH = 1000
