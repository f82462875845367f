import type { WebhookEndpointValues } from '@/lib/contracts/webhooks'
import { assertStaffWithAny } from '@/server/http/access'
import { notFound } from '@/server/http/app-error'
import type { ChangeRequestArgs, RequestArgs } from '@/server/modules/authorizations/request-authorization'
import { requestChange, requestCreation } from '@/server/modules/authorizations/request-authorization'
import { checkedWebhookUrl, WEBHOOK_MANAGERS } from './webhook-endpoints'
import { currentWebhookSnapshot } from './webhook-kinds'

/**
 * The four-eyes side of webhook endpoints (FOUR_EYES_CONFIG on): the URL is checked as the direct call checks it
 * (400 naming `url` for a host that is not public, a port other than 443/8443…), then a PENDING authorization is
 * recorded (202) and nothing else changes until another person approves it.
 */
export async function requestWebhookCreate(options: RequestArgs<WebhookEndpointValues>) {
  assertStaffWithAny(options.actor, ...WEBHOOK_MANAGERS)
  const url = await checkedWebhookUrl(options.input.url)
  return requestCreation(options, {
    type: 'WEBHOOK_CREATE',
    resource: 'webhook_endpoint',
    targetKey: `webhook-url:${url}`,
    target: url,
    proposal: { ...options.input, url },
  })
}

export async function requestWebhookUpdate(options: ChangeRequestArgs<WebhookEndpointValues>) {
  assertStaffWithAny(options.actor, ...WEBHOOK_MANAGERS)
  const before = await currentWebhookSnapshot(options.db, options.id)
  if (!before) throw notFound('Webhook endpoint')
  const url = await checkedWebhookUrl(options.input.url)
  return requestChange(options, {
    type: 'WEBHOOK_UPDATE',
    resource: 'webhook_endpoint',
    resourceId: options.id,
    target: String(before.url),
    proposal: { ...options.input, url },
    before,
  })
}
