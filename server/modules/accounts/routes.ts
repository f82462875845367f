import { z } from '@hono/zod-openapi'
import * as accountsContract from '@/lib/contracts/accounts'
import * as factorsContract from '@/lib/contracts/factors'
import { refuseCommonPassword } from '@/server/auth/common-passwords'
import { access, jsonBody } from '@/server/http/access'
import { actorOf } from '@/server/http/auth'
import { createRouter, errorResponses, json, routesTagged } from '@/server/http/openapi'
import { publicArgs, readArgs, serviceArgs } from '@/server/http/service-args'
import { acceptInvitation } from './accept-invitation'
import { activateAccount } from './activate-account'
import { changePassword } from './change-password'
import { getAccount, getPermissionNames, getUserProfile } from './get-account'
import { logIn } from './log-in'
import { logInWithFactor } from './log-in-factor'
import { logOut } from './log-out'
import { getPreferences, updatePreferences } from './preferences'
import { recoverPassword } from './recover-password'
import { refreshToken } from './refresh-token'
import { resendActivation } from './resend-activation'
import { resetPassword } from './reset-password'
import { signUp } from './sign-up'
import { updateAccount } from './update-account'

const route = routesTagged('Accounts')

const signupRequest = refuseCommonPassword(accountsContract.signupSchema, 'password')
const resetPasswordRequest = refuseCommonPassword(accountsContract.resetPasswordSchema, 'password')
const changePasswordRequest = refuseCommonPassword(accountsContract.changePasswordSchema, 'newPassword')
const acceptInvitationRequest = refuseCommonPassword(accountsContract.acceptInvitationSchema, 'password')

export const accountRoutes = createRouter()

// POST /accounts/signup – create an account pending activation (same answer for known e-mails)
accountRoutes.openapi(
  route.post('/accounts/signup', {
    summary: 'Sign up',
    ...access.public(),
    request: jsonBody(signupRequest),
    responses: { 202: json(accountsContract.messageSchema, 'Activation link sent if possible'), ...errorResponses(400) },
  }),
  async (c) => c.json(await signUp({ ...(await publicArgs(c)), input: c.req.valid('json') }), 202),
)

// POST /accounts/activate-account – activate with the e-mailed token
accountRoutes.openapi(
  route.post('/accounts/activate-account', {
    summary: 'Activate an account',
    ...access.public(),
    request: jsonBody(accountsContract.activateAccountSchema),
    responses: { 200: json(accountsContract.messageSchema, 'Activated'), ...errorResponses(400, 409) },
  }),
  async (c) => c.json(await activateAccount({ ...(await publicArgs(c)), token: c.req.valid('json').token }), 200),
)

// POST /accounts/accept-invitation – someone invited to a business sets a password and is activated
accountRoutes.openapi(
  route.post('/accounts/accept-invitation', {
    summary: 'Accept a business invitation',
    ...access.public(),
    request: jsonBody(acceptInvitationRequest),
    responses: { 200: json(accountsContract.acceptedInvitationSchema, 'Activated'), ...errorResponses(400, 409) },
  }),
  async (c) => {
    const { token, password } = c.req.valid('json')
    return c.json(await acceptInvitation({ ...(await publicArgs(c)), token, password }), 200)
  },
)

// POST /accounts/resend-activation-token – a new activation link (same answer whatever the e-mail)
accountRoutes.openapi(
  route.post('/accounts/resend-activation-token', {
    summary: 'Resend the activation link',
    ...access.public(),
    request: jsonBody(accountsContract.emailOnlySchema),
    responses: { 202: json(accountsContract.messageSchema, 'Sent if possible'), ...errorResponses(400) },
  }),
  async (c) => c.json(await resendActivation({ ...(await publicArgs(c)), email: c.req.valid('json').email }), 202),
)

// POST /accounts/login – e-mail and password → access token (throttled per account+IP and per IP)
accountRoutes.openapi(
  route.post('/accounts/login', {
    summary: 'Sign in',
    ...access.public(),
    request: jsonBody(accountsContract.loginSchema),
    responses: {
      200: json(
        z.union([factorsContract.signInAnswerSchema, factorsContract.factorChallengeAnswerSchema]),
        'Signed in, or the password passed and a second factor is needed (`factor_required`)',
      ),
      ...errorResponses(400, 401, 429),
    },
  }),
  async (c) => {
    const { email, password } = c.req.valid('json')
    const answer = await logIn({
      ...(await publicArgs(c)),
      email,
      password,
      userAgent: c.req.header('user-agent') ?? null,
    })
    return c.json(answer, 200)
  },
)

// POST /accounts/login/factor – the second step: the password step's challenge plus a code (throttled as sign-in)
accountRoutes.openapi(
  route.post('/accounts/login/factor', {
    summary: 'Sign in: the second factor',
    ...access.public(),
    request: jsonBody(factorsContract.loginFactorSchema),
    responses: { 200: json(factorsContract.signInAnswerSchema, 'Signed in'), ...errorResponses(400, 401, 429) },
  }),
  async (c) =>
    c.json(
      await logInWithFactor({
        ...(await publicArgs(c)),
        input: c.req.valid('json'),
        userAgent: c.req.header('user-agent') ?? null,
      }),
      200,
    ),
)

