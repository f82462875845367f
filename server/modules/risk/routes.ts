import { z } from '@hono/zod-openapi'
import { authorizationDetailSchema } from '@/lib/contracts/authorizations'
import * as risk from '@/lib/contracts/risk'
import { eddAnswerSchema, eddSchema } from '@/lib/contracts/risk-edd'
import { access, idParam, jsonBody } from '@/server/http/access'
import { createRouter, errorResponses, json, routesTagged } from '@/server/http/openapi'
import { readArgs, serviceArgs } from '@/server/http/service-args'
import { CONFIG_FOUR_EYES_NOTE } from '@/server/modules/authorizations/config-four-eyes'
import { KYC_EDITORS } from '@/server/modules/kyc/kyc-edit-access'
import { KYC_READ } from '@/server/modules/kyc/kyc-record'
import { getEnhancedDueDiligence, saveEddAnswer } from './answer-edd'
import { dryRunRiskModel, proposeRiskModel, requestRiskModelActivation } from './model-versions'
import { requestRiskOverride } from './override-tier'
import { findRiskHistory, getBusinessRisk } from './read-risk'
import { RISK_MODEL_MANAGERS, RISK_MODEL_READERS, RISK_OVERRIDERS, RISK_READERS } from './risk-access'
import { findRiskJobs, requestRecertificationBackfill } from './risk-jobs'
import { findRiskModels, getRiskModel } from './risk-models'
import './recompute-risk'

const route = routesTagged('Risk')
const pending = json(authorizationDetailSchema, 'Waiting for a second person (PUT /authorizations/{id})')

export const riskRoutes = createRouter()

// GET /risk/models – the versions of the risk model
riskRoutes.openapi(
  route.get('/risk/models', {
    summary: 'The versions of the risk model, newest first',
    ...access.staffAny(...RISK_MODEL_READERS),
    request: { query: risk.riskModelsQuerySchema },
    responses: { 200: json(risk.riskModelPageSchema, 'A page of versions'), ...errorResponses(400, 401, 403) },
  }),
  async (c) => c.json(await findRiskModels({ ...(await readArgs(c)), query: c.req.valid('query') }), 200),
)

// POST /risk/models – propose a new version
riskRoutes.openapi(
  route.post('/risk/models', {
    summary: 'Propose a new version of the risk model',
    description:
      'The model is checked field by field (400 naming each field, `model.thresholds.high`) and its sectors against the business categories. It stays PROPOSED: see its dry run, then ask its activation.',
    ...access.staff(...RISK_MODEL_MANAGERS),
    request: jsonBody(risk.riskModelProposalSchema),
    responses: { 201: json(risk.riskModelVersionSchema, 'The proposed version'), ...errorResponses(400, 401, 403) },
  }),
  async (c) => c.json(await proposeRiskModel({ ...(await serviceArgs(c)), input: c.req.valid('json') }), 201),
)

// GET /risk/jobs – the recomputations and the backfill, with their progress
riskRoutes.openapi(
  route.get('/risk/jobs', {
    summary: 'The risk jobs (recomputation after a new version, the recertification backfill) and their progress',
    ...access.staffAny(...RISK_MODEL_READERS),
    request: { query: risk.riskJobsQuerySchema },
    responses: { 200: json(risk.riskJobPageSchema, 'A page of jobs'), ...errorResponses(400, 401, 403) },
  }),
  async (c) => c.json(await findRiskJobs({ ...(await readArgs(c)), query: c.req.valid('query') }), 200),
)

// POST /risk/recertification-backfill – recertification dates by tier for businesses approved before
riskRoutes.openapi(
  route.post('/risk/recertification-backfill', {
    summary: 'Queue the one backfill of recertification dates by risk tier',
    description:
      'A resumable job gives every approved business the recertification date of its tier in force, from its last approval or recertification; each change is audited. Runs once (409 after).',
    ...access.staff(...RISK_MODEL_MANAGERS),
    responses: { 202: json(risk.riskJobSchema, 'Queued'), ...errorResponses(401, 403, 409) },
  }),
  async (c) => c.json(await requestRecertificationBackfill(await serviceArgs(c)), 202),
)

// GET /risk/models/{id} – one version with its model
riskRoutes.openapi(
  route.get('/risk/models/{id}', {
    summary: 'One version of the risk model',
    ...access.staffAny(...RISK_MODEL_READERS),
    request: { params: idParam },
    responses: { 200: json(risk.riskModelVersionSchema, 'The version'), ...errorResponses(400, 401, 403, 404) },
  }),
  async (c) => c.json(await getRiskModel({ ...(await readArgs(c)), id: c.req.valid('param').id }), 200),
)

// GET /risk/models/{id}/dry-run – what the version would change, business by business
riskRoutes.openapi(
  route.get('/risk/models/{id}/dry-run', {
    summary: 'The tier each business would move from and to under this version',
    description:
      'Every business submitted or approved (not archived), in id order, a page at a time: pass `next` as `after` for the next page (null after the last). `changedOnly=true` keeps only the businesses whose tier would move.',
    ...access.staffAny(...RISK_MODEL_READERS),
    request: { params: idParam, query: risk.riskDryRunQuerySchema },
    responses: { 200: json(risk.riskDryRunSchema, 'A page of the dry run'), ...errorResponses(400, 401, 403, 404) },
  }),
  async (c) =>
    c.json(await dryRunRiskModel({ ...(await readArgs(c)), id: c.req.valid('param').id, query: c.req.valid('query') }), 200),
)

