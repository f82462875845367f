/** Webhook vocabulary shared by the server, the API contract and the browser (docs/api.md#webhooks). No zod here. */

/** The decisions delivered to registered endpoints. */
export const WEBHOOK_EVENT_TYPES = ['business.decided', 'document.decided', 'deferral.decided', 'onboarding.decided'] as const
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number]

export const WEBHOOK_EVENT_LABELS: Readonly<Record<WebhookEventType, string>> = {
  'business.decided': 'Business approved or declined',
  'document.decided': 'CAC document approved or rejected',
  'deferral.decided': 'Deferral approved or declined',
  'onboarding.decided': 'Product onboarding decided',
}

/** PENDING (waiting for its next attempt) → DELIVERED (a 2xx) or FAILED (every attempt failed; staff may retry). */
export const WEBHOOK_DELIVERY_STATUSES = ['PENDING', 'DELIVERED', 'FAILED'] as const
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number]

/** Attempts per delivery before it is FAILED; back-off 30 s, 1, 2, 4, 8 min between them. */
export const WEBHOOK_MAX_ATTEMPTS = 6
