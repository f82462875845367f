import type { Context } from 'hono'
import type { Permission } from '@/lib/permissions/names'
import type { AuditContext } from '@/server/audit/append-audit'
import type { Logger } from '@/server/logger'

export interface BusinessMembership {
  businessId: string
  role: string
  permissions: ReadonlySet<Permission>
}

/** The signed-in user a request acts for, loaded from an unrevoked session. */
export interface Actor {
  userId: string
  sessionId: string
  email: string
  firstName: string
  lastName: string
  /** Everything the user holds: staff roles plus every business membership. */
  permissions: ReadonlySet<Permission>
  /** From staff roles only; these apply to every business. */
  staffPermissions: ReadonlySet<Permission>
  memberships: readonly BusinessMembership[]
  /** Holds a staff role with an administrative permission (docs/domain.md#actors). */
  isStaff: boolean
  /** The spec's payment-group flag. */
  iswStaff: boolean
  /** Token expiry, seconds since the epoch. */
  tokenExpiresAt: number
  /** How strongly this session was proven, for step-up (server/auth/step-up.ts). */
  proof: SessionProof
}

export interface SessionProof {
  /** When a second factor was last used in this session (ms since the epoch), or null. */
  factorVerifiedAt: number | null
  /** When the password was last checked in this session (ms since the epoch), or null. */
  passwordVerifiedAt: number | null
  /** The user holds at least one confirmed factor. */
  hasFactor: boolean
  /** Only enrolment calls work until a factor is enrolled. */
  enrolmentOnly: boolean
}

export type AppEnv = {
  Variables: {
    requestId: string
    logger: Logger
    ip: string | null
    actor: Actor | undefined
  }
}

export type AppContext = Context<AppEnv>

export function auditContextOf(c: AppContext): AuditContext {
  const actor = c.get('actor')
  return {
    actorId: actor?.userId ?? null,
    actorEmail: actor?.email ?? null,
    requestId: c.get('requestId'),
    ip: c.get('ip'),
  }
}
