import * as factorsContract from '@/lib/contracts/factors'
import { access, jsonBody } from '@/server/http/access'
import { createRouter, errorResponses, json, routesTagged } from '@/server/http/openapi'
import { publicArgs, serviceArgs } from '@/server/http/service-args'
import { confirmPasskeyEnrolment, passkeySignInOptions, passkeyStepUpOptions, startPasskeyEnrolment } from './webauthn'

const route = routesTagged('Second factors')

/** Passkeys and security keys (docs/security.md#passkeys); registered next to factorRoutes. */
export const webauthnRoutes = createRouter()

// POST /accounts/factors/webauthn/options – registration options and the ENROL challenge (a fresh factor when one is held)
webauthnRoutes.openapi(
  route.post('/accounts/factors/webauthn/options', {
    summary: 'Start adding a passkey or security key',
    ...access.enrolling(),
    request: jsonBody(factorsContract.startPasskeySchema),
    responses: {
      200: json(factorsContract.passkeyRegistrationOptionsSchema, 'Options for navigator.credentials.create()'),
      ...errorResponses(400, 401),
    },
  }),
  async (c) =>
    c.json(
      await startPasskeyEnrolment({
        ...(await serviceArgs(c)),
        name: c.req.valid('json').name,
        userAgent: c.req.header('user-agent') ?? null,
      }),
      200,
    ),
)

// POST /accounts/factors/webauthn – the browser's attestation, checked and stored (first factor: ten recovery codes)
webauthnRoutes.openapi(
  route.post('/accounts/factors/webauthn', {
    summary: 'Add a passkey or security key',
    ...access.enrolling(),
    request: jsonBody(factorsContract.confirmPasskeySchema),
    responses: { 201: json(factorsContract.confirmedFactorSchema, 'Added'), ...errorResponses(400, 401, 409) },
  }),
  async (c) => {
    const { challenge, name, response } = c.req.valid('json')
    return c.json(await confirmPasskeyEnrolment({ ...(await serviceArgs(c)), challenge, name, response }), 201)
  },
)

// POST /accounts/login/webauthn-options – the password step's challenge → options for the user's passkeys
webauthnRoutes.openapi(
  route.post('/accounts/login/webauthn-options', {
    summary: 'Sign in: options for a passkey',
    ...access.public(),
    request: jsonBody(factorsContract.passkeySignInOptionsSchema),
    responses: {
      200: json(factorsContract.passkeyAuthenticationOptionsSchema, 'Options for navigator.credentials.get()'),
      ...errorResponses(400, 409),
    },
  }),
  async (c) => {
    const { db } = await publicArgs(c)
    return c.json(await passkeySignInOptions({ db, challenge: c.req.valid('json').challenge }), 200)
  },
)

// POST /accounts/step-up/webauthn-options – options for the user's passkeys and a STEP_UP challenge of this session
webauthnRoutes.openapi(
  route.post('/accounts/step-up/webauthn-options', {
    summary: 'Confirm it is you: options for a passkey',
    ...access.signedIn(),
    responses: {
      200: json(factorsContract.passkeyAuthenticationOptionsSchema, 'Options for navigator.credentials.get()'),
      ...errorResponses(401, 409),
    },
  }),
  async (c) =>
    c.json(await passkeyStepUpOptions({ ...(await serviceArgs(c)), userAgent: c.req.header('user-agent') ?? null }), 200),
)
