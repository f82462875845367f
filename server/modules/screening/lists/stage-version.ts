import { createHash } from 'node:crypto'
import { PassThrough, type Readable } from 'node:stream'
import { and, asc, eq, inArray, isNull, max, sql } from 'drizzle-orm'
import type { ScreeningFileFormat } from '@/lib/contracts/screening-values'
import { appendAudit, type AuditContext } from '@/server/audit/append-audit'
import type { Database, Executor, Tx } from '@/server/db/client'
import { rowsOf } from '@/server/db/rows-of'
import {
  screeningEntries,
  screeningListVersions,
  screeningLists,
  screeningStagedEntries,
  type ScreeningList,
} from '@/server/db/schema'
import { AppError, notFound } from '@/server/http/app-error'
import { ListFileError, readListFile, type ListFiles } from '../importers'
import type { ListedEntry } from '../list-entry'
import { entryContentHash } from './entry-rows'

/** One file of a load: the OFAC trio names its parts, every other format has one `list` file. */
export interface ListSourceFile {
  part: 'list' | 'sdn' | 'alt' | 'add'
  name: string
  open: () => Promise<Readable>
}

export interface DiffLine {
  sourceId: string
  name: string
}

export interface ListDryRun {
  versionId: string
  listCode: string
  number: number
  publishedOn: string | null
  recordCount: number
  added: number
  changed: number
  removed: number
  unknownCountries: string[]
  /** The first lines of each change, by source id (the counts above are complete). */
  samples: { added: DiffLine[]; changed: DiffLine[]; removed: DiffLine[] }
}

const STAGE_BATCH = 500
const SAMPLE_SIZE = 50

export async function findListOrThrow(db: Executor, code: string): Promise<ScreeningList> {
  const [list] = await db.select().from(screeningLists).where(eq(screeningLists.code, code))
  if (!list) throw notFound('Screening list')
  return list
}

/**
 * The dry run of a load (docs/screening.md#loading-a-list): reads the file(s) as they stream, stages every entry and
 * compares them with the list's current entries, in one transaction. A malformed file is refused naming the line or
 * element and leaves nothing behind. Staging a list again withdraws its earlier staged (never requested) version.
 * `actorId` null is the system (the shipped snapshot at first start).
 */
export async function stageListVersion(options: {
  db: Database
  actorId: string | null
  audit: AuditContext
  listCode: string
  format: ScreeningFileFormat
  files: ListSourceFile[]
  /** Shown as the version's source when the files' names do not say enough. */
  source?: string
}): Promise<ListDryRun> {
  const { db, listCode, format } = options
  const list = await findListOrThrow(db, listCode)
  if (list.format !== format && !(format.startsWith('GENERIC') && list.format.startsWith('GENERIC'))) {
    throw new AppError(
      'VALIDATION_FAILED',
      `The ${list.name} is loaded from ${formatWords(list.format)}, not ${formatWords(format)}`,
      {
        field: 'format',
      },
    )
  }
  const digests = new Map<string, string>()
  const opened = await Promise.all(
    options.files.map(async (file) => ({ ...file, stream: hashed(await file.open(), (hex) => digests.set(file.name, hex)) })),
  )
  try {
    return await db.transaction(async (tx) => {
      await tx.select({ id: screeningLists.id }).from(screeningLists).where(eq(screeningLists.id, list.id)).for('update')
      await withdrawStaged(tx, list.id)
      const [last] = await tx
        .select({ n: max(screeningListVersions.number) })
        .from(screeningListVersions)
        .where(eq(screeningListVersions.listId, list.id))
      const [version] = await tx
        .insert(screeningListVersions)
        .values({
          listId: list.id,
          number: (last?.n ?? 0) + 1,
          status: 'STAGED',
          source: options.source ?? opened.map((f) => f.name).join(', '),
          checksum: 'pending',
          recordCount: 0,
          added: 0,
          changed: 0,
          removed: 0,
          stagedBy: options.actorId,
        })
        .returning()
      const reading = readListFile(listFiles(format, opened))
      const recordCount = await stageEntries(tx, version!.id, reading.entries)
      if (recordCount === 0) {
        throw new AppError('VALIDATION_FAILED', 'The file holds no entries: a list is never empty, so nothing was loaded', {
          field: 'file',
        })
      }
      const diff = await diffStaged(tx, list.id, version!.id)
      const checksum = combinedChecksum(opened.map((f) => [f.name, digests.get(f.name) ?? '']))
      const unknownCountries = reading.unknownCountries()
      const [staged] = await tx
        .update(screeningListVersions)
        .set({
          checksum,
          recordCount,
          added: diff.counts.added,
          changed: diff.counts.changed,
          removed: diff.counts.removed,
          publishedOn: reading.publishedOn(),
          unknownCountries,
        })
        .where(eq(screeningListVersions.id, version!.id))
        .returning()
      await appendAudit(tx, options.audit, {
        resource: 'screening_list',
        resourceId: list.id,
        action: 'STAGE',
        after: { list: list.code, version: staged!.number, source: staged!.source, checksum, recordCount, ...diff.counts },
      })
      return {
        versionId: staged!.id,
        listCode: list.code,
        number: staged!.number,
        publishedOn: staged!.publishedOn,
        recordCount,
        ...diff.counts,
        unknownCountries,
        samples: diff.samples,
      }
    })
  } catch (error) {
    if (error instanceof ListFileError) {
      throw new AppError('VALIDATION_FAILED', `${error.message}. Nothing was loaded.`, { field: 'file' })
    }
    throw error
  } finally {
    for (const file of opened) file.stream.destroy()
  }
}

