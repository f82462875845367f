import { z } from '@hono/zod-openapi'
import * as kycContract from '@/lib/contracts/kyc'
import * as verificationContract from '@/lib/contracts/verification'
import { access, jsonBody } from '@/server/http/access'
import { createRouter, errorResponses, json, routesTagged } from '@/server/http/openapi'
import { readArgs, serviceArgs } from '@/server/http/service-args'
import { ADDRESS_VERIFY, verifyAddress } from './address-verification'
import {
  findBusinessVerifications,
  getBusinessVerification,
  getVerificationItem,
  recordVerificationResult,
  REVERIFICATION_RUN,
  runReverification,
  VERIFICATION_READERS,
  VERIFICATION_RESULT_WRITE,
  VERIFICATION_STATUS_READ,
  VERIFICATION_WAIVE,
  waiveVerificationItem,
} from './verification-calls'

const route = routesTagged('KYC verification')

const uuid = (label: string) => z.uuid({ message: `must be ${label} (UUID)` })

/**
 * Verification of KYC details (docs/domain.md#verification-of-kyc-details) and address verification. Mounted before the
 * KYC routers.
 */
export const verificationRoutes = createRouter()

// ---- static paths first ----

// GET /kyc/re-verify-pending-kyc-status – run the configured provider over every PENDING item
verificationRoutes.openapi(
  route.get('/kyc/re-verify-pending-kyc-status', {
    summary: 'Re-run verification of every PENDING item',
    description:
      'Opens missing items of submitted KYC, then asks the configured provider about every PENDING one. The built-in provider is manual review: nothing changes and `stillPending` says how many wait for a person.',
    ...access.staff(REVERIFICATION_RUN),
    responses: { 200: json(verificationContract.reverificationRunSchema, 'What the run did'), ...errorResponses(401, 403) },
  }),
  async (c) => c.json(await runReverification(await serviceArgs(c)), 200),
)

// ---- parameterised ----

// GET /verified-kyc/{id} – a business's verification items (id: business id)
verificationRoutes.openapi(
  route.get('/verified-kyc/{id}', {
    summary: "A business's verification items",
    ...access.staffAny(...VERIFICATION_READERS),
    request: { params: z.object({ id: uuid('a business id') }), query: verificationContract.verificationListQuerySchema },
    responses: {
      200: json(z.array(verificationContract.verificationListItemSchema), 'The current items, waiting ones with due times'),
      ...errorResponses(400, 401, 403, 404),
    },
  }),
  async (c) =>
    c.json(
      await findBusinessVerifications({
        ...(await readArgs(c)),
        businessId: c.req.valid('param').id,
        query: c.req.valid('query'),
      }),
      200,
    ),
)

// PUT /verified-kyc/{id} – manual result (id: verification item id)
verificationRoutes.openapi(
  route.put('/verified-kyc/{id}', {
    summary: 'Record a verification result',
    description: 'PENDING items only (409 INVALID_STATE otherwise). FAILED needs a comment.',
    ...access.staff(VERIFICATION_RESULT_WRITE),
    request: {
      params: z.object({ id: uuid('a verification item id') }),
      ...jsonBody(verificationContract.verificationResultInputSchema),
    },
    responses: { 200: json(verificationContract.verificationItemSchema, 'Recorded'), ...errorResponses(400, 401, 403, 404, 409) },
  }),
  async (c) =>
    c.json(
      await recordVerificationResult({ ...(await serviceArgs(c)), id: c.req.valid('param').id, input: c.req.valid('json') }),
      200,
    ),
)

// PUT /verified-kyc/{id}/waiver – approval may go ahead without this check (id: verification item id)
verificationRoutes.openapi(
  route.put('/verified-kyc/{id}/waiver', {
    summary: 'Waive a verification check for approval',
    description:
      'A PENDING or FAILED current item of a PENDING business, with a reason (409 INVALID_STATE otherwise). Never by a member or the registrar of the business (403 FOUR_EYES); whoever waives a check may not approve that business.',
    ...access.staff(VERIFICATION_WAIVE),
    request: {
      params: z.object({ id: uuid('a verification item id') }),
      ...jsonBody(verificationContract.verificationWaiverInputSchema),
    },
    responses: { 200: json(verificationContract.verificationItemSchema, 'Waived'), ...errorResponses(400, 401, 403, 404, 409) },
  }),
  async (c) =>
    c.json(
      await waiveVerificationItem({ ...(await serviceArgs(c)), id: c.req.valid('param').id, input: c.req.valid('json') }),
      200,
    ),
)

// GET /kyc/verified-detail/{id} – one item
verificationRoutes.openapi(
  route.get('/kyc/verified-detail/{id}', {
    summary: 'One verification item',
    ...access.staffAny(...VERIFICATION_READERS),
    request: { params: z.object({ id: uuid('a verification item id') }) },
    responses: { 200: json(verificationContract.verificationItemSchema, 'The item'), ...errorResponses(400, 401, 403, 404) },
  }),
  async (c) => c.json(await getVerificationItem({ ...(await readArgs(c)), id: c.req.valid('param').id }), 200),
)

// GET /kyc/business/{id}/verified – where a business's verification stands (staff and its members)
verificationRoutes.openapi(
  route.get('/kyc/business/{id}/verified', {
    summary: "Whether a business's KYC is verified",
    ...access.business(VERIFICATION_STATUS_READ),
    request: { params: z.object({ id: uuid('a business id') }) },
    responses: {
      200: json(verificationContract.businessVerificationSchema, 'Counts and items'),
      ...errorResponses(400, 401, 403, 404),
    },
  }),
  async (c) => c.json(await getBusinessVerification({ ...(await readArgs(c)), businessId: c.req.valid('param').id }), 200),
)

// PUT /kyc/addresses/{id}/verification
verificationRoutes.openapi(
  route.put('/kyc/addresses/{id}/verification', {
    summary: 'Record an address verification result',
    description:
      'PENDING addresses only (409 INVALID_STATE otherwise); FAILED needs a comment. Staff holding CAN_VERIFY_ADDRESS.',
    ...access.staff(ADDRESS_VERIFY),
    request: { params: z.object({ id: uuid('an address id') }), ...jsonBody(verificationContract.verificationResultInputSchema) },
    responses: { 200: json(kycContract.kycAddressSchema, 'Recorded'), ...errorResponses(400, 401, 403, 404, 409) },
  }),
  async (c) =>
    c.json(await verifyAddress({ ...(await serviceArgs(c)), id: c.req.valid('param').id, input: c.req.valid('json') }), 200),
)
