/**
 * Bench: key rotation over 100,000 field-encrypted records (issue 17).
 *
 *   DATABASE_URL=postgres://... tsx bench/data-key-rotation.ts [--rows=N] [--batch=N]
 *
 * Inserts N per-subject key rows (`subject_keys.wrapped_key`, a field-encrypted value like any BVN column, and the
 * one table without foreign keys to set up) under the configured key ring, then times `reencryptStoredValues` in
 * rotate mode onto a new key, then a second run (which must find nothing to do), and removes its rows. Meant for a
 * throwaway database: it adds the rows under subject kind `bench` only.
 */
import { randomBytes, randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { getConfig } from '@/lib/config/env'
import { encryptField, type KeyRing } from '@/server/crypto/field-cipher'
import { reencryptStoredValues } from '@/server/crypto/reencrypt'
import { openDatabase } from '@/server/db/client'

const arg = (name: string, fallback: number) =>
  Number(process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback)
const rows = arg('rows', 100_000)
const batchSize = arg('batch', 1000)

const config = getConfig()
const handle = await openDatabase(config)
const db = handle.db
const ring = config.dataEncryption
await db.execute(sql`DELETE FROM subject_keys WHERE subject_kind = 'bench'`)

let started = Date.now()
for (let done = 0; done < rows; done += 5000) {
  const chunk = Array.from({ length: Math.min(5000, rows - done) }, () => ({
    subject_id: randomUUID(),
    wrapped_key: encryptField(randomBytes(32).toString('base64'), ring),
  }))
  await db.execute(sql`INSERT INTO subject_keys (subject_kind, subject_id, wrapped_key)
    SELECT 'bench', subject_id, wrapped_key FROM jsonb_to_recordset(${JSON.stringify(chunk)}::jsonb) AS r(subject_id text, wrapped_key text)`)
}
console.log(`${handle.kind}: inserted ${rows} encrypted records in ${((Date.now() - started) / 1000).toFixed(1)} s`)

const next: KeyRing = { ...ring, keys: [...ring.keys, { id: `bench${Date.now().toString(36)}`, key: randomBytes(32) }] }
started = Date.now()
let lastPrinted = 0
const changed = await reencryptStoredValues(db, {
  mode: 'rotate',
  ring: next,
  batchSize,
  onProgress: ({ table, done, total }) => {
    if (done - lastPrinted >= 20_000 || done === total) {
      lastPrinted = done
      console.log(`  ${table}: ${done}/${total}`)
    }
  },
})
const seconds = (Date.now() - started) / 1000
const total = Object.values(changed).reduce((a, b) => a + b, 0)
console.log(
  `rotation: ${total} records in ${seconds.toFixed(1)} s (${Math.round(total / seconds)} records/s, batch ${batchSize})`,
)
started = Date.now()
const again = await reencryptStoredValues(db, { mode: 'rotate', ring: next, batchSize })
console.log(`second run: ${JSON.stringify(again)} in ${((Date.now() - started) / 1000).toFixed(1)} s`)

await db.execute(sql`DELETE FROM subject_keys WHERE subject_kind = 'bench'`)
// Rows of the database that were rotated onto the bench key (other than the bench's own) go back onto the ring's.
await reencryptStoredValues(db, { mode: 'rotate', ring: { ...ring, keys: [...next.keys.slice(-1), ...ring.keys.slice(-1)] } })
await handle.close()
