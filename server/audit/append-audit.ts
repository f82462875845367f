import { randomUUID } from 'node:crypto'
import { desc, is, sql } from 'drizzle-orm'
import { NodePgTransaction } from 'drizzle-orm/node-postgres'
import type { PgTable } from 'drizzle-orm/pg-core'
import { blindIndex } from '@/server/crypto/field-cipher'
import { maskPersonalValues, sealPersonalValues } from '@/server/crypto/personal-values'
import { existingSubjectKey, sealerOfKey, subjectSealer, type SubjectRef } from '@/server/crypto/subject-keys'
import type { Tx } from '@/server/db/client'
import { audits } from '@/server/db/schema'
import { GENESIS_HASH, hashAuditRow, toStoredJson } from './chain'

/** Who did it and from where; built once per request (see server/http/context.ts). */
export interface AuditContext {
  actorId: string | null
  actorEmail: string | null
  requestId: string | null
  ip: string | null
}

export const SYSTEM_AUDIT_CONTEXT: AuditContext = { actorId: null, actorEmail: 'system', requestId: null, ip: null }

export interface AuditEntry {
  resource: string
  resourceId?: string | null
  action: string
  before?: unknown
  after?: unknown
  /**
   * Whose personal values (bvn, idNumber...: PERSONAL_VALUE_KEYS) before/after carry: they are stored encrypted
   * under this subject's key, so erasing the subject leaves them unreadable and the chain verifiable. Defaults to
   * the record itself (`{ kind: resource, id: resourceId }`).
   */
  subject?: SubjectRef
}

/**
 * The subject an e-mail that belongs to no known account is sealed under (a failed sign-in with an unknown address):
 * keyed by the blind index of the address, never the address itself. Erasing an account destroys its address's key
 * too (rows written before the account existed).
 */
export function emailSubject(email: string): SubjectRef {
  return { kind: 'email', id: blindIndex('email', email.trim().toLowerCase()) }
}

/** Whose key the actor's e-mail is sealed under; null when it is stored as it is (none, or `system`). */
function actorEmailOwner(context: AuditContext, subject: SubjectRef | null): SubjectRef | null {
  const email = context.actorEmail
  if (!email || email === SYSTEM_AUDIT_CONTEXT.actorEmail) return null
  // Not signed in, but the row is about the account the address belongs to (a failed sign-in, a sign-up with it).
  return context.actorId ? { kind: 'user', id: context.actorId } : subject?.kind === 'user' ? subject : emailSubject(email)
}

/** Any constant works; it only has to be the same for every writer of the chain. */
const AUDIT_CHAIN_LOCK = 7340002

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

interface ChainHead {
  lastHash: string | undefined
  /** The actor's subject key as read before the lock: a row, null when it does not exist, undefined when not read. */
  actorKey?: { id: string; wrappedKey: string } | null
}

/** Whether the actor's key is read in the chain lock's own round trip (PostgreSQL, a user's id, inlined as a UUID). */
function readsKeyWithLock(tx: Tx, owner: SubjectRef | null): owner is SubjectRef {
  return !!owner && owner.kind === 'user' && UUID.test(owner.id) && is(tx, NodePgTransaction)
}

/**
 * Takes the chain's lock and reads the chain's head under it. On PostgreSQL in one round trip: the statements go as
 * one simple query, and in READ COMMITTED each statement takes its own snapshot, so the read, made once the lock is
 * granted, sees the row of every writer that held it before. A signed-in actor's subject key is read in the same round
 * trip, before the lock (a plain read waits for no lock); the simple query carries no parameters, so it is only done
 * for an id that is a UUID, inlined. PGlite (one connection, extended protocol only) runs them one after the other.
 */
async function lockChainHead(tx: Tx, actorKeyOf: SubjectRef | null): Promise<ChainHead> {
  if (is(tx, NodePgTransaction)) {
    const keyRead = actorKeyOf
      ? `SELECT id, wrapped_key FROM subject_keys WHERE subject_kind = 'user' AND subject_id = '${actorKeyOf.id}'; `
      : ''
    const answers = (await tx.execute(
      sql.raw(`${keyRead}SELECT pg_advisory_xact_lock(${AUDIT_CHAIN_LOCK}); SELECT hash FROM audits ORDER BY seq DESC LIMIT 1`),
    )) as unknown as { rows: Record<string, string>[] }[]
    if (!Array.isArray(answers) || answers.length !== (actorKeyOf ? 3 : 2))
      throw new Error('The audit chain head read answered unexpectedly')
    const lastHash = answers.at(-1)!.rows[0]?.hash
    if (!actorKeyOf) return { lastHash }
    const key = answers[0]!.rows[0]
    return { lastHash, actorKey: key ? { id: key.id!, wrappedKey: key.wrapped_key! } : null }
  }
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${AUDIT_CHAIN_LOCK})`)
  const [last] = await tx.select({ hash: audits.hash }).from(audits).orderBy(desc(audits.seq)).limit(1)
  return { lastHash: last?.hash }
}

/**
 * Appends one row to the audit chain inside the caller's transaction. Appends are serialised by a
 * transaction-scoped advisory lock, so concurrent writers never read the same previous hash.
 */
export async function appendAudit(tx: Tx, context: AuditContext, entry: AuditEntry) {
  const subject = entry.subject ?? (entry.resourceId ? { kind: entry.resource, id: entry.resourceId } : null)
  // The lock is held by every writer of every instance until its transaction commits, so each round trip after it is
  // one every other write waits for. The actor's key, which almost always exists, is read before it (a plain read
  // waits for no lock; on PostgreSQL in the lock's own round trip); a key still to be created is created after it, so
  // that no writer holding the lock ever waits for another's uncommitted new key.
  const emailOwner = actorEmailOwner(context, subject)
  const keyWithLock = readsKeyWithLock(tx, emailOwner)
  const keyBefore = emailOwner && !keyWithLock ? await existingSubjectKey(tx, emailOwner) : null
  const head = await lockChainHead(tx, keyWithLock ? emailOwner : null)
  const actorKey = keyWithLock ? head.actorKey : keyBefore
  const protect = (value: unknown) =>
    subject ? sealPersonalValues(tx, subject, toStoredJson(value)) : maskPersonalValues(toStoredJson(value))
  const before = await protect(entry.before)
  const after = await protect(entry.after)
  const actorEmail = !emailOwner
    ? context.actorEmail
    : (actorKey ? sealerOfKey(actorKey) : await subjectSealer(tx, emailOwner))(context.actorEmail!)
  const row = {
    id: randomUUID(),
    actorId: context.actorId,
    actorEmail,
    resource: entry.resource,
    resourceId: entry.resourceId ?? null,
    action: entry.action,
    before,
    after,
    requestId: context.requestId,
    ip: context.ip,
    createdAt: new Date(),
    prevHash: head.lastHash ?? GENESIS_HASH,
  }
  const [inserted] = await tx
    .insert(audits)
    .values({ ...row, hash: hashAuditRow(row) })
    .returning()
  return inserted!
}

/** Inserts one row and audits its creation (`CREATE`, the row as `after`) in the caller's transaction; answers the row. */
export async function insertAudited<Table extends PgTable & { $inferSelect: { id: string } }>(
  tx: Tx,
  context: AuditContext,
  record: { resource: string; table: Table; values: Table['$inferInsert'] },
): Promise<Table['$inferSelect']> {
  const [row] = (await tx.insert(record.table).values(record.values).returning()) as Table['$inferSelect'][]
  await appendAudit(tx, context, { resource: record.resource, resourceId: row!.id, action: 'CREATE', after: row })
  return row!
}
