/** Deferral vocabulary shared by the server, the API contract and the browser. No zod and no I/O here. */

/** Stored statuses (docs/domain.md#deferral). OVERDUE is derived: APPROVED and past the due date. */
export const DEFERRAL_STATUSES = ['PENDING', 'APPROVED', 'REJECTED', 'FULFILLED'] as const
export type DeferralStatus = (typeof DEFERRAL_STATUSES)[number]

/** What lists show and filter by: the stored status, or OVERDUE for an approved deferral past its due date. */
export const DEFERRAL_DISPLAY_STATUSES = [...DEFERRAL_STATUSES, 'OVERDUE'] as const
export type DeferralDisplayStatus = (typeof DEFERRAL_DISPLAY_STATUSES)[number]

/** Open deferrals: at most one per business and document type. */
export const OPEN_DEFERRAL_STATUSES: readonly DeferralStatus[] = ['PENDING', 'APPROVED']

/** `app_settings` key of the maximum number of days a deferral may ask for (`PUT /deferrals/deferrable-days/{days}`). */
export const DEFERRAL_MAX_DAYS_SETTING = 'deferral.maxDays'
export const DEFERRAL_MAX_DAYS_DEFAULT = 30
/** The bounds staff may set the maximum to. */
export const DEFERRAL_MAX_DAYS_LIMIT = 365

export const DEFERRAL_REASON_MAX = 1000

/** Client-side check of a deferral request; a message per field, empty when fine (the server checks again). */
export function checkDeferralRequest(
  input: { days: string | number; reason: string },
  maxDays: number,
): { days?: string; reason?: string } {
  const errors: { days?: string; reason?: string } = {}
  const text = String(input.days).trim()
  const days = Number(text)
  if (text === '') errors.days = 'Enter the number of days'
  else if (!Number.isInteger(days)) errors.days = 'Enter a whole number of days'
  else if (days < 1) errors.days = 'A deferral is at least 1 day'
  else if (days > maxDays) errors.days = `A deferral is at most ${maxDays} days`
  const reason = input.reason.trim()
  if (reason.length < 10) errors.reason = 'Say why the document cannot be provided yet (at least 10 characters)'
  else if (reason.length > DEFERRAL_REASON_MAX) errors.reason = `Keep the reason under ${DEFERRAL_REASON_MAX} characters`
  return errors
}
