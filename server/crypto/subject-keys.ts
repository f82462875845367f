import { randomBytes } from 'node:crypto'
import { and, eq, inArray } from 'drizzle-orm'
import type { Executor } from '@/server/db/client'
import { subjectKeys } from '@/server/db/schema'
import { configuredKeyRing, decryptField, encryptField, openWithKey, sealWithKey, type KeyRing } from './field-cipher'

/**
 * Per-subject keys for crypto-shredding: `s1:<subjectKeyId>:<iv>:<tag>:<ciphertext>` is readable while the
 * subject's key exists, and by nobody once destroySubjectKey has deleted it.
 */
export const SUBJECT_CIPHER_PREFIX = 's1:'

export interface SubjectRef {
  /** `means_of_id`, `shareholder`, `user`... */
  kind: string
  id: string
}

export function isSubjectSealed(value: unknown): boolean {
  return typeof value === 'string' && value.startsWith(SUBJECT_CIPHER_PREFIX)
}

/**
 * The subject's key row, or undefined; never creates one. A plain read: it waits for no lock, so it may run before the
 * audit chain's lock (server/audit/append-audit.ts), where creating a key may not.
 */
export async function existingSubjectKey(tx: Executor, subject: SubjectRef) {
  const [existing] = await tx
    .select()
    .from(subjectKeys)
    .where(and(eq(subjectKeys.subjectKind, subject.kind), eq(subjectKeys.subjectId, subject.id)))
  return existing
}

async function subjectKeyFor(tx: Executor, subject: SubjectRef, ring: KeyRing) {
  const existing = await existingSubjectKey(tx, subject)
  if (existing) return existing
  const [created] = await tx
    .insert(subjectKeys)
    .values({
      subjectKind: subject.kind,
      subjectId: subject.id,
      wrappedKey: encryptField(randomBytes(32).toString('base64'), ring),
    })
    .onConflictDoNothing()
    .returning()
  if (created) return created
  // Another transaction created it between the select and the insert.
  const [raced] = await tx
    .select()
    .from(subjectKeys)
    .where(and(eq(subjectKeys.subjectKind, subject.kind), eq(subjectKeys.subjectId, subject.id)))
  return raced!
}

function unwrap(wrappedKey: string, ring: KeyRing): Buffer {
  return Buffer.from(decryptField(wrappedKey, ring), 'base64')
}

/** The value encrypted under the subject's own key (created on first use). */
export async function encryptForSubject(
  tx: Executor,
  subject: SubjectRef,
  value: string,
  ring: KeyRing = configuredKeyRing(),
): Promise<string> {
  return sealerOfKey(await subjectKeyFor(tx, subject, ring), ring)(value)
}

/** A function sealing values under a subject key row as read (its id and wrapped key). */
export function sealerOfKey(
  row: { id: string; wrappedKey: string },
  ring: KeyRing = configuredKeyRing(),
): (value: string) => string {
  const key = unwrap(row.wrappedKey, ring)
  return (value) => {
    const { iv, tag, ciphertext } = sealWithKey(key, value)
    return `${SUBJECT_CIPHER_PREFIX}${row.id}:${iv}:${tag}:${ciphertext}`
  }
}

/**
 * A function sealing values under the subject's key, which is read (or created) once: an audit row seals several
 * values of one subject.
 */
export async function subjectSealer(
  tx: Executor,
  subject: SubjectRef,
  ring: KeyRing = configuredKeyRing(),
): Promise<(value: string) => string> {
  return sealerOfKey(await subjectKeyFor(tx, subject, ring), ring)
}

function subjectKeyIdOf(sealed: string): string | null {
  return isSubjectSealed(sealed) ? (sealed.split(':')[1] ?? null) : null
}

/**
 * The clear values of several sealed values at once (one query): a value whose subject key was destroyed maps to
 * null. Values that are not sealed are left out.
 */
export async function decryptManyForSubjects(
  db: Executor,
  sealedValues: readonly string[],
  ring: KeyRing = configuredKeyRing(),
): Promise<Map<string, string | null>> {
  const sealed = sealedValues.filter((v) => isSubjectSealed(v))
  const keyIds = [...new Set(sealed.map(subjectKeyIdOf).filter((id): id is string => !!id && UUID.test(id)))]
  const rows = keyIds.length ? await db.select().from(subjectKeys).where(inArray(subjectKeys.id, keyIds)) : []
  const keys = new Map(rows.map((r) => [r.id, unwrap(r.wrappedKey, ring)]))
  const result = new Map<string, string | null>()
  for (const value of sealed) {
    const [, keyId, iv, tag, ciphertext] = value.split(':')
    const key = keys.get(keyId ?? '')
    result.set(value, key ? openWithKey(key, { iv: iv ?? '', tag: tag ?? '', ciphertext: ciphertext ?? '' }) : null)
  }
  return result
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** The clear value, or null once the subject's key is destroyed. */
export async function decryptForSubject(db: Executor, sealed: string, ring?: KeyRing): Promise<string | null> {
  return (await decryptManyForSubjects(db, [sealed], ring)).get(sealed) ?? null
}

/** Erasure: deletes the subject's key, so everything sealed under it is unreadable. True when there was one. */
export async function destroySubjectKey(tx: Executor, subject: SubjectRef): Promise<boolean> {
  const deleted = await tx
    .delete(subjectKeys)
    .where(and(eq(subjectKeys.subjectKind, subject.kind), eq(subjectKeys.subjectId, subject.id)))
    .returning({ id: subjectKeys.id })
  return deleted.length > 0
}

/** Retention: the keys of many subjects of one kind at once (their rows are being purged). Answers how many went. */
export async function destroySubjectKeys(tx: Executor, kind: string, ids: readonly string[]): Promise<number> {
  if (!ids.length) return 0
  const deleted = await tx
    .delete(subjectKeys)
    .where(and(eq(subjectKeys.subjectKind, kind), inArray(subjectKeys.subjectId, [...ids])))
    .returning({ id: subjectKeys.id })
  return deleted.length
}
