import { labelledValues } from './labelled-values'

/** Value lists of docs/operations-dashboard.md the screens need at run time (no zod). */

/**
 * The queues the dashboard reads history for: each records when an item entered and when, by whom and how it was
 * decided. CAC documents, senior approvals and support inquiries keep no decision time (docs/operations-dashboard.md).
 */
export const { values: DASHBOARD_QUEUES, labels: DASHBOARD_QUEUE_LABELS } = labelledValues({
  BUSINESS_REVIEW: 'Business review',
  DEFERRALS: 'Deferral requests',
  PRODUCT_APPLICATIONS: 'Product applications',
  AUTHORIZATIONS: 'Authorizations',
  VERIFICATION_ITEMS: 'Verification items',
  SCREENING_HITS: 'Screening hits',
})
export type DashboardQueue = (typeof DASHBOARD_QUEUES)[number]

/** The open backlog's age buckets (whole days since the item entered its queue, as of now). */
export const { values: AGE_BUCKETS, labels: AGE_BUCKET_LABELS } = labelledValues({
  UNDER_1: 'Under 1 day',
  DAYS_1_3: '1 to 3 days',
  DAYS_3_7: '3 to 7 days',
  DAYS_7_14: '7 to 14 days',
  DAYS_14_30: '14 to 30 days',
  OVER_30: '30 days or more',
})
export type AgeBucket = (typeof AGE_BUCKETS)[number]
/** Each bucket's lower bound in days (the upper is the next one's). */
export const AGE_BUCKET_FROM_DAYS: Readonly<Record<AgeBucket, number>> = {
  UNDER_1: 0,
  DAYS_1_3: 1,
  DAYS_3_7: 3,
  DAYS_7_14: 7,
  DAYS_14_30: 14,
  OVER_30: 30,
}

/** Where an applicant stands in the KYC: the step last saved as a draft, or submitted. */
export const { values: KYC_STOPS, labels: KYC_STOP_LABELS } = labelledValues({
  NOT_STARTED: 'Not started',
  COMPANY_DETAILS: 'Company details',
  ADDRESSES: 'Addresses',
  MEANS_OF_ID: 'Means of ID',
  SHAREHOLDERS: 'Shareholders',
  DOCUMENTS: 'Documents',
  SUBMITTED: 'Submitted',
})
export type KycStop = (typeof KYC_STOPS)[number]
