import { createHmac } from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import type { Executor } from '../db/client'
import { dataMigrations } from '../db/schema'
import { configuredKeyRing, decryptField, type KeyRing } from './field-cipher'
import { bvnIndexOf, idNumberIndexOf } from './identity-indexes'

/**
 * DATA_INDEX_KEY rotation (`npm run data:rotate-index-key`): every blind index recomputed from the decrypted number
 * under the configured (new) index key. Each table is walked in id order, in batches of one statement each; the
 * cursor is saved in `data_migrations` under the new key's fingerprint, so a run stopped at any point starts again
 * where it was, and a finished rotation is not redone. A row changed meanwhile is left to its writer, which indexes
 * with the new key already (the update is conditional on the values read).
 */
interface IndexedTable {
  table: string
  /** Encrypted column → its blind index column and how the index is computed. */
  columns: readonly { value: string; index: string; indexOf: (clear: string | null, ring: KeyRing) => string | null }[]
}

const bvn = (clear: string | null, ring: KeyRing) => bvnIndexOf(clear, ring)
const idNumber = (clear: string | null, ring: KeyRing) => idNumberIndexOf(clear, ring)

const INDEXED_TABLES: readonly IndexedTable[] = [
  {
    table: 'means_of_ids',
    columns: [
      { value: 'bvn', index: 'bvn_index', indexOf: bvn },
      { value: 'id_number', index: 'id_number_index', indexOf: idNumber },
    ],
  },
  { table: 'shareholders', columns: [{ value: 'bvn', index: 'bvn_index', indexOf: bvn }] },
  { table: 'government_representatives', columns: [{ value: 'id_number', index: 'id_number_index', indexOf: idNumber }] },
]

/** Names the rotation by the new key without revealing it. */
export function indexKeyFingerprint(ring: KeyRing = configuredKeyRing()): string {
  return createHmac('sha256', ring.indexKey).update('kyc-portal index key fingerprint').digest('hex').slice(0, 16)
}

export interface ReindexOptions {
  db: Executor
  ring?: KeyRing
  batchSize?: number
  /** Stop after this many batches in all (tests of an interrupted run). */
  maxBatches?: number
  onProgress?: (progress: { table: string; done: number }) => void
}

type Cursor = Record<string, string | 'done'>

function rowsOf<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? (result as T[])) as T[]
}

/** Runs (or resumes) the rotation; answers how many rows it changed per table in this run. */
export async function rotateIndexKey(options: ReindexOptions): Promise<Record<string, number>> {
  const { db } = options
  const ring = options.ring ?? configuredKeyRing()
  const batchSize = options.batchSize ?? 500
  let batchesLeft = options.maxBatches ?? Infinity
  const name = `rotate-index-key:${indexKeyFingerprint(ring)}`
  const [saved] = await db.select().from(dataMigrations).where(eq(dataMigrations.name, name))
  const cursor: Cursor = saved?.changed ? (JSON.parse(saved.changed) as Cursor) : {}
  const save = () =>
    db
      .insert(dataMigrations)
      .values({ name, changed: JSON.stringify(cursor) })
      .onConflictDoUpdate({ target: dataMigrations.name, set: { changed: JSON.stringify(cursor), appliedAt: new Date() } })
  const changed: Record<string, number> = {}

  for (const spec of INDEXED_TABLES) {
    changed[spec.table] = 0
    if (cursor[spec.table] === 'done') continue
    const table = sql.identifier(spec.table)
    const selected = sql.join(
      spec.columns.flatMap((c) => [sql.identifier(c.value), sql.identifier(c.index)]),
      sql`, `,
    )
    while (batchesLeft > 0) {
      const after = cursor[spec.table] ?? '00000000-0000-0000-0000-000000000000'
      const rows = rowsOf<Record<string, string | null> & { id: string }>(
        await db.execute(
          sql`SELECT id::text AS id, ${selected} FROM ${table} WHERE id > ${after}::uuid ORDER BY id LIMIT ${batchSize}`,
        ),
      )
      if (!rows.length) {
        cursor[spec.table] = 'done'
        await save()
        break
      }
      batchesLeft--
      const updates = rows
        .map((row) => {
          const update: Record<string, string | null> = { id: row.id }
          let differs = false
          for (const c of spec.columns) {
            const value = row[c.value] ?? null
            const next = c.indexOf(value == null ? null : decryptField(value, ring), ring)
            update[c.index] = next
            update[`old_${c.value}`] = value
            if (next !== (row[c.index] ?? null)) differs = true
          }
          return differs ? update : null
        })
        .filter((u): u is Record<string, string | null> => !!u)
      if (updates.length) {
        const recordColumns = [
          'id uuid',
          ...Object.keys(updates[0]!)
            .filter((c) => c !== 'id')
            .map((c) => `${c} text`),
        ]
        await db.execute(sql`UPDATE ${table} AS t SET ${sql.join(
          spec.columns.map((c) => sql`${sql.identifier(c.index)} = v.${sql.identifier(c.index)}`),
          sql`, `,
        )} FROM jsonb_to_recordset(${JSON.stringify(updates)}::jsonb) AS v(${sql.raw(recordColumns.join(', '))})
          WHERE t.id = v.id AND ${sql.join(
            spec.columns.map((c) => sql`t.${sql.identifier(c.value)} IS NOT DISTINCT FROM v.${sql.identifier(`old_${c.value}`)}`),
            sql` AND `,
          )}`)
      }
      changed[spec.table] = (changed[spec.table] ?? 0) + updates.length
      cursor[spec.table] = rows[rows.length - 1]!.id
      await save()
      options.onProgress?.({ table: spec.table, done: changed[spec.table]! })
    }
  }
  return changed
}
