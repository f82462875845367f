import { z } from '@hono/zod-openapi'
import * as marketingContract from '@/lib/contracts/marketing'
import { access, jsonBody } from '@/server/http/access'
import { optionalActor } from '@/server/http/auth'
import { auditContextOf } from '@/server/http/context'
import { createRouter, errorResponses, json, routesTagged } from '@/server/http/openapi'
import { publicArgs } from '@/server/http/service-args'
import { recordMarketingEvent } from './record-marketing-event'

const route = routesTagged('Marketing')

export const marketingRoutes = createRouter()

// POST /marketing/events – the built-in marketing sink; visitors may call it before signing in
marketingRoutes.openapi(
  route.post('/marketing/events', {
    summary: 'Record an identify, track or page call',
    description:
      "Hands the call to the marketing sink (MARKETING_PROVIDER: the built-in table, or a Segment-compatible Tracking API in batches). The e-mail may come as `email` or `Email`; `identify` needs a signed-in user and only their own e-mail (400 naming `type` or `email`), and an e-mail on another call that is not the signed-in user's is dropped. `properties`: at most 50 keys, 3 levels, 8 KB (400); identity numbers, dates of birth and phone numbers are dropped. 60 calls per IP per minute, then 429. Nothing is sent for a user who opted out: `delivered` is then false. `id` is the recorded row with the built-in sink, null otherwise.",
    ...access.public(),
    request: jsonBody(marketingContract.marketingEventSchema),
    responses: {
      202: json(z.object({ id: z.uuid().nullable(), delivered: z.boolean() }), 'Accepted'),
      ...errorResponses(400, 413, 429),
    },
  }),
  async (c) => {
    // A token is optional here; a bad one is ignored rather than refused, so tracking never logs anyone out.
    const actor = await optionalActor(c)
    const recorded = await recordMarketingEvent({
      ...(await publicArgs(c)),
      event: c.req.valid('json'),
      user: actor ? { id: actor.userId, email: actor.email } : null,
      ip: auditContextOf(c).ip,
    })
    return c.json(recorded, 202)
  },
)
