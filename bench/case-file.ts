/**
 * Case file (issue 42): a business with N documents (default 60 of 2 MiB, 120 MiB) on a throwaway PostgreSQL database
 * and a throwaway Azurite, its case file built by the product's own `buildCaseFile` and read to the end as a client
 * would, memory sampled every 50 ms; the zip then checked by `verifyCaseFile` (read back from disk).
 *
 *   npx tsx bench/case-file.ts [--documents=60] [--mib=2] [--admin-url=postgres://postgres@127.0.0.1:5432/postgres]
 *
 * Prints one JSON line: bytes, seconds to the first byte and to the last, RSS before and its largest growth while
 * streaming, and whether the file verified. The database, Azurite and the zip are removed afterwards.
 */
import { randomBytes, randomUUID } from 'node:crypto'
import { createWriteStream, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { freePort as azuritePort, prepareBlobStorage, startAzurite } from '../scripts/lib/azurite'
import { parseIntFlag } from './generate-businesses'
import { adminUrlFlag, logProgress as log, throwawayPostgres } from './server-kit'

const argv = process.argv.slice(2)
const documentCount = parseIntFlag(argv, 'documents', 60, 1)
const mib = parseIntFlag(argv, 'mib', 2, 1)
const database = await throwawayPostgres({ adminUrl: adminUrlFlag(argv), name: 'bench_case_file' })
const dataDir = database.dataDir
const azurite = await startAzurite({ accountName: 'bench', port: await azuritePort(), location: join(dataDir, 'azurite') })
process.env.AZURE_STORAGE_CONNECTION_STRING = azurite.connectionString
process.env.AZURE_STORAGE_CONTAINER = 'blob'
await prepareBlobStorage(azurite.connectionString, 'blob', ['http://127.0.0.1'])
const scratch = mkdtempSync(join(tmpdir(), 'kyc-bench-case-file-zip-'))

const { sql } = await import('drizzle-orm')
const { getDb, closeDatabase } = await import('@/server/db/client')
const { rowsOf } = await import('@/server/db/rows-of')
const { seedOnOpen } = await import('@/server/seed/seed-on-open')
const { files } = await import('@/server/db/schema')
const { generateBusinesses } = await import('./generate-businesses')
const { getBlobStorage } = await import('@/server/integrations/blob/blob-storage')
const { SYSTEM_AUDIT_CONTEXT } = await import('@/server/audit/append-audit')
const { PERMISSIONS } = await import('@/lib/permissions/names')
const { buildCaseFile } = await import('@/server/modules/evidence/case-file')
const { verifyCaseFile } = await import('@/server/modules/evidence/verify-case-file')

const mbOf = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10
try {
  seedOnOpen()
  const db = await getDb()
  await generateBusinesses(db, { rows: 1 })
  const [business] = rowsOf<{ id: string }>(await db.execute(sql`select id from businesses limit 1`))
  await db.execute(sql`insert into kyc_details (business_id) values (${business!.id})`)
  const [user] = rowsOf<{ id: string }>(
    await db.execute(
      sql`insert into users (email, first_name, last_name) values ('bench-examiner@example.com', 'Bench', 'Examiner') returning id`,
    ),
  )
  log(`storing ${documentCount} documents of ${mib} MiB`)
  const storage = getBlobStorage()
  for (let i = 0; i < documentCount; i++) {
    const blobName = `${randomUUID()}/document-${i + 1}.pdf`
    const bytes = Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(mib * 1024 * 1024 - 9)])
    await storage.upload(blobName, bytes, 'application/pdf')
    await db.insert(files).values({
      businessId: business!.id,
      purpose: 'KYC_DOCUMENT',
      fileName: `document-${i + 1}.pdf`,
      contentType: 'application/pdf',
      sizeBytes: bytes.length,
      blobName,
      status: 'CONFIRMED',
      confirmedAt: new Date(),
    })
  }
  const staff = new Set(Object.values(PERMISSIONS))
  const actor = {
    userId: user!.id,
    sessionId: randomUUID(),
    email: 'bench-examiner@example.com',
    firstName: 'Bench',
    lastName: 'Examiner',
    permissions: staff,
    staffPermissions: staff,
    memberships: [],
    isStaff: true,
    iswStaff: false,
    tokenExpiresAt: Math.floor(Date.now() / 1000) + 3600,
    proof: { level: 'password' },
  } as unknown as Parameters<typeof buildCaseFile>[0]['actor']

  global.gc?.()
  const rssBefore = process.memoryUsage().rss
  let peak = rssBefore
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss)
  }, 50)
  log('building the case file')
  const started = performance.now()
  const { stream } = await buildCaseFile({ db, actor, audit: SYSTEM_AUDIT_CONTEXT, businessId: business!.id })
  const zipPath = join(scratch, 'case-file.zip')
  const out = createWriteStream(zipPath)
  let firstByte: number | null = null
  let bytes = 0
  for await (const chunk of stream as unknown as AsyncIterable<Uint8Array>) {
    firstByte ??= performance.now() - started
    bytes += chunk.byteLength
    if (!out.write(chunk)) await new Promise<void>((resolve) => out.once('drain', () => resolve()))
  }
  await new Promise<void>((resolve) => out.end(() => resolve()))
  const seconds = (performance.now() - started) / 1000
  clearInterval(sampler)
  const check = await verifyCaseFile(readFileSync(zipPath))
  console.log(
    JSON.stringify({
      documents: documentCount,
      megabytes: mbOf(bytes),
      firstByteSeconds: Math.round(firstByte! / 10) / 100,
      seconds: Math.round(seconds * 10) / 10,
      rssBeforeMb: mbOf(rssBefore),
      rssGrowthMb: mbOf(peak - rssBefore),
      verified: check.ok,
      problems: check.problems.slice(0, 3),
    }),
  )
  await closeDatabase()
} finally {
  rmSync(scratch, { recursive: true, force: true })
  await azurite.stop()
  await database.drop()
}
