import { and, asc, count, eq, gte, isNotNull, type SQL } from 'drizzle-orm'
import type { AuditFilters, AuditListQuery, AuditRecord } from '@/lib/contracts/audits'
import { maskSealedValues, openActorEmails } from '@/server/crypto/personal-values'
import type { Executor } from '@/server/db/client'
import { upToIncluding } from '@/server/db/date-range'
import { audits, users } from '@/server/db/schema'
import { findPage, listOrder } from '@/server/http/pagination'

/** A bare date as `to` means the whole of that day (UTC). */
export function auditConditions(query: AuditFilters): SQL | undefined {
  const conditions: SQL[] = []
  if (query.resource) conditions.push(eq(audits.resource, query.resource))
  if (query.actorId) conditions.push(eq(audits.actorId, query.actorId))
  if (query.action) conditions.push(eq(audits.action, query.action))
  if (query.from) conditions.push(gte(audits.createdAt, new Date(query.from)))
  if (query.to) conditions.push(upToIncluding(audits.createdAt, query.to))
  return conditions.length ? and(...conditions) : undefined
}

export function toAuditRecord(row: typeof audits.$inferSelect): AuditRecord {
  return {
    id: row.id,
    seq: row.seq,
    actorId: row.actorId,
    actorEmail: row.actorEmail,
    resource: row.resource,
    resourceId: row.resourceId,
    action: row.action,
    before: row.before ?? null,
    after: row.after ?? null,
    requestId: row.requestId,
    ip: row.ip,
    createdAt: row.createdAt.toISOString(),
  }
}

export async function findAudits(options: { db: Executor; query: AuditListQuery }) {
  const { db, query } = options
  const where = auditConditions(query)

  return findPage({
    query,
    rows: db
      .select()
      .from(audits)
      .where(where)
      .orderBy(
        // The chain's sequence is the order of the moments (createdAt), and the tie-breaker of the others.
        ...listOrder(
          query.sort,
          { createdAt: audits.seq, action: audits.action, resource: audits.resource },
          { field: 'createdAt', desc: query.recentFirst },
        ).by(audits.seq),
      ),
    count: () => db.select({ value: count() }).from(audits).where(where),
    // Personal values are stored sealed per subject: readers of the log see identity numbers masked, names and the
    // actor's e-mail in clear, and `[erased]` once the subject was erased.
    content: async (rows) => {
      const records = await maskSealedValues(db, rows.map(toAuditRecord))
      const emails = await openActorEmails(
        db,
        records.map((r) => r.actorEmail),
      )
      return records.map((r, i) => ({ ...r, actorEmail: emails[i]! }))
    },
  })
}

export async function findAuditResources(options: { db: Executor }): Promise<string[]> {
  const rows = await options.db.selectDistinct({ resource: audits.resource }).from(audits).orderBy(asc(audits.resource))
  return rows.map((r) => r.resource)
}

/** Who appears in the log as an actor: the account's current e-mail and name (the rows keep theirs sealed). */
export async function findAuditActors(options: { db: Executor }) {
  const rows = await options.db
    .selectDistinct({ id: audits.actorId, email: users.email, firstName: users.firstName, lastName: users.lastName })
    .from(audits)
    .leftJoin(users, eq(users.id, audits.actorId))
    .where(isNotNull(audits.actorId))
  const byId = new Map<string, { id: string; email: string | null; name: string | null }>()
  for (const r of rows) {
    if (!r.id || byId.has(r.id)) continue
    byId.set(r.id, { id: r.id, email: r.email, name: r.firstName ? `${r.firstName} ${r.lastName ?? ''}`.trim() : null })
  }
  return [...byId.values()].sort((a, b) => (a.email ?? '').localeCompare(b.email ?? ''))
}
