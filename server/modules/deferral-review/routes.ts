import { z } from '@hono/zod-openapi'
import * as cacReviewContract from '@/lib/contracts/cac-review'
import * as deferralReviewContract from '@/lib/contracts/deferral-review'
import * as deferralsContract from '@/lib/contracts/deferrals'
import { PERMISSIONS as P } from '@/lib/permissions/names'
import { access, jsonBody } from '@/server/http/access'
import { openBulkDecisionRoute } from '@/server/http/bulk-decision'
import { createRouter, errorResponses, json, routesTagged } from '@/server/http/openapi'
import { readArgs, serviceArgs } from '@/server/http/service-args'
import {
  answerConfigChange,
  CONFIG_FOUR_EYES_NOTE,
  configChangeResponses,
} from '@/server/modules/authorizations/config-four-eyes'
import { decideDeferral, DEFERRAL_DECIDE } from './decide-deferral'
import { DEFERRAL_CONFIGURE, getDeferrableMapping, replaceDeferrableMapping, setMaxDeferralDays } from './deferral-configuration'
import { requestDeferrableMapping, requestMaxDeferralDays } from './deferral-requests'
import { DEFERRAL_READERS, findStaffDeferrals, getDeferralDetail } from './find-staff-deferrals'

const route = routesTagged('Deferrals')

const tags = ['Deferrals']
const deferralId = z.uuid({ message: 'must be a deferral id (UUID)' })

/**
 * The staff side of deferrals. Mounted after the business-side router (whose `/deferrals/deferrable…` paths are static)
 * and, within it, every static path before `/deferrals/{id}`.
 */
export const deferralReviewRoutes = createRouter()

// ---- static paths first ----

// GET /deferrals – every deferral, with filters (staff)
deferralReviewRoutes.openapi(
  route.get('/deferrals', {
    summary: 'All deferrals',
    description:
      'Filters: status (OVERDUE is derived), businessName, documentTypeId, from/to on the request time, overdue=true|false.',
    ...access.staffAny(...DEFERRAL_READERS),
    request: { query: deferralReviewContract.staffDeferralQuerySchema },
    responses: {
      200: json(deferralReviewContract.staffDeferralPageSchema, 'A page of deferrals'),
      ...errorResponses(400, 401, 403),
    },
  }),
  async (c) => c.json(await findStaffDeferrals({ ...(await readArgs(c)), query: c.req.valid('query') }), 200),
)

// GET /deferrals/reviews – the PENDING queue
deferralReviewRoutes.openapi(
  route.get('/deferrals/reviews', {
    summary: 'Deferrals waiting for a decision',
    ...access.staffAny(...DEFERRAL_READERS),
    request: { query: deferralReviewContract.staffDeferralQuerySchema },
    responses: {
      200: json(deferralReviewContract.staffDeferralPageSchema, 'A page of PENDING deferrals'),
      ...errorResponses(400, 401, 403),
    },
  }),
  async (c) => c.json(await findStaffDeferrals({ ...(await readArgs(c)), query: c.req.valid('query'), pendingOnly: true }), 200),
)

// GET /deferrals/deferrable-mapping
deferralReviewRoutes.openapi(
  route.get('/deferrals/deferrable-mapping', {
    summary: 'Which document types each registration class may defer',
    ...access.signedIn(P.CAN_READ_DEFERRABLE_MAPPING),
    responses: { 200: json(deferralReviewContract.deferrableMappingAnswerSchema, 'The mapping'), ...errorResponses(401, 403) },
  }),
  async (c) => c.json(await getDeferrableMapping(await readArgs(c)), 200),
)

// PUT /deferrals/deferrable-mapping – replaces the whole mapping (202 under four-eyes)
deferralReviewRoutes.openapi(
  route.put('/deferrals/deferrable-mapping', {
    summary: 'Replace the deferrable mapping',
    description: CONFIG_FOUR_EYES_NOTE,
    ...access.staff(DEFERRAL_CONFIGURE),
    request: jsonBody(deferralReviewContract.deferrableMappingInputSchema),
    responses: {
      ...configChangeResponses(200, deferralReviewContract.deferrableMappingAnswerSchema, 'The new mapping'),
      ...errorResponses(400, 401, 403, 409),
    },
  }),
  async (c) => {
    const args = { ...(await serviceArgs(c)), input: c.req.valid('json') }
    return answerConfigChange(c, {
      request: () => requestDeferrableMapping(args),
      apply: () => replaceDeferrableMapping(args),
      status: 200,
    })
  },
)

// PUT /deferrals/approval – bulk decision
openBulkDecisionRoute(
  deferralReviewRoutes,
  {
    path: '/deferrals/approval',
    tags,
    summary: 'Decide several deferrals',
    description:
      'Each deferral is decided in its own transaction; the answer reports each with the status and error code the single call would have answered.',
    permission: DEFERRAL_DECIDE,
  },
  (id, context) => decideDeferral({ ...context, id }),
)

// ---- parameterised ----

// PUT /deferrals/deferrable-days/{days} (202 under four-eyes)
deferralReviewRoutes.openapi(
  route.put('/deferrals/deferrable-days/{days}', {
    summary: 'Set the most days a deferral may ask for',
    description: CONFIG_FOUR_EYES_NOTE,
    ...access.staff(DEFERRAL_CONFIGURE),
    request: { params: deferralReviewContract.deferrableDaysParamSchema },
    responses: {
      ...configChangeResponses(200, deferralsContract.deferrableMaxDaysSchema, 'The new maximum'),
      ...errorResponses(400, 401, 403, 409),
    },
  }),
  async (c) => {
    const args = await serviceArgs(c)
    const days = c.req.valid('param').days
    return answerConfigChange(c, {
      request: () => requestMaxDeferralDays({ ...args, input: { days } }),
      apply: () => setMaxDeferralDays({ ...args, days }),
      status: 200,
    })
  },
)

// PUT /deferrals/approval/{deferralId}
deferralReviewRoutes.openapi(
  route.put('/deferrals/approval/{deferralId}', {
    summary: 'Decide a deferral',
    description:
      'PENDING only (409 INVALID_STATE otherwise). Never by the requester (403 FOUR_EYES). Rejecting needs a comment. Approval sets the due date to the decision time plus the days asked for.',
    ...access.staff(DEFERRAL_DECIDE),
    request: { params: z.object({ deferralId }), ...jsonBody(cacReviewContract.reviewDecisionInputSchema) },
    responses: { 200: json(deferralReviewContract.staffDeferralSchema, 'Decided'), ...errorResponses(400, 401, 403, 404, 409) },
  }),
  async (c) =>
    c.json(
      await decideDeferral({ ...(await serviceArgs(c)), id: c.req.valid('param').deferralId, input: c.req.valid('json') }),
      200,
    ),
)

// GET /deferrals/{id} – staff, or the business's members
deferralReviewRoutes.openapi(
  route.get('/deferrals/{id}', {
    summary: 'One deferral with its business and history',
    ...access.businessAny(...DEFERRAL_READERS),
    request: { params: z.object({ id: deferralId }) },
    responses: { 200: json(deferralReviewContract.deferralDetailSchema, 'The deferral'), ...errorResponses(400, 401, 403, 404) },
  }),
  async (c) => c.json(await getDeferralDetail({ ...(await readArgs(c)), id: c.req.valid('param').id }), 200),
)
