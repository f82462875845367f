import { sql, type SQL } from 'drizzle-orm'
import { maskIdentityNumber } from '../../lib/contracts/kyc-values'
import type { Executor } from '../db/client'
import { encryptPersonalValues, reencryptPersonalValues } from './encrypted-columns'
import {
  configuredKeyRing,
  decryptField,
  FIELD_CIPHER_PREFIX,
  isEncryptedField,
  newestKeyId,
  reencryptField,
  type KeyRing,
} from './field-cipher'
import { bvnIndexOf, idNumberIndexOf } from './identity-indexes'

/**
 * Everything stored field-encrypted, table by table, for the two bulk passes: encrypting what is still in clear (at
 * start-up, after the migrations: rows written before encryption) and rotation (`npm run data:rotate-keys`, every
 * value onto the newest key). Both walk a table in id order (keyset pagination) in bounded batches, each its own
 * statement, and pick only rows that still need it, so they can be stopped and run again at any point.
 */
interface TextTable {
  table: string
  columns: readonly string[]
  /** Columns computed from the clear values when a row is first encrypted (blind indexes, masked labels). */
  derive?: (clear: Record<string, string | null>, row: Record<string, string | null>) => Record<string, string | null>
}

const TEXT_TABLES: readonly TextTable[] = [
  {
    table: 'means_of_ids',
    columns: ['bvn', 'id_number', 'date_of_birth'],
    derive: (clear) => ({ bvn_index: bvnIndexOf(clear.bvn), id_number_index: idNumberIndexOf(clear.id_number) }),
  },
  { table: 'shareholders', columns: ['bvn', 'date_of_birth'], derive: (clear) => ({ bvn_index: bvnIndexOf(clear.bvn) }) },
  {
    table: 'government_representatives',
    columns: ['id_number', 'date_of_birth'],
    derive: (clear) => ({ id_number_index: idNumberIndexOf(clear.id_number) }),
  },
  {
    table: 'kyc_verifications',
    columns: ['checked_value'],
    // Labels written before masking end with the number.
    derive: (_clear, row) => ({
      label:
        row.kind === 'COMPANY' || !row.label || row.label.includes('*')
          ? (row.label ?? null)
          : row.label.replace(/(\S+)$/, (n) => maskIdentityNumber(n)),
    }),
  },
  { table: 'subject_keys', columns: ['wrapped_key'] },
  // Webhook signing secrets (server/modules/webhooks): encrypted from the start, listed so rotation moves them too.
  { table: 'webhook_endpoints', columns: ['secret'] },
  // Authenticator-app secrets and identity providers' refresh tokens (docs/security.md#second-factors).
  { table: 'user_factors', columns: ['totp_secret'] },
  { table: 'sessions', columns: ['sso_refresh_token'] },
]

/** jsonb columns whose personal values (PERSONAL_VALUE_KEYS) are field-encrypted. */
const JSON_TABLES = [{ table: 'draft_forms', column: 'data' }] as const

export type ReencryptMode = 'clear' | 'rotate'

export interface ReencryptProgress {
  table: string
  done: number
  total: number
}

export interface ReencryptOptions {
  mode: ReencryptMode
  ring?: KeyRing
  batchSize?: number
  onProgress?: (progress: ReencryptProgress) => void
  /** Stop after this many batches in all (tests of an interrupted run). */
  maxBatches?: number
}

function rowsOf<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? (result as T[])) as T[]
}

/** Rows whose column needs work: in clear (`clear`), or not yet on the newest key (`rotate`). */
function needsWork(column: string, mode: ReencryptMode, newest: string): SQL {
  const col = sql.identifier(column)
  if (mode === 'clear') return sql`(${col} IS NOT NULL AND ${col} NOT LIKE ${FIELD_CIPHER_PREFIX + '%'})`
  return sql`(${col} IS NOT NULL AND ${col} NOT LIKE ${`${FIELD_CIPHER_PREFIX}${newest}:%`})`
}

