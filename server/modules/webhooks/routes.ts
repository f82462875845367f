import { z } from '@hono/zod-openapi'
import * as webhooksContract from '@/lib/contracts/webhooks'
import { access, idParam, jsonBody, noContent } from '@/server/http/access'
import { createRouter, errorResponses, json, routesTagged } from '@/server/http/openapi'
import { readArgs, serviceArgs } from '@/server/http/service-args'
import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  findWebhookDeliveries,
  findWebhookEndpoints,
  retryWebhookDelivery,
  updateWebhookEndpoint,
  WEBHOOK_MANAGERS,
} from './webhook-endpoints'

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

// POST /webhooks – register an endpoint (its secret answered once)
webhookRoutes.openapi(
  route.post('/webhooks', {
    summary: 'Register a webhook endpoint',
    description: 'Answers the signing secret: the only time it is shown (docs/api.md#webhooks).',
    ...access.staff(...WEBHOOK_MANAGERS),
    request: jsonBody(webhooksContract.webhookEndpointInputSchema),
    responses: {
      201: json(webhooksContract.createdWebhookEndpointSchema, 'The endpoint with its secret'),
      ...errorResponses(400, 401, 403),
    },
  }),
  async (c) => c.json(await createWebhookEndpoint({ ...(await serviceArgs(c)), input: c.req.valid('json') }), 201),
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

// PUT /webhooks/{id} – change an endpoint
webhookRoutes.openapi(
  route.put('/webhooks/{id}', {
    summary: 'Change a webhook endpoint',
    ...access.staff(...WEBHOOK_MANAGERS),
    request: { params: idParam, ...jsonBody(webhooksContract.webhookEndpointInputSchema) },
    responses: { 200: json(webhooksContract.webhookEndpointSchema, 'The endpoint'), ...errorResponses(400, 401, 403, 404) },
  }),
  async (c) =>
    c.json(
      await updateWebhookEndpoint({ ...(await serviceArgs(c)), id: c.req.valid('param').id, input: c.req.valid('json') }),
      200,
    ),
)

// DELETE /webhooks/{id} – remove an endpoint and its delivery log
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
