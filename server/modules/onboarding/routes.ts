import { z } from '@hono/zod-openapi'
import * as onboardingContract from '@/lib/contracts/onboarding'
import { PERMISSIONS as P } from '@/lib/permissions/names'
import { access, idParam, jsonBody } from '@/server/http/access'
import { createRouter, errorResponses, json, routesTagged } from '@/server/http/openapi'
import { readArgs, serviceArgs } from '@/server/http/service-args'
import { APPLY_PERMISSION, applyForProduct } from './apply'
import {
  canProceedKycCapturing,
  findApprovalQueue,
  findBusinessOnboardings,
  findMyOnboarding,
  findOnboardings,
  findProductBusinesses,
  getOnboardingDetail,
  ONBOARDING_READERS,
} from './find-onboardings'
import { ANSWERS_PERMISSION, saveAnswers } from './save-answers'
import { completeOnboarding, decideOnboarding, REMOVE_PERMISSION, removeOnboarding, submitOnboarding } from './transitions'

const route = routesTagged('Onboarding products')

const codeParam = z.object({ code: z.string().trim().min(1).max(60) })
const productCodeParam = z.object({ productCode: z.string().trim().min(1).max(60) })
const detail = (description: string) => json(onboardingContract.onboardingDetailSchema, description)

export const onboardingRoutes = createRouter()

// ---- static paths first ----

// GET /onboarding-products/approvals (staff) – the review queue
onboardingRoutes.openapi(
  route.get('/onboarding-products/approvals', {
    summary: 'Applications to review (staff)',
    ...access.staffAny(P.CAN_APPROVE_ONBOARD_PRODUCT, P.CAN_READ_PRODUCT_BUSINESSES),
    request: { query: onboardingContract.onboardingQueueQuerySchema },
    responses: {
      200: json(onboardingContract.onboardingQueuePageSchema, 'A page of applications, with due times'),
      ...errorResponses(400, 401, 403),
    },
  }),
  async (c) => c.json(await findApprovalQueue({ ...(await readArgs(c)), query: c.req.valid('query') }), 200),
)

// GET /onboarding-products/me/{productCode}?businessId= – my application for a product
onboardingRoutes.openapi(
  route.get('/onboarding-products/me/{productCode}', {
    summary: "The signed-in user's application for a product",
    ...access.business(),
    request: {
      params: productCodeParam,
      query: z.object({ businessId: z.uuid({ message: 'must be a business id' }).optional() }),
    },
    responses: { 200: detail('The application'), ...errorResponses(400, 401, 404) },
  }),
  async (c) =>
    c.json(
      await findMyOnboarding({
        ...(await readArgs(c)),
        productCode: c.req.valid('param').productCode,
        businessId: c.req.valid('query').businessId,
      }),
      200,
    ),
)

// GET /onboarding-products/business/{id} – one business's applications
onboardingRoutes.openapi(
  route.get('/onboarding-products/business/{id}', {
    summary: "A business's applications",
    ...access.business(),
    request: { params: idParam, query: onboardingContract.onboardingListQuerySchema },
    responses: {
      200: json(onboardingContract.onboardingPageSchema, 'A page of applications'),
      ...errorResponses(400, 401, 403, 404),
    },
  }),
  async (c) =>
    c.json(
      await findBusinessOnboardings({ ...(await readArgs(c)), businessId: c.req.valid('param').id, query: c.req.valid('query') }),
      200,
    ),
)

// GET /onboarding-products/details/{id} – one application with its requirements, answers and files
onboardingRoutes.openapi(
  route.get('/onboarding-products/details/{id}', {
    summary: 'An application',
    ...access.businessAny(...ONBOARDING_READERS),
    request: { params: idParam },
    responses: { 200: detail('The application'), ...errorResponses(400, 401, 403, 404) },
  }),
  async (c) => c.json(await getOnboardingDetail({ ...(await readArgs(c)), id: c.req.valid('param').id }), 200),
)

// GET /onboarding-products/can-proceed-kyc-capturing/{id}
onboardingRoutes.openapi(
  route.get('/onboarding-products/can-proceed-kyc-capturing/{id}', {
    summary: 'May KYC capture go on for this application?',
    ...access.business(),
    request: { params: idParam },
    responses: {
      200: json(onboardingContract.canProceedSchema, 'The answer with its reasons'),
      ...errorResponses(400, 401, 404),
    },
  }),
  async (c) => c.json(await canProceedKycCapturing({ ...(await readArgs(c)), id: c.req.valid('param').id }), 200),
)

