import { z } from '@hono/zod-openapi'
import * as businessesContract from '@/lib/contracts/businesses'
import * as onboardingContract from '@/lib/contracts/onboarding'
import * as outstandingContract from '@/lib/contracts/outstanding'
import * as paginationContract from '@/lib/contracts/pagination'
import * as productsContract from '@/lib/contracts/products'
import { PERMISSIONS as P } from '@/lib/permissions/names'
import { access, idParam, jsonBody } from '@/server/http/access'
import { createRouter, errorResponses, json, jsonText, routesTagged } from '@/server/http/openapi'
import { publicArgs, readArgs, serviceArgs } from '@/server/http/service-args'
import { findBusinessProducts } from '@/server/modules/onboarding/find-onboardings'
import { findDivisionProducts } from '@/server/modules/products/find-products'
import {
  findAllBusinessUsers,
  findBusinessUsers,
  getBusinessUserDetails,
  removeBusinessUser,
  updateBusinessUser,
  USERS_READ,
  USERS_REMOVE,
  USERS_UPDATE,
} from './business-users'
import { BUSINESS_CREATE, createBusiness } from './create-business'
import {
  ACCESS_REQUEST_DECIDE,
  decideAccessRequest,
  findAccessRequests,
  lookUpExistingProfile,
  requestProfileAccess,
} from './existing-profiles'
import { businessNameExists, findBusinessesAnswer, findMyBusinesses, registrationNumberExists } from './find-businesses'
import { findOutstanding } from './find-outstanding'
import { BUSINESS_READ, getBusiness, getBusinessAnswer, getBusinessPdfInfo } from './get-business'
import { INVITE_PERMISSION, inviteToBusiness } from './invite-to-business'
import { createDivision, findBusinessCategories, findBusinessTypes, findDivisions, updateDivision } from './reference-lists'
import { BUSINESS_EDIT, updateBusiness } from './update-business'

const route = routesTagged('Businesses')

const valueParam = z.object({ value: z.string().trim().min(1).max(200) })
const searchQuery = z.object({ searchKey: z.string().trim().max(100).optional() })
const pagedSearchQuery = paginationContract.pageQuerySchema.extend({ searchKey: z.string().trim().max(100).optional() })

export const businessRoutes = createRouter()

// ---- static paths first ----

// GET /businesses/check/reg-no/{value} – is this registration number taken (while typing)
businessRoutes.openapi(
  route.get('/businesses/check/reg-no/{value}', {
    summary: 'Registration number taken?',
    ...access.signedIn(),
    request: { params: valueParam },
    responses: { 200: json(businessesContract.existenceSchema, 'Whether it exists'), ...errorResponses(400, 401) },
  }),
  async (c) => c.json(await registrationNumberExists({ ...(await readArgs(c)), value: c.req.valid('param').value }), 200),
)

// GET /businesses/check/business-name/{value} – is this name taken (case and spaces ignored)
businessRoutes.openapi(
  route.get('/businesses/check/business-name/{value}', {
    summary: 'Business name taken?',
    ...access.signedIn(),
    request: { params: valueParam },
    responses: { 200: json(businessesContract.existenceSchema, 'Whether it exists'), ...errorResponses(400, 401) },
  }),
  async (c) => c.json(await businessNameExists({ ...(await readArgs(c)), value: c.req.valid('param').value }), 200),
)

// GET /businesses/user-businesses/me – my businesses with my role in each
businessRoutes.openapi(
  route.get('/businesses/user-businesses/me', {
    summary: 'My businesses',
    ...access.signedIn(),
    responses: { 200: json(z.array(businessesContract.myBusinessSchema), 'My businesses'), ...errorResponses(401) },
  }),
  async (c) => c.json(await findMyBusinesses(await readArgs(c)), 200),
)

// GET /businesses/searchable-user-businesses/me?searchKey= – my businesses matching a name or reg number
businessRoutes.openapi(
  route.get('/businesses/searchable-user-businesses/me', {
    summary: 'Search my businesses',
    ...access.signedIn(),
    request: { query: searchQuery },
    responses: { 200: json(z.array(businessesContract.myBusinessSchema), 'Matches'), ...errorResponses(400, 401) },
  }),
  async (c) => c.json(await findMyBusinesses({ ...(await readArgs(c)), searchKey: c.req.valid('query').searchKey }), 200),
)

