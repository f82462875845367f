import { createHash } from 'node:crypto'

export const GENESIS_HASH = '0'.repeat(64)

export interface ChainedFields {
  id: string
  actorId: string | null
  actorEmail: string | null
  resource: string
  resourceId: string | null
  action: string
  before: unknown
  after: unknown
  requestId: string | null
  ip: string | null
  createdAt: Date
  prevHash: string
}

/** JSON with object keys sorted at every depth, so jsonb's own key order never changes a hash. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) => {
    if (v && typeof v === 'object' && !Array.isArray(v)) {
      return Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
    }
    return v
  })
}

/** What a JSON value becomes after a round trip through jsonb: undefined dropped, dates as strings. */
export function toStoredJson(value: unknown): unknown {
  return value === undefined ? null : (JSON.parse(JSON.stringify(value)) as unknown)
}

export function hashAuditRow(row: ChainedFields): string {
  const payload = canonicalJson([
    row.prevHash,
    row.id,
    row.actorId,
    row.actorEmail,
    row.resource,
    row.resourceId,
    row.action,
    row.before ?? null,
    row.after ?? null,
    row.requestId,
    row.ip,
    row.createdAt.toISOString(),
  ])
  return createHash('sha256').update(payload).digest('hex')
}
