import { PERMISSIONS as P } from '@/lib/permissions/names'

/**
 * The staff permissions of the business review, each named once for the route's `access.*` and the service's check:
 * reading the approval queue, a business's checklist and the reviewers (approvers or readers of businesses), and
 * deciding a business or assigning its reviewer (approvers only).
 */
export const REVIEW_READERS = [P.CAN_APPROVE_BUSINESS, P.CAN_READ_BUSINESS] as const
export const REVIEW_DECIDE = P.CAN_APPROVE_BUSINESS
