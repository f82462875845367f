import { z } from '@hono/zod-openapi'
import { access } from '@/server/http/access'
import { createRouter, errorResponses, json, routesTagged } from '@/server/http/openapi'
import { publicArgs, readArgs } from '@/server/http/service-args'
import { demoTotpCode, expireSessionProof } from './dev-factors'
import { findOutbox } from './find-outbox'

/** Mounted only when ENABLE_DEV_OUTBOX=true outside production (server/app.ts decides). */
export const devOutboxRoutes = createRouter()
const route = routesTagged('Development')

// GET /dev/outbox?to= – what the portal e-mailed to an address (demo and e2e tests)
devOutboxRoutes.openapi(
  route.get('/dev/outbox', {
    summary: 'Mail sent to an address (development only)',
    ...access.public(),
    request: { query: z.object({ to: z.email({ message: 'must be an e-mail address' }) }) },
    responses: {
      200: json(
        z.array(
          z.object({
            id: z.uuid(),
            to: z.string(),
            template: z.string(),
            subject: z.string(),
            text: z.string(),
            createdAt: z.string(),
            sentAt: z.string().nullable(),
          }),
        ),
        'Latest mails first',
      ),
      ...errorResponses(400),
    },
  }),
  async (c) => c.json(await findOutbox({ ...(await publicArgs(c)), to: c.req.valid('query').to }), 200),
)

// GET /dev/demo-totp?email= – the current code of a demo staff user's demo authenticator (demo only, never production)
devOutboxRoutes.openapi(
  route.get('/dev/demo-totp', {
    summary: "A demo staff user's current authenticator code (demo only)",
    ...access.public(),
    request: { query: z.object({ email: z.email({ message: 'must be an e-mail address' }) }) },
    responses: {
      200: json(z.object({ code: z.string(), validForSeconds: z.number().int() }), 'The current code'),
      ...errorResponses(400, 404),
    },
  }),
  async (c) => c.json(await demoTotpCode({ ...(await publicArgs(c)), email: c.req.valid('query').email }), 200),
)

// POST /dev/sessions/current/expire-proof – the caller's session as if its last factor and password were 10 minutes
// old, so a test can see step-up ask (development and e2e only, never production)
devOutboxRoutes.openapi(
  route.post('/dev/sessions/current/expire-proof', {
    summary: 'Age the current session past the step-up window (development only)',
    ...access.signedIn(),
    responses: { 204: { description: 'Aged' }, ...errorResponses(401) },
  }),
  async (c) => {
    await expireSessionProof({ ...(await readArgs(c)) })
    return c.body(null, 204)
  },
)
