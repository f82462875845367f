import { and, eq } from 'drizzle-orm'
import { describeRequest } from '@/lib/contracts/authorization-values'
import type { AuthorizationDecisionInput } from '@/lib/contracts/authorizations'
import { authorizationDecisionSchema } from '@/lib/contracts/authorizations'
import { appendAudit, type AuditContext } from '@/server/audit/append-audit'
import type { Database, Tx } from '@/server/db/client'
import { authorizations, type AuthorizationRow } from '@/server/db/schema'
import { AppError, notFound } from '@/server/http/app-error'
import type { Actor } from '@/server/http/context'
import { displayName } from '@/server/records/display-name'
import { notifyUsers } from '../notifications/notify-users'
import { findAuthorizationRow } from './authorization-view'
import { getAuthorization } from './get-authorization'
import { kindOf, type AuthorizationKind } from './kinds'
import { notifyMaker } from './notify-authorization'
import { snapshotHash } from './records'

type Outcome = { kind: 'decided'; afterCommit?: (db: Database) => Promise<unknown> } | { kind: 'stale'; why: string }

/**
 * `PUT /authorizations/{id}` (docs/domain.md#authorizations). A different person from the maker decides; approving
 * applies the change in the same transaction as the decision and its audit rows (both actors named), after checking
 * that the record is still as it was when the change was requested: if not, the authorization becomes STALE (kept)
 * and the call answers 409. Of two deciders at once, the conditional update lets one win; the other gets 409.
 * What a type reads, checks and writes is its kind's (kinds/).
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
  if (await accountRequestedBy(db, actor.userId, row.makerId))
    throw new AppError(
      'FOUR_EYES',
      'Your staff account was requested by the person who requested this change, so another person must decide it',
    )
  if (row.status !== 'PENDING') throw new AppError('INVALID_STATE', `This authorization is already ${row.status}`)
  const kind = kindOf(row.type)
  if (input.decision === 'APPROVED') await kind.refuseChecker?.(db, actor, row)

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
    const decisionAudit = async (action: string, extra: Record<string, unknown> = {}) => {
      await appendAudit(tx, options.audit, {
        resource: 'authorization',
        resourceId: id,
        action,
        before: { status: 'PENDING', makerId: row.makerId },
        after: { status: action === 'STALE' ? 'STALE' : input.decision, ...actors, comment: input.comment || null, ...extra },
      })
      await notifyMakerInApp(tx, {
        row,
        actor,
        outcome: action === 'STALE' ? 'could not be applied' : input.decision === 'APPROVED' ? 'was approved' : 'was declined',
      })
    }
    if (input.decision === 'DECLINED') {
      await decisionAudit('DECLINE')
      return { kind: 'decided' }
    }
    const stale = await staleReason(tx, kind, row)
    if (stale) {
      await tx.update(authorizations).set({ status: 'STALE' }).where(eq(authorizations.id, id))
      await decisionAudit('STALE', { why: stale })
      return { kind: 'stale', why: stale }
    }
    const applied = await kind.apply(tx, options.audit, row, actors)
    if (applied.resourceId && !row.resourceId)
      await tx.update(authorizations).set({ resourceId: applied.resourceId }).where(eq(authorizations.id, id))
    await decisionAudit('APPROVE', { resourceId: applied.resourceId })
    return { kind: 'decided', afterCommit: applied.afterCommit }
  })

  await notifyMaker(db, id)
  if (outcome.kind === 'stale')
    throw new AppError(
      'CONFLICT',
      `${outcome.why} since the change was requested; the request is now STALE and must be made again`,
    )
  // After the commit: what it does (a mail) must not undo the approval.
  await outcome.afterCommit?.(db)
  return getAuthorization({ db, actor, id })
}

/** The maker's notification of the decision on their request (docs/notifications.md#kinds), in the decision's transaction. */
async function notifyMakerInApp(tx: Tx, options: { row: AuthorizationRow; actor: Actor; outcome: string }) {
  const { row, actor } = options
  await notifyUsers(tx, {
    userIds: [row.makerId],
    kind: 'DECISION',
    readers: [],
    title: `Your request (${describeRequest(row.type, row.target, row.proposal)}) ${options.outcome} by ${displayName(actor)}`,
    target: { type: 'authorization', id: row.id },
    actorId: actor.userId,
  })
}

/**
 * Whether `userId`'s staff account was created by an approved request of `makerId` (issue 32): a maker who gets an
 * account for a second identity, or for a friend, must not have it check their own changes.
 */
async function accountRequestedBy(db: Database, userId: string, makerId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: authorizations.id })
    .from(authorizations)
    .where(
      and(
        eq(authorizations.type, 'USER_CREATE'),
        eq(authorizations.status, 'APPROVED'),
        eq(authorizations.resourceId, userId),
        eq(authorizations.makerId, makerId),
      ),
    )
    .limit(1)
  return !!row
}

/** Why the change can no longer apply as requested, or null. Locks the record for the rest of the transaction. */
async function staleReason(tx: Tx, kind: AuthorizationKind, row: AuthorizationRow): Promise<string | null> {
  if (kind.creates) return (await kind.staleReason?.(tx, row.proposal)) ?? null
  const current = await kind.current(tx, row, true)
  if (!current) return 'The record has been removed'
  return snapshotHash(current) !== row.beforeHash ? 'The record has changed' : null
}