// POST /risk/models/{id}/activate – put a proposed version live (four-eyes)
riskRoutes.openapi(
  route.post('/risk/models/{id}/activate', {
    summary: 'Put a proposed version live (four-eyes)',
    description: `${CONFIG_FOUR_EYES_NOTE} Once live, every business is assessed again under it by a resumable job.`,
    ...access.staff(...RISK_MODEL_MANAGERS),
    request: { params: idParam, ...jsonBody(risk.riskActivationInputSchema) },
    responses: {
      200: json(risk.riskModelVersionSchema, 'Active (FOUR_EYES_CONFIG off)'),
      202: pending,
      ...errorResponses(400, 401, 403, 404, 409),
    },
  }),
  async (c) => {
    const result = await requestRiskModelActivation({
      ...(await serviceArgs(c)),
      id: c.req.valid('param').id,
      reason: c.req.valid('json').reason,
    })
    return result.pending ? c.json(result.pending, 202) : c.json(result.applied!, 200)
  },
)

// GET /businesses/{id}/risk – the current assessment
riskRoutes.openapi(
  route.get('/businesses/{id}/risk', {
    summary: "A business's risk: tier, score, model version and factors, the override beside it",
    description: 'null when the business has not been assessed yet (its KYC not submitted).',
    ...access.staffAny(...RISK_READERS),
    request: { params: idParam },
    responses: { 200: json(risk.businessRiskSchema.nullable(), 'The assessment'), ...errorResponses(400, 401, 403, 404) },
  }),
  async (c) => c.json(await getBusinessRisk({ ...(await readArgs(c)), businessId: c.req.valid('param').id }), 200),
)

// GET /businesses/{id}/risk/history – every assessment
riskRoutes.openapi(
  route.get('/businesses/{id}/risk/history', {
    summary: "A business's assessments, newest first",
    ...access.staffAny(...RISK_READERS),
    request: { params: idParam, query: risk.riskHistoryQuerySchema },
    responses: { 200: json(risk.riskHistoryPageSchema, 'A page of assessments'), ...errorResponses(400, 401, 403, 404) },
  }),
  async (c) =>
    c.json(
      await findRiskHistory({ ...(await readArgs(c)), businessId: c.req.valid('param').id, query: c.req.valid('query') }),
      200,
    ),
)

// POST /businesses/{id}/risk/override – a tier over the computed one (four-eyes)
riskRoutes.openapi(
  route.post('/businesses/{id}/risk/override', {
    summary: "Override a business's risk tier, with a reason (four-eyes)",
    description: `${CONFIG_FOUR_EYES_NOTE} A prohibited business (true sanctions match) cannot be overridden.`,
    ...access.staff(...RISK_OVERRIDERS),
    request: { params: idParam, ...jsonBody(risk.riskOverrideInputSchema) },
    responses: {
      200: json(risk.businessRiskSchema, 'Applied (FOUR_EYES_CONFIG off)'),
      202: pending,
      ...errorResponses(400, 401, 403, 404, 409),
    },
  }),
  async (c) => {
    const args = await serviceArgs(c)
    const businessId = c.req.valid('param').id
    const result = await requestRiskOverride({ ...args, businessId, input: c.req.valid('json') })
    if (result.pending) return c.json(result.pending, 202)
    return c.json((await getBusinessRisk({ ...args, businessId }))!, 200)
  },
)

const kycDetailsParam = z.object({ kycDetailsId: z.uuid({ message: 'must be a KYC record id (UUID)' }) })

// GET /kyc/{kycDetailsId}/enhanced-due-diligence – what a HIGH business answers, for its owner (no score, no factor)
riskRoutes.openapi(
  route.get('/kyc/{kycDetailsId}/enhanced-due-diligence', {
    summary: 'The enhanced due diligence of a KYC record: whether it applies, why in plain words, and each item',
    description:
      '`required` while the tier in force is HIGH; `reasons` in plain words, never the score or the points. Answers are kept when the tier drops.',
    ...access.business(KYC_READ),
    request: { params: kycDetailsParam },
    responses: { 200: json(eddSchema, 'The items'), ...errorResponses(400, 401, 403, 404) },
  }),
  async (c) =>
    c.json(await getEnhancedDueDiligence({ ...(await readArgs(c)), kycDetailsId: c.req.valid('param').kycDetailsId }), 200),
)

// PUT /kyc/{kycDetailsId}/enhanced-due-diligence – one answer (the KYC edit check)
riskRoutes.openapi(
  route.put('/kyc/{kycDetailsId}/enhanced-due-diligence', {
    summary: 'Save one enhanced due diligence answer',
    description:
      "Only while the tier in force is HIGH (409 otherwise). A source of wealth names the beneficial owner by one of their shareholder records; the supporting documents are KYC documents (`POST /kyc/documents`) of the types `EDD_SOURCE_OF_FUNDS` and `EDD_SOURCE_OF_WEALTH` (under the owner's shareholder record).",
    ...access.business(...KYC_EDITORS),
    request: { params: kycDetailsParam, ...jsonBody(eddAnswerSchema) },
    responses: { 200: json(eddSchema, 'Saved: the items as they now stand'), ...errorResponses(400, 401, 403, 404, 409) },
  }),
  async (c) =>
    c.json(
      await saveEddAnswer({
        ...(await serviceArgs(c)),
        kycDetailsId: c.req.valid('param').kycDetailsId,
        input: c.req.valid('json'),
      }),
      200,
    ),
)
