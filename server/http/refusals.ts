import { PERMISSIONS as P, type Permission } from '@/lib/permissions/names'
import { SYSTEM_ROLES, type SystemRoleName } from '@/lib/permissions/roles'
import { AppError } from './app-error'

/**
 * A 403 in words: what the caller cannot do and who can, never a permission code. The codes stay in the error's
 * machine field `permissions` (docs/api.md#errors), for clients that act on them.
 */

/** What each permission lets its holder do, as "You cannot …" ends. */
export const PERMISSION_WORDS: Readonly<Record<Permission, string>> = {
  [P.CAN_READ_BUSINESS]: 'see businesses and their KYC',
  [P.CAN_ONBOARD_BUSINESS_PRODUCT]: 'apply for products for this business',
  [P.CAN_APPROVE_BUSINESS]: 'approve or decline businesses',
  [P.CAN_UPDATE_BUSINESS]: 'change business details',
  [P.CAN_CREATE_BUSINESS]: 'register a business',
  [P.CAN_UPDATE_USER]: 'change user accounts',
  [P.CAN_READ_BUSINESS_USERS]: "see a business's users",
  [P.CAN_UPDATE_BUSINESS_USERS]: "manage a business's users",
  [P.CAN_DELETE_BUSINESS_USER]: 'remove users from a business',
  [P.CAN_ADD_BUSINESS_USER]: 'add users to a business',
  [P.CAN_CREATE_BUSINESS_ADDRESS]: 'add business addresses',
  [P.CAN_UPDATE_BUSINESS_ADDRESS]: 'change business addresses',
  [P.CAN_DELETE_BUSINESS_ADDRESS]: 'delete business addresses',
  [P.CAN_CREATE_MEANS_OF_ID]: 'add means of identification',
  [P.CAN_UPDATE_MEANS_OF_ID]: 'change means of identification',
  [P.CAN_DELETE_MEANS_OF_ID]: 'delete means of identification',
  [P.CAN_CREATE_KYC_DETAIL]: 'capture KYC details',
  [P.CAN_UPDATE_KYC_DETAIL]: 'change KYC details',
  [P.CAN_DELETE_KYC_DETAIL]: 'delete KYC details',
  [P.CAN_APPROVE_DEFERRAL]: 'approve or decline deferral requests',
  [P.CAN_READ_DEFERRALS]: 'see deferral requests',
  [P.CAN_CREATE_DEFERRAL]: 'ask to provide a document later',
  [P.CAN_UPDATE_DEFERRABLE]: 'change the deferral settings',
  [P.CAN_READ_DEFERRABLE_MAPPING]: 'see which documents may be deferred',
  [P.CAN_READ_USER]: 'see user accounts',
  [P.CAN_CREATE_USER]: 'create user accounts',
  [P.CAN_READ_PERMISSION]: 'see permissions',
  [P.CAN_READ_ROLE]: 'see roles',
  [P.CAN_READ_USERS_IN_ROLE]: 'see who holds a role',
  [P.CAN_UPDATE_KYC_STATUS]: 'record verification results',
  [P.CAN_READ_USER_BUSINESS]: "see a user's businesses",
  [P.CAN_APPROVE_CAC_DOCUMENT]: 'approve or decline CAC documents',
  [P.CAN_UPDATE_PRODUCT]: 'configure products',
  [P.CAN_UPDATE_KYC_DETAIL_AFTER_BUSINESS_APPROVAL]: "change an approved business's KYC",
  [P.CAN_UPDATE_APPROVED_BUSINESS_INFO]: "change an approved business's details",
  [P.CAN_APPROVE_ONBOARD_PRODUCT]: 'approve or decline product applications',
  [P.CAN_READ_PRODUCT_BUSINESSES]: "see a product's businesses",
  [P.CAN_AUDIT_SYSTEM]: 'read the audit log',
  [P.CAN_VERIFY_ADDRESS]: 'verify addresses',
  [P.CAN_INDICATE_PRODUCT_GO_LIVE]: 'take products live',
  [P.CAN_REMOVE_ONBOARDED_PRODUCT]: 'remove product applications',
  [P.CAN_TRIGGER_KYC_REVERIFICATION]: 'run the KYC checks again',
  [P.CAN_CREATE_GOVERNMENT_ENTITY]: 'manage government entities',
  [P.CAN_CREATE_ROLE]: 'create roles',
  [P.CAN_UPDATE_ROLE]: 'change roles',
  [P.CAN_READ_AUTHORIZATION]: 'see authorization requests',
  [P.CAN_UPDATE_AUTHORIZATION]: 'decide authorization requests',
  [P.CAN_READ_BUSINESS_DIVISION]: 'see business divisions',
  [P.CAN_UPDATE_ONBOARD_PRODUCT_REQUIREMENT]: "change a product's requirements",
  [P.CAN_VIEW_SENSITIVE_KYC]: 'see identity numbers in full',
  [P.CAN_HANDLE_DATA_REQUESTS]: 'handle data-subject requests',
  [P.CAN_MANAGE_WEBHOOKS]: 'manage webhooks',
  [P.CAN_READ_SCREENING]: 'see screening results and lists',
  [P.CAN_ADJUDICATE_SCREENING]: 'decide screening hits',
  [P.CAN_MANAGE_SCREENING_LISTS]: 'load screening lists and change their settings',
  [P.CAN_EXPORT_AUDIT]: 'export the audit log',
  [P.CAN_MANAGE_RISK_MODEL]: 'propose changes to the risk model',
  [P.CAN_OVERRIDE_RISK_TIER]: "override a business's risk tier",
  [P.CAN_APPROVE_HIGH_RISK]: 'give the senior approval of a high-risk business',
  [P.CAN_SUPERVISE_QUEUES]: 'supervise the queues (escalations, bulk reassignment, service levels)',
}

