import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto'
// Relative: drizzle-kit loads the schema (and so the encrypted column types) without the `@/` alias.
import { getConfig, type DataKey } from '../../lib/config/env'

/**
 * Field encryption of identity numbers at rest (docs/data-protection.md): AES-256-GCM under a versioned data key
 * from DATA_ENCRYPTION_KEYS, stored as `v1:<keyId>:<iv>:<tag>:<ciphertext>` (base64url parts). The newest key
 * encrypts; every configured key decrypts, so rotation (scripts/rotate-data-keys.ts) can run while the portal serves.
 */
export const FIELD_CIPHER_PREFIX = 'v1:'

export interface KeyRing {
  /** Oldest first; the last one encrypts. */
  keys: readonly DataKey[]
  /** Secret the blind-index key is derived from. */
  indexKey: string
  /** The index secret before a rotation, while it runs (searches match both). */
  previousIndexKey?: string
}

export function configuredKeyRing(): KeyRing {
  return getConfig().dataEncryption
}

export function newestKeyId(ring: KeyRing = configuredKeyRing()): string {
  return ring.keys[ring.keys.length - 1]!.id
}

export function isEncryptedField(value: unknown): boolean {
  return typeof value === 'string' && value.startsWith(FIELD_CIPHER_PREFIX)
}

/** The id of the data key a stored value is encrypted under (null for a value in clear). */
export function fieldKeyId(value: string): string | null {
  if (!isEncryptedField(value)) return null
  return value.split(':')[1] ?? null
}

export function sealWithKey(key: Buffer, plain: string): { iv: string; tag: string; ciphertext: string } {
  const iv = randomBytes(12)
  const cipher = createCipheriv('aes-256-gcm', key, iv)
  const ciphertext = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()])
  return {
    iv: iv.toString('base64url'),
    tag: cipher.getAuthTag().toString('base64url'),
    ciphertext: ciphertext.toString('base64url'),
  }
}

export function openWithKey(key: Buffer, parts: { iv: string; tag: string; ciphertext: string }): string {
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(parts.iv, 'base64url'))
  decipher.setAuthTag(Buffer.from(parts.tag, 'base64url'))
  return Buffer.concat([decipher.update(Buffer.from(parts.ciphertext, 'base64url')), decipher.final()]).toString('utf8')
}

export function encryptField(plain: string, ring: KeyRing = configuredKeyRing()): string {
  const newest = ring.keys[ring.keys.length - 1]!
  const { iv, tag, ciphertext } = sealWithKey(newest.key, plain)
  return `${FIELD_CIPHER_PREFIX}${newest.id}:${iv}:${tag}:${ciphertext}`
}

export class UnknownDataKeyError extends Error {
  constructor(keyId: string) {
    super(`A value is encrypted under data key "${keyId}", which is not in DATA_ENCRYPTION_KEYS`)
    this.name = 'UnknownDataKeyError'
  }
}

/** The clear value. A value that is not encrypted (stored before encryption) comes back as it is. */
export function decryptField(stored: string, ring: KeyRing = configuredKeyRing()): string {
  if (!isEncryptedField(stored)) return stored
  const [, keyId, iv, tag, ciphertext] = stored.split(':')
  const dataKey = ring.keys.find((k) => k.id === keyId)
  if (!dataKey) throw new UnknownDataKeyError(keyId ?? '')
  return openWithKey(dataKey.key, { iv: iv ?? '', tag: tag ?? '', ciphertext: ciphertext ?? '' })
}

export function encryptOptionalField(plain: string | null | undefined, ring?: KeyRing): string | null {
  return plain == null || plain === '' ? null : encryptField(plain, ring)
}

export function decryptOptionalField(stored: string | null | undefined, ring?: KeyRing): string | null {
  return stored == null ? null : decryptField(stored, ring)
}

/** The stored value under the newest key: unchanged when it already is (rotation skips it), re-encrypted otherwise. */
export function reencryptField(stored: string, ring: KeyRing = configuredKeyRing()): string {
  if (fieldKeyId(stored) === newestKeyId(ring)) return stored
  return encryptField(decryptField(stored, ring), ring)
}

const derivedKeys = new Map<string, Buffer>()
function derivedKey(secret: string, info: string): Buffer {
  const cacheKey = `${info}\u0000${secret}`
  let key = derivedKeys.get(cacheKey)
  if (!key) {
    key = Buffer.from(hkdfSync('sha256', secret, 'kyc-portal', info, 32))
    derivedKeys.set(cacheKey, key)
  }
  return key
}
const derivedIndexKey = (secret: string) => derivedKey(secret, 'blind index v1')

/**
 * Keyed HMAC of a normalised identity number, for finding or de-duplicating by it without storing it in clear.
 * `kind` separates the spaces (the same digits as a BVN and as a NIN give different indexes).
 */
export function blindIndex(kind: string, normalizedValue: string, ring: KeyRing = configuredKeyRing()): string {
  return createHmac('sha256', derivedIndexKey(ring.indexKey)).update(`${kind}\u0000${normalizedValue}`).digest('base64url')
}

/**
 * Keyed HMAC-SHA256 (hex) of a whole content, for recording that something changed without letting anyone who reads
 * the record test guesses against it offline: a plain SHA-256 of a draft holding an 11-digit BVN is found by trying
 * every BVN. The key is derived from DATA_INDEX_KEY under its own label, so it is none of the blind indexes' keys.
 */
export function contentDigest(content: string, ring: KeyRing = configuredKeyRing()): string {
  return createHmac('sha256', derivedKey(ring.indexKey, 'content digest v1')).update(content).digest('hex')
}
