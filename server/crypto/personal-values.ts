import { maskIdentityNumber } from '@/lib/contracts/kyc-values'
import type { Executor } from '@/server/db/client'
import { PERSONAL_VALUE_KEYS } from './personal-keys'
import { decryptField, isEncryptedField } from './field-cipher'
import { decryptManyForSubjects, encryptForSubject, isSubjectSealed, type SubjectRef } from './subject-keys'

export { PERSONAL_VALUE_KEYS }

/** Shown instead of a personal value whose subject key was destroyed (erasure). */
export const ERASED_VALUE = '[erased]'

function mapDeep(value: unknown, visit: (key: string, v: string) => unknown): unknown {
  if (Array.isArray(value)) return value.map((item) => mapDeep(item, visit))
  if (value && typeof value === 'object' && !(value instanceof Date)) {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>).map(([k, v]) => [
        k,
        typeof v === 'string' && PERSONAL_VALUE_KEYS.has(k) ? visit(k, v) : mapDeep(v, visit),
      ]),
    )
  }
  return value
}

/**
 * The value with every personal value (PERSONAL_VALUE_KEYS, at any depth) encrypted under the subject's key
 * (`s1:`), whether it came in clear or field-encrypted. What can't be deleted (audit rows) keeps them this way.
 */
export async function sealPersonalValues(tx: Executor, subject: SubjectRef, value: unknown): Promise<unknown> {
  const pending: { placeholder: string; clear: string }[] = []
  const marked = mapDeep(value, (_key, v) => {
    // Already masked (`*******5678`) or empty: nothing personal left to seal.
    if (isSubjectSealed(v) || v === '' || v.includes('*')) return v
    const placeholder = `\u0000${pending.length}`
    pending.push({ placeholder, clear: isEncryptedField(v) ? decryptField(v) : v })
    return placeholder
  })
  if (!pending.length) return value
  const sealed = new Map<string, string>()
  for (const { placeholder, clear } of pending) sealed.set(placeholder, await encryptForSubject(tx, subject, clear))
  return mapDeep(marked, (_key, v) => sealed.get(v) ?? v)
}

/** Without a subject to seal under: personal values masked (`*******5678`). */
export function maskPersonalValues(value: unknown): unknown {
  return mapDeep(value, (_key, v) => {
    if (isSubjectSealed(v) || v.includes('*')) return v
    return maskIdentityNumber(isEncryptedField(v) ? decryptField(v) : v)
  })
}

function collectSealed(value: unknown, into: string[]) {
  mapDeep(value, (_key, v) => {
    if (isSubjectSealed(v)) into.push(v)
    return v
  })
}

/**
 * For readers of audit rows: each sealed personal value shown masked (`*******5678`), or ERASED_VALUE once its
 * subject was erased. Field-encrypted values and any value in clear (rows written before encryption) are masked too.
 */
export async function maskSealedValues<T>(db: Executor, values: readonly T[]): Promise<T[]> {
  const sealed: string[] = []
  values.forEach((v) => collectSealed(v, sealed))
  const clear = await decryptManyForSubjects(db, sealed)
  return values.map(
    (v) =>
      mapDeep(v, (_key, s) => {
        if (isSubjectSealed(s)) {
          const plain = clear.get(s)
          return plain == null ? ERASED_VALUE : maskIdentityNumber(plain)
        }
        if (isEncryptedField(s)) return maskIdentityNumber(decryptField(s))
        return s.includes('*') ? s : maskIdentityNumber(s)
      }) as T,
  )
}
