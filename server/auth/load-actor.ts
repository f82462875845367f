import { and, eq, gt, isNull, sql } from 'drizzle-orm'
import { getConfig } from '@/lib/config/env'
import { holdsStaffPermission } from '@/lib/permissions/checks'
import { isPermission, type Permission } from '@/lib/permissions/names'
import { knownAuthEpoch } from '@/server/db/auth-epoch-watch'
import type { Database, Executor } from '@/server/db/client'
import { authEpoch, sessions, users } from '@/server/db/schema'
import type { Actor, BusinessMembership } from '@/server/http/context'
import { liveSessionCondition } from './sessions'
import type { AccessTokenClaims } from './tokens'

/** Names of the permissions a role holds, as a text[] (correlated on the `roles` alias `r`). */
const ROLE_PERMISSION_NAMES = sql`
  SELECT coalesce(array_agg(p.name), '{}') FROM role_permissions rp
  JOIN permissions p ON p.id = rp.permission_id WHERE rp.role_id = r.id`

/** The permission names a user holds through staff roles, for a query over `users` (the actor, sign-in policy, SSO). */
export const STAFF_PERMISSION_NAMES = sql<string[]>`(
  SELECT coalesce(array_agg(DISTINCT p.name), '{}') FROM user_roles ur
  JOIN roles r ON r.id = ur.role_id AND r.scope = 'staff'
  JOIN role_permissions rp ON rp.role_id = r.id
  JOIN permissions p ON p.id = rp.permission_id
  WHERE ur.user_id = "users"."id")`

/** What the actor query selects; `epoch` is read in the same statement, so it is the snapshot the actor comes from. */
const ACTOR_COLUMNS = {
  userId: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  iswStaff: users.iswStaff,
  sessionExpiresAt: sessions.expiresAt,
  tokenGeneration: sessions.tokenGeneration,
  lastSeenAt: sessions.lastSeenAt,
  factorVerifiedAt: sessions.factorVerifiedAt,
  passwordVerifiedAt: sessions.passwordVerifiedAt,
  enrolmentOnly: sessions.enrolmentOnly,
  hasFactor: sql<boolean>`EXISTS (SELECT 1 FROM user_factors f WHERE f.user_id = ${users.id} AND f.confirmed_at IS NOT NULL)`,
  epoch: sql<string | number>`(SELECT value FROM auth_epoch WHERE id = 1)`.mapWith(Number),
  staffPermissions: STAFF_PERMISSION_NAMES,
  memberships: sql<{ businessId: string; role: string; permissions: string[] }[]>`(
    SELECT coalesce(json_agg(json_build_object('businessId', bu.business_id, 'role', r.name, 'permissions', (${ROLE_PERMISSION_NAMES}))), '[]')
    FROM business_users bu JOIN roles r ON r.id = bu.role_id
    WHERE bu.user_id = ${users.id} AND bu.is_active)`,
}

type ActorRow = {
  userId: string
  email: string
  firstName: string
  lastName: string
  iswStaff: boolean
  sessionExpiresAt: Date
  tokenGeneration: number
  lastSeenAt: Date
  factorVerifiedAt: Date | string | null
  passwordVerifiedAt: Date | string | null
  enrolmentOnly: boolean
  hasFactor: boolean
  epoch: number
  staffPermissions: string[]
  memberships: { businessId: string; role: string; permissions: string[] }[]
}

/** The actor as the session and roles make it, without the token's own expiry. */
type SessionActor = Omit<Actor, 'tokenExpiresAt'>