/** The system roles in words (plural: "approvers can"). */
const ROLE_WORDS: Readonly<Record<SystemRoleName, string>> = {
  SUPER_ADMIN: 'super admins',
  ONBOARDING_OFFICER: 'onboarding officers',
  SENIOR_MANAGEMENT: 'senior managers',
  APPROVER: 'approvers',
  KYC_ANALYST: 'KYC analysts',
  PRODUCT_MANAGER: 'product managers',
  AUDITOR: 'auditors',
  GOVERNMENT_OFFICER: 'government officers',
  DATA_PROTECTION_OFFICER: 'data protection officers',
  BUSINESS_OWNER: "the business's owners",
  BUSINESS_MEMBER: "the business's members",
}

const joinWords = (words: readonly string[], last: 'and' | 'or') =>
  words.length <= 1 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} ${last} ${words.at(-1)}`

interface RefusalOptions {
  /** Whose roles to name: staff calls name staff roles, a business's calls its roles. Both when left out. */
  scope?: 'staff' | 'business'
  /** `any`: one of the permissions would do (the default); `all`: every one is needed. */
  match?: 'any' | 'all'
}

/** The roles holding these permissions (any one, or every one with `match: 'all'`), in words. */
export function rolesHolding(permissions: readonly Permission[], options: RefusalOptions = {}): string[] {
  const holds = (role: (typeof SYSTEM_ROLES)[number], p: Permission) => (role.permissions as readonly Permission[]).includes(p)
  return SYSTEM_ROLES.filter((role) => !options.scope || role.scope === options.scope)
    .filter((role) =>
      options.match === 'all' ? permissions.every((p) => holds(role, p)) : permissions.some((p) => holds(role, p)),
    )
    .map((role) => ROLE_WORDS[role.name])
}

/** "You cannot approve or decline businesses: approvers and super admins can." */
export function refusalMessage(permissions: readonly Permission[], options: RefusalOptions = {}): string {
  const what = joinWords([...new Set(permissions.map((p) => PERMISSION_WORDS[p]))], options.match === 'all' ? 'and' : 'or')
  const who = rolesHolding(permissions, options)
  return who.length ? `You cannot ${what}: ${joinWords(who, 'and')} can.` : `You cannot ${what}.`
}

/** 403 FORBIDDEN for a caller lacking these permissions: the words say what and who; `permissions` carries the codes. */
export function permissionRefused(permissions: readonly Permission[], options: RefusalOptions = {}): AppError {
  const message = refusalMessage(permissions, options)
  return new AppError('FORBIDDEN', message, {
    details: [{ code: 'FORBIDDEN', message, permissions: [...permissions] }],
  })
}
