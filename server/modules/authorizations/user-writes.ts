import { and, count, eq, ne, sql } from 'drizzle-orm'
import { appendAudit, type AuditContext } from '@/server/audit/append-audit'
import { revokeUserSessions } from '@/server/auth/sessions'
import type { Executor, Tx } from '@/server/db/client'
import { roles, userRoles, users } from '@/server/db/schema'
import { AppError } from '@/server/http/app-error'
import { issueAccountToken } from '@/server/modules/accounts/account-tokens'
import type { UserCreateProposal, UserUpdateProposal } from './proposals'
import { findUserSnapshot, roleNamesOf, type UserSnapshot } from './records'

/**
 * Writes of an approved staff-user change (kinds/users.ts) and the rule both the request and the approval check,
 * apart from the requests (staff-users.ts) so neither imports the other.
 */

const SUPER_ADMIN = 'SUPER_ADMIN'
/** Any constant; only this check takes it. */
const SUPER_ADMIN_LOCK = 7340020

/**
 * The last active SUPER_ADMIN keeps the role and stays active (docs/domain.md#authorizations): otherwise nobody could
 * ever grant anything again. Checked when the change is requested and again when it is applied.
 */
export async function assertNotLastSuperAdmin(db: Executor, userId: string, after: { roles: string[]; status: string }) {
  const before = await findUserSnapshot(db, userId)
  if (!before?.roles.includes(SUPER_ADMIN) || before.status !== 'ACTIVE') return
  if (after.roles.includes(SUPER_ADMIN) && after.status === 'ACTIVE') return
  const [others] = await db
    .select({ value: count() })
    .from(users)
    .innerJoin(userRoles, eq(userRoles.userId, users.id))
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(and(eq(roles.name, SUPER_ADMIN), eq(users.status, 'ACTIVE'), ne(users.id, userId)))
  if (!others?.value)
    throw new AppError('PRECONDITION_FAILED', 'This is the last active SUPER_ADMIN: give the role to someone else first')
}

/** Applies an approved USER_CREATE: the account, pending activation, with its roles and an invitation token. */
export async function applyUserCreate(tx: Tx, audit: AuditContext, proposal: UserCreateProposal, actors: Record<string, string>) {
  const [user] = await tx
    .insert(users)
    .values({ email: proposal.email, firstName: proposal.firstName, lastName: proposal.lastName, status: 'PENDING_ACTIVATION' })
    .returning()
  await tx.insert(userRoles).values(proposal.roleIds.map((roleId) => ({ userId: user!.id, roleId })))
  const token = await issueAccountToken({ db: tx, userId: user!.id, purpose: 'INVITATION' })
  const after = (await findUserSnapshot(tx, user!.id))!
  await appendAudit(tx, audit, { resource: 'user', resourceId: user!.id, action: 'CREATE', after: { ...after, ...actors } })
  return { userId: user!.id, token, after }
}

/**
 * Applies an approved USER_UPDATE (the caller has locked and re-checked the user). Disabling revokes every session of
 * the user in the same transaction, so their next call answers 401.
 */
export async function applyUserUpdate(
  tx: Tx,
  audit: AuditContext,
  userId: string,
  before: UserSnapshot,
  proposal: UserUpdateProposal,
  actors: Record<string, string>,
) {
  const roleNames = await roleNamesOf(tx, proposal.roleIds)
  const [row] = await tx.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId))
  const status =
    proposal.status === 'DISABLED'
      ? 'DISABLED'
      : before.status === 'DISABLED'
        ? row?.passwordHash
          ? 'ACTIVE'
          : 'PENDING_ACTIVATION'
        : (before.status as 'ACTIVE' | 'PENDING_ACTIVATION')
  // Two approvals disabling the last two SUPER_ADMINs at once must not both pass the check: one waits for the other.
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${SUPER_ADMIN_LOCK})`)
  await assertNotLastSuperAdmin(tx, userId, { roles: roleNames, status })
  await tx.update(users).set({ status, updatedAt: new Date() }).where(eq(users.id, userId))
  await tx.delete(userRoles).where(eq(userRoles.userId, userId))
  await tx.insert(userRoles).values(proposal.roleIds.map((roleId) => ({ userId, roleId })))
  const revokedSessions = status === 'DISABLED' ? await revokeUserSessions({ db: tx, userId, reason: 'account disabled' }) : 0
  const after = (await findUserSnapshot(tx, userId))!
  await appendAudit(tx, audit, {
    resource: 'user',
    resourceId: userId,
    action: 'UPDATE',
    before,
    after: { ...after, revokedSessions, ...actors },
  })
}
