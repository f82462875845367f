import { and, eq, gt, isNull, ne, type SQL } from 'drizzle-orm'
import { getConfig } from '@/lib/config/env'
import type { Executor } from '@/server/db/client'
import { sessions, users } from '@/server/db/schema'

/** Starts a server-side session; tokens name it and stop working when it is revoked or expires. */
export async function createSession(options: {
  db: Executor
  userId: string
  ip?: string | null
  userAgent?: string | null
  /** A second factor was used to start it (or the identity provider's `amr` says one was). */
  factorVerified?: boolean
  /** The user's password was checked to start it. */
  passwordVerified?: boolean
  /** Only enrolment calls work until a factor is enrolled (server/modules/factors/factor-policy.ts). */
  enrolmentOnly?: boolean
  authMethod?: 'PASSWORD' | 'SSO'
  ssoRefreshToken?: string | null
}) {
  const now = new Date()
  const expiresAt = new Date(now.getTime() + getConfig().sessionMaxSeconds * 1000)
  const [session] = await options.db
    .insert(sessions)
    .values({
      userId: options.userId,
      expiresAt,
      ip: options.ip ?? null,
      userAgent: options.userAgent?.slice(0, 500) ?? null,
      lastSeenAt: now,
      factorVerifiedAt: options.factorVerified ? now : null,
      passwordVerifiedAt: options.passwordVerified ? now : null,
      enrolmentOnly: options.enrolmentOnly ?? false,
      authMethod: options.authMethod ?? 'PASSWORD',
      ssoRefreshToken: options.ssoRefreshToken ?? null,
    })
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

/**
 * The one definition of a live session, for the API (load-actor.ts) and the portal's page check (server/bff):
 * this session of this user, not revoked (logout, password change or reset), not past its limit, user active.
 * Needs `users` joined on the session's user.
 */
export function liveSessionCondition(sessionId: string, userId: string): SQL {
  return and(
    eq(sessions.id, sessionId),
    eq(sessions.userId, userId),
    isNull(sessions.revokedAt),
    gt(sessions.expiresAt, new Date()),
    eq(users.status, 'ACTIVE'),
  )!
}

export async function isSessionLive(options: { db: Executor; sessionId: string; userId: string }): Promise<boolean> {
  const [live] = await options.db
    .select({ id: sessions.id })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(liveSessionCondition(options.sessionId, options.userId))
    .limit(1)
  return !!live
}
