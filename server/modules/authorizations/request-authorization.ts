import { and, eq } from 'drizzle-orm'
import {
  AUTHORIZATION_DECIDER_PERMISSION,
  AUTHORIZATION_DECIDER_WORDS,
  describeRequest,
  type AuthorizationResource,
  type AuthorizationType,
} from '@/lib/contracts/authorization-values'
import { appendAudit, type AuditContext } from '@/server/audit/append-audit'
import type { Database } from '@/server/db/client'
import { uniqueViolationOf } from '@/server/db/errors'
import { authorizations, users } from '@/server/db/schema'
import { AppError } from '@/server/http/app-error'
import type { Actor } from '@/server/http/context'
import { getAuthorization } from './get-authorization'
import { kindOf } from './kinds'
import { notifyCheckers } from './notify-authorization'
import { snapshotHash, type Snapshot } from './records'

/**
 * Records a proposed change as a PENDING authorization with its audit row, in one transaction; nothing else changes
 * (docs/domain.md#authorizations). A second pending request for the same record answers 409 (the partial unique index
 * on `target_key` decides when two arrive at once).
 */
export async function requestAuthorization(options: {
  db: Database
  actor: Actor
  audit: AuditContext
  type: AuthorizationType
  resource: AuthorizationResource
  resourceId: string | null
  targetKey: string
  target: string
  proposal: Record<string, unknown>
  before: Snapshot | null
  reason: string | null
}) {
  const { db, actor } = options
  let id: string
  try {
    id = await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(authorizations)
        .values({
          type: options.type,
          resource: options.resource,
          resourceId: options.resourceId,
          targetKey: options.targetKey,
          target: options.target,
          proposal: options.proposal,
          before: options.before as Record<string, unknown> | null,
          beforeHash: options.before ? snapshotHash(options.before) : null,
          reason: options.reason,
          makerId: actor.userId,
        })
        .returning({ id: authorizations.id })
      await appendAudit(tx, options.audit, {
        resource: 'authorization',
        resourceId: row!.id,
        action: 'REQUEST',
        after: {
          type: options.type,
          resource: options.resource,
          resourceId: options.resourceId,
          target: options.target,
          proposal: options.proposal,
          reason: options.reason,
          makerId: actor.userId,
          makerEmail: actor.email,
        },
      })
      return row!.id
    })
  } catch (error) {
    if (uniqueViolationOf(error) !== null) throw await alreadyPending(db, actor, options.targetKey, options.target)
    throw error
  }
  await notifyCheckers(db, id)
  return getAuthorization({ db, actor, id })
}

/**
 * The 409 of a second request for a record that has one pending: it says what waits, whose it is and who can decide
 * it (the maker cannot), so nobody is told to "decide that one first" when they may not.
 */
async function alreadyPending(db: Database, actor: Actor, targetKey: string, target: string): Promise<AppError> {
  const [pending] = await db
    .select({
      type: authorizations.type,
      target: authorizations.target,
      proposal: authorizations.proposal,
      makerId: authorizations.makerId,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(authorizations)
    .innerJoin(users, eq(users.id, authorizations.makerId))
    .where(and(eq(authorizations.targetKey, targetKey), eq(authorizations.status, 'PENDING')))
  const what = pending ? describeRequest(pending.type, pending.target, pending.proposal) : `change ${target}`
  const whose = !pending ? '' : pending.makerId === actor.userId ? ' (yours)' : ` (by ${pending.firstName} ${pending.lastName})`
  const message = `A request to ${what}${whose} is already waiting for ${AUTHORIZATION_DECIDER_WORDS} to decide it; until then no other change to it can be requested.`
  return new AppError('CONFLICT', message, {
    details: [{ code: 'CONFLICT', message, permissions: [AUTHORIZATION_DECIDER_PERMISSION] }],
  })
}

/** What a maker's request service takes: who asks, and what they propose. */
export interface RequestArgs<Input> {
  db: Database
  actor: Actor
  audit: AuditContext
  input: Input
}

/**
 * A change to an existing record also names it and may give the maker's reason (`PUT …/{id}?reason=`, required for
 * roles and staff users).
 */
export interface ChangeRequestArgs<Input> extends RequestArgs<Input> {
  id: string
  reason?: string | null
}

interface Proposed {
  type: AuthorizationType
  resource: AuthorizationResource
  target: string
  proposal: object
}

/** A request for a new record: nothing stands before it and no reason is asked; `targetKey` is what two may not share. */
export function requestCreation(options: RequestArgs<unknown>, request: Proposed & { targetKey: string }) {
  return requestAuthorization({
    ...options,
    ...request,
    resourceId: null,
    proposal: { ...request.proposal },
    before: null,
    reason: null,
  })
}

/**
 * A request to change the record `resourceId` (as stored), `before` being its snapshot now; a setting has no id and
 * names itself by `targetKey`. A proposal that would leave the record as it is answers 400.
 */
export async function requestChange(
  options: Omit<ChangeRequestArgs<unknown>, 'id'>,
  request: Proposed &
    ({ resourceId: string; targetKey?: undefined } | { resourceId: null; targetKey: string }) & {
      before: Snapshot
    },
) {
  const after = await kindOf(request.type).proposed(options.db, { ...request.proposal }, request.before)
  if (snapshotHash(after) === snapshotHash(request.before)) throw new AppError('VALIDATION_FAILED', 'This changes nothing')
  return requestAuthorization({
    ...options,
    ...request,
    targetKey: request.targetKey ?? `${request.resource}:${request.resourceId}`,
    proposal: { ...request.proposal },
    reason: options.reason ?? null,
  })
}
