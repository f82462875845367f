import { and, eq, sql } from 'drizzle-orm'
import type { AuthorizationDecisionInput } from '@/lib/contracts/authorizations'
import { authorizationDecisionSchema } from '@/lib/contracts/authorizations'
import { appendAudit, type AuditContext } from '@/server/audit/append-audit'
import type { Database, Tx } from '@/server/db/client'
import { authorizations, roles, users, type AuthorizationRow } from '@/server/db/schema'
import { AppError, notFound } from '@/server/http/app-error'
import type { Actor } from '@/server/http/context'
import { sendMail } from '@/server/integrations/mail/send-mail'
import { portalLinks } from '@/server/integrations/mail/portal-links'
import { staffInvitationMail } from '@/server/integrations/mail/templates'
import { INVITATION_VALID_DAYS } from '@/server/modules/accounts/account-tokens'
import { findAuthorizationRow } from './authorization-view'
import { getAuthorization } from './get-authorization'
import { currentSnapshot, type RoleProposal, type UserCreateProposal, type UserUpdateProposal } from './proposals'
import { snapshotHash, type RoleSnapshot, type UserSnapshot } from './records'
import { applyRoleCreate, applyRoleUpdate, holdsRole } from './roles'
import { applyUserCreate, applyUserUpdate } from './staff-users'

type Outcome =
  | { kind: 'decided' }
  | { kind: 'stale'; why: string }
  | { kind: 'invited'; email: string; firstName: string; roles: string[]; token: string }

/**
 * `PUT /authorizations/{id}` (docs/domain.md#authorizations). A different person from the maker decides; approving
 * applies the change in the same transaction as the decision and its audit rows (both actors named), after checking
 * that the record is still as it was when the change was requested: if not, the authorization becomes STALE (kept)
 * and the call answers 409. Of two deciders at once, the conditional update lets one win; the other gets 409.
 */
export async function decideAuthorization(options: {
  db: Database
  actor: Actor
  audit: AuditContext
  id: string
  input: AuthorizationDecisionInput
}) {
  const { db, actor, id } = options
  const input = authorizationDecisionSchema.parse(options.input)
  const row = await findAuthorizationRow(db, id)
  if (!row) throw notFound('Authorization')
  if (row.makerId === actor.userId) throw new AppError('FOUR_EYES', 'You requested this change, so another person must decide it')
  if (row.status !== 'PENDING') throw new AppError('INVALID_STATE', `This authorization is already ${row.status}`)
  if (input.decision === 'APPROVED') await assertNotAboutChecker(db, actor, row)

  const outcome = await db.transaction(async (tx): Promise<Outcome> => {
    const [claimed] = await tx
      .update(authorizations)
      .set({ status: input.decision, checkerId: actor.userId, comment: input.comment || null, decidedAt: new Date() })
      .where(and(eq(authorizations.id, id), eq(authorizations.status, 'PENDING')))
      .returning()
    if (!claimed) {
      const [now] = await tx.select({ status: authorizations.status }).from(authorizations).where(eq(authorizations.id, id))
      throw new AppError('INVALID_STATE', `This authorization is already ${now?.status ?? 'decided'}`)
    }
    const actors = { authorizationId: id, makerId: row.makerId, checkerId: actor.userId }
    const decisionAudit = (action: string, extra: Record<string, unknown> = {}) =>
      appendAudit(tx, options.audit, {
        resource: 'authorization',
        resourceId: id,
        action,
        before: { status: 'PENDING', makerId: row.makerId },
        after: { status: action === 'STALE' ? 'STALE' : input.decision, ...actors, comment: input.comment || null, ...extra },
      })
    if (input.decision === 'DECLINED') {
      await decisionAudit('DECLINE')
      return { kind: 'decided' }
    }
    const stale = await staleReason(tx, row)
    if (stale) {
      await tx.update(authorizations).set({ status: 'STALE' }).where(eq(authorizations.id, id))
      await decisionAudit('STALE', { why: stale })
      return { kind: 'stale', why: stale }
    }
    const outcome = await apply(tx, options.audit, row, actors)
    await decisionAudit('APPROVE', { resourceId: outcome.resourceId })
    return outcome.result
  })

  if (outcome.kind === 'stale')
    throw new AppError(
      'CONFLICT',
      `${outcome.why} since the change was requested; the request is now STALE and must be made again`,
    )
  if (outcome.kind === 'invited') {
    // After the commit: a failed mail must not undo the approval (the invitation can be sent again by a reset).
    await sendMail({
      db,
      to: outcome.email,
      mail: staffInvitationMail({
        firstName: outcome.firstName,
        roles: outcome.roles,
        url: portalLinks.acceptInvitation(outcome.token),
        validDays: INVITATION_VALID_DAYS,
      }),
    })
  }
  return getAuthorization({ db, actor, id })
}

