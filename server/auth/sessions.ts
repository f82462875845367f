import { and, eq, isNull, ne } from 'drizzle-orm'
import { getConfig } from '@/lib/config/env'
import type { Executor } from '@/server/db/client'
import { sessions } from '@/server/db/schema'

/** Starts a server-side session; tokens name it and stop working when it is revoked or expires. */
export async function createSession(options: { db: Executor; userId: string; ip?: string | null; userAgent?: string | null }) {
  const expiresAt = new Date(Date.now() + getConfig().sessionMaxSeconds * 1000)
  const [session] = await options.db
    .insert(sessions)
    .values({ userId: options.userId, expiresAt, ip: options.ip ?? null, userAgent: options.userAgent?.slice(0, 500) ?? null })
    .returning()
  return session!
}

export async function revokeSession(options: { db: Executor; sessionId: string; reason: string }) {
  const revoked = await options.db
    .update(sessions)
    .set({ revokedAt: new Date(), revokedReason: options.reason })
    .where(and(eq(sessions.id, options.sessionId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id })
  return revoked.length > 0
}

/** Logout everywhere (password reset, user disabled); `exceptSessionId` keeps the caller's own session. */
export async function revokeUserSessions(options: { db: Executor; userId: string; reason: string; exceptSessionId?: string }) {
  const conditions = [eq(sessions.userId, options.userId), isNull(sessions.revokedAt)]
  if (options.exceptSessionId) conditions.push(ne(sessions.id, options.exceptSessionId))
  const revoked = await options.db
    .update(sessions)
    .set({ revokedAt: new Date(), revokedReason: options.reason })
    .where(and(...conditions))
    .returning({ id: sessions.id })
  return revoked.length
}
