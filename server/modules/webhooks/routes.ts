import { z } from '@hono/zod-openapi'
import * as webhooksContract from '@/lib/contracts/webhooks'
import { access, idParam, jsonBody, noContent } from '@/server/http/access'
import { createRouter, errorResponses, json, routesTagged } from '@/server/http/openapi'
import { readArgs, serviceArgs } from '@/server/http/service-args'
import {
  answerConfigChange,
  CONFIG_FOUR_EYES_NOTE,
  configChangeResponses,
} from '@/server/modules/authorizations/config-four-eyes'
import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  findWebhookDeliveries,
  findWebhookEndpoints,
  renewWebhookSecret,
  retryWebhookDelivery,
  updateWebhookEndpoint,
  WEBHOOK_MANAGERS,
} from './webhook-endpoints'
import { requestWebhookCreate, requestWebhookUpdate } from './webhook-requests'

const route = routesTagged('Webhooks')

export const webhookRoutes = createRouter()

// GET /webhooks – the registered endpoints
webhookRoutes.openapi(
  route.get('/webhooks', {
    summary: 'Webhook endpoints',
    ...access.staff(...WEBHOOK_MANAGERS),
    responses: {
      200: json(z.array(webhooksContract.webhookEndpointSchema), 'Endpoints (secrets are never listed)'),
      ...errorResponses(401, 403),
    },
  }),
  async (c) => c.json(await findWebhookEndpoints(await readArgs(c)), 200),
)

// POST /webhooks – register an endpoint (202 under four-eyes; applied at once, its secret is answered once)
webhookRoutes.openapi(
  route.post('/webhooks', {
    summary: 'Register a webhook endpoint',
    description: `The URL must reach a public address over https on port 443 or 8443 (docs/security.md#webhooks). ${CONFIG_FOUR_EYES_NOTE} Applied at once (FOUR_EYES_CONFIG off), it answers the signing secret: the only time it is shown; an approved endpoint's secret is learnt with POST /webhooks/{id}/secret.`,
    ...access.staff(...WEBHOOK_MANAGERS),
    request: jsonBody(webhooksContract.webhookEndpointInputSchema),
    responses: {
      ...configChangeResponses(201, webhooksContract.createdWebhookEndpointSchema, 'The endpoint with its secret'),
      ...errorResponses(400, 401, 403, 409),
    },
  }),
  async (c) => {
    const args = { ...(await serviceArgs(c)), input: c.req.valid('json') }
    return answerConfigChange(c, {
      request: () => requestWebhookCreate(args),
      apply: () => createWebhookEndpoint(args),
      status: 201,
    })
  },
)

// POST /webhooks/{id}/secret – a new signing secret, answered once
webhookRoutes.openapi(
  route.post('/webhooks/{id}/secret', {
    summary: "Renew a webhook endpoint's signing secret",
    description: 'Answers the new secret: the only time it is shown. The old one stops signing at once.',
    ...access.staff(...WEBHOOK_MANAGERS),
    request: { params: idParam },
    responses: {
      200: json(webhooksContract.createdWebhookEndpointSchema, 'The endpoint with its new secret'),
      ...errorResponses(400, 401, 403, 404),
    },
  }),
  async (c) => c.json(await renewWebhookSecret({ ...(await serviceArgs(c)), id: c.req.valid('param').id }), 200),
)

// POST /webhooks/deliveries/{id}/retry – send a failed delivery again
webhookRoutes.openapi(
  route.post('/webhooks/deliveries/{id}/retry', {
    summary: 'Retry a failed webhook delivery',
    ...access.staff(...WEBHOOK_MANAGERS),
    request: { params: idParam },
    responses: {
      200: json(webhooksContract.webhookDeliverySchema, 'The delivery, due again'),
      ...errorResponses(400, 401, 403, 404, 409),
    },
  }),
  async (c) => c.json(await retryWebhookDelivery({ ...(await serviceArgs(c)), id: c.req.valid('param').id }), 200),
)

// PUT /webhooks/{id} – change an endpoint (202 under four-eyes)
webhookRoutes.openapi(
  route.put('/webhooks/{id}', {
    summary: 'Change a webhook endpoint',
    description: CONFIG_FOUR_EYES_NOTE,
    ...access.staff(...WEBHOOK_MANAGERS),
    request: { params: idParam, ...jsonBody(webhooksContract.webhookEndpointInputSchema) },
    responses: {
      ...configChangeResponses(200, webhooksContract.webhookEndpointSchema, 'The endpoint'),
      ...errorResponses(400, 401, 403, 404, 409),
    },
  }),
  async (c) => {
    const args = { ...(await serviceArgs(c)), id: c.req.valid('param').id, input: c.req.valid('json') }
    return answerConfigChange(c, {
      request: () => requestWebhookUpdate(args),
      apply: () => updateWebhookEndpoint(args),
      status: 200,
    })
  },
)

// DELETE /webhooks/{id} – remove an endpoint (its delivery log is kept)
webhookRoutes.openapi(
  route.delete('/webhooks/{id}', {
    summary: 'Remove a webhook endpoint',
    ...access.staff(...WEBHOOK_MANAGERS),
    request: { params: idParam },
    responses: { ...noContent, ...errorResponses(400, 401, 403, 404) },
  }),
  async (c) => {
    await deleteWebhookEndpoint({ ...(await serviceArgs(c)), id: c.req.valid('param').id })
    return c.body(null, 204)
  },
)

// GET /webhooks/{id}/deliveries – an endpoint's delivery log
webhookRoutes.openapi(
  route.get('/webhooks/{id}/deliveries', {
    summary: "A webhook endpoint's deliveries",
    description: 'Also for a removed endpoint: its delivery log is kept.',
    ...access.staff(...WEBHOOK_MANAGERS),
    request: { params: idParam, query: webhooksContract.webhookDeliveryQuerySchema },
    responses: {
      200: json(webhooksContract.webhookDeliveryPageSchema, 'A page of deliveries with their attempts'),
      ...errorResponses(400, 401, 403, 404),
    },
  }),
  async (c) =>
    c.json(
      await findWebhookDeliveries({ ...(await readArgs(c)), endpointId: c.req.valid('param').id, query: c.req.valid('query') }),
      200,
    ),
)
