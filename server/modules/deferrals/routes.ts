import { z } from '@hono/zod-openapi'
import * as deferralsContract from '@/lib/contracts/deferrals'
import { PERMISSIONS as P } from '@/lib/permissions/names'
import { access, jsonBody } from '@/server/http/access'
import { createRouter, errorResponses, json, routesTagged } from '@/server/http/openapi'
import { readArgs, serviceArgs } from '@/server/http/service-args'
import { DEFERRALS_READ, findDeferrableMapping, findDeferrableTypes } from './deferrable-types'
import { getDeferralLimits } from './deferral-settings'
import { findBusinessDeferrals } from './find-business-deferrals'
import { DEFERRAL_REQUEST, requestDeferral } from './request-deferral'

const route = routesTagged('Deferrals')

/** The business side of deferrals. Static paths only before `/deferrals/business-deferrals/{id}`; staff calls live elsewhere. */
export const deferralRoutes = createRouter()

// GET /deferrals/deferrable?isCAC=1|0&id=<businessId>
deferralRoutes.openapi(
  route.get('/deferrals/deferrable', {
    summary: 'Document types this business may still defer',
    ...access.business(DEFERRALS_READ),
    request: { query: deferralsContract.deferrableQuerySchema },
    responses: {
      200: json(z.array(deferralsContract.deferrableTypeSchema), 'Deferrable types'),
      ...errorResponses(400, 401, 403, 404),
    },
  }),
  async (c) => {
    const { id, isCAC } = c.req.valid('query')
    return c.json(await findDeferrableTypes({ ...(await readArgs(c)), businessId: id, isCac: isCAC }), 200)
  },
)

// GET /deferrals/deferrable-list – the deferrable mapping (class → document types)
deferralRoutes.openapi(
  route.get('/deferrals/deferrable-list', {
    summary: 'Deferrable document types per registration class',
    ...access.signedIn(P.CAN_READ_DEFERRABLE_MAPPING),
    responses: { 200: json(z.array(deferralsContract.deferrableMappingSchema), 'The mapping'), ...errorResponses(401, 403) },
  }),
  async (c) => c.json(await findDeferrableMapping(await readArgs(c)), 200),
)

// GET /deferrals/deferrable-max-days
deferralRoutes.openapi(
  route.get('/deferrals/deferrable-max-days', {
    summary: 'The most days a deferral may ask for',
    ...access.signedIn(),
    responses: { 200: json(deferralsContract.deferrableMaxDaysSchema, 'Maximum days'), ...errorResponses(401) },
  }),
  async (c) => c.json(await getDeferralLimits(await readArgs(c)), 200),
)

// GET /deferrals/business-deferrals/{id} – a business's deferrals (paginated; OVERDUE derived)
deferralRoutes.openapi(
  route.get('/deferrals/business-deferrals/{id}', {
    summary: "A business's deferrals",
    ...access.business(DEFERRALS_READ),
    request: {
      params: z.object({ id: z.uuid({ message: 'must be a business id (UUID)' }) }),
      query: deferralsContract.businessDeferralsQuerySchema,
    },
    responses: { 200: json(deferralsContract.deferralPageSchema, 'A page of deferrals'), ...errorResponses(400, 401, 403, 404) },
  }),
  async (c) =>
    c.json(
      await findBusinessDeferrals({ ...(await readArgs(c)), businessId: c.req.valid('param').id, query: c.req.valid('query') }),
      200,
    ),
)

// POST /deferrals – request one (CAN_CREATE_DEFERRAL in the business)
deferralRoutes.openapi(
  route.post('/deferrals', {
    summary: 'Request a deferral',
    ...access.businessMembers(DEFERRAL_REQUEST),
    request: jsonBody(deferralsContract.createDeferralSchema),
    responses: { 201: json(deferralsContract.deferralSchema, 'Requested (PENDING)'), ...errorResponses(400, 401, 403, 404, 409) },
  }),
  async (c) => c.json(await requestDeferral({ ...(await serviceArgs(c)), input: c.req.valid('json') }), 201),
)
