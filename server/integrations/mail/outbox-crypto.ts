import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto'
import { getConfig } from '@/lib/config/env'

/**
 * Mail bodies carry reset codes and activation or invitation links, so the outbox keeps them encrypted
 * (AES-256-GCM, key derived from SESSION_SECRET) and empties them once SMTP has taken the mail.
 */
const PREFIX = 'enc:v1:'
const keys = new Map<string, Buffer>()

function keyFor(secret: string): Buffer {
  let key = keys.get(secret)
  if (!key) {
    key = Buffer.from(hkdfSync('sha256', secret, 'kyc-portal', 'mail-outbox body v1', 32))
    keys.set(secret, key)
  }
  return key
}

export function sealMailBody(plain: string): string {
  const iv = randomBytes(12)
  const cipher = createCipheriv('aes-256-gcm', keyFor(getConfig().sessionSecret), iv)
  const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()])
  return PREFIX + Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64url')
}

/** The plain body; a body stored before encryption (or emptied after sending) comes back as it is. */
export function openMailBody(stored: string): string {
  if (!stored.startsWith(PREFIX)) return stored
  const raw = Buffer.from(stored.slice(PREFIX.length), 'base64url')
  const decipher = createDecipheriv('aes-256-gcm', keyFor(getConfig().sessionSecret), raw.subarray(0, 12))
  decipher.setAuthTag(raw.subarray(12, 28))
  return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8')
}
