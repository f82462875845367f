import { and, asc, eq } from 'drizzle-orm'
import { describeRequest, type AuthorizationResource } from '@/lib/contracts/authorization-values'
import type { PendingAuthorization } from '@/lib/contracts/authorizations'
import type { Executor } from '@/server/db/client'
import { authorizations, users } from '@/server/db/schema'
import type { Actor } from '@/server/http/context'
import { readsEveryAuthorization } from './authorization-view'

/**
 * `GET /authorizations/pending?resource=`: every PENDING request about one kind of record (docs/domain.md#authorizations),
 * so the screen of a product, a fee, a setting or a webhook says a change waits, and by whom, instead of offering the
 * change again. Whoever may read or request authorizations sees that a request waits; `visible` says whether they may
 * open it.
 */
export async function findPendingAuthorizations(options: {
  db: Executor
  actor: Actor
  resource: AuthorizationResource
}): Promise<PendingAuthorization[]> {
  const { db, actor } = options
  const rows = await db
    .select({
      id: authorizations.id,
      type: authorizations.type,
      resource: authorizations.resource,
      resourceId: authorizations.resourceId,
      target: authorizations.target,
      proposal: authorizations.proposal,
      makerId: authorizations.makerId,
      firstName: users.firstName,
      lastName: users.lastName,
      createdAt: authorizations.createdAt,
    })
    .from(authorizations)
    .innerJoin(users, eq(users.id, authorizations.makerId))
    .where(and(eq(authorizations.status, 'PENDING'), eq(authorizations.resource, options.resource)))
    .orderBy(asc(authorizations.createdAt))
  const readsAll = readsEveryAuthorization(actor)
  return rows.map((r) => ({
    id: r.id,
    type: r.type,
    resource: r.resource,
    resourceId: r.resourceId,
    target: r.target,
    what: describeRequest(r.type, r.target, r.proposal),
    maker: { id: r.makerId, name: `${r.firstName} ${r.lastName}`.trim() },
    createdAt: r.createdAt.toISOString(),
    mine: r.makerId === actor.userId,
    visible: readsAll || r.makerId === actor.userId,
  }))
}
