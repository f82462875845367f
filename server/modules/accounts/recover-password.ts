import { eq } from 'drizzle-orm'
import { RESET_CODE_DIGITS } from '@/lib/contracts/accounts'
import { recordResetCodeSent, takeResetRequest } from '@/server/auth/throttles'
import type { Database } from '@/server/db/client'
import { users } from '@/server/db/schema'
import { AppError } from '@/server/http/app-error'
import { portalLinks } from '@/server/integrations/mail/portal-links'
import { sendMail } from '@/server/integrations/mail/send-mail'
import { passwordResetMail } from '@/server/integrations/mail/templates'
import { issueAccountToken, OTP_VALID_MINUTES } from './account-tokens'
import { mailedRecently } from './mail-throttle'

export const RECOVER_ANSWER = {
  message: `If an account uses this e-mail, we have sent it a ${RESET_CODE_DIGITS}-digit code. It expires in ${OTP_VALID_MINUTES} minutes.`,
}

/**
 * E-mails a reset code to an active account; the same answer whatever the e-mail. At most one code a minute and
 * 5 a day per address (beyond that, the same answer and no mail); 20 requests a day per IP (then 429).
 */
export async function recoverPassword(options: { db: Database; email: string; ip: string | null }) {
  const { db, email } = options
  const allowed = await takeResetRequest({ email, ip: options.ip })
  if (allowed.verdict === 'ip') {
    throw new AppError('RATE_LIMITED', 'Too many reset requests from your network today. Try again later.', {
      retryAfterSeconds: allowed.retryAfterSeconds,
    })
  }
  const user = await db.query.users.findFirst({ where: eq(users.email, email) })
  if (allowed.verdict === 'ok' && user?.status === 'ACTIVE' && !(await mailedRecently(db, user.id, 'PASSWORD_RESET'))) {
    const otp = await issueAccountToken({ db, userId: user.id, purpose: 'PASSWORD_RESET' })
    await recordResetCodeSent(email)
    await sendMail({
      db,
      to: user.email,
      mail: passwordResetMail({
        firstName: user.firstName,
        otp,
        validMinutes: OTP_VALID_MINUTES,
        resetUrl: portalLinks.forgotPassword(user.email),
      }),
      delivery: 'background',
    })
  }
  return RECOVER_ANSWER
}
