import { and, asc, count, desc, eq, gt, isNull, type SQL } from 'drizzle-orm'
import type { z } from 'zod'
import { getConfig } from '@/lib/config/env'
import type { sessionListQuerySchema, UserSession } from '@/lib/contracts/sessions'
import type { Executor } from '@/server/db/client'
import { sessions } from '@/server/db/schema'
import type { Actor } from '@/server/http/context'
import { findPage } from '@/server/http/pagination'
import { deviceName } from './device-name'

/**
 * The caller's sessions whose tokens still work: not revoked, not past their limit and, for staff, not idle past
 * STAFF_IDLE_TIMEOUT_MINUTES (such a session is revoked on its next call: docs/security.md#sessions).
 */
export function liveSessionsOf(actor: Pick<Actor, 'userId' | 'isStaff'>, now = new Date()): SQL {
  const conditions = [eq(sessions.userId, actor.userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)]
  if (actor.isStaff) conditions.push(gt(sessions.lastSeenAt, new Date(now.getTime() - getConfig().staffIdleTimeoutMs)))
  return and(...conditions)!
}

/** `GET /accounts/sessions`: the signed-in user's live sessions, most recently used first; only their own. */
export async function findOwnSessions(options: { db: Executor; actor: Actor; query: z.output<typeof sessionListQuerySchema> }) {
  const { db, actor, query } = options
  const where = liveSessionsOf(actor)
  return findPage({
    query,
    rows: db
      .select({
        id: sessions.id,
        userAgent: sessions.userAgent,
        ip: sessions.ip,
        createdAt: sessions.createdAt,
        lastSeenAt: sessions.lastSeenAt,
        authMethod: sessions.authMethod,
      })
      .from(sessions)
      .where(where)
      .orderBy(desc(sessions.lastSeenAt), desc(sessions.createdAt), asc(sessions.id)),
    count: () => db.select({ value: count() }).from(sessions).where(where),
    content: (rows) =>
      rows.map((row): UserSession => ({
        id: row.id,
        device: deviceName(row.userAgent),
        ip: row.ip,
        createdAt: row.createdAt.toISOString(),
        lastSeenAt: row.lastSeenAt.toISOString(),
        authMethod: row.authMethod,
        current: row.id === actor.sessionId,
      })),
  })
}
