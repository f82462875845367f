import { getConfig } from '@/lib/config/env'
import { newestKeyId } from '@/server/crypto/field-cipher'
import { reencryptStoredValues } from '@/server/crypto/reencrypt'
import { closeDatabase, getDatabaseHandle } from '@/server/db/client'
import { runScript } from './run-script'

/**
 * `npm run data:rotate-keys`: re-encrypts every field-encrypted value under the newest DATA_ENCRYPTION_KEYS key, in
 * batches (`--batch=500`), printing progress. Rows already on the newest key are skipped, so it can be stopped and
 * started again; once it reports nothing left, the older keys can be removed from DATA_ENCRYPTION_KEYS.
 */
await runScript(async () => {
  const batch = Number(process.argv.find((a) => a.startsWith('--batch='))?.slice('--batch='.length) ?? 500)
  if (!Number.isInteger(batch) || batch < 1) throw new Error('--batch must be a positive whole number')
  const handle = await getDatabaseHandle()
  const ring = getConfig().dataEncryption
  console.log(`rotating onto data key ${newestKeyId(ring)} (${handle.kind} database at ${handle.location})`)
  const started = Date.now()
  const changed = await reencryptStoredValues(handle.db, {
    mode: 'rotate',
    ring,
    batchSize: batch,
    onProgress: ({ table, done, total }) => console.log(`${table}: ${done}/${total}`),
  })
  console.log(`done in ${((Date.now() - started) / 1000).toFixed(1)} s: ${JSON.stringify(changed)}`)
  await closeDatabase()
})