// GET /businesses/pdf-info/{id} – everything the KYC summary PDF needs
businessRoutes.openapi(
  route.get('/businesses/pdf-info/{id}', {
    summary: 'KYC summary data',
    ...access.business(BUSINESS_READ),
    request: { params: idParam },
    responses: {
      200: json(z.object({ business: businessesContract.businessSchema }).loose(), 'Summary data'),
      ...errorResponses(401, 403, 404),
    },
  }),
  async (c) => c.json(await getBusinessPdfInfo({ ...(await readArgs(c)), id: c.req.valid('param').id }), 200),
)

// POST /businesses/user – add a user to a business (invite by e-mail)
businessRoutes.openapi(
  route.post('/businesses/user', {
    summary: 'Invite a business user',
    ...access.business(INVITE_PERMISSION),
    request: jsonBody(businessesContract.inviteBusinessUserSchema),
    responses: { 201: json(businessesContract.businessUserSchema, 'Added'), ...errorResponses(400, 401, 403, 404, 409) },
  }),
  async (c) => {
    const input = c.req.valid('json')
    return c.json(await inviteToBusiness({ ...(await serviceArgs(c)), ...input }), 201)
  },
)

// PUT /businesses/user/{id} – change a business user's role or active flag
businessRoutes.openapi(
  route.put('/businesses/user/{id}', {
    summary: 'Update a business user',
    ...access.business(USERS_UPDATE),
    request: { params: idParam, ...jsonBody(businessesContract.updateBusinessUserSchema) },
    responses: { 200: json(businessesContract.businessUserSchema, 'Updated'), ...errorResponses(400, 401, 403, 404, 409) },
  }),
  async (c) =>
    c.json(
      await updateBusinessUser({ ...(await serviceArgs(c)), membershipId: c.req.valid('param').id, input: c.req.valid('json') }),
      200,
    ),
)

// DELETE /businesses/user/{id} – remove a business user (never the last owner)
businessRoutes.openapi(
  route.delete('/businesses/user/{id}', {
    summary: 'Remove a business user',
    ...access.business(USERS_REMOVE),
    request: { params: idParam },
    responses: { 204: { description: 'Removed' }, ...errorResponses(401, 403, 404, 409) },
  }),
  async (c) => {
    await removeBusinessUser({ ...(await serviceArgs(c)), membershipId: c.req.valid('param').id })
    return c.body(null, 204)
  },
)

// GET /businesses – staff: every business with the spec's filters
businessRoutes.openapi(
  route.get('/businesses', {
    summary: 'Businesses (staff)',
    ...access.staff(P.CAN_READ_BUSINESS),
    request: { query: businessesContract.businessListQuerySchema },
    responses: { 200: json(businessesContract.businessPageSchema, 'A page of businesses'), ...errorResponses(400, 401, 403) },
  }),
  async (c) =>
    jsonText<z.infer<typeof businessesContract.businessPageSchema>>(
      c,
      await findBusinessesAnswer({ ...(await readArgs(c)), query: c.req.valid('query') }),
    ),
)

// POST /businesses – register a business
businessRoutes.openapi(
  route.post('/businesses', {
    summary: 'Register a business',
    ...access.business(BUSINESS_CREATE),
    request: jsonBody(businessesContract.createBusinessSchema),
    responses: { 201: json(businessesContract.businessSchema, 'Created'), ...errorResponses(400, 401, 403, 409) },
  }),
  async (c) => c.json(await createBusiness({ ...(await serviceArgs(c)), input: c.req.valid('json') }), 201),
)

// ---- parameterised ----

// GET /businesses/{id}
businessRoutes.openapi(
  route.get('/businesses/{id}', {
    summary: 'A business',
    ...access.business(BUSINESS_READ),
    request: { params: idParam },
    responses: { 200: json(businessesContract.businessSchema, 'The business'), ...errorResponses(401, 403, 404) },
  }),
  async (c) =>
    jsonText<businessesContract.Business>(c, await getBusinessAnswer({ ...(await readArgs(c)), id: c.req.valid('param').id })),
)

// PATCH /businesses/{id} – owners before approval; CAN_UPDATE_APPROVED_BUSINESS_INFO after
businessRoutes.openapi(
  route.patch('/businesses/{id}', {
    summary: 'Update a business',
    ...access.business(BUSINESS_EDIT),
    request: { params: idParam, ...jsonBody(businessesContract.updateBusinessSchema) },
    responses: { 200: json(businessesContract.businessSchema, 'Updated'), ...errorResponses(400, 401, 403, 404, 409) },
  }),
  async (c) =>
    c.json(await updateBusiness({ ...(await serviceArgs(c)), id: c.req.valid('param').id, input: c.req.valid('json') }), 200),
)

