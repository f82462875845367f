import { z } from 'zod'
import { dateQuerySchema } from './date-query'
import { pageQuerySchema, pageSchema, sortQuery } from './pagination'

const isoDateOrDateTime = dateQuerySchema('must be an ISO 8601 date or date-time')

/** The audit log's filters, shared by the list and the export. */
const auditFilterFields = {
  resource: z.string().trim().min(1).max(100).optional(),
  actorId: z.uuid({ message: 'must be a UUID' }).optional(),
  action: z.string().trim().min(1).max(100).optional(),
  from: isoDateOrDateTime.optional(),
  to: isoDateOrDateTime.optional(),
}

export const auditListQuerySchema = pageQuerySchema.extend({
  /** `createdAt` (the chain's order), `action` or `resource`, with `,asc` or `,desc`; newest first by default. */
  sort: sortQuery(['createdAt', 'action', 'resource']),
  ...auditFilterFields,
})
export type AuditListQuery = z.infer<typeof auditListQuerySchema>
export type AuditFilters = Pick<AuditListQuery, keyof typeof auditFilterFields>

export const AUDIT_EXPORT_FORMATS = ['csv', 'ndjson'] as const

/** `GET /audits/export`: the list's filters, every matching row in the chain's order. */
export const auditExportQuerySchema = z.object({
  format: z.enum(AUDIT_EXPORT_FORMATS, { message: 'must be csv or ndjson' }).default('csv'),
  ...auditFilterFields,
})
export type AuditExportQuery = z.infer<typeof auditExportQuerySchema>

/**
 * The first record of an export: the chain checked over the exported range (from the first exported row to the last,
 * every row between them included, filtered out or not), the hashes at both ends of that range, and the chain's head
 * when the export began. `verify.ok` false names the first row that no longer matches its hash or its predecessor.
 */
export const auditExportProofSchema = z.object({
  record: z.literal('proof'),
  exportedAt: z.string(),
  filters: z.record(z.string(), z.string()),
  rows: z.number().int(),
  range: z
    .object({
      fromSeq: z.number().int(),
      toSeq: z.number().int(),
      /** The hash the range's first row chains from (the row before it, or the genesis hash). */
      prevHash: z.string(),
      /** The hash of the range's last row. */
      lastHash: z.string(),
    })
    .nullable(),
  verify: z.object({ ok: z.boolean(), checked: z.number().int(), firstBrokenId: z.uuid().nullable() }),
  head: z.object({ seq: z.number().int(), hash: z.string() }).nullable(),
})
export type AuditExportProof = z.infer<typeof auditExportProofSchema>

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
