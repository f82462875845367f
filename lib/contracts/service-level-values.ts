import { labelledValues } from './labelled-values'

/** Value lists of docs/service-levels.md the screens need at run time (no zod). */

/** Every queue with a service level; the label is the queue's name on the screens. */
export const { values: QUEUES, labels: QUEUE_LABELS } = labelledValues({
  BUSINESS_REVIEW: 'Business review',
  CAC_DOCUMENTS: 'CAC documents',
  DEFERRALS: 'Deferral requests',
  PRODUCT_APPLICATIONS: 'Product applications',
  AUTHORIZATIONS: 'Authorizations',
  VERIFICATION_ITEMS: 'Verification items',
  SCREENING_HITS: 'Screening hits',
  SENIOR_APPROVALS: 'Senior approvals',
  SUPPORT_INQUIRIES: 'Support inquiries',
})
export type Queue = (typeof QUEUES)[number]

/** A queue's target when staff have set none (business days). */
export const DEFAULT_TARGET_DAYS: Readonly<Record<Queue, number>> = {
  BUSINESS_REVIEW: 3,
  CAC_DOCUMENTS: 2,
  DEFERRALS: 2,
  PRODUCT_APPLICATIONS: 3,
  AUTHORIZATIONS: 1,
  VERIFICATION_ITEMS: 2,
  SCREENING_HITS: 1,
  SENIOR_APPROVALS: 2,
  SUPPORT_INQUIRIES: 2,
}
export const MAX_TARGET_DAYS = 60

/** Where an item stands against its due time (docs/service-levels.md#due-times), in words for the screens. */
export const { values: DUE_STATUSES, labels: DUE_STATUS_LABELS } = labelledValues({
  OVERDUE: 'Overdue',
  DUE_SOON: 'Due soon',
  ON_TIME: 'On time',
})
export type DueStatusValue = (typeof DUE_STATUSES)[number]
