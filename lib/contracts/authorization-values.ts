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
  USER_FACTOR_RESET: 'Second-factor reset',
  SCREENING_LIST_LOAD: 'Screening list load',
  SCREENING_DESIGNATION: 'Designation added by hand',
  SCREENING_THRESHOLD: 'Screening match threshold',
  RISK_MODEL_VERSION: 'Risk model version',
  RISK_TIER_OVERRIDE: 'Risk tier override',
  SERVICE_LEVEL: 'Queue service level',
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
  'screening_list',
  'risk_model',
  'business_risk',
] as const
export type AuthorizationResource = (typeof AUTHORIZATION_RESOURCES)[number]

export const AUTHORIZATION_DECISIONS = ['APPROVED', 'DECLINED'] as const

/** Staff users' statuses a change may set; PENDING_ACTIVATION is only ever the invitation's. */
export const STAFF_USER_SET_STATUSES = ['ACTIVE', 'DISABLED'] as const

export const ROLE_NAME_MAX_LENGTH = 60
export const REASON_MIN_LENGTH = 3
export const REASON_MAX_LENGTH = 500
export const COMMENT_MAX_LENGTH = 1000

/**
 * The one title of an authorization: its type, then what it changes, unless the target only repeats the type (the
 * settings are named by their type: "Deferrable documents mapping", not "…: Deferrable documents mapping").
 */
export function authorizationTitle(type: AuthorizationType, target: string): string {
  const label = AUTHORIZATION_TYPE_LABELS[type]
  return target.trim().toLowerCase() === label.toLowerCase() || !target.trim() ? label : `${label}: ${target}`
}

/** Who decides an authorization: staff holding this permission, never its maker (docs/domain.md#authorizations). */
export const AUTHORIZATION_DECIDER_PERMISSION = 'CAN_UPDATE_AUTHORIZATION'
export const AUTHORIZATION_DECIDER_WORDS = `another staff member with the permission to decide authorizations (${AUTHORIZATION_DECIDER_PERMISSION})`

/** A queue's service level in words: `3 business days, auto-assignment off` (the SERVICE_LEVEL diff and request). */
export const serviceLevelWords = (target: number, autoAssign: boolean) =>
  `${target} business day${target === 1 ? '' : 's'}, auto-assignment ${autoAssign ? 'on' : 'off'}`

/** What a request asks for, as a phrase after "A request to …" (mails, the 409 of a second request, the screens). */
export function describeRequest(type: AuthorizationType, target: string, proposal: Record<string, unknown> = {}): string {
  switch (type) {
    case 'ROLE_CREATE':
      return `create the role ${target}`
    case 'ROLE_UPDATE':
      return `change the role ${target}`
    case 'USER_CREATE':
      return `add the staff user ${target}`
    case 'USER_UPDATE':
      return `change the staff user ${target}`
    case 'PRODUCT_CREATE':
      return `create the product ${target}`
    case 'PRODUCT_UPDATE':
      return `change the product ${target}`
    case 'PRODUCT_GO_LIVE':
      return proposal.live === false ? `withdraw ${target} from sale` : `take ${target} live`
    case 'FEE_CREATE':
      return `add the fee ${target}`
    case 'FEE_UPDATE':
      return `change the fee ${target}`
    case 'DEFERRAL_MAX_DAYS':
      return 'change the most days a deferral may ask for'
    case 'DEFERRABLE_MAPPING':
      return 'change the deferrable documents mapping'
    case 'WEBHOOK_CREATE':
      return `add the webhook endpoint ${target}`
    case 'WEBHOOK_UPDATE':
      return `change the webhook endpoint ${target}`
    case 'USER_FACTOR_RESET':
      return `reset the second factors of ${target}`
    case 'SCREENING_LIST_LOAD':
      return `load a new version of the ${target}`
    case 'SCREENING_DESIGNATION':
      return `add a designation to the ${target}`
    case 'SCREENING_THRESHOLD':
      return 'change the screening match threshold'
    case 'RISK_MODEL_VERSION':
      return `put ${target} of the risk model live`
    case 'RISK_TIER_OVERRIDE':
      return typeof proposal.tier === 'string'
        ? `override the risk tier of ${target} to ${proposal.tier.toLowerCase()}`
        : `override the risk tier of ${target}`
    case 'SERVICE_LEVEL':
      return typeof proposal.targetBusinessDays === 'number' && typeof proposal.autoAssign === 'boolean'
        ? `change the service level of the ${target} queue to ${serviceLevelWords(proposal.targetBusinessDays, proposal.autoAssign)}`
        : `change the service level of the ${target} queue`
  }
}
