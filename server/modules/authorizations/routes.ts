import { z } from '@hono/zod-openapi'
import * as authorizationsContract from '@/lib/contracts/authorizations'
import { access, idParam, jsonBody, stepUp } from '@/server/http/access'
import { createRouter, errorResponses, json, routesTagged } from '@/server/http/openapi'
import { readArgs, serviceArgs } from '@/server/http/service-args'
import { AUTHORIZATION_DECIDERS, AUTHORIZATION_MAKERS, AUTHORIZATION_READERS } from './authorization-view'
import { decideAuthorization } from './decide-authorization'
import { findAuthorizations } from './find-authorizations'
import { findPendingAuthorizations } from './find-pending'
import { getAuthorization } from './get-authorization'
import {
  findPermissions,
  findRoles,
  PERMISSION_READERS,
  requestRoleCreate,
  requestRoleUpdate,
  ROLE_CREATORS,
  ROLE_READERS,
  ROLE_UPDATERS,
} from './roles'
import {
  findStaffUsers,
  getStaffUser,
  getStaffUserEmail,
  requestUserCreate,
  requestUserUpdate,
  searchStaffUsers,
  USER_CREATORS,
  USER_READERS,
  USER_UPDATERS,
} from './staff-users'

const roleRoute = routesTagged('Roles')
const userRoute = routesTagged('Users')
const authorizationRoute = routesTagged('Authorizations')

export const authorizationRoutes = createRouter()

const pending = json(
  authorizationsContract.authorizationDetailSchema,
  'Accepted: a PENDING authorization holding the proposed change',
)

// GET /permissions – every permission with description, area and scope, grouped by area
authorizationRoutes.openapi(
  roleRoute.get('/permissions', {
    summary: 'Permissions, grouped by area',
    ...access.staffAny(...PERMISSION_READERS),
    responses: { 200: json(authorizationsContract.permissionListSchema, 'The permissions'), ...errorResponses(401, 403) },
  }),
  async (c) => c.json(await findPermissions(await readArgs(c)), 200),
)

// GET /roles – roles with their permissions (filters scope, search)
authorizationRoutes.openapi(
  roleRoute.get('/roles', {
    summary: 'Roles with their permissions',
    ...access.staff(...ROLE_READERS),
    request: { query: authorizationsContract.roleListQuerySchema },
    responses: { 200: json(z.array(authorizationsContract.roleSchema), 'The roles'), ...errorResponses(400, 401, 403) },
  }),
  async (c) => c.json(await findRoles({ ...(await readArgs(c)), query: c.req.valid('query') }), 200),
)

// POST /roles – request a new role (202: a pending authorization)
authorizationRoutes.openapi(
  roleRoute.post('/roles', {
    summary: 'Request a new role (four-eyes)',
    ...access.staff(...ROLE_CREATORS),
    request: jsonBody(authorizationsContract.roleCreateSchema),
    responses: { 202: pending, ...errorResponses(400, 401, 403, 409) },
  }),
  async (c) => c.json(await requestRoleCreate({ ...(await serviceArgs(c)), input: c.req.valid('json') }), 202),
)

// PUT /roles/{id}?reason= – request a change to a role (202: a pending authorization)
authorizationRoutes.openapi(
  roleRoute.put('/roles/{id}', {
    summary: 'Request a change to a role (four-eyes, reason required)',
    ...access.staff(...ROLE_UPDATERS),
    request: {
      params: idParam,
      query: authorizationsContract.reasonQuerySchema,
      ...jsonBody(authorizationsContract.roleUpdateSchema),
    },
    responses: { 202: pending, ...errorResponses(400, 401, 403, 404, 409) },
  }),
  async (c) =>
    c.json(
      await requestRoleUpdate({
        ...(await serviceArgs(c)),
        id: c.req.valid('param').id,
        reason: c.req.valid('query').reason,
        input: c.req.valid('json'),
      }),
      202,
    ),
)

// GET /users – staff users (filters role, status, search), paginated
authorizationRoutes.openapi(
  userRoute.get('/users', {
    summary: 'Staff users',
    ...access.staff(...USER_READERS),
    request: { query: authorizationsContract.staffUserListQuerySchema },
    responses: {
      200: json(authorizationsContract.staffUserPageSchema, 'A page of staff users'),
      ...errorResponses(400, 401, 403),
    },
  }),
  async (c) => c.json(await findStaffUsers({ ...(await readArgs(c)), query: c.req.valid('query') }), 200),
)

// GET /users/search?searchKey= – staff users by name or e-mail (at most 20)
authorizationRoutes.openapi(
  userRoute.get('/users/search', {
    summary: 'Search staff users',
    ...access.staff(...USER_READERS),
    request: { query: authorizationsContract.staffUserSearchQuerySchema },
    responses: {
      200: json(z.array(authorizationsContract.staffUserSchema), 'Matching staff users'),
      ...errorResponses(400, 401, 403),
    },
  }),
  async (c) => c.json(await searchStaffUsers({ ...(await readArgs(c)), searchKey: c.req.valid('query').searchKey }), 200),
)

