import { and, desc, eq, gt, ne, sql } from 'drizzle-orm'
import { holdsStaffPermission } from '@/lib/permissions/checks'
import { appendAudit, type AuditContext } from '@/server/audit/append-audit'
import type { Tx } from '@/server/db/client'
import { permissions, rolePermissions, roles, sessions, userRoles, users, type Session } from '@/server/db/schema'
import { portalLinks } from '@/server/integrations/mail/portal-links'
import { sendMail } from '@/server/integrations/mail/send-mail'
import { newDeviceSignInMail } from '@/server/integrations/mail/templates'
import { deviceName } from './device-name'

/** How far back a staff user's sessions count as devices they have used. */
export const KNOWN_DEVICE_DAYS = 90
/** At most this many earlier sessions from the same address are compared (a staff user signs in a few times a day). */
const KNOWN_DEVICE_SCAN = 500

/** Staff status as load-actor.ts computes it: a staff-scope role holding a permission outside the business set. */
async function isStaffUser(tx: Tx, userId: string): Promise<boolean> {
  const held = await tx
    .selectDistinct({ name: permissions.name })
    .from(userRoles)
    .innerJoin(roles, and(eq(roles.id, userRoles.roleId), eq(roles.scope, 'staff')))
    .innerJoin(rolePermissions, eq(rolePermissions.roleId, roles.id))
    .innerJoin(permissions, eq(permissions.id, rolePermissions.permissionId))
    .where(eq(userRoles.userId, userId))
  return holdsStaffPermission(held.map((p) => p.name))
}

/**
 * After a staff user's sign-in (inside its transaction, once the session exists): when none of their sessions of the
 * last 90 days came from the same device (browser and operating system, `deviceName`) and the same IP, queue a mail
 * naming the device, address and time, telling them what to do if it was not them (docs/security.md#sessions-the-user-can-see).
 * Business users get no such mail. The outbox row and its audit row commit with the sign-in, or not at all.
 */
export async function noticeNewDevice(options: {
  db: Tx
  user: { id: string; email: string }
  session: Pick<Session, 'id' | 'ip' | 'userAgent' | 'createdAt'>
  audit: AuditContext
}): Promise<{ mailed: boolean }> {
  const { db, user, session } = options
  if (!(await isStaffUser(db, user.id))) return { mailed: false }

  const device = deviceName(session.userAgent)
  const since = new Date(session.createdAt.getTime() - KNOWN_DEVICE_DAYS * 86_400_000)
  const earlier = await db
    .select({ userAgent: sessions.userAgent })
    .from(sessions)
    .where(
      and(
        eq(sessions.userId, user.id),
        ne(sessions.id, session.id),
        gt(sessions.createdAt, since),
        sql`${sessions.ip} IS NOT DISTINCT FROM ${session.ip}`,
      ),
    )
    .orderBy(desc(sessions.createdAt))
    .limit(KNOWN_DEVICE_SCAN)
  if (earlier.some((s) => deviceName(s.userAgent) === device)) return { mailed: false }

  const [named] = await db.select({ firstName: users.firstName }).from(users).where(eq(users.id, user.id))
  // The mail goes before this transaction takes the audit chain's lock (appendAudit), so a slow SMTP server holds
  // only this sign-in's own transaction, not every writer of the chain.
  await sendMail({
    db,
    to: user.email,
    mail: newDeviceSignInMail({
      firstName: named?.firstName ?? 'there',
      device,
      ip: session.ip,
      when: session.createdAt,
      profileUrl: portalLinks.profile(),
      resetUrl: portalLinks.forgotPassword(user.email),
    }),
  })
  await appendAudit(
    db,
    { ...options.audit, actorId: user.id, actorEmail: user.email },
    { resource: 'session', resourceId: session.id, action: 'NEW_DEVICE_NOTICE', after: { device, ip: session.ip } },
  )
  return { mailed: true }
}
