import { z } from '@hono/zod-openapi'
import * as businessesContract from '@/lib/contracts/businesses'
import * as reviewsContract from '@/lib/contracts/reviews'
import { access, idParam, jsonBody, stepUp } from '@/server/http/access'
import { createRouter, errorResponses, json, routesTagged } from '@/server/http/openapi'
import { readArgs, serviceArgs } from '@/server/http/service-args'
import { findApprovalChecklist } from './approval-checklist'
import { assignReviewer, findReviewers } from './assign-reviewer'
import {
  addBusinessComment,
  COMMENT_READERS,
  COMMENT_WRITERS,
  findBusinessComments,
  findMentionableColleagues,
} from './business-comments'
import { decideBusiness } from './decide-business'
import { findForApproval } from './find-for-approval'
import { REVIEW_DECIDE, REVIEW_READERS } from './review-access'
import { RECERTIFICATION_SETTERS, setRecertificationDate } from './set-recertification-date'

const route = routesTagged('Business review')

const decidedBusinessSchema = businessesContract.businessSchema.extend({ assigneeName: z.string().nullable().optional() })

/** Mounted before the businesses router, so these static paths win over `/businesses/{id}`. */
export const reviewRoutes = createRouter()

// ---- static paths first ----

// GET /businesses/for-approval – the review queue (staff: CAN_APPROVE_BUSINESS or CAN_READ_BUSINESS)
reviewRoutes.openapi(
  route.get('/businesses/for-approval', {
    summary: 'Businesses waiting for a decision',
    description:
      'PENDING, KYC marked complete, not archived. Each row says who has it and how long it has waited, the time spent waiting on the business after a re-upload request counted apart.',
    ...access.staffAny(...REVIEW_READERS),
    request: { query: reviewsContract.forApprovalQuerySchema },
    responses: { 200: json(reviewsContract.forApprovalPageSchema, 'A page of the queue'), ...errorResponses(400, 401, 403) },
  }),
  async (c) => c.json(await findForApproval({ ...(await readArgs(c)), query: c.req.valid('query') }), 200),
)

// GET /businesses/reviewers – staff who may be assigned a business (hold CAN_APPROVE_BUSINESS)
reviewRoutes.openapi(
  route.get('/businesses/reviewers', {
    summary: 'Reviewers a business can be assigned to',
    ...access.staffAny(...REVIEW_READERS),
    responses: { 200: json(z.array(reviewsContract.reviewerSchema), 'Reviewers'), ...errorResponses(401, 403) },
  }),
  async (c) => c.json(await findReviewers(await readArgs(c)), 200),
)

// PUT /businesses/set-recertification-date – move an approved business's recertification date
reviewRoutes.openapi(
  route.put('/businesses/set-recertification-date', {
    summary: 'Set the recertification date',
    ...access.staffAny(...RECERTIFICATION_SETTERS),
    request: jsonBody(reviewsContract.recertificationInputSchema),
    responses: { 200: json(businessesContract.businessSchema, 'Updated'), ...errorResponses(400, 401, 403, 404, 409) },
  }),
  async (c) => {
    const { businessId, date } = c.req.valid('json')
    return c.json(await setRecertificationDate({ ...(await serviceArgs(c)), businessId, date }), 200)
  },
)

// GET /businesses/attachment/{id} – the recommendation comment thread of a business
reviewRoutes.openapi(
  route.get('/businesses/attachment/{id}', {
    summary: 'Recommendation comments',
    ...access.staffAny(...COMMENT_READERS),
    request: { params: idParam },
    responses: {
      200: json(z.array(reviewsContract.businessCommentSchema), 'The thread, oldest first'),
      ...errorResponses(400, 401, 403, 404),
    },
  }),
  async (c) => c.json(await findBusinessComments({ ...(await readArgs(c)), businessId: c.req.valid('param').id }), 200),
)