// GET /businesses/{id}/users
businessRoutes.openapi(
  route.get('/businesses/{id}/users', {
    summary: 'Users of a business',
    ...access.business(USERS_READ),
    request: { params: idParam, query: pagedSearchQuery },
    responses: {
      200: json(paginationContract.pageSchema(businessesContract.businessUserSchema), 'A page of users'),
      ...errorResponses(400, 401, 403, 404),
    },
  }),
  async (c) =>
    c.json(
      await findBusinessUsers({ ...(await readArgs(c)), businessId: c.req.valid('param').id, query: c.req.valid('query') }),
      200,
    ),
)

// GET /businesses/{id}/products – its onboarding products (filled by the products module)
businessRoutes.openapi(
  route.get('/businesses/{id}/products', {
    summary: 'Onboarding products of a business',
    ...access.business(BUSINESS_READ),
    request: { params: idParam },
    responses: {
      200: json(z.array(onboardingContract.businessProductSchema), 'Its products (not removed)'),
      ...errorResponses(401, 403, 404),
    },
  }),
  async (c) => {
    const args = { ...(await readArgs(c)), id: c.req.valid('param').id }
    await getBusiness(args)
    return c.json(await findBusinessProducts(args), 200)
  },
)

// GET /businesses/{id}/outstanding – KYC progress per step and what the business still has to do
businessRoutes.openapi(
  route.get('/businesses/{id}/outstanding', {
    summary: 'What a business still has to do',
    ...access.business(BUSINESS_READ),
    request: { params: idParam },
    responses: {
      200: json(outstandingContract.outstandingSchema, 'KYC progress and outstanding items, most pressing first'),
      ...errorResponses(400, 401, 403, 404),
    },
  }),
  async (c) => c.json(await findOutstanding({ ...(await readArgs(c)), id: c.req.valid('param').id }), 200),
)

// ---- reference lists, divisions, business users (staff) and existing profiles ----

export const businessReferenceRoutes = createRouter()

// GET /business-types
businessReferenceRoutes.openapi(
  route.get('/business-types', {
    summary: 'Business types',
    ...access.public(),
    responses: { 200: json(z.array(businessesContract.referenceItemSchema), 'Types') },
  }),
  async (c) => c.json(await findBusinessTypes(await publicArgs(c)), 200),
)

// GET /business-categories
businessReferenceRoutes.openapi(
  route.get('/business-categories', {
    summary: 'Business categories',
    ...access.public(),
    responses: { 200: json(z.array(businessesContract.referenceItemSchema), 'Categories') },
  }),
  async (c) => c.json(await findBusinessCategories(await publicArgs(c)), 200),
)

// GET /business-divisions
businessReferenceRoutes.openapi(
  route.get('/business-divisions', {
    summary: 'Business divisions',
    ...access.signedIn(),
    responses: { 200: json(z.array(businessesContract.divisionSchema), 'Divisions'), ...errorResponses(401) },
  }),
  async (c) => c.json(await findDivisions(await readArgs(c)), 200),
)

// POST /business-divisions (staff, CAN_UPDATE_PRODUCT)
businessReferenceRoutes.openapi(
  route.post('/business-divisions', {
    summary: 'Create a division',
    ...access.staff(P.CAN_UPDATE_PRODUCT),
    request: jsonBody(businessesContract.divisionInputSchema),
    responses: { 201: json(businessesContract.divisionSchema, 'Created'), ...errorResponses(400, 401, 403, 409) },
  }),
  async (c) => c.json(await createDivision({ ...(await serviceArgs(c)), input: c.req.valid('json') }), 201),
)

// PUT /business-divisions/{id} (staff, CAN_UPDATE_PRODUCT)
businessReferenceRoutes.openapi(
  route.put('/business-divisions/{id}', {
    summary: 'Update a division',
    ...access.staff(P.CAN_UPDATE_PRODUCT),
    request: { params: idParam, ...jsonBody(businessesContract.divisionInputSchema) },
    responses: { 200: json(businessesContract.divisionSchema, 'Updated'), ...errorResponses(400, 401, 403, 404, 409) },
  }),
  async (c) =>
    c.json(
      await updateDivision({
        ...(await serviceArgs(c)),
        id: c.req.valid('param').id,
        input: c.req.valid('json'),
      }),
      200,
    ),
)

// GET /business-divisions/{id}/products – the division's products (filled by the products module)
businessReferenceRoutes.openapi(
  route.get('/business-divisions/{id}/products', {
    summary: 'Products of a division',
    ...access.signedIn(),
    request: { params: idParam },
    responses: {
      200: json(z.array(productsContract.productSchema), 'Its products (offered ones; staff see all)'),
      ...errorResponses(401, 404),
    },
  }),
  async (c) => c.json(await findDivisionProducts({ ...(await readArgs(c)), divisionId: c.req.valid('param').id }), 200),
)

