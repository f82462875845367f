import { labelledValues } from './labelled-values'

/** Value lists of docs/domain.md#authorizations the screens need at run time (no zod). */

export const { values: AUTHORIZATION_STATUSES, labels: AUTHORIZATION_STATUS_LABELS } = labelledValues({
  PENDING: 'Pending',
  APPROVED: 'Approved',
  DECLINED: 'Declined',
  STALE: 'Stale (the record changed)',
})
export type AuthorizationStatus = (typeof AUTHORIZATION_STATUSES)[number]

export const { values: AUTHORIZATION_TYPES, labels: AUTHORIZATION_TYPE_LABELS } = labelledValues({
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
  WEBHOOK_CREATE: 'New webhook endpoint',
  WEBHOOK_UPDATE: 'Webhook endpoint change',
})
export type AuthorizationType = (typeof AUTHORIZATION_TYPES)[number]

/** What an authorization changes (`resourceId` names the record when there is one; settings have none). */
export const AUTHORIZATION_RESOURCES = [
  'role',
  'user',
  'product',
  'fee',
  'setting',
  'deferrable_mapping',
  'webhook_endpoint',
] as const
export type AuthorizationResource = (typeof AUTHORIZATION_RESOURCES)[number]

export const AUTHORIZATION_DECISIONS = ['APPROVED', 'DECLINED'] as const

/** Staff users' statuses a change may set; PENDING_ACTIVATION is only ever the invitation's. */
export const STAFF_USER_SET_STATUSES = ['ACTIVE', 'DISABLED'] as const

export const ROLE_NAME_MAX_LENGTH = 60
export const REASON_MIN_LENGTH = 3
export const REASON_MAX_LENGTH = 500
export const COMMENT_MAX_LENGTH = 1000
