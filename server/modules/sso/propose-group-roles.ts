import { and, eq, inArray } from 'drizzle-orm'
import type { AuditContext } from '@/server/audit/append-audit'
import type { Database } from '@/server/db/client'
import { roles, userRoles } from '@/server/db/schema'
import { AppError } from '@/server/http/app-error'
import type { Actor } from '@/server/http/context'
import type { OidcSettings } from '@/server/integrations/oidc/identity-provider'
import { logger } from '@/server/logger'
import type { UserUpdateProposal } from '@/server/modules/authorizations/proposals'
import { findUserSnapshot, pendingAuthorizationIds } from '@/server/modules/authorizations/records'
import { requestChange } from '@/server/modules/authorizations/request-authorization'

/** The groups the identity provider says the user is in: a list of names (or ids), or one. */
export function groupsOf(claims: Record<string, unknown>, claim: string): string[] {
  const value = claims[claim]
  if (typeof value === 'string') return [value]
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : []
}

/**
 * OIDC_GROUP_ROLES: a group of the signed-in user that maps to a staff role they do not hold *proposes* it, as a
 * PENDING four-eyes request to change the user's roles (USER_UPDATE, docs/domain.md#authorizations); the role is
 * granted only if a checker approves it. Roles always come from the portal's own authorizations, never from the
 * identity provider. The user is the request's maker, so they cannot decide it themselves; nothing is proposed while
 * any request about the user is pending. A group never removes a role. Audited as every request is (`REQUEST`).
 * Answers the authorization's id, or null when nothing was proposed.
 */
export async function proposeGroupRoles(options: {
  db: Database
  settings: OidcSettings
  user: { id: string; email: string; firstName: string; lastName: string; iswStaff: boolean }
  groups: string[]
  audit: AuditContext
}): Promise<string | null> {
  const { db, user, settings } = options
  const wanted = [...new Set(settings.groupRoles.filter((m) => options.groups.includes(m.group)).map((m) => m.role))]
  if (!wanted.length) return null

  const found = await db
    .select({ id: roles.id, name: roles.name })
    .from(roles)
    .where(and(inArray(roles.name, wanted), eq(roles.scope, 'staff')))
  const unknown = wanted.filter((name) => !found.some((r) => r.name === name))
  if (unknown.length) logger.warn({ roles: unknown }, 'sso: OIDC_GROUP_ROLES names roles that are not staff roles; ignored')
  const held = await db.select({ roleId: userRoles.roleId }).from(userRoles).where(eq(userRoles.userId, user.id))
  const heldIds = new Set(held.map((r) => r.roleId))
  const missing = found.filter((r) => !heldIds.has(r.id))
  if (!missing.length) return null
  if ((await pendingAuthorizationIds(db, 'user', [user.id])).has(user.id)) return null

  const before = await findUserSnapshot(db, user.id)
  if (!before) return null
  const proposal: UserUpdateProposal = {
    roleIds: [...new Set([...heldIds, ...missing.map((r) => r.id)])].sort(),
    status: 'ACTIVE',
  }
  const groups = settings.groupRoles.filter((m) => missing.some((r) => r.name === m.role) && options.groups.includes(m.group))
  try {
    const request = await requestChange(
      { db, actor: makerOf(user), audit: options.audit, input: proposal, reason: identityProviderReason(groups) },
      { type: 'USER_UPDATE', resource: 'user', resourceId: user.id, target: user.email, proposal, before },
    )
    return request.id
  } catch (error) {
    // Another request about the user arrived meanwhile (409): it waits for its checker; this one is dropped.
    if (error instanceof AppError && error.code === 'CONFLICT') return null
    throw error
  }
}

const identityProviderReason = (groups: { group: string; role: string }[]) =>
  `Proposed by the identity provider at single sign-on: ${groups.map((g) => `group "${g.group}" → ${g.role}`).join(', ')}`

/**
 * The request's maker: the signed-in user, as the authorizations module records a maker (id, e-mail, name). No
 * permission is taken from it; only `getAuthorization`'s "a maker sees their own" reads it back.
 */
function makerOf(user: { id: string; email: string; firstName: string; lastName: string; iswStaff: boolean }): Actor {
  return {
    userId: user.id,
    sessionId: '',
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    permissions: new Set(),
    staffPermissions: new Set(),
    memberships: [],
    isStaff: true,
    iswStaff: user.iswStaff,
    tokenExpiresAt: 0,
    proof: { factorVerifiedAt: null, passwordVerifiedAt: null, hasFactor: false, enrolmentOnly: false },
  }
}