// GET /business-users/search?searchKey= (staff)
businessReferenceRoutes.openapi(
  route.get('/business-users/search', {
    summary: 'Search business users (staff)',
    ...access.staff(P.CAN_READ_BUSINESS_USERS),
    request: { query: pagedSearchQuery },
    responses: {
      200: json(paginationContract.pageSchema(businessesContract.businessUserSchema), 'Matches'),
      ...errorResponses(400, 401, 403),
    },
  }),
  async (c) => c.json(await findAllBusinessUsers({ ...(await readArgs(c)), query: c.req.valid('query') }), 200),
)

// GET /business-users (staff)
businessReferenceRoutes.openapi(
  route.get('/business-users', {
    summary: 'Business users (staff)',
    ...access.staff(P.CAN_READ_BUSINESS_USERS),
    request: { query: pagedSearchQuery },
    responses: {
      200: json(paginationContract.pageSchema(businessesContract.businessUserSchema), 'A page'),
      ...errorResponses(400, 401, 403),
    },
  }),
  async (c) => c.json(await findAllBusinessUsers({ ...(await readArgs(c)), query: c.req.valid('query') }), 200),
)

// GET /business-users/{id}/details (staff)
businessReferenceRoutes.openapi(
  route.get('/business-users/{id}/details', {
    summary: 'A business user (staff)',
    ...access.staff(P.CAN_READ_BUSINESS_USERS),
    request: { params: idParam },
    responses: { 200: json(businessesContract.businessUserSchema.loose(), 'Details'), ...errorResponses(401, 403, 404) },
  }),
  async (c) => c.json(await getBusinessUserDetails({ ...(await readArgs(c)), membershipId: c.req.valid('param').id }), 200),
)

// GET /existing-profile/requests?businessId= – access requests to my business
businessReferenceRoutes.openapi(
  route.get('/existing-profile/requests', {
    summary: 'Access requests to a business',
    ...access.business(ACCESS_REQUEST_DECIDE),
    request: { query: z.object({ businessId: z.uuid({ message: 'must be a business id' }) }) },
    responses: { 200: json(z.array(businessesContract.accessRequestSchema), 'Requests'), ...errorResponses(400, 401, 403, 404) },
  }),
  async (c) => c.json(await findAccessRequests({ ...(await readArgs(c)), businessId: c.req.valid('query').businessId }), 200),
)

// PUT /existing-profile/requests/{id} – accept or refuse
businessReferenceRoutes.openapi(
  route.put('/existing-profile/requests/{id}', {
    summary: 'Decide an access request',
    ...access.business(ACCESS_REQUEST_DECIDE),
    request: { params: idParam, ...jsonBody(businessesContract.accessDecisionSchema) },
    responses: { 200: json(businessesContract.accessRequestSchema, 'Decided'), ...errorResponses(400, 401, 403, 404, 409) },
  }),
  async (c) =>
    c.json(
      await decideAccessRequest({
        ...(await serviceArgs(c)),
        id: c.req.valid('param').id,
        decision: c.req.valid('json').decision,
      }),
      200,
    ),
)

// GET /existing-profile?identifier=&type=business – does a business exist (masked name only)
businessReferenceRoutes.openapi(
  route.get('/existing-profile', {
    summary: 'Look up an existing business profile',
    ...access.signedIn(),
    request: { query: businessesContract.existingProfileQuerySchema },
    responses: { 200: json(businessesContract.existingProfileAnswerSchema, 'Whether it exists'), ...errorResponses(400, 401) },
  }),
  async (c) => c.json(await lookUpExistingProfile({ ...(await readArgs(c)), identifier: c.req.valid('query').identifier }), 200),
)

// POST /existing-profile?type=business – ask the owners for access
businessReferenceRoutes.openapi(
  route.post('/existing-profile', {
    summary: 'Ask for access to an existing business profile',
    description: 'Business users only (staff: 403).',
    ...access.businessUsers(),
    request: {
      query: z.object({ type: z.literal('business', { message: 'must be business' }) }),
      ...jsonBody(businessesContract.accessRequestInputSchema),
    },
    responses: {
      201: json(z.object({ id: z.uuid(), status: z.string(), maskedName: z.string() }), 'Requested'),
      ...errorResponses(400, 401, 403, 404, 409),
    },
  }),
  async (c) => {
    const { identifier, message } = c.req.valid('json')
    return c.json(await requestProfileAccess({ ...(await serviceArgs(c)), identifier, message }), 201)
  },
)