// PUT /onboarding-products/approve/{id} (staff) – { decision: APPROVED | DECLINED, comment }
onboardingRoutes.openapi(
  route.put('/onboarding-products/approve/{id}', {
    summary: 'Approve or decline an application (staff)',
    ...access.staff(P.CAN_APPROVE_ONBOARD_PRODUCT),
    request: { params: idParam, ...jsonBody(onboardingContract.onboardingDecisionSchema) },
    responses: { 200: detail('Decided'), ...errorResponses(400, 401, 403, 404, 409) },
  }),
  async (c) =>
    c.json(await decideOnboarding({ ...(await serviceArgs(c)), id: c.req.valid('param').id, input: c.req.valid('json') }), 200),
)

// PUT /onboarding-products/completed/{id} (staff) – the business is live on the product
onboardingRoutes.openapi(
  route.put('/onboarding-products/completed/{id}', {
    summary: 'Mark an approved application completed (staff)',
    ...access.staff(P.CAN_APPROVE_ONBOARD_PRODUCT),
    request: { params: idParam },
    responses: { 200: detail('Completed'), ...errorResponses(400, 401, 403, 404, 409) },
  }),
  async (c) => c.json(await completeOnboarding({ ...(await serviceArgs(c)), id: c.req.valid('param').id }), 200),
)

// GET /onboarding-products – applications: staff all, business users their businesses'
onboardingRoutes.openapi(
  route.get('/onboarding-products', {
    summary: 'Applications',
    ...access.businessAny(...ONBOARDING_READERS),
    request: { query: onboardingContract.onboardingListQuerySchema },
    responses: {
      200: json(onboardingContract.onboardingPageSchema, 'A page of applications'),
      ...errorResponses(400, 401, 403, 404),
    },
  }),
  async (c) => c.json(await findOnboardings({ ...(await readArgs(c)), query: c.req.valid('query') }), 200),
)

// POST /onboarding-products – apply
onboardingRoutes.openapi(
  route.post('/onboarding-products', {
    summary: 'Apply for a product',
    ...access.business(APPLY_PERMISSION),
    request: jsonBody(onboardingContract.applySchema),
    responses: { 201: detail('Applied'), ...errorResponses(400, 401, 403, 404, 409) },
  }),
  async (c) => c.json(await applyForProduct({ ...(await serviceArgs(c)), input: c.req.valid('json') }), 201),
)

// ---- parameterised ----

// PUT /onboarding-products/{id}/requirements – save answers (draft)
onboardingRoutes.openapi(
  route.put('/onboarding-products/{id}/requirements', {
    summary: 'Save requirement answers',
    ...access.business(ANSWERS_PERMISSION),
    request: { params: idParam, ...jsonBody(onboardingContract.answersInputSchema) },
    responses: { 200: detail('Saved'), ...errorResponses(400, 401, 403, 404, 409) },
  }),
  async (c) =>
    c.json(await saveAnswers({ ...(await serviceArgs(c)), id: c.req.valid('param').id, input: c.req.valid('json') }), 200),
)

// PUT /onboarding-products/{id}/submit – PENDING or DECLINED → IN_REVIEW
onboardingRoutes.openapi(
  route.put('/onboarding-products/{id}/submit', {
    summary: 'Submit an application for review',
    ...access.business(APPLY_PERMISSION),
    request: { params: idParam },
    responses: { 200: detail('Submitted'), ...errorResponses(400, 401, 403, 404, 409) },
  }),
  async (c) => c.json(await submitOnboarding({ ...(await serviceArgs(c)), id: c.req.valid('param').id }), 200),
)

// DELETE /onboarding-products/{id} – remove (the record stays, REMOVED)
onboardingRoutes.openapi(
  route.delete('/onboarding-products/{id}', {
    summary: 'Remove an application',
    ...access.business(REMOVE_PERMISSION),
    request: { params: idParam },
    responses: { 200: detail('Removed'), ...errorResponses(400, 401, 403, 404, 409) },
  }),
  async (c) => c.json(await removeOnboarding({ ...(await serviceArgs(c)), id: c.req.valid('param').id }), 200),
)

// GET /onboarding-products/{code} (staff, CAN_READ_PRODUCT_BUSINESSES) – the businesses on a product
onboardingRoutes.openapi(
  route.get('/onboarding-products/{code}', {
    summary: 'Businesses on a product (staff)',
    ...access.staff(P.CAN_READ_PRODUCT_BUSINESSES),
    request: { params: codeParam, query: onboardingContract.onboardingListQuerySchema },
    responses: {
      200: json(onboardingContract.onboardingPageSchema, 'A page of applications'),
      ...errorResponses(400, 401, 403, 404),
    },
  }),
  async (c) =>
    c.json(
      await findProductBusinesses({ ...(await readArgs(c)), code: c.req.valid('param').code, query: c.req.valid('query') }),
      200,
    ),
)