/** A checker never approves a change about themselves: their own account, or more permissions for a role they hold. */
async function assertNotAboutChecker(db: Database, actor: Actor, row: AuthorizationRow) {
  if (row.resource === 'user' && row.resourceId === actor.userId)
    throw new AppError('FOUR_EYES', 'This change is about your own account, so another person must decide it')
  if (row.type === 'ROLE_UPDATE' && row.resourceId && (await holdsRole(db, actor.userId, row.resourceId))) {
    const before = row.before as RoleSnapshot | null
    const wanted = (row.proposal as unknown as RoleProposal).permissions
    if (wanted.some((p) => !before?.permissions.includes(p)))
      throw new AppError('FOUR_EYES', 'You hold this role, so another person must approve adding permissions to it')
  }
}

/** Why the change can no longer apply as requested, or null. Locks the record for the rest of the transaction. */
async function staleReason(tx: Tx, row: AuthorizationRow): Promise<string | null> {
  if (row.type === 'ROLE_CREATE') {
    const name = (row.proposal as unknown as RoleProposal).name
    const [taken] = await tx
      .select({ id: roles.id })
      .from(roles)
      .where(sql`lower(${roles.name}) = ${name.toLowerCase()}`)
    return taken ? `A role named ${name} has been created` : null
  }
  if (row.type === 'USER_CREATE') {
    const email = (row.proposal as unknown as UserCreateProposal).email
    const [taken] = await tx.select({ id: users.id }).from(users).where(eq(users.email, email))
    return taken ? `An account for ${email} has been created` : null
  }
  const current = await currentSnapshot(tx, row, true)
  if (!current) return 'The record has been removed'
  return snapshotHash(current) !== row.beforeHash ? 'The record has changed' : null
}

async function apply(
  tx: Tx,
  audit: AuditContext,
  row: AuthorizationRow,
  actors: Record<string, string>,
): Promise<{ resourceId: string; result: Outcome }> {
  switch (row.type) {
    case 'ROLE_CREATE': {
      const roleId = await applyRoleCreate(tx, audit, row.proposal as unknown as RoleProposal, actors)
      await tx.update(authorizations).set({ resourceId: roleId }).where(eq(authorizations.id, row.id))
      return { resourceId: roleId, result: { kind: 'decided' } }
    }
    case 'ROLE_UPDATE':
      await applyRoleUpdate(
        tx,
        audit,
        row.resourceId!,
        row.before as unknown as RoleSnapshot,
        row.proposal as unknown as RoleProposal,
        actors,
      )
      return { resourceId: row.resourceId!, result: { kind: 'decided' } }
    case 'USER_CREATE': {
      const proposal = row.proposal as unknown as UserCreateProposal
      const created = await applyUserCreate(tx, audit, proposal, actors)
      await tx.update(authorizations).set({ resourceId: created.userId }).where(eq(authorizations.id, row.id))
      return {
        resourceId: created.userId,
        result: {
          kind: 'invited',
          email: proposal.email,
          firstName: proposal.firstName,
          roles: created.after.roles,
          token: created.token,
        },
      }
    }
    case 'USER_UPDATE':
      await applyUserUpdate(
        tx,
        audit,
        row.resourceId!,
        row.before as unknown as UserSnapshot,
        row.proposal as unknown as UserUpdateProposal,
        actors,
      )
      return { resourceId: row.resourceId!, result: { kind: 'decided' } }
  }
}
