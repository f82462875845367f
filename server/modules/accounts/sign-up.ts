import { and, eq, gt } from 'drizzle-orm'
import type { z } from 'zod'
import type { signupSchema } from '@/lib/contracts/accounts'
import { appendAudit, type AuditContext } from '@/server/audit/append-audit'
import { hashPassword } from '@/server/auth/password'
import type { Database, Executor } from '@/server/db/client'
import { mailOutbox, users } from '@/server/db/schema'
import { portalLinks } from '@/server/integrations/mail/portal-links'
import { sendMail } from '@/server/integrations/mail/send-mail'
import { activationMail, alreadyRegisteredMail } from '@/server/integrations/mail/templates'
import { ACTIVATION_VALID_HOURS, issueAccountToken } from './account-tokens'
import { mailedRecently } from './mail-throttle'

export const SIGNUP_ANSWER = {
  message: 'Check your e-mail: we have sent a link to activate your account. It expires in 24 hours.',
}

/** At most one "you already have an account" mail per address per hour, however often someone signs up with it. */
export const ALREADY_REGISTERED_MAIL_INTERVAL_MINUTES = 60

async function alreadyRegisteredMailedRecently(db: Executor, email: string): Promise<boolean> {
  const since = new Date(Date.now() - ALREADY_REGISTERED_MAIL_INTERVAL_MINUTES * 60_000)
  const [recent] = await db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.to, email), eq(mailOutbox.template, 'already-registered'), gt(mailOutbox.createdAt, since)))
    .limit(1)
  return !!recent
}

/**
 * Creates a user pending activation and e-mails the activation link. For an e-mail that already has an account
 * the answer is the same; an active owner gets an "already registered" notice instead (at most one an hour), a
 * pending one a fresh link (at most one a minute). Both paths do the same work (a password hash, one transaction
 * with an audit row, at most one mail handed over in the background) so the answer time does not tell them apart.
 */
export async function signUp(options: { db: Database; input: z.output<typeof signupSchema>; audit: AuditContext }) {
  const { db, input } = options
  const passwordHash = await hashPassword(input.password)
  const existing = await db.query.users.findFirst({ where: eq(users.email, input.email) })

  if (existing) {
    const mail = await db.transaction(async (tx) => {
      await appendAudit(
        tx,
        { ...options.audit, actorId: null, actorEmail: input.email },
        {
          resource: 'user',
          resourceId: existing.id,
          action: 'SIGNUP_EXISTING_EMAIL',
          after: { status: existing.status },
        },
      )
      if (existing.status === 'ACTIVE' && !(await alreadyRegisteredMailedRecently(tx, existing.email))) {
        return alreadyRegisteredMail({
          firstName: existing.firstName,
          loginUrl: portalLinks.login(),
          resetUrl: portalLinks.forgotPassword(existing.email),
        })
      }
      if (existing.status === 'PENDING_ACTIVATION' && !(await mailedRecently(tx, existing.id, 'ACTIVATION'))) {
        const token = await issueAccountToken({ db: tx, userId: existing.id, purpose: 'ACTIVATION' })
        return activationMail({
          firstName: existing.firstName,
          url: portalLinks.activate(token),
          validHours: ACTIVATION_VALID_HOURS,
        })
      }
      return null
    })
    if (mail) await sendMail({ db, to: existing.email, mail, delivery: 'background' })
    return SIGNUP_ANSWER
  }

  const created = await db.transaction(async (tx) => {
    const [user] = await tx
      .insert(users)
      .values({
        email: input.email,
        firstName: input.firstName,
        lastName: input.lastName,
        phone: input.phone,
        passwordHash,
        channel: input.channel ?? null,
        status: 'PENDING_ACTIVATION',
      })
      .onConflictDoNothing({ target: users.email })
      .returning()
    if (!user) return null // a concurrent signup with the same e-mail won
    const token = await issueAccountToken({ db: tx, userId: user.id, purpose: 'ACTIVATION' })
    await appendAudit(
      tx,
      { ...options.audit, actorId: user.id, actorEmail: user.email },
      {
        resource: 'user',
        resourceId: user.id,
        action: 'SIGNUP',
        after: {
          email: user.email,
          firstName: user.firstName,
          lastName: user.lastName,
          phone: user.phone,
          channel: user.channel,
        },
      },
    )
    return { user, token }
  })
  if (created) {
    await sendMail({
      db,
      to: created.user.email,
      mail: activationMail({
        firstName: created.user.firstName,
        url: portalLinks.activate(created.token),
        validHours: ACTIVATION_VALID_HOURS,
      }),
      delivery: 'background',
    })
  }
  return SIGNUP_ANSWER
}
