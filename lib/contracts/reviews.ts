import { z } from 'zod'
import { riskTierFilterSchema, staffBusinessSchema } from './businesses'
import { dateQuerySchema } from './date-query'
import { pageQuerySchema, pageSchema, sortQuery } from './pagination'
import { APPROVAL_CHECK_CODES, BUSINESS_DECISION_VALUES, COMMENT_MAX_LENGTH } from './review-values'
import { dueFieldsSchema, dueQuery } from './service-levels'

export {
  APPROVAL_CHECK_CODES,
  BUSINESS_DECISION_VALUES,
  COMMENT_MAX_LENGTH,
  type ApprovalCheckCode,
  type BusinessDecisionValue,
} from './review-values'

/** Staff review of a business: decisions, the recommendation comment thread, assignment, queue and recertification. */

const commentText = z
  .string({ message: 'Write a comment' })
  .trim()
  .min(1, 'Write a comment')
  .max(COMMENT_MAX_LENGTH, `A comment has at most ${COMMENT_MAX_LENGTH} characters`)

/** `PUT /businesses/{id}/approve`: a decline needs a comment (its reason, sent to the business). */
export const businessDecisionInputSchema = z
  .object({
    decision: z.enum(BUSINESS_DECISION_VALUES, { message: 'must be APPROVED or DECLINED' }),
    comment: z.preprocess(
      (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
      z.string().trim().max(COMMENT_MAX_LENGTH, `A comment has at most ${COMMENT_MAX_LENGTH} characters`).optional(),
    ),
    /** A decline over a true sanctions match: the reference of the report filed with the NFIU (required then). */
    reportReference: z.preprocess(
      (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
      z.string().trim().max(100, 'A report reference has at most 100 characters').optional(),
    ),
  })
  .superRefine((value, ctx) => {
    if (value.decision === 'DECLINED' && !value.comment) {
      ctx.addIssue({ code: 'custom', path: ['comment'], message: 'Give the reason for declining: the business sees it' })
    }
  })
export type BusinessDecisionInput = z.input<typeof businessDecisionInputSchema>

/** `PUT /businesses/attachment/{id}`: one more comment in the thread. */
export const businessCommentInputSchema = z.object({ comment: commentText })
export type BusinessCommentInput = z.input<typeof businessCommentInputSchema>

export const businessCommentSchema = z.object({
  id: z.uuid(),
  businessId: z.uuid(),
  author: z.object({ id: z.uuid().nullable(), name: z.string() }),
  comment: z.string(),
  /** Set when the comment is a decision's. */
  decision: z.enum(BUSINESS_DECISION_VALUES).nullable(),
  createdAt: z.string(),
})
export type BusinessComment = z.infer<typeof businessCommentSchema>

/** A colleague a comment can mention (docs/notifications.md#mentions): `@handle` names them. */
export const mentionableSchema = z.object({ id: z.uuid(), name: z.string(), handle: z.string() }).meta({ id: 'Mentionable' })
export type Mentionable = z.infer<typeof mentionableSchema>

/** `GET /businesses/attachment/{id}/mentionable?q=`: the autocomplete's query. */
export const mentionableQuerySchema = z.object({
  q: z.string().trim().max(100, 'must be at most 100 characters').optional(),
})

/** The answer to a new comment: the comment, who its mentions notified, and the mentions that told nobody. */
export const businessCommentAddedSchema = businessCommentSchema.extend({
  mentions: z.object({
    notified: z.array(mentionableSchema),
    notNotified: z.array(
      z.object({
        handle: z.string(),
        reason: z.enum(['NOT_A_READER', 'UNKNOWN', 'AMBIGUOUS']),
        /** In words, for the writer. */
        message: z.string(),
      }),
    ),
  }),
})
export type BusinessCommentAdded = z.infer<typeof businessCommentAddedSchema>

/** `PUT /businesses/{id}/assignee`: a reviewer, or null to unassign. */
export const assigneeInputSchema = z.object({
  userId: z.uuid({ message: 'must be a user id or null' }).nullable(),
})
export type AssigneeInput = z.input<typeof assigneeInputSchema>

/** `PUT /businesses/set-recertification-date`. */
export const recertificationInputSchema = z.object({
  businessId: z.uuid({ message: 'must be a business id' }),
  date: z.iso.date({ message: 'must be a date (YYYY-MM-DD)' }),
})
export type RecertificationInput = z.input<typeof recertificationInputSchema>

/** A staff member who may review businesses (holds CAN_APPROVE_BUSINESS). */
export const reviewerSchema = z.object({ id: z.uuid(), name: z.string(), email: z.string() })
export type Reviewer = z.infer<typeof reviewerSchema>

/**
 * `GET /businesses/{id}/approval-checklist`: the approval preconditions (docs/domain.md#approval-checklist), each met
 * or not.
 */
export const approvalCheckSchema = z.object({
  code: z.enum(APPROVAL_CHECK_CODES),
  label: z.string(),
  met: z.boolean(),
  /** What is missing, when not met. */
  details: z.array(z.string()),
})
export type ApprovalCheck = z.infer<typeof approvalCheckSchema>

const dateQuery = dateQuerySchema()
const booleanQuery = z.enum(['true', 'false'], { message: 'must be true or false' }).transform((v) => v === 'true')

/** `GET /businesses/for-approval`: oldest first unless `recentFirst=true`. `assigneeId`: `me`, `none` or a user id. */
export const forApprovalQuerySchema = pageQuerySchema.extend({
  recentFirst: booleanQuery.default(false),
  /** `name` or `createdAt` (registered), with `,asc` or `,desc`; oldest registered first by default. */
  sort: sortQuery(['name', 'createdAt']),
  businessName: z.string().trim().min(1).max(200).optional(),
  typeId: z.uuid({ message: 'must be a type id' }).optional(),
  categoryId: z.uuid({ message: 'must be a category id' }).optional(),
  assigneeId: z.union([z.literal('me'), z.literal('none'), z.uuid()], { message: 'must be me, none or a user id' }).optional(),
  /**
   * `true`: the senior approvals queue instead (docs/service-levels.md#queues): HIGH businesses, PENDING and not
   * archived, holding a first approval and waiting for the senior one; each row's due time and `due` are then the senior
   * approval's, counted from the first approval.
   */
  seniorApproval: booleanQuery.optional(),
  /** By due time (docs/service-levels.md#due-times): OVERDUE, DUE_SOON or ON_TIME. */
  due: dueQuery,
  /** On the business's creation date, as in the business list. */
  from: dateQuery.optional(),
  to: dateQuery.optional(),
  riskTier: riskTierFilterSchema,
})
export type ForApprovalQuery = z.output<typeof forApprovalQuerySchema>

export const forApprovalRowSchema = staffBusinessSchema.extend({
  assigneeName: z.string().nullable(),
  /** When the business entered the queue: its KYC was (last) marked complete. */
  waitingSince: z.string(),
  /** Whole days since `waitingSince`. */
  waitingDays: z.number().int(),
  /** Of those, whole days spent waiting on the business (a re-upload was requested and not yet resolved). */
  waitingOnBusinessDays: z.number().int(),
  ...dueFieldsSchema.shape,
})
export type ForApprovalRow = z.infer<typeof forApprovalRowSchema>
export const forApprovalPageSchema = pageSchema(forApprovalRowSchema)

/** `POST /reminders/run`: the reminders this run sent (none twice for the same item and due date). */
export const reminderSchema = z.object({
  kind: z.enum(['DEFERRAL', 'RECERTIFICATION']),
  itemId: z.uuid(),
  businessId: z.uuid(),
  businessName: z.string(),
  dueDate: z.string(),
  recipients: z.array(z.string()),
})
export const reminderRunSchema = z.object({ ranAt: z.string(), sent: z.array(reminderSchema) })
export type ReminderRun = z.infer<typeof reminderRunSchema>
