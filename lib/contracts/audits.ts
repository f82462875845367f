import { z } from 'zod'
import { dateQuerySchema } from './date-query'
import { pageQuerySchema, pageSchema, sortQuery } from './pagination'

const isoDateOrDateTime = dateQuerySchema('must be an ISO 8601 date or date-time')

export const auditListQuerySchema = pageQuerySchema.extend({
  /** `createdAt` (the chain's order), `action` or `resource`, with `,asc` or `,desc`; newest first by default. */
  sort: sortQuery(['createdAt', 'action', 'resource']),
  resource: z.string().trim().min(1).max(100).optional(),
  actorId: z.uuid({ message: 'must be a UUID' }).optional(),
  action: z.string().trim().min(1).max(100).optional(),
  from: isoDateOrDateTime.optional(),
  to: isoDateOrDateTime.optional(),
})
export type AuditListQuery = z.infer<typeof auditListQuerySchema>

export const auditSchema = z.object({
  id: z.uuid(),
  seq: z.number().int(),
  actorId: z.uuid().nullable(),
  actorEmail: z.string().nullable(),
  resource: z.string(),
  resourceId: z.string().nullable(),
  action: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  requestId: z.string().nullable(),
  ip: z.string().nullable(),
  createdAt: z.string(),
})
export type AuditRecord = z.infer<typeof auditSchema>

export const auditPageSchema = pageSchema(auditSchema)

export const auditActorSchema = z.object({
  id: z.uuid(),
  email: z.string().nullable(),
  name: z.string().nullable(),
})

export const auditVerifySchema = z.object({
  ok: z.boolean(),
  checked: z.number().int(),
  firstBrokenId: z.uuid().nullable(),
})
export type AuditVerifyResult = z.infer<typeof auditVerifySchema>
