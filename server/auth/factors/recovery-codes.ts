import { createHmac, randomInt } from 'node:crypto'
import { getConfig } from '@/lib/config/env'

export const RECOVERY_CODE_COUNT = 10
/** No 0/O, 1/I/L: codes are read off paper. */
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789'

/** Ten codes like `K7QF-M2XP-9TRD` (12 characters of 31, about 59 bits), shown once. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () =>
    Array.from({ length: 3 }, () => Array.from({ length: 4 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('')).join('-'),
  )
}

/** What the user typed, as stored: upper-case, without spaces or dashes. */
export function normaliseRecoveryCode(code: string): string {
  return code.toUpperCase().replace(/[^A-Z0-9]/g, '')
}

/** A keyed hash (the session secret), so a database reader cannot test guesses offline. */
export function recoveryCodeHash(userId: string, code: string): string {
  return createHmac('sha256', getConfig().sessionSecret)
    .update(`recovery:${userId}:${normaliseRecoveryCode(code)}`)
    .digest('hex')
}
