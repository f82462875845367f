import { z } from 'zod'
import { pageQuerySchema, pageSchema } from './pagination'
import { WEBHOOK_DELIVERY_STATUSES, WEBHOOK_EVENT_TYPES } from './webhook-values'

/**
 * `POST /webhooks`, `PUT /webhooks/{id}` and the register form. The URL must be https (http only to this machine
 * outside production: the server checks that rule, since it depends on where it runs).
 */
export const webhookEndpointInputSchema = z.object({
  url: z
    .url({ message: 'must be a URL such as https://hooks.example.com/kyc', protocol: /^https?$/ })
    .max(2000, { message: 'must be at most 2,000 characters' }),
  description: z.string().trim().max(200, { message: 'must be at most 200 characters' }).default(''),
  eventTypes: z
    .array(z.enum(WEBHOOK_EVENT_TYPES, { message: `must be one of ${WEBHOOK_EVENT_TYPES.join(', ')}` }))
    .min(1, { message: 'choose at least one event' })
    .transform((types) => [...new Set(types)]),
  active: z.boolean().default(true),
})
export type WebhookEndpointInput = z.input<typeof webhookEndpointInputSchema>
export type WebhookEndpointValues = z.infer<typeof webhookEndpointInputSchema>

export const webhookEndpointSchema = z
  .object({
    id: z.uuid(),
    url: z.string(),
    description: z.string(),
    eventTypes: z.array(z.enum(WEBHOOK_EVENT_TYPES)),
    active: z.boolean(),
    createdBy: z.uuid().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'WebhookEndpoint' })
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>

/** The answer of `POST /webhooks`: the only time the signing secret is shown. */
export const createdWebhookEndpointSchema = webhookEndpointSchema
  .extend({ secret: z.string().describe('The signing secret: shown once, keep it with the receiver') })
  .meta({ id: 'CreatedWebhookEndpoint' })
export type CreatedWebhookEndpoint = z.infer<typeof createdWebhookEndpointSchema>

export const webhookDeliveryAttemptSchema = z.object({
  attemptedAt: z.string(),
  responseCode: z.number().int().nullable(),
  error: z.string().nullable(),
  durationMs: z.number().int(),
})

export const webhookDeliverySchema = z
  .object({
    id: z.uuid(),
    endpointId: z.uuid(),
    eventId: z.uuid(),
    eventType: z.enum(WEBHOOK_EVENT_TYPES),
    payload: z.record(z.string(), z.unknown()),
    status: z.enum(WEBHOOK_DELIVERY_STATUSES),
    attempts: z.number().int(),
    nextAttemptAt: z.string(),
    lastResponseCode: z.number().int().nullable(),
    lastError: z.string().nullable(),
    deliveredAt: z.string().nullable(),
    createdAt: z.string(),
    attemptLog: z.array(webhookDeliveryAttemptSchema),
  })
  .meta({ id: 'WebhookDelivery' })
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>

export const webhookDeliveryQuerySchema = pageQuerySchema.extend({
  status: z.enum(WEBHOOK_DELIVERY_STATUSES, { message: `must be one of ${WEBHOOK_DELIVERY_STATUSES.join(', ')}` }).optional(),
})
export type WebhookDeliveryQuery = z.infer<typeof webhookDeliveryQuerySchema>

export const webhookDeliveryPageSchema = pageSchema(webhookDeliverySchema)
