import { createHmac, randomBytes, randomInt } from 'node:crypto'
import { getConfig } from '@/lib/config/env'
import { RESET_CODE_DIGITS } from '@/lib/contracts/accounts'
import type { Executor } from '@/server/db/client'
import { accountTokens, type AccountTokenPurpose } from '@/server/db/schema'

export const ACTIVATION_VALID_HOURS = 24
export const INVITATION_VALID_DAYS = 7
export const OTP_VALID_MINUTES = 10
export const OTP_MAX_ATTEMPTS = 5
/** At most one activation or reset e-mail a minute per address. */
export const MAIL_INTERVAL_SECONDS = 60

/** Keyed hash: a stolen table cannot be brute-forced offline, even for short numeric codes. */
export function hashAccountToken(purpose: AccountTokenPurpose, token: string): string {
  return createHmac('sha256', getConfig().sessionSecret).update(`${purpose}:${token}`).digest('hex')
}

/** RESET_CODE_DIGITS uniformly random digits (10^10 is within randomInt's 2^48 range). */
function resetCode(): string {
  return String(randomInt(0, 10 ** RESET_CODE_DIGITS)).padStart(RESET_CODE_DIGITS, '0')
}

export async function issueAccountToken(options: { db: Executor; userId: string; purpose: AccountTokenPurpose }) {
  const { purpose } = options
  const token = purpose === 'PASSWORD_RESET' ? resetCode() : randomBytes(32).toString('base64url')
  const validMs =
    purpose === 'ACTIVATION'
      ? ACTIVATION_VALID_HOURS * 3600_000
      : purpose === 'INVITATION'
        ? INVITATION_VALID_DAYS * 86400_000
        : OTP_VALID_MINUTES * 60_000
  await options.db.insert(accountTokens).values({
    userId: options.userId,
    purpose,
    tokenHash: hashAccountToken(purpose, token),
    expiresAt: new Date(Date.now() + validMs),
  })
  return token
}
