import { eq } from 'drizzle-orm'
import type { Database } from '@/server/db/client'
import { users } from '@/server/db/schema'
import { portalLinks } from '@/server/integrations/mail/portal-links'
import { sendMail } from '@/server/integrations/mail/send-mail'
import { activationMail } from '@/server/integrations/mail/templates'
import { ACTIVATION_VALID_HOURS, issueAccountToken } from './account-tokens'
import { mailedRecently } from './mail-throttle'

export const RESEND_ANSWER = {
  message: 'If an account waiting for activation uses this e-mail, we have sent it a new activation link.',
}

/** Same answer whatever the e-mail; at most one e-mail a minute per address. */
export async function resendActivation(options: { db: Database; email: string }) {
  const { db } = options
  const user = await db.query.users.findFirst({ where: eq(users.email, options.email) })
  if (user?.status === 'PENDING_ACTIVATION' && !(await mailedRecently(db, user.id, 'ACTIVATION'))) {
    const token = await issueAccountToken({ db, userId: user.id, purpose: 'ACTIVATION' })
    await sendMail({
      db,
      to: user.email,
      mail: activationMail({ firstName: user.firstName, url: portalLinks.activate(token), validHours: ACTIVATION_VALID_HOURS }),
      delivery: 'background',
    })
  }
  return RESEND_ANSWER
}
