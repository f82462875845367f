import { z } from 'zod'
import { pageQuerySchema, pageSchema } from './pagination'
import { DUE_STATUSES, MAX_TARGET_DAYS, QUEUES } from './service-level-values'

export * from './service-level-values'

/** Service levels, escalation and assignment across the staff queues (docs/service-levels.md). */

/** A list's filter on due time: `due=OVERDUE`, `DUE_SOON` or `ON_TIME`. */
export const dueQuery = z.enum(DUE_STATUSES, { message: 'must be OVERDUE, DUE_SOON or ON_TIME' }).optional()

/** The fields every queue row carries. */
export const dueFieldsSchema = z.object({
  /** When the item is due: the end (24:00 Africa/Lagos) of the target's last business day. */
  dueAt: z.string(),
  dueStatus: z.enum(DUE_STATUSES),
})
export type DueFields = z.infer<typeof dueFieldsSchema>

/** On a list that also holds decided items: null once the item left its queue. */
export const openDueFieldsSchema = z.object({ dueAt: z.string().nullable(), dueStatus: z.enum(DUE_STATUSES).nullable() })

export const queueParamSchema = z.object({ queue: z.enum(QUEUES, { message: `must be one of ${QUEUES.join(', ')}` }) })

export const serviceLevelSchema = z.object({
  queue: z.enum(QUEUES),
  label: z.string(),
  targetBusinessDays: z.number().int(),
  autoAssign: z.boolean(),
  /** The permission that decides the queue's items (who may be assigned one). */
  decidingPermission: z.string(),
  updatedAt: z.string().nullable(),
  /** A change waiting for a second person (four-eyes), or null: one at a time per queue. */
  pending: z
    .object({
      authorizationId: z.string(),
      targetBusinessDays: z.number().int(),
      autoAssign: z.boolean(),
      requestedBy: z.string(),
      requestedAt: z.string(),
    })
    .nullable(),
})
export type ServiceLevel = z.infer<typeof serviceLevelSchema>

/** `PUT /service-levels/{queue}`: the target and auto-assignment, through four-eyes. */
export const serviceLevelInputSchema = z.object({
  targetBusinessDays: z.coerce
    .number({ message: 'must be a number of business days' })
    .int({ message: 'must be a whole number of business days' })
    .min(1, { message: `must be between 1 and ${MAX_TARGET_DAYS} business days` })
    .max(MAX_TARGET_DAYS, { message: `must be between 1 and ${MAX_TARGET_DAYS} business days` }),
  autoAssign: z.boolean({ message: 'must be true or false' }),
  reason: z.string({ message: 'Give a reason' }).trim().min(3, 'Give a reason (at least 3 characters)').max(500),
})
export type ServiceLevelInput = z.input<typeof serviceLevelInputSchema>

export const holidaySchema = z.object({
  day: z.string(),
  name: z.string(),
  /** PUBLIC: Nigeria's public holidays (date-holidays); ADDED: declared and added by staff. */
  source: z.enum(['PUBLIC', 'ADDED']),
  addedBy: z.string().nullable(),
})
export type Holiday = z.infer<typeof holidaySchema>

/** `POST /service-levels/holidays`: a holiday the government declared. */
export const holidayInputSchema = z.object({
  day: z.iso.date({ message: 'must be a date (YYYY-MM-DD)' }),
  name: z.string({ message: 'Name the holiday' }).trim().min(3, 'Name the holiday (at least 3 characters)').max(120),
})
export type HolidayInput = z.input<typeof holidayInputSchema>

export const holidaysQuerySchema = z.object({
  year: z.coerce.number({ message: 'must be a year' }).int({ message: 'must be a year' }).min(2000).max(2100),
})

/** An escalation: an item found past its due time, recorded once. */
export const escalationSchema = z.object({
  id: z.uuid(),
  queue: z.enum(QUEUES),
  itemId: z.string(),
  businessId: z.uuid().nullable(),
  businessName: z.string().nullable(),
  enteredAt: z.string(),
  dueAt: z.string(),
  breachedAt: z.string(),
  assigneeId: z.uuid().nullable(),
  assigneeName: z.string().nullable(),
  /** Still waiting in its queue (false: decided since). */
  open: z.boolean(),
})
export type Escalation = z.infer<typeof escalationSchema>

export const escalationQuerySchema = pageQuerySchema.extend({
  queue: z.enum(QUEUES, { message: `must be one of ${QUEUES.join(', ')}` }).optional(),
  open: z.enum(['true', 'false'], { message: 'must be true or false' }).optional(),
})
export type EscalationQuery = z.output<typeof escalationQuerySchema>
export const escalationPageSchema = pageSchema(escalationSchema)

/** `POST /queues/{queue}/assignments`: give items to a staff member (or take them back, `userId: null`). */
export const bulkAssignInputSchema = z.object({
  itemIds: z
    .array(z.string().trim().min(1, 'must not be empty').max(100), { message: 'must be a list of item ids' })
    .min(1, 'Choose at least one item')
    .max(100, 'At most 100 items at a time'),
  userId: z.uuid({ message: 'must be a user id or null' }).nullable(),
  reason: z.string({ message: 'Give a reason' }).trim().min(3, 'Give a reason (at least 3 characters)').max(500),
})
export type BulkAssignInput = z.input<typeof bulkAssignInputSchema>

export const assignmentResultSchema = z.object({
  queue: z.enum(QUEUES),
  assigned: z.array(z.object({ itemId: z.string(), previousAssigneeId: z.uuid().nullable() })),
  assigneeId: z.uuid().nullable(),
})

/** A queue item as "Next item" and the assignment calls answer it. */
export const queueItemSchema = z.object({
  queue: z.enum(QUEUES),
  itemId: z.string(),
  businessId: z.uuid().nullable(),
  enteredAt: z.string(),
  dueAt: z.string(),
  dueStatus: z.enum(DUE_STATUSES),
  assigneeId: z.uuid().nullable(),
})
export type QueueItem = z.infer<typeof queueItemSchema>

/** `PUT /service-levels/availability`: the signed-in staff member is away until a day (inclusive), or back (null). */
export const availabilityInputSchema = z.object({
  awayUntil: z.iso.date({ message: 'must be a date (YYYY-MM-DD) or null' }).nullable(),
})
export type AvailabilityInput = z.input<typeof availabilityInputSchema>
export const availabilitySchema = z.object({
  awayUntil: z.string().nullable(),
  /** The open items assigned to the user, offered for reassignment while away. */
  openItems: z.array(queueItemSchema),
})
export type Availability = z.infer<typeof availabilitySchema>

/** `GET /queues/{queue}/assignees`: who may decide the queue's items; `awayUntil` set while away. */
export const assigneeSchema = z.object({ id: z.uuid(), name: z.string(), awayUntil: z.string().nullable() })
export type Assignee = z.infer<typeof assigneeSchema>