// GET /businesses/attachment/{id}/mentionable – colleagues a comment on this business can mention
reviewRoutes.openapi(
  route.get('/businesses/attachment/{id}/mentionable', {
    summary: 'Colleagues who may be mentioned',
    description: 'Active staff who may read the business (and so its thread), whose name or handle contains `q`; at most 10.',
    ...access.staffAny(...COMMENT_WRITERS),
    request: { params: idParam, query: reviewsContract.mentionableQuerySchema },
    responses: {
      200: json(z.array(reviewsContract.mentionableSchema), 'Colleagues, by name'),
      ...errorResponses(400, 401, 403, 404),
    },
  }),
  async (c) =>
    c.json(
      await findMentionableColleagues({ ...(await readArgs(c)), businessId: c.req.valid('param').id, q: c.req.valid('query').q }),
      200,
    ),
)

// PUT /businesses/attachment/{id} – add a recommendation comment
reviewRoutes.openapi(
  route.put('/businesses/attachment/{id}', {
    summary: 'Add a recommendation comment',
    ...access.staffAny(...COMMENT_WRITERS),
    request: { params: idParam, ...jsonBody(reviewsContract.businessCommentInputSchema) },
    description:
      'Each `@handle` (a colleague’s `firstname.lastname`) notifies that colleague when they may read the business; `mentions.notNotified` names the others (docs/notifications.md#mentions).',
    responses: {
      200: json(reviewsContract.businessCommentAddedSchema, 'The comment added, and whom it notified'),
      ...errorResponses(400, 401, 403, 404),
    },
  }),
  async (c) =>
    c.json(
      await addBusinessComment({
        ...(await serviceArgs(c)),
        businessId: c.req.valid('param').id,
        comment: c.req.valid('json').comment,
      }),
      200,
    ),
)

// ---- parameterised ----

// PUT /businesses/{id}/approve – approve (every precondition met) or decline (with a reason)
reviewRoutes.openapi(
  route.put('/businesses/{id}/approve', {
    summary: 'Decide a business',
    description:
      'PENDING only (409 INVALID_STATE otherwise). Never by the creator of the record (403 FOUR_EYES). A decline needs a comment. Approval answers 409 PRECONDITION_FAILED with one entry per unmet precondition.',
    ...stepUp(access.staff(REVIEW_DECIDE)),
    request: { params: idParam, ...jsonBody(reviewsContract.businessDecisionInputSchema) },
    responses: { 200: json(businessesContract.businessSchema, 'Decided'), ...errorResponses(400, 401, 403, 404, 409) },
  }),
  async (c) =>
    c.json(await decideBusiness({ ...(await serviceArgs(c)), id: c.req.valid('param').id, input: c.req.valid('json') }), 200),
)

// GET /businesses/{id}/approval-checklist – the approval preconditions, each met or not
reviewRoutes.openapi(
  route.get('/businesses/{id}/approval-checklist', {
    summary: 'Approval preconditions',
    ...access.staffAny(...REVIEW_READERS),
    request: { params: idParam },
    responses: {
      200: json(z.array(reviewsContract.approvalCheckSchema), 'The checklist'),
      ...errorResponses(400, 401, 403, 404),
    },
  }),
  async (c) => c.json(await findApprovalChecklist({ ...(await readArgs(c)), businessId: c.req.valid('param').id }), 200),
)

// PUT /businesses/{id}/assignee – assign a pending business to a reviewer, or unassign it (null)
reviewRoutes.openapi(
  route.put('/businesses/{id}/assignee', {
    summary: 'Assign a reviewer',
    ...access.staff(REVIEW_DECIDE),
    request: { params: idParam, ...jsonBody(reviewsContract.assigneeInputSchema) },
    responses: { 200: json(decidedBusinessSchema, 'Assigned'), ...errorResponses(400, 401, 403, 404, 409) },
  }),
  async (c) =>
    c.json(
      await assignReviewer({
        ...(await serviceArgs(c)),
        businessId: c.req.valid('param').id,
        userId: c.req.valid('json').userId,
      }),
      200,
    ),
)
