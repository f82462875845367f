import { rotateIndexKey, indexKeyFingerprint } from '@/server/crypto/reindex'
import { closeDatabase, getDatabaseHandle } from '@/server/db/client'
import { runScript } from './run-script'

/**
 * `npm run data:rotate-index-key`: after DATA_INDEX_KEY was changed (and the portal restarted on it), recomputes
 * every blind index under the new key, in batches (`--batch=500`), printing progress. It saves where it is, so it can
 * be stopped and started again; a finished rotation reports nothing to do.
 */
await runScript(async () => {
  const batch = Number(process.argv.find((a) => a.startsWith('--batch='))?.slice('--batch='.length) ?? 500)
  if (!Number.isInteger(batch) || batch < 1) throw new Error('--batch must be a positive whole number')
  const handle = await getDatabaseHandle()
  console.log(
    `recomputing blind indexes under index key ${indexKeyFingerprint()} (${handle.kind} database at ${handle.location})`,
  )
  const started = Date.now()
  const changed = await rotateIndexKey({
    db: handle.db,
    batchSize: batch,
    onProgress: ({ table, done }) => console.log(`${table}: ${done} changed`),
  })
  console.log(`done in ${((Date.now() - started) / 1000).toFixed(1)} s: ${JSON.stringify(changed)}`)
  await closeDatabase()
})
