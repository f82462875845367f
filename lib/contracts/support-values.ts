/**
 * Support-inquiry vocabulary the browser needs at run time (no zod here: the contact-us form imports it).
 * The zod schemas in `support.ts` build on these limits.
 */

export const SUPPORT_INQUIRY_STATUSES = ['OPEN', 'CLOSED'] as const
export type SupportInquiryStatus = (typeof SUPPORT_INQUIRY_STATUSES)[number]

export const SUPPORT_LIMITS = {
  name: 200,
  email: 320,
  subject: 200,
  message: 5000,
} as const

/** The multipart field that carries the optional attachment. */
export const SUPPORT_ATTACHMENT_FIELD = 'attachment'
