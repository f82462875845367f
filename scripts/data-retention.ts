import { parseArgs } from 'node:util'
import { SYSTEM_AUDIT_CONTEXT } from '@/server/audit/append-audit'
import { closeDatabase, getDb } from '@/server/db/client'
import { runRetention } from '@/server/modules/retention/run-retention'
import { runScript } from './run-script'

/**
 * `npm run data:retention -- [--dry-run] [--json]`: purges what is past its retention period (docs/data-protection.md),
 * as the daily job does; `--dry-run` lists what would go and changes nothing.
 */
await runScript(async () => {
  const { values } = parseArgs({
    options: { 'dry-run': { type: 'boolean', default: false }, json: { type: 'boolean', default: false } },
  })
  const report = await runRetention({ db: await getDb(), audit: SYSTEM_AUDIT_CONTEXT, dryRun: values['dry-run'] })
  await closeDatabase()
  if (values.json) {
    console.log(JSON.stringify(report, null, 2))
    return
  }
  const verb = report.dryRun ? 'would remove' : 'removed'
  console.log(`retention ${report.dryRun ? 'dry run' : 'run'} at ${report.ranAt}`)
  for (const b of report.businesses) {
    console.log(`  ${verb} ${b.rule.padEnd(20)} ${b.regNo.padEnd(14)} ${b.name} (since ${b.since}, ${b.files} files)`)
  }
  console.log(
    `${verb}: ${report.businesses.length} businesses, ${report.files} files (${report.bytes} bytes), ${report.draftForms} stale drafts`,
  )
  if (report.blobsLeftBehind.length) {
    console.log(`blobs whose rows are gone but could not be deleted (delete them by hand):`)
    for (const name of report.blobsLeftBehind) console.log(`  ${name}`)
    process.exitCode = 2
  }
})