/** The opened files as the importer for `format` takes them; a missing part is named. */
function listFiles(format: ScreeningFileFormat, files: { part: ListSourceFile['part']; stream: Readable }[]): ListFiles {
  const part = (name: ListSourceFile['part']) => files.find((f) => f.part === name)?.stream
  if (format === 'OFAC_CSV') {
    const sdn = part('sdn')
    if (!sdn)
      throw new AppError('VALIDATION_FAILED', 'The OFAC load needs sdn.csv (with alt.csv and add.csv beside it)', {
        field: 'files',
      })
    return { format, files: { sdn, alt: part('alt'), add: part('add') } }
  }
  const list = part('list')
  if (!list || files.length !== 1)
    throw new AppError('VALIDATION_FAILED', 'This format is loaded from one file, sent as the part `list`', { field: 'files' })
  return { format, files: { list } }
}

function formatWords(format: ScreeningFileFormat): string {
  return {
    UN_XML: 'the UN XML file',
    OFAC_CSV: 'the OFAC CSV files (sdn.csv, alt.csv, add.csv)',
    GENERIC_CSV: 'a CSV file in the generic format',
    GENERIC_JSONL: 'a JSON lines file in the generic format',
  }[format]
}

/** The stream as is, its SHA-256 reported when it ends. */
function hashed(stream: Readable, done: (hex: string) => void): Readable {
  const hash = createHash('sha256')
  const through = new PassThrough()
  stream.on('data', (chunk: Buffer) => hash.update(chunk))
  stream.on('end', () => done(hash.digest('hex')))
  stream.on('error', (error) => through.destroy(error))
  return stream.pipe(through)
}

/** One file: its own SHA-256. Several (the OFAC trio): the SHA-256 of their `name:sha256` lines. */
function combinedChecksum(files: [string, string][]): string {
  if (files.length === 1) return files[0]![1]
  return createHash('sha256')
    .update(files.map(([name, hex]) => `${name}:${hex}\n`).join(''))
    .digest('hex')
}

async function stageEntries(tx: Tx, versionId: string, entries: AsyncIterable<ListedEntry>): Promise<number> {
  let batch: (typeof screeningStagedEntries.$inferInsert)[] = []
  const seen = new Set<string>()
  let count = 0
  const flush = async () => {
    if (batch.length) await tx.insert(screeningStagedEntries).values(batch)
    batch = []
  }
  for await (const entry of entries) {
    if (seen.has(entry.sourceId)) {
      throw new ListFileError(`entry ${entry.sourceId}`, `the source id ${entry.sourceId} appears twice`)
    }
    seen.add(entry.sourceId)
    batch.push({ versionId, sourceId: entry.sourceId, entry, contentHash: entryContentHash(entry) })
    count += 1
    if (batch.length >= STAGE_BATCH) await flush()
  }
  await flush()
  return count
}

/** What the staged version adds, changes and removes against the list's current entries. */
async function diffStaged(tx: Tx, listId: string, versionId: string) {
  const current = sql`(select source_id, content_hash, primary_name from screening_entries where list_id = ${listId} and retired_in is null)`
  const result = await tx.execute(sql`
    with cur as ${current},
    stg as (select source_id, content_hash, entry->'names'->0->>'name' as name from screening_staged_entries where version_id = ${versionId}),
    changes as (
      select 'added' as change, stg.source_id, stg.name from stg left join cur using (source_id) where cur.source_id is null
      union all
      select 'changed', stg.source_id, stg.name from stg join cur using (source_id) where cur.content_hash <> stg.content_hash
      union all
      select 'removed', cur.source_id, cur.primary_name from cur left join stg using (source_id) where stg.source_id is null
    ),
    ranked as (select *, row_number() over (partition by change order by source_id) as rn from changes)
    select change, count(*)::int as n,
      json_agg(json_build_object('sourceId', source_id, 'name', name) order by source_id) filter (where rn <= ${SAMPLE_SIZE}) as sample
    from ranked group by change`)
  const counts = { added: 0, changed: 0, removed: 0 }
  const samples: ListDryRun['samples'] = { added: [], changed: [], removed: [] }
  for (const row of rowsOf<{ change: 'added' | 'changed' | 'removed'; n: number; sample: DiffLine[] | null }>(result)) {
    counts[row.change] = Number(row.n)
    samples[row.change] = row.sample ?? []
  }
  return { counts, samples }
}

/** Earlier staged versions of the list, never requested, are withdrawn and their staged entries dropped. */
async function withdrawStaged(tx: Tx, listId: string) {
  const staged = await tx
    .update(screeningListVersions)
    .set({ status: 'WITHDRAWN' })
    .where(and(eq(screeningListVersions.listId, listId), eq(screeningListVersions.status, 'STAGED')))
    .returning({ id: screeningListVersions.id })
  if (staged.length)
    await tx.delete(screeningStagedEntries).where(
      inArray(
        screeningStagedEntries.versionId,
        staged.map((s) => s.id),
      ),
    )
}

/** The list's current entries in source-id order (the lists page, the evidence of a version). */
export function currentEntriesQuery(db: Executor, listId: string) {
  return db
    .select()
    .from(screeningEntries)
    .where(and(eq(screeningEntries.listId, listId), isNull(screeningEntries.retiredIn)))
    .orderBy(asc(screeningEntries.sourceId))
}
