import { eq, inArray } from 'drizzle-orm'
import type { Authorization } from '@/lib/contracts/authorizations'
import { PERMISSIONS } from '@/lib/permissions/names'
import type { Executor } from '@/server/db/client'
import { authorizations, users, type AuthorizationRow } from '@/server/db/schema'
import { holdsStaffPermission } from '@/server/http/access'
import type { Actor } from '@/server/http/context'

/** Who may see every authorization; anyone who may request one sees their own (docs/domain.md#authorizations). */
export const AUTHORIZATION_READERS = [PERMISSIONS.CAN_READ_AUTHORIZATION, PERMISSIONS.CAN_UPDATE_AUTHORIZATION] as const
export const AUTHORIZATION_MAKERS = [
  PERMISSIONS.CAN_CREATE_ROLE,
  PERMISSIONS.CAN_UPDATE_ROLE,
  PERMISSIONS.CAN_CREATE_USER,
  PERMISSIONS.CAN_UPDATE_USER,
  // Configuration under four-eyes (FOUR_EYES_CONFIG): products, their go-live, fees, deferral settings, webhooks.
  PERMISSIONS.CAN_UPDATE_PRODUCT,
  PERMISSIONS.CAN_INDICATE_PRODUCT_GO_LIVE,
  PERMISSIONS.CAN_UPDATE_DEFERRABLE,
  PERMISSIONS.CAN_MANAGE_WEBHOOKS,
  PERMISSIONS.CAN_MANAGE_SCREENING_LISTS,
  // Risk model versions and tier overrides (docs/risk.md#versions).
  PERMISSIONS.CAN_MANAGE_RISK_MODEL,
  PERMISSIONS.CAN_OVERRIDE_RISK_TIER,
] as const
export const AUTHORIZATION_DECIDERS = [PERMISSIONS.CAN_UPDATE_AUTHORIZATION] as const

export function readsEveryAuthorization(actor: Actor): boolean {
  return holdsStaffPermission(actor, ...AUTHORIZATION_READERS)
}

export async function toAuthorizations(db: Executor, rows: AuthorizationRow[]): Promise<Authorization[]> {
  const ids = [...new Set(rows.flatMap((r) => [r.makerId, r.checkerId]).filter((id): id is string => !!id))]
  const people = ids.length
    ? await db
        .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
        .from(users)
        .where(inArray(users.id, ids))
    : []
  const byId = new Map(people.map((p) => [p.id, { id: p.id, name: `${p.firstName} ${p.lastName}`.trim(), email: p.email }]))
  const person = (id: string) => byId.get(id) ?? { id, name: 'Unknown', email: '' }
  return rows.map((r) => ({
    id: r.id,
    type: r.type,
    resource: r.resource,
    resourceId: r.resourceId,
    target: r.target,
    status: r.status,
    reason: r.reason,
    proposal: r.proposal,
    maker: person(r.makerId),
    checker: r.checkerId ? person(r.checkerId) : null,
    comment: r.comment,
    createdAt: r.createdAt.toISOString(),
    decidedAt: r.decidedAt?.toISOString() ?? null,
  }))
}

export async function findAuthorizationRow(db: Executor, id: string) {
  const [row] = await db.select().from(authorizations).where(eq(authorizations.id, id))
  return row ?? null
}
