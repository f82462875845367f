import { maskPersonalValue } from '@/lib/contracts/kyc-values'
import type { Executor } from '@/server/db/client'
import { decryptField, isEncryptedField } from './field-cipher'
import { PERSONAL_NAME_KEYS, PERSONAL_VALUE_KEYS } from './personal-keys'
import { decryptManyForSubjects, isSubjectSealed, subjectSealer, type SubjectRef } from './subject-keys'

export { PERSONAL_NAME_KEYS, PERSONAL_VALUE_KEYS }

/** Every key whose value audit rows keep sealed under the subject's key. */
const SEALED_KEYS: ReadonlySet<string> = new Set([...PERSONAL_VALUE_KEYS, ...PERSONAL_NAME_KEYS])

/** Shown instead of a personal value whose subject key was destroyed (erasure). */
export const ERASED_VALUE = '[erased]'

function mapDeep(
  value: unknown,
  visit: (key: string, v: string) => unknown,
  keys: ReadonlySet<string> = PERSONAL_VALUE_KEYS,
): unknown {
  if (Array.isArray(value)) return value.map((item) => mapDeep(item, visit, keys))
  if (value && typeof value === 'object' && !(value instanceof Date)) {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>).map(([k, v]) => [
        k,
        typeof v === 'string' && keys.has(k) ? visit(k, v) : mapDeep(v, visit, keys),
      ]),
    )
  }
  return value
}

/**
 * The value with every personal value (identity numbers, PERSONAL_VALUE_KEYS, and names and contacts,
 * PERSONAL_NAME_KEYS, at any depth) encrypted under the subject's key (`s1:`), whether it came in clear or
 * field-encrypted. What can't be deleted (audit rows) keeps them this way.
 */
export async function sealPersonalValues(tx: Executor, subject: SubjectRef, value: unknown): Promise<unknown> {
  const pending: { placeholder: string; clear: string }[] = []
  const marked = mapDeep(
    value,
    (key, v) => {
      // Already sealed, empty, or a masked number (`*******5678`): nothing personal left to seal.
      if (isSubjectSealed(v) || v === '' || (PERSONAL_VALUE_KEYS.has(key) && v.includes('*'))) return v
      const placeholder = `\u0000${pending.length}`
      pending.push({ placeholder, clear: isEncryptedField(v) ? decryptField(v) : v })
      return placeholder
    },
    SEALED_KEYS,
  )
  if (!pending.length) return value
  const seal = await subjectSealer(tx, subject)
  const sealed = new Map(pending.map(({ placeholder, clear }) => [placeholder, seal(clear)]))
  return mapDeep(marked, (_key, v) => sealed.get(v) ?? v, SEALED_KEYS)
}

/** Without a subject to seal under: personal values masked (`*******5678`; a date of birth `**********`). */
export function maskPersonalValues(value: unknown): unknown {
  return mapDeep(value, (key, v) => {
    if (isSubjectSealed(v) || v.includes('*')) return v
    return maskPersonalValue(key, isEncryptedField(v) ? decryptField(v) : v)
  })
}

function collectSealed(value: unknown, into: string[]) {
  mapDeep(
    value,
    (_key, v) => {
      if (isSubjectSealed(v)) into.push(v)
      return v
    },
    SEALED_KEYS,
  )
}

/**
 * For readers of audit rows: each sealed identity number shown masked (`*******5678`), each sealed name or contact
 * in clear, and either as ERASED_VALUE once its subject was erased. Field-encrypted numbers and any number in clear
 * (rows written before encryption) are masked too; names written before sealing are shown as they are.
 */
export async function maskSealedValues<T>(db: Executor, values: readonly T[]): Promise<T[]> {
  const sealed: string[] = []
  values.forEach((v) => collectSealed(v, sealed))
  const clear = await decryptManyForSubjects(db, sealed)
  return values.map(
    (v) =>
      mapDeep(
        v,
        (key, s) => {
          const isNumber = PERSONAL_VALUE_KEYS.has(key)
          if (isSubjectSealed(s)) {
            const plain = clear.get(s)
            return plain == null ? ERASED_VALUE : isNumber ? maskPersonalValue(key, plain) : plain
          }
          if (!isNumber) return s
          if (isEncryptedField(s)) return maskPersonalValue(key, decryptField(s))
          return s.includes('*') ? s : maskPersonalValue(key, s)
        },
        SEALED_KEYS,
      ) as T,
  )
}

/** An audit row's actor e-mail as readers see it: in clear while the actor's key exists, ERASED_VALUE after. */
export async function openActorEmails(db: Executor, emails: readonly (string | null)[]): Promise<(string | null)[]> {
  const clear = await decryptManyForSubjects(
    db,
    emails.filter((e): e is string => isSubjectSealed(e)),
  )
  return emails.map((e) => (e && isSubjectSealed(e) ? (clear.get(e) ?? ERASED_VALUE) : e))
}
