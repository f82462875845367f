import { and, eq, ne, sql } from 'drizzle-orm'
import { AUTHORIZATION_DECIDER_PERMISSION, describeRequest } from '@/lib/contracts/authorization-values'
import type { Database } from '@/server/db/client'
import { authorizations, permissions, rolePermissions, roles, userRoles, users } from '@/server/db/schema'
import { portalLinks } from '@/server/integrations/mail/portal-links'
import { sendMail } from '@/server/integrations/mail/send-mail'
import { authorizationDecisionMail, authorizationRequestMail } from '@/server/integrations/mail/templates'
import { logger } from '@/server/logger'

/**
 * The mails of four-eyes (docs/domain.md#authorizations): a new request goes to every active staff member who may
 * decide it (CAN_UPDATE_AUTHORIZATION through a staff role), never to its maker; a decision goes to the maker. Both
 * run after the commit and never fail the call: a failed outbox write is logged.
 */

async function findRequest(db: Database, id: string) {
  const [row] = await db
    .select({
      id: authorizations.id,
      type: authorizations.type,
      target: authorizations.target,
      proposal: authorizations.proposal,
      status: authorizations.status,
      comment: authorizations.comment,
      makerId: authorizations.makerId,
      checkerId: authorizations.checkerId,
    })
    .from(authorizations)
    .where(eq(authorizations.id, id))
  return row ?? null
}

async function person(db: Database, id: string) {
  const [row] = await db
    .select({ email: users.email, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.id, id))
  return row ?? null
}

/** Active staff who may decide authorizations, the maker left out. */
export async function findCheckers(db: Database, makerId: string) {
  return db
    .selectDistinct({ id: users.id, email: users.email, firstName: users.firstName })
    .from(users)
    .innerJoin(userRoles, eq(userRoles.userId, users.id))
    .innerJoin(roles, and(eq(roles.id, userRoles.roleId), eq(roles.scope, 'staff')))
    .innerJoin(rolePermissions, eq(rolePermissions.roleId, roles.id))
    .innerJoin(permissions, eq(permissions.id, rolePermissions.permissionId))
    .where(and(eq(permissions.name, AUTHORIZATION_DECIDER_PERMISSION), eq(users.status, 'ACTIVE'), ne(users.id, makerId)))
    .orderBy(sql`${users.email}`)
}

export async function notifyCheckers(db: Database, id: string) {
  try {
    const row = await findRequest(db, id)
    if (!row) return
    const maker = await person(db, row.makerId)
    const requester = maker ? `${maker.firstName} ${maker.lastName}`.trim() : 'A staff member'
    const what = describeRequest(row.type, row.target, row.proposal)
    const url = portalLinks.authorizationDetails(id)
    for (const checker of await findCheckers(db, row.makerId))
      await sendMail({
        db,
        to: checker.email,
        mail: authorizationRequestMail({ firstName: checker.firstName, requester, what, url }),
      })
  } catch (error) {
    logger.error({ err: error, authorizationId: id }, 'authorization request e-mails could not be recorded')
  }
}

export async function notifyMaker(db: Database, id: string) {
  try {
    const row = await findRequest(db, id)
    if (!row || row.status === 'PENDING') return
    const [maker, checker] = await Promise.all([person(db, row.makerId), row.checkerId ? person(db, row.checkerId) : null])
    if (!maker) return
    const mail = authorizationDecisionMail({
      firstName: maker.firstName,
      what: describeRequest(row.type, row.target, row.proposal),
      outcome: row.status,
      checker: checker ? `${checker.firstName} ${checker.lastName}`.trim() : 'A staff member',
      comment: row.comment,
      url: portalLinks.authorizationDetails(id),
    })
    await sendMail({ db, to: maker.email, mail })
  } catch (error) {
    logger.error({ err: error, authorizationId: id }, 'authorization decision e-mail could not be recorded')
  }
}
