import { and, eq } from 'drizzle-orm'
import { PERMISSIONS } from '@/lib/permissions/names'
import { appendAudit, type AuditContext } from '@/server/audit/append-audit'
import type { Database } from '@/server/db/client'
import { businesses, businessUsers, roles, users } from '@/server/db/schema'
import { AppError } from '@/server/http/app-error'
import type { Actor } from '@/server/http/context'
import { assertBusinessAccess } from '@/server/http/scope'
import { portalLinks } from '@/server/integrations/mail/portal-links'
import { sendMail } from '@/server/integrations/mail/send-mail'
import { businessInvitationMail } from '@/server/integrations/mail/templates'
import { INVITATION_VALID_DAYS, issueAccountToken } from '@/server/modules/accounts/account-tokens'
import { getBusinessUser } from './business-users'

const nameFromEmail = (email: string) => {
  const local = email
    .split('@')[0]!
    .replace(/[^A-Za-z]+/g, ' ')
    .trim()
  return local ? local.charAt(0).toUpperCase() + local.slice(1) : 'New'
}

/** Inviting someone into a business: its users holding this there, or staff holding it. */
export const INVITE_PERMISSION = PERMISSIONS.CAN_ADD_BUSINESS_USER

/**
 * Adds a person to a business with a business role. An existing user is added and told; someone new gets an
 * account pending activation and an e-mailed link to set a password (7 days, single use).
 */
export async function inviteToBusiness(options: {
  db: Database
  actor: Actor
  businessId: string
  email: string
  role: 'BUSINESS_OWNER' | 'BUSINESS_MEMBER'
  firstName?: string
  lastName?: string
  audit: AuditContext
  /** Staff creating a business invite its owner without being a member themselves. */
  skipAccessCheck?: boolean
}) {
  const { db, actor, businessId } = options
  if (!options.skipAccessCheck) assertBusinessAccess(actor, businessId, INVITE_PERMISSION)
  const business = await db.query.businesses.findFirst({ where: eq(businesses.id, businessId) })
  if (!business) throw new AppError('NOT_FOUND', 'Business not found')
  const [role] = await db.select({ id: roles.id }).from(roles).where(eq(roles.name, options.role))

  const result = await db.transaction(async (tx) => {
    let user = await tx.query.users.findFirst({ where: eq(users.email, options.email) })
    const isNewUser = !user
    if (!user) {
      ;[user] = await tx
        .insert(users)
        .values({
          email: options.email,
          firstName: options.firstName ?? nameFromEmail(options.email),
          lastName: options.lastName ?? '',
          status: 'PENDING_ACTIVATION',
        })
        .returning()
    } else {
      const [existing] = await tx
        .select({ id: businessUsers.id })
        .from(businessUsers)
        .where(and(eq(businessUsers.businessId, businessId), eq(businessUsers.userId, user.id)))
      if (existing) throw new AppError('CONFLICT', `${options.email} is already a user of this business`, { field: 'email' })
    }
    const [membership] = await tx.insert(businessUsers).values({ businessId, userId: user!.id, roleId: role!.id }).returning()
    const token = isNewUser ? await issueAccountToken({ db: tx, userId: user!.id, purpose: 'INVITATION' }) : null
    await appendAudit(tx, options.audit, {
      resource: 'business_user',
      resourceId: membership!.id,
      action: 'INVITE',
      after: { businessId, userId: user!.id, email: user!.email, role: options.role, newUser: isNewUser },
    })
    return { membershipId: membership!.id, token, isNewUser }
  })

  await sendMail({
    db,
    to: options.email,
    mail: businessInvitationMail({
      businessName: business.name,
      inviterName: `${actor.firstName} ${actor.lastName}`.trim(),
      role: options.role === 'BUSINESS_OWNER' ? 'an owner' : 'a member',
      url: result.token ? portalLinks.acceptInvitation(result.token) : portalLinks.login(),
      isNewUser: result.isNewUser,
      validDays: INVITATION_VALID_DAYS,
    }),
  })
  return getBusinessUser({ db, membershipId: result.membershipId })
}
