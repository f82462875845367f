import { createReadStream } from 'node:fs'
import { basename } from 'node:path'
import { parseArgs } from 'node:util'
import { SYSTEM_AUDIT_CONTEXT } from '@/server/audit/append-audit'
import { closeDatabase, getDatabaseHandle } from '@/server/db/client'
import { stageListVersion, type ListSourceFile } from '@/server/modules/screening/lists/stage-version'
import { seedOnOpen } from '@/server/seed/seed-on-open'
import { runScript } from './run-script'

const SOURCES = {
  un: { list: 'UN_CONSOLIDATED', format: 'UN_XML', parts: ['list'] },
  ofac: { list: 'OFAC_SDN', format: 'OFAC_CSV', parts: ['sdn', 'alt', 'add'] },
  csv: { list: null, format: 'GENERIC_CSV', parts: ['list'] },
  jsonl: { list: null, format: 'GENERIC_JSONL', parts: ['list'] },
} as const

/**
 * `npm run screening:import -- --source un FILE` (docs/screening.md#loading-a-list): the dry run from the shell, as the
 * lists page does it: the file read and compared with the current list, what is added, changed and removed printed.
 * `--source ofac sdn.csv alt.csv add.csv`; `--source csv|jsonl --list NG_DOMESTIC FILE` for the generic format.
 * The staged version then goes live as every load does: requested by a staff user who may manage lists
 * (`POST /screening/versions/{id}/load`, a fresh factor first) and approved by another (four-eyes). Nothing goes live
 * from the shell alone.
 */
await runScript(async () => {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { source: { type: 'string' }, list: { type: 'string' } },
  })
  const source = SOURCES[values.source as keyof typeof SOURCES]
  if (!source) throw new Error(`--source must be one of ${Object.keys(SOURCES).join(', ')}`)
  const listCode = values.list ?? source.list
  if (!listCode) throw new Error('--list is required for the generic format (e.g. --list NG_DOMESTIC)')
  if (!positionals.length || positionals.length > source.parts.length)
    throw new Error(
      `give ${source.parts.length === 1 ? 'one file' : `up to ${source.parts.length} files (${source.parts.join(', ')})`}`,
    )
  seedOnOpen()
  const { db } = await getDatabaseHandle()
  const files: ListSourceFile[] = positionals.map((path, i) => ({
    part: source.parts[i]!,
    name: basename(path),
    open: async () => createReadStream(path),
  }))
  const dryRun = await stageListVersion({
    db,
    actorId: null,
    audit: SYSTEM_AUDIT_CONTEXT,
    listCode,
    format: source.format,
    files,
  })
  console.log(
    `${listCode} version ${dryRun.number}: ${dryRun.recordCount} entries (published ${dryRun.publishedOn ?? 'date not given'})`,
  )
  console.log(`  added ${dryRun.added}, changed ${dryRun.changed}, removed ${dryRun.removed}`)
  for (const [what, lines] of Object.entries(dryRun.samples))
    for (const line of lines.slice(0, 10)) console.log(`  ${what}: ${line.sourceId} ${line.name}`)
  if (dryRun.unknownCountries.length) console.log(`  unknown countries (dropped): ${dryRun.unknownCountries.join(', ')}`)
  console.log(
    `staged as version ${dryRun.versionId}: request it from the lists page or POST /screening/versions/${dryRun.versionId}/load`,
  )
  await closeDatabase()
})