function toSessionActor(row: ActorRow, sessionId: string): SessionActor {
  const staffPermissions = new Set(row.staffPermissions.filter(isPermission))
  const memberships: BusinessMembership[] = row.memberships.map((m) => ({
    businessId: m.businessId,
    role: m.role,
    permissions: new Set(m.permissions.filter(isPermission)),
  }))
  const all = new Set<Permission>(staffPermissions)
  for (const m of memberships) for (const p of m.permissions) all.add(p)
  return {
    userId: row.userId,
    sessionId,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    permissions: all,
    staffPermissions,
    memberships,
    isStaff: holdsStaffPermission(staffPermissions),
    iswStaff: row.iswStaff,
    proof: {
      factorVerifiedAt: row.factorVerifiedAt ? new Date(row.factorVerifiedAt).getTime() : null,
      passwordVerifiedAt: row.passwordVerifiedAt ? new Date(row.passwordVerifiedAt).getTime() : null,
      hasFactor: !!row.hasFactor,
      enrolmentOnly: !!row.enrolmentOnly,
    },
  }
}

/** A token minted before the session's last refresh: replaced, so refused (docs/security.md#sessions). */
const isReplacedToken = (claims: AccessTokenClaims, tokenGeneration: number) =>
  claims.generation !== undefined && claims.generation < tokenGeneration

/** A staff session unused for STAFF_IDLE_TIMEOUT_MINUTES (20) has ended, whatever its tokens say. */
const isIdleStaff = (actor: SessionActor, lastSeenAt: number, now: number) =>
  actor.isStaff && now - lastSeenAt > getConfig().staffIdleTimeoutMs

/** How often the last-seen time is written: at most once a minute per session and process. */
const LAST_SEEN_WRITE_MS = 60_000

/** Ends an idle staff session for good (the page check and every instance then refuse it too). */
async function endIdleSession(db: Executor, sessionId: string) {
  await db
    .update(sessions)
    .set({ revokedAt: new Date(), revokedReason: 'idle timeout' })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)))
}

async function touchSession(db: Executor, sessionId: string, at: number) {
  await db
    .update(sessions)
    .set({ lastSeenAt: new Date(at) })
    .where(eq(sessions.id, sessionId))
}

/**
 * The actor for a verified token, or null when its session is revoked or expired, the user is not active, the token
 * was replaced by a refresh, or a staff session has been idle too long. One round trip, read afresh (inside a
 * transaction, or where a cached answer would not do).
 */
export async function loadActor(db: Executor, claims: AccessTokenClaims): Promise<Actor | null> {
  const [row] = await db
    .select(ACTOR_COLUMNS)
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(liveSessionCondition(claims.sessionId, claims.userId))
  if (!row || isReplacedToken(claims, row.tokenGeneration)) return null
  const actor = toSessionActor(row, claims.sessionId)
  if (isIdleStaff(actor, new Date(row.lastSeenAt).getTime(), Date.now())) return null
  return { ...actor, tokenExpiresAt: claims.expiresAt }
}

// ---------------------------------------------------------------------------------------------------------------------
// The per-process cache of the hot path (every authenticated API call, every /s/ page check).

/** Prepared (named on PostgreSQL: parsed and planned once per connection) per database. */
function preparedFor(db: Database) {
  return {
    epoch: db.select({ value: authEpoch.value }).from(authEpoch).where(eq(authEpoch.id, 1)).prepare('auth_epoch_value'),
    actor: db
      .select(ACTOR_COLUMNS)
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(
        and(
          eq(sessions.id, sql.placeholder('sessionId')),
          eq(sessions.userId, sql.placeholder('userId')),
          isNull(sessions.revokedAt),
          gt(sessions.expiresAt, sql.placeholder('now')),
          eq(users.status, 'ACTIVE'),
        ),
      )
      .prepare('actor_by_session'),
  }
}
const prepared = new WeakMap<Database, ReturnType<typeof preparedFor>>()
function statementsOf(db: Database) {
  let statements = prepared.get(db)
  if (!statements) prepared.set(db, (statements = preparedFor(db)))
  return statements
}

interface CacheEntry {
  actor: SessionActor
  epoch: number
  sessionExpiresAt: number
  tokenGeneration: number
  /** When this process last wrote (or read) the session's last-seen time. */
  lastSeenAt: number
  cachedAt: number
}

/**
 * Keyed by session id (an entry also names its user, checked against the token): one session's actor never answers
 * another's. An entry is used only while `auth_epoch` still holds the value read with it, i.e. no session, user, role,
 * permission or membership changed since, in this process or any other on the database; and never past its session's
 * expiry or MAX_AGE_MS.
 */
