import { eq } from 'drizzle-orm'
import type { z } from 'zod'
import type { signupSchema } from '@/lib/contracts/accounts'
import { appendAudit, type AuditContext } from '@/server/audit/append-audit'
import { hashPassword } from '@/server/auth/password'
import type { Database } from '@/server/db/client'
import { users } from '@/server/db/schema'
import { sendMail } from '@/server/integrations/mail/send-mail'
import { activationMail, alreadyRegisteredMail } from '@/server/integrations/mail/templates'
import { ACTIVATION_VALID_HOURS, issueAccountToken } from './account-tokens'
import { mailedRecently } from './mail-throttle'
import { portalLinks } from './portal-links'

export const SIGNUP_ANSWER = {
  message: 'Check your e-mail: we have sent a link to activate your account. It expires in 24 hours.',
}

/**
 * Creates a user pending activation and e-mails the activation link. For an e-mail that already has an account
 * the answer is the same; an active owner gets an "already registered" notice instead, a pending one a fresh link.
 */
export async function signUp(options: { db: Database; input: z.output<typeof signupSchema>; audit: AuditContext }) {
  const { db, input } = options
  // Hash first in every case, so the answer takes as long whether or not the e-mail is known.
  const passwordHash = await hashPassword(input.password)
  const existing = await db.query.users.findFirst({ where: eq(users.email, input.email) })

  if (existing) {
    if (existing.status === 'ACTIVE') {
      await sendMail({
        db,
        to: existing.email,
        mail: alreadyRegisteredMail({ firstName: existing.firstName, loginUrl: portalLinks.login(), resetUrl: portalLinks.forgotPassword(existing.email) }),
      })
    } else if (existing.status === 'PENDING_ACTIVATION' && !(await mailedRecently(db, existing.id, 'ACTIVATION'))) {
      const token = await issueAccountToken({ db, userId: existing.id, purpose: 'ACTIVATION' })
      await sendMail({
        db,
        to: existing.email,
        mail: activationMail({ firstName: existing.firstName, url: portalLinks.activate(token), validHours: ACTIVATION_VALID_HOURS }),
      })
    }
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
    await appendAudit(tx, { ...options.audit, actorId: user.id, actorEmail: user.email }, {
      resource: 'user',
      resourceId: user.id,
      action: 'SIGNUP',
      after: { email: user.email, firstName: user.firstName, lastName: user.lastName, phone: user.phone, channel: user.channel },
    })
    return { user, token }
  })
  if (created) {
    await sendMail({
      db,
      to: created.user.email,
      mail: activationMail({ firstName: created.user.firstName, url: portalLinks.activate(created.token), validHours: ACTIVATION_VALID_HOURS }),
    })
  }
  return SIGNUP_ANSWER
}
