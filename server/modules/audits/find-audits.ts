import { and, asc, count, desc, eq, gte, isNotNull, lt, lte, type SQL } from 'drizzle-orm'
import type { AuditListQuery, AuditRecord } from '@/lib/contracts/audits'
import { maskSealedValues } from '@/server/crypto/personal-values'
import type { Executor } from '@/server/db/client'
import { audits, users } from '@/server/db/schema'
import { pageOffset, toPage } from '@/server/http/pagination'

/** A bare date as `to` means the whole of that day (UTC). */
function upperBound(to: string): SQL {
  if (/^\d{4}-\d{2}-\d{2}$/.test(to)) {
    const next = new Date(`${to}T00:00:00.000Z`)
    next.setUTCDate(next.getUTCDate() + 1)
    return lt(audits.createdAt, next)
  }
  return lte(audits.createdAt, new Date(to))
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
  const conditions: SQL[] = []
  if (query.resource) conditions.push(eq(audits.resource, query.resource))
  if (query.actorId) conditions.push(eq(audits.actorId, query.actorId))
  if (query.action) conditions.push(eq(audits.action, query.action))
  if (query.from) conditions.push(gte(audits.createdAt, new Date(query.from)))
  if (query.to) conditions.push(upperBound(query.to))
  const where = conditions.length ? and(...conditions) : undefined

  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(audits)
      .where(where)
      .orderBy(query.recentFirst ? desc(audits.seq) : asc(audits.seq))
      .limit(query.pageSize)
      .offset(pageOffset(query)),
    db.select({ value: count() }).from(audits).where(where),
  ])
  // Personal values are stored sealed per subject: readers of the log see them masked (or `[erased]`).
  return toPage(await maskSealedValues(db, rows.map(toAuditRecord)), total?.value ?? 0, query)
}

export async function findAuditResources(options: { db: Executor }): Promise<string[]> {
  const rows = await options.db.selectDistinct({ resource: audits.resource }).from(audits).orderBy(asc(audits.resource))
  return rows.map((r) => r.resource)
}

export async function findAuditActors(options: { db: Executor }) {
  const rows = await options.db
    .selectDistinct({ id: audits.actorId, email: audits.actorEmail, firstName: users.firstName, lastName: users.lastName })
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
