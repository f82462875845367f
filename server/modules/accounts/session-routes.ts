import * as sessionsContract from '@/lib/contracts/sessions'
import { access, idParam, noContent } from '@/server/http/access'
import { createRouter, errorResponses, json, routesTagged } from '@/server/http/openapi'
import { readArgs, serviceArgs } from '@/server/http/service-args'
import { findOwnSessions } from './find-sessions'
import { revokeOtherSessions, revokeOwnSession } from './revoke-sessions'

const route = routesTagged('Accounts')

/** The signed-in user's own sessions (docs/security.md#sessions-the-user-can-see). Static paths first. */
export const sessionRoutes = createRouter()

// GET /accounts/sessions – the caller's live sessions, most recently used first, the current one flagged
sessionRoutes.openapi(
  route.get('/accounts/sessions', {
    summary: 'Your signed-in sessions',
    ...access.signedIn(),
    request: { query: sessionsContract.sessionListQuerySchema },
    responses: {
      200: json(sessionsContract.userSessionPageSchema, 'A page of your live sessions'),
      ...errorResponses(400, 401),
    },
  }),
  async (c) => c.json(await findOwnSessions({ ...(await readArgs(c)), query: c.req.valid('query') }), 200),
)

// POST /accounts/sessions/revoke-others – sign out every other session of the caller
sessionRoutes.openapi(
  route.post('/accounts/sessions/revoke-others', {
    summary: 'Sign out everywhere else',
    ...access.signedIn(),
    responses: {
      200: json(sessionsContract.revokedSessionsSchema, 'The other sessions are signed out'),
      ...errorResponses(401),
    },
  }),
  async (c) => c.json(await revokeOtherSessions(await serviceArgs(c)), 200),
)

// DELETE /accounts/sessions/{id} – sign out one of the caller's own sessions (the current one signs them out)
sessionRoutes.openapi(
  route.delete('/accounts/sessions/{id}', {
    summary: 'Sign out one of your sessions',
    ...access.signedIn(),
    request: { params: idParam },
    responses: { ...noContent, ...errorResponses(400, 401, 404) },
  }),
  async (c) => {
    await revokeOwnSession({ ...(await serviceArgs(c)), id: c.req.valid('param').id })
    return c.body(null, 204)
  },
)