// POST /accounts/logout – end the current session server-side
accountRoutes.openapi(
  route.post('/accounts/logout', {
    summary: 'Sign out',
    ...access.enrolling(),
    responses: { 200: json(accountsContract.messageSchema, 'Signed out'), ...errorResponses(401) },
  }),
  async (c) => c.json(await logOut({ ...(await serviceArgs(c)), sessionId: actorOf(c).sessionId }), 200),
)

// POST /accounts/recover-password – e-mail a reset code (capped per address and per IP)
accountRoutes.openapi(
  route.post('/accounts/recover-password', {
    summary: 'Request a password reset code',
    ...access.public(),
    request: jsonBody(accountsContract.emailOnlySchema),
    responses: { 202: json(accountsContract.messageSchema, 'Sent if possible'), ...errorResponses(400, 429) },
  }),
  async (c) =>
    c.json(await recoverPassword({ ...(await publicArgs(c)), email: c.req.valid('json').email, ip: c.get('ip') }), 202),
)

// PUT /accounts/reset-password/{otp} – set a new password with the code; revokes every session
accountRoutes.openapi(
  route.put('/accounts/reset-password/{otp}', {
    summary: 'Reset the password with the e-mailed code',
    ...access.public(),
    request: { params: z.object({ otp: accountsContract.otpSchema }), ...jsonBody(resetPasswordRequest) },
    responses: { 200: json(accountsContract.messageSchema, 'Password reset'), ...errorResponses(400, 429) },
  }),
  async (c) => {
    const { email, password } = c.req.valid('json')
    return c.json(await resetPassword({ ...(await publicArgs(c)), otp: c.req.valid('param').otp, email, password }), 200)
  },
)

// POST /accounts/change-password – signed in; revokes the other sessions and e-mails a notice; throttled like login
accountRoutes.openapi(
  route.post('/accounts/change-password', {
    summary: 'Change the password',
    ...access.signedIn(),
    request: jsonBody(changePasswordRequest),
    responses: { 200: json(accountsContract.messageSchema, 'Changed'), ...errorResponses(400, 401, 429) },
  }),
  async (c) => {
    const { currentPassword, newPassword } = c.req.valid('json')
    return c.json(await changePassword({ ...(await serviceArgs(c)), currentPassword, newPassword }), 200)
  },
)

// POST /accounts/refresh-token – a new token for the same session
accountRoutes.openapi(
  route.post('/accounts/refresh-token', {
    summary: 'Refresh the access token',
    description:
      'A session begun with single sign-on is first checked at the identity provider with its refresh token (at most once a minute): a refusal (the user disabled or signed out there) revokes the session and answers 401.',
    ...access.enrolling(),
    responses: { 200: json(accountsContract.loginAnswerSchema, 'A new token'), ...errorResponses(401) },
  }),
  async (c) => c.json(await refreshToken(await serviceArgs(c)), 200),
)

// GET /accounts/me/permissions – the signed-in user's permission names (static path before /accounts/me)
accountRoutes.openapi(
  route.get('/accounts/me/permissions', {
    summary: 'My permissions',
    ...access.enrolling(),
    responses: { 200: json(z.array(z.object({ name: z.string() })), 'Permissions'), ...errorResponses(401) },
  }),
  (c) => c.json(getPermissionNames(actorOf(c)), 200),
)

// GET /accounts/me/preferences – kept server-side
accountRoutes.openapi(
  route.get('/accounts/me/preferences', {
    summary: 'My preferences',
    ...access.enrolling(),
    responses: { 200: json(accountsContract.preferencesSchema, 'Preferences'), ...errorResponses(401) },
  }),
  async (c) => c.json(await getPreferences(await readArgs(c)), 200),
)

// PUT /accounts/me/preferences
accountRoutes.openapi(
  route.put('/accounts/me/preferences', {
    summary: 'Save my preferences',
    ...access.signedIn(),
    request: jsonBody(accountsContract.preferencesSchema),
    responses: { 200: json(accountsContract.preferencesSchema, 'Saved'), ...errorResponses(400, 401) },
  }),
  async (c) => c.json(await updatePreferences({ ...(await serviceArgs(c)), input: c.req.valid('json') }), 200),
)

// GET /accounts/me – the signed-in account
accountRoutes.openapi(
  route.get('/accounts/me', {
    summary: 'My account',
    ...access.enrolling(),
    responses: { 200: json(accountsContract.accountSchema, 'Account'), ...errorResponses(401) },
  }),
  async (c) => c.json(await getAccount(await readArgs(c)), 200),
)

// PATCH /accounts/me – own name and phone
accountRoutes.openapi(
  route.patch('/accounts/me', {
    summary: 'Update my name and phone',
    ...access.signedIn(),
    request: jsonBody(accountsContract.updateAccountSchema),
    responses: { 200: json(accountsContract.accountSchema, 'Updated'), ...errorResponses(400, 401) },
  }),
  async (c) => c.json(await updateAccount({ ...(await serviceArgs(c)), input: c.req.valid('json') }), 200),
)

// GET /user-profile – account, permissions and preferences in one answer
accountRoutes.openapi(
  route.get('/user-profile', {
    summary: 'My profile',
    ...access.signedIn(),
    responses: { 200: json(accountsContract.userProfileSchema, 'Profile'), ...errorResponses(401) },
  }),
  async (c) => c.json(await getUserProfile(await readArgs(c)), 200),
)
