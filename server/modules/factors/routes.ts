import * as factorsContract from '@/lib/contracts/factors'
import { PERMISSIONS } from '@/lib/permissions/names'
import { access, idParam, jsonBody, stepUp as freshFactor } from '@/server/http/access'
import { createRouter, errorResponses, json, routesTagged } from '@/server/http/openapi'
import { readArgs, serviceArgs } from '@/server/http/service-args'
import {
  confirmTotpEnrolment,
  listFactors,
  regenerateRecoveryCodes,
  removeFactor,
  setBusinessFactorPolicy,
  startTotpEnrolment,
} from './manage-factors'
import { stepUp } from './step-up'

const route = routesTagged('Second factors')

export const factorRoutes = createRouter()

// GET /accounts/factors – the caller's factors, recovery codes left, and whether a factor is required of them
factorRoutes.openapi(
  route.get('/accounts/factors', {
    summary: 'My second factors',
    ...access.enrolling(),
    responses: { 200: json(factorsContract.factorsAnswerSchema, 'Factors'), ...errorResponses(401) },
  }),
  async (c) => c.json(await listFactors(await readArgs(c)), 200),
)

// POST /accounts/factors/totp – start an authenticator-app enrolment (a fresh factor when one is already held)
factorRoutes.openapi(
  route.post('/accounts/factors/totp', {
    summary: 'Start setting up an authenticator app',
    ...access.enrolling(),
    request: jsonBody(factorsContract.startTotpSchema),
    responses: { 201: json(factorsContract.totpEnrolmentSchema, 'The secret and its QR code'), ...errorResponses(400, 401) },
  }),
  async (c) => c.json(await startTotpEnrolment({ ...(await readArgs(c)), name: c.req.valid('json').name }), 201),
)

// POST /accounts/factors/totp/{id}/confirm – a code from the app confirms it (first factor: ten recovery codes)
factorRoutes.openapi(
  route.post('/accounts/factors/totp/{id}/confirm', {
    summary: 'Confirm an authenticator app',
    ...access.enrolling(),
    request: { params: idParam, ...jsonBody(factorsContract.confirmTotpSchema) },
    responses: { 200: json(factorsContract.confirmedFactorSchema, 'Confirmed'), ...errorResponses(400, 401, 404, 409) },
  }),
  async (c) =>
    c.json(
      await confirmTotpEnrolment({
        ...(await serviceArgs(c)),
        factorId: c.req.valid('param').id,
        code: c.req.valid('json').code,
      }),
      200,
    ),
)

// DELETE /accounts/factors/{id} – remove a factor (fresh factor; not the last while one is required)
factorRoutes.openapi(
  route.delete('/accounts/factors/{id}', {
    summary: 'Remove a second factor',
    ...freshFactor(access.signedIn()),
    request: { params: idParam },
    responses: { 204: { description: 'Removed' }, ...errorResponses(401, 404, 409) },
  }),
  async (c) => {
    await removeFactor({ ...(await serviceArgs(c)), factorId: c.req.valid('param').id })
    return c.body(null, 204)
  },
)

// POST /accounts/recovery-codes – ten new recovery codes, the old ones void (fresh factor)
factorRoutes.openapi(
  route.post('/accounts/recovery-codes', {
    summary: 'New recovery codes',
    ...freshFactor(access.signedIn()),
    responses: { 200: json(factorsContract.recoveryCodesSchema, 'Shown once'), ...errorResponses(401, 409) },
  }),
  async (c) => c.json(await regenerateRecoveryCodes(await serviceArgs(c)), 200),
)

// POST /accounts/step-up – prove the session afresh for 5 minutes (factor, or password for a user without one)
factorRoutes.openapi(
  route.post('/accounts/step-up', {
    summary: 'Confirm it is you (step-up)',
    ...access.signedIn(),
    request: jsonBody(factorsContract.stepUpSchema),
    responses: { 200: json(factorsContract.stepUpAnswerSchema, 'Proven'), ...errorResponses(400, 401, 429) },
  }),
  async (c) => c.json(await stepUp({ ...(await serviceArgs(c)), input: c.req.valid('json') }), 200),
)

// PUT /businesses/{id}/factor-policy – the owner requires a second factor of the business's users
factorRoutes.openapi(
  route.put('/businesses/{id}/factor-policy', {
    summary: "Require a second factor of the business's users",
    ...access.businessMembers(PERMISSIONS.CAN_UPDATE_BUSINESS_USERS),
    request: { params: idParam, ...jsonBody(factorsContract.businessFactorPolicySchema) },
    responses: { 200: json(factorsContract.businessFactorPolicySchema, 'Set'), ...errorResponses(400, 401, 403, 404) },
  }),
  async (c) =>
    c.json(
      await setBusinessFactorPolicy({
        ...(await serviceArgs(c)),
        businessId: c.req.valid('param').id,
        requireFactor: c.req.valid('json').requireFactor,
      }),
      200,
    ),
)
