import { eq } from 'drizzle-orm'
import type { Database } from '@/server/db/client'
import { users } from '@/server/db/schema'
import { sendMail } from '@/server/integrations/mail/send-mail'
import { passwordResetMail } from '@/server/integrations/mail/templates'
import { issueAccountToken, OTP_VALID_MINUTES } from './account-tokens'
import { mailedRecently } from './mail-throttle'
import { portalLinks } from './portal-links'

export const RECOVER_ANSWER = {
  message: 'If an account uses this e-mail, we have sent it a 6-digit code. It expires in 10 minutes.',
}

/** E-mails a 6-digit code to an active account; the same answer whatever the e-mail. */
export async function recoverPassword(options: { db: Database; email: string }) {
  const { db } = options
  const user = await db.query.users.findFirst({ where: eq(users.email, options.email) })
  if (user?.status === 'ACTIVE' && !(await mailedRecently(db, user.id, 'PASSWORD_RESET'))) {
    const otp = await issueAccountToken({ db, userId: user.id, purpose: 'PASSWORD_RESET' })
    await sendMail({
      db,
      to: user.email,
      mail: passwordResetMail({ firstName: user.firstName, otp, validMinutes: OTP_VALID_MINUTES, resetUrl: portalLinks.forgotPassword(user.email) }),
    })
  }
  return RECOVER_ANSWER
}
