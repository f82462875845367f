import { z } from '@hono/zod-openapi'
import * as cacReviewContract from '@/lib/contracts/cac-review'
import * as kycDocumentsContract from '@/lib/contracts/kyc-documents'
import { access, jsonBody, stepUp } from '@/server/http/access'
import { openBulkDecisionRoute } from '@/server/http/bulk-decision'
import { createRouter, errorResponses, json, routesTagged } from '@/server/http/openapi'
import { readArgs, serviceArgs } from '@/server/http/service-args'
import { CAC_DECIDE, CAC_DOCUMENT_REVIEWERS, decideCacDocuments, requestReupload, reviewDocument } from './decide-documents'
import { CAC_REVIEW_READERS, findCacReviews, getCacReview } from './find-cac-reviews'

const route = routesTagged('Document review')

const tags = ['Document review']
const uuid = (label: string) => z.uuid({ message: `must be ${label} (UUID)` })

/** Staff review of CAC documents and single documents. Mounted before the KYC routers: these static paths come first. */
export const cacReviewRoutes = createRouter()

// ---- static paths first ----

// GET /kyc/cac-documents-for-reviews – the CAC review queue, one row per KYC record
cacReviewRoutes.openapi(
  route.get('/kyc/cac-documents-for-reviews', {
    summary: 'CAC documents to review',
    description:
      'One row per KYC record with its current CAC documents; `status` is PENDING while any is, else REJECTED if any is, else APPROVED.',
    ...access.staffAny(...CAC_REVIEW_READERS),
    request: { query: cacReviewContract.cacReviewQuerySchema },
    responses: { 200: json(cacReviewContract.cacReviewPageSchema, 'A page of KYC records'), ...errorResponses(400, 401, 403) },
  }),
  async (c) => c.json(await findCacReviews({ ...(await readArgs(c)), query: c.req.valid('query') }), 200),
)

// PUT /kyc/cac-documents-approval – bulk: several KYC records, one shared decision and comment, each on its own
openBulkDecisionRoute(
  cacReviewRoutes,
  {
    path: '/kyc/cac-documents-approval',
    tags,
    summary: 'Decide the CAC documents of several KYC records',
    description:
      'Each KYC record (`ids` are KYC record ids) is decided in its own transaction; the answer reports each with the status and error code the single call would have answered.',
    permission: CAC_DECIDE,
    stepUp: true,
  },
  (kycDetailsId, context) => decideCacDocuments({ ...context, kycDetailsId }),
)

// ---- parameterised ----

// GET /kyc/cac-documents-for-reviews/{kycDetailsId} – one KYC record's row (the details page)
cacReviewRoutes.openapi(
  route.get('/kyc/cac-documents-for-reviews/{kycDetailsId}', {
    summary: "One KYC record's CAC documents",
    ...access.staffAny(...CAC_REVIEW_READERS),
    request: { params: z.object({ kycDetailsId: uuid('a KYC record id') }) },
    responses: {
      200: json(cacReviewContract.cacReviewRowSchema, 'The KYC record with its CAC documents'),
      ...errorResponses(400, 401, 403, 404),
    },
  }),
  async (c) => c.json(await getCacReview({ ...(await readArgs(c)), kycDetailsId: c.req.valid('param').kycDetailsId }), 200),
)

// PUT /kyc/cac-documents-approval/{kycDetailsId}
cacReviewRoutes.openapi(
  route.put('/kyc/cac-documents-approval/{kycDetailsId}', {
    summary: 'Decide the CAC documents of a KYC record',
    description:
      'Decides every current CAC document of the record that is PENDING (409 INVALID_STATE when none is). Rejecting needs a comment. Never by whoever registered the business, belongs to it or uploaded a document (403 FOUR_EYES).',
    ...stepUp(access.staff(CAC_DECIDE)),
    request: {
      params: z.object({ kycDetailsId: uuid('a KYC record id') }),
      ...jsonBody(cacReviewContract.reviewDecisionInputSchema),
    },
    responses: { 200: json(cacReviewContract.cacReviewRowSchema, 'Decided'), ...errorResponses(400, 401, 403, 404, 409) },
  }),
  async (c) =>
    c.json(
      await decideCacDocuments({
        ...(await serviceArgs(c)),
        kycDetailsId: c.req.valid('param').kycDetailsId,
        input: c.req.valid('json'),
      }),
      200,
    ),
)

// POST /kyc/documents/{id}/reupload-request
cacReviewRoutes.openapi(
  route.post('/kyc/documents/{id}/reupload-request', {
    summary: 'Ask the business to upload a document again',
    description:
      'Current documents only; one open request per document (409 INVALID_STATE otherwise). The business sees the reason and gets an e-mail.',
    ...access.staffAny(...CAC_DOCUMENT_REVIEWERS),
    request: { params: z.object({ id: uuid('a document id') }), ...jsonBody(cacReviewContract.reuploadRequestInputSchema) },
    responses: { 200: json(kycDocumentsContract.kycDocumentSchema, 'Requested'), ...errorResponses(400, 401, 403, 404, 409) },
  }),
  async (c) =>
    c.json(
      await requestReupload({ ...(await serviceArgs(c)), id: c.req.valid('param').id, reason: c.req.valid('json').reason }),
      200,
    ),
)

// PUT /kyc/documents/{id}/review – decide one document
cacReviewRoutes.openapi(
  route.put('/kyc/documents/{id}/review', {
    summary: 'Decide one document',
    description:
      'PENDING, current documents only. CAC documents need CAN_APPROVE_CAC_DOCUMENT, others CAN_APPROVE_BUSINESS. Rejecting needs a comment; four-eyes as for every decision.',
    ...stepUp(access.staffAny(...CAC_DOCUMENT_REVIEWERS)),
    request: { params: z.object({ id: uuid('a document id') }), ...jsonBody(cacReviewContract.reviewDecisionInputSchema) },
    responses: { 200: json(kycDocumentsContract.kycDocumentSchema, 'Decided'), ...errorResponses(400, 401, 403, 404, 409) },
  }),
  async (c) =>
    c.json(await reviewDocument({ ...(await serviceArgs(c)), id: c.req.valid('param').id, input: c.req.valid('json') }), 200),
)