const cache = new Map<string, CacheEntry>()
const MAX_ENTRIES = 10_000
const MAX_AGE_MS = 60_000

/** Reads the current epoch; one tiny prepared statement. */
export async function currentAuthEpoch(db: Database): Promise<number> {
  const [row] = await statementsOf(db).epoch.execute()
  return Number(row?.value ?? 0)
}

/** The entry answers this token's user, within its session's expiry and MAX_AGE_MS (the epoch is checked apart). */
const isFreshEntry = (cached: CacheEntry, claims: AccessTokenClaims, now: number) =>
  cached.actor.userId === claims.userId && cached.sessionExpiresAt > now && now - cached.cachedAt < MAX_AGE_MS

/**
 * The cached actor without an await, when the process heard the epoch it was read at, it is fresh, and its session's
 * last-seen time is not due to be written; undefined when loadActorCached must decide (null: the token was replaced).
 */
export function knownActor(db: Database, claims: AccessTokenClaims): Actor | null | undefined {
  const cached = cache.get(claims.sessionId)
  if (!cached) return undefined
  const now = Date.now()
  if (!isFreshEntry(cached, claims, now) || knownAuthEpoch(db) !== cached.epoch) return undefined
  if (isReplacedToken(claims, cached.tokenGeneration)) return null
  if (isIdleStaff(cached.actor, cached.lastSeenAt, now) || now - cached.lastSeenAt > LAST_SEEN_WRITE_MS) return undefined
  return { ...cached.actor, tokenExpiresAt: claims.expiresAt }
}

/**
 * loadActor for the request path: the cached actor when nothing that defines it has changed (the epoch as the
 * process heard it through LISTEN, server/db/auth-epoch-watch.ts, or else one indexed read), otherwise one prepared query for the actor and the epoch together.
 */
export async function loadActorCached(db: Database, claims: AccessTokenClaims): Promise<Actor | null> {
  const now = Date.now()
  const cached = cache.get(claims.sessionId)
  if (cached) {
    if (isFreshEntry(cached, claims, now) && (knownAuthEpoch(db) ?? (await currentAuthEpoch(db))) === cached.epoch) {
      if (isReplacedToken(claims, cached.tokenGeneration)) return null
      // Idle as far as this process knows: another instance may have seen the session since, so read it afresh.
      if (!isIdleStaff(cached.actor, cached.lastSeenAt, now)) {
        if (now - cached.lastSeenAt > LAST_SEEN_WRITE_MS) {
          cached.lastSeenAt = now
          await touchSession(db, claims.sessionId, now)
        }
        return { ...cached.actor, tokenExpiresAt: claims.expiresAt }
      }
    }
    cache.delete(claims.sessionId)
  }
  const [row] = await statementsOf(db).actor.execute({
    sessionId: claims.sessionId,
    userId: claims.userId,
    now: new Date(now).toISOString(),
  })
  if (!row || isReplacedToken(claims, row.tokenGeneration)) return null
  const actor = toSessionActor(row, claims.sessionId)
  let lastSeenAt = new Date(row.lastSeenAt).getTime()
  if (isIdleStaff(actor, lastSeenAt, now)) {
    await endIdleSession(db, claims.sessionId)
    return null
  }
  if (now - lastSeenAt > LAST_SEEN_WRITE_MS) {
    lastSeenAt = now
    await touchSession(db, claims.sessionId, now)
  }
  if (cache.size >= MAX_ENTRIES) cache.delete(cache.keys().next().value!)
  cache.set(claims.sessionId, {
    actor,
    epoch: row.epoch,
    sessionExpiresAt: new Date(row.sessionExpiresAt).getTime(),
    tokenGeneration: row.tokenGeneration,
    lastSeenAt,
    cachedAt: now,
  })
  return { ...actor, tokenExpiresAt: claims.expiresAt }
}

/** Drops every cached actor (tests; a process that wants to start cold). */
export function clearActorCache(): void {
  cache.clear()
}
