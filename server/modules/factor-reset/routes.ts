import { authorizationDetailSchema } from '@/lib/contracts/authorizations'
import { factorResetRequestSchema } from '@/lib/contracts/factors'
import { PERMISSIONS } from '@/lib/permissions/names'
import { access, idParam, jsonBody, stepUp } from '@/server/http/access'
import { createRouter, errorResponses, json, routesTagged } from '@/server/http/openapi'
import { serviceArgs } from '@/server/http/service-args'
import './factor-reset-kind'
import { requestFactorReset } from './request-factor-reset'

const route = routesTagged('Second factors')

export const factorResetRoutes = createRouter()

// POST /users/{id}/factor-reset – ask (four-eyes) to reset a user's second factors; a fresh factor first
factorResetRoutes.openapi(
  route.post('/users/{id}/factor-reset', {
    summary: "Request a reset of a user's second factors",
    description:
      'Creates a PENDING USER_FACTOR_RESET authorization; another staff member who may decide authorizations approves it (PUT /authorizations/{id}). On approval the factors and recovery codes are removed, every session is signed out, the user is mailed and must set up a factor at the next sign-in.',
    ...stepUp(access.staff(PERMISSIONS.CAN_UPDATE_USER)),
    request: { params: idParam, ...jsonBody(factorResetRequestSchema) },
    responses: { 202: json(authorizationDetailSchema, 'Waiting for approval'), ...errorResponses(400, 401, 403, 404, 409) },
  }),
  async (c) =>
    c.json(
      await requestFactorReset({
        ...(await serviceArgs(c)),
        userId: c.req.valid('param').id,
        reason: c.req.valid('json').reason,
      }),
      202,
    ),
)
