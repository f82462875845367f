import { customType } from 'drizzle-orm/pg-core'
import { decryptField, encryptField, isEncryptedField, reencryptField, type KeyRing } from './field-cipher'
import { PERSONAL_VALUE_KEYS } from './personal-keys'

/**
 * A text column holding an identity number field-encrypted (`v1:<keyId>:...`): the app reads and writes the clear
 * value, the database only ever sees ciphertext. A value stored before encryption reads as it is (the start-up step
 * in encrypt-existing.ts encrypts those). Equality on such a column never matches: look up by its blind index.
 */
export const encryptedText = customType<{ data: string; driverData: string }>({
  dataType: () => 'text',
  toDriver: (value) => (isEncryptedField(value) ? value : encryptField(value)),
  fromDriver: (value) => decryptField(value),
})

function mapPersonalValues(value: unknown, map: (v: string) => string): unknown {
  if (Array.isArray(value)) return value.map((item) => mapPersonalValues(item, map))
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>).map(([k, v]) => [
        k,
        typeof v === 'string' && v !== '' && PERSONAL_VALUE_KEYS.has(k) ? map(v) : mapPersonalValues(v, map),
      ]),
    )
  }
  return value
}

/** The JSON with every personal value (PERSONAL_VALUE_KEYS, at any depth) field-encrypted. */
export function encryptPersonalValues(value: unknown, ring?: KeyRing): unknown {
  return mapPersonalValues(value, (v) => (isEncryptedField(v) ? v : encryptField(v, ring)))
}

/** Every personal value under the newest key (rotation); those already on it are left as they are. */
export function reencryptPersonalValues(value: unknown, ring?: KeyRing): unknown {
  return mapPersonalValues(value, (v) => reencryptField(v, ring))
}

export function decryptPersonalValues(value: unknown, ring?: KeyRing): unknown {
  return mapPersonalValues(value, (v) => decryptField(v, ring))
}

/** A jsonb column whose personal values (bvn, idNumber... at any depth) are field-encrypted at rest (draft forms). */
export const jsonbWithEncryptedPersonalValues = customType<{ data: unknown; driverData: string }>({
  dataType: () => 'jsonb',
  toDriver: (value) => JSON.stringify(encryptPersonalValues(value)),
  fromDriver: (value) => decryptPersonalValues(typeof value === 'string' ? (JSON.parse(value) as unknown) : value),
})