/** Runs the pass; answers how many rows it changed per table. */
export async function reencryptStoredValues(db: Executor, options: ReencryptOptions): Promise<Record<string, number>> {
  const ring = options.ring ?? configuredKeyRing()
  const newest = newestKeyId(ring)
  const batchSize = options.batchSize ?? 500
  let batchesLeft = options.maxBatches ?? Infinity
  const changed: Record<string, number> = {}

  for (const spec of TEXT_TABLES) {
    const table = sql.identifier(spec.table)
    const where = sql.join(
      spec.columns.map((c) => needsWork(c, options.mode, newest)),
      sql` OR `,
    )
    const [{ n: total }] = rowsOf<{ n: number }>(
      await db.execute(sql`SELECT count(*)::int AS n FROM ${table} WHERE ${where}`),
    ) as [{ n: number }]
    changed[spec.table] = 0
    if (!total) continue
    const extra = spec.table === 'kyc_verifications' ? sql`, kind, label` : sql``
    let after = '00000000-0000-0000-0000-000000000000'
    while (batchesLeft > 0) {
      const rows = rowsOf<Record<string, string | null> & { id: string }>(
        await db.execute(
          sql`SELECT id::text AS id, ${sql.join(
            spec.columns.map((c) => sql.identifier(c)),
            sql`, `,
          )}${extra} FROM ${table} WHERE id > ${after}::uuid AND (${where}) ORDER BY id LIMIT ${batchSize}`,
        ),
      )
      if (!rows.length) break
      batchesLeft--
      after = rows[rows.length - 1]!.id
      const updates = rows.map((row) => {
        const update: Record<string, string | null> = { id: row.id }
        const clear: Record<string, string | null> = {}
        for (const c of spec.columns) {
          const value = row[c] ?? null
          clear[c] = value == null ? null : decryptField(value, ring)
          update[`old_${c}`] = value
          update[c] =
            value == null ? null : options.mode === 'clear' && isEncryptedField(value) ? value : reencryptField(value, ring)
        }
        if (options.mode === 'clear' && spec.derive) Object.assign(update, spec.derive(clear, row))
        return update
      })
      const setColumns = Object.keys(updates[0]!).filter((c) => c !== 'id' && !c.startsWith('old_'))
      const recordColumns = [
        'id uuid',
        ...Object.keys(updates[0]!)
          .filter((c) => c !== 'id')
          .map((c) => `${c} text`),
      ]
      // One statement per batch; a row is only rewritten if nobody changed it since it was read (the portal keeps
      // writing during a rotation).
      await db.execute(sql`UPDATE ${table} AS t SET ${sql.join(
        setColumns.map((c) => sql`${sql.identifier(c)} = v.${sql.identifier(c)}`),
        sql`, `,
      )} FROM jsonb_to_recordset(${JSON.stringify(updates)}::jsonb) AS v(${sql.raw(recordColumns.join(', '))})
        WHERE t.id = v.id AND ${sql.join(
          spec.columns.map((c) => sql`t.${sql.identifier(c)} IS NOT DISTINCT FROM v.${sql.identifier(`old_${c}`)}`),
          sql` AND `,
        )}`)
      changed[spec.table] = (changed[spec.table] ?? 0) + rows.length
      options.onProgress?.({ table: spec.table, done: changed[spec.table]!, total })
    }
  }

  for (const spec of JSON_TABLES) {
    const table = sql.identifier(spec.table)
    const column = sql.identifier(spec.column)
    changed[spec.table] = 0
    let after = '00000000-0000-0000-0000-000000000000'
    while (batchesLeft > 0) {
      const rows = rowsOf<{ id: string; data: string }>(
        await db.execute(
          sql`SELECT id::text AS id, ${column}::text AS data FROM ${table} WHERE id > ${after}::uuid ORDER BY id LIMIT ${batchSize}`,
        ),
      )
      if (!rows.length) break
      batchesLeft--
      after = rows[rows.length - 1]!.id
      for (const row of rows) {
        const stored = JSON.parse(row.data) as unknown
        const next = options.mode === 'clear' ? encryptPersonalValues(stored, ring) : reencryptPersonalValues(stored, ring)
        if (JSON.stringify(next) === JSON.stringify(stored)) continue
        await db.execute(
          sql`UPDATE ${table} SET ${column} = ${JSON.stringify(next)}::jsonb WHERE id = ${row.id}::uuid AND ${column}::text = ${row.data}`,
        )
        changed[spec.table] = (changed[spec.table] ?? 0) + 1
      }
      options.onProgress?.({ table: spec.table, done: changed[spec.table]!, total: changed[spec.table]! })
    }
  }
  return changed
}