// GET /users/{id}/email – a staff user's e-mail address
authorizationRoutes.openapi(
  userRoute.get('/users/{id}/email', {
    summary: "A staff user's e-mail address",
    ...access.staff(...USER_READERS),
    request: { params: idParam },
    responses: { 200: json(authorizationsContract.staffUserEmailSchema, 'The address'), ...errorResponses(400, 401, 403, 404) },
  }),
  async (c) => c.json(await getStaffUserEmail({ ...(await readArgs(c)), id: c.req.valid('param').id }), 200),
)

// GET /users/{id} – one staff user with their roles
authorizationRoutes.openapi(
  userRoute.get('/users/{id}', {
    summary: 'A staff user',
    ...access.staff(...USER_READERS),
    request: { params: idParam },
    responses: { 200: json(authorizationsContract.staffUserSchema, 'The staff user'), ...errorResponses(400, 401, 403, 404) },
  }),
  async (c) => c.json(await getStaffUser({ ...(await readArgs(c)), id: c.req.valid('param').id }), 200),
)

// POST /users – request a staff user's invitation (202: a pending authorization)
authorizationRoutes.openapi(
  userRoute.post('/users', {
    summary: 'Request a new staff user (four-eyes; invited by e-mail once approved)',
    ...access.staff(...USER_CREATORS),
    request: jsonBody(authorizationsContract.staffUserCreateSchema),
    responses: { 202: pending, ...errorResponses(400, 401, 403, 409) },
  }),
  async (c) => c.json(await requestUserCreate({ ...(await serviceArgs(c)), input: c.req.valid('json') }), 202),
)

// PUT /users/{id}?reason= – request a change to a staff user's roles or status (202)
authorizationRoutes.openapi(
  userRoute.put('/users/{id}', {
    summary: "Request a change to a staff user's roles or status (four-eyes, reason required)",
    ...access.staff(...USER_UPDATERS),
    request: {
      params: idParam,
      query: authorizationsContract.reasonQuerySchema,
      ...jsonBody(authorizationsContract.staffUserUpdateSchema),
    },
    responses: { 202: pending, ...errorResponses(400, 401, 403, 404, 409) },
  }),
  async (c) =>
    c.json(
      await requestUserUpdate({
        ...(await serviceArgs(c)),
        id: c.req.valid('param').id,
        reason: c.req.valid('query').reason,
        input: c.req.valid('json'),
      }),
      202,
    ),
)

// GET /authorizations/v2 – authorizations, pending first (filters status, type, maker, date)
authorizationRoutes.openapi(
  authorizationRoute.get('/authorizations/v2', {
    summary: 'Authorizations (a requester sees their own)',
    ...access.staffAny(...AUTHORIZATION_READERS, ...AUTHORIZATION_MAKERS),
    request: { query: authorizationsContract.authorizationListQuerySchema },
    responses: {
      200: json(authorizationsContract.authorizationPageSchema, 'A page of authorizations'),
      ...errorResponses(400, 401, 403),
    },
  }),
  async (c) => c.json(await findAuthorizations({ ...(await readArgs(c)), query: c.req.valid('query') }), 200),
)

// GET /authorizations/pending?resource= – the pending requests about one kind of record (shown on the record)
authorizationRoutes.openapi(
  authorizationRoute.get('/authorizations/pending', {
    summary: 'Pending requests about one kind of record',
    ...access.staffAny(...AUTHORIZATION_READERS, ...AUTHORIZATION_MAKERS),
    request: { query: authorizationsContract.pendingAuthorizationQuerySchema },
    responses: {
      200: json(z.array(authorizationsContract.pendingAuthorizationSchema), 'The pending requests, oldest first'),
      ...errorResponses(400, 401, 403),
    },
  }),
  async (c) => c.json(await findPendingAuthorizations({ ...(await readArgs(c)), resource: c.req.valid('query').resource }), 200),
)

// GET /authorizations/{id} – one authorization with its before/after diff
authorizationRoutes.openapi(
  authorizationRoute.get('/authorizations/{id}', {
    summary: 'An authorization with its before/after diff',
    ...access.staffAny(...AUTHORIZATION_READERS, ...AUTHORIZATION_MAKERS),
    request: { params: idParam },
    responses: {
      200: json(authorizationsContract.authorizationDetailSchema, 'The authorization'),
      ...errorResponses(400, 401, 403, 404),
    },
  }),
  async (c) => c.json(await getAuthorization({ ...(await readArgs(c)), id: c.req.valid('param').id }), 200),
)

// PUT /authorizations/{id} – approve (the change applies) or decline (comment required)
authorizationRoutes.openapi(
  authorizationRoute.put('/authorizations/{id}', {
    summary: 'Approve or decline an authorization',
    ...stepUp(access.staff(...AUTHORIZATION_DECIDERS)),
    request: { params: idParam, ...jsonBody(authorizationsContract.authorizationDecisionSchema) },
    responses: {
      200: json(authorizationsContract.authorizationDetailSchema, 'Decided'),
      ...errorResponses(400, 401, 403, 404, 409),
    },
  }),
  async (c) =>
    c.json(
      await decideAuthorization({ ...(await serviceArgs(c)), id: c.req.valid('param').id, input: c.req.valid('json') }),
      200,
    ),
)
