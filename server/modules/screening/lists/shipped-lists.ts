import { createReadStream } from 'node:fs'
import { resolve } from 'node:path'
import { and, eq, inArray } from 'drizzle-orm'
import { SYSTEM_AUDIT_CONTEXT } from '@/server/audit/append-audit'
import type { Database } from '@/server/db/client'
import { screeningListVersions, screeningLists } from '@/server/db/schema'
import { logger } from '@/server/logger'
import { activateListVersion } from './activate-version'
import { seedScreeningLists } from './list-catalogue'
import { stageListVersion, type ListSourceFile } from './stage-version'

/** The snapshot the product ships (server/data/screening/README.md says what and as of when). */
export const SHIPPED_LISTS_DIR = resolve(process.cwd(), 'server/data/screening')

const SHIPPED: { code: string; format: 'UN_XML' | 'OFAC_CSV'; files: Pick<ListSourceFile, 'part' | 'name'>[] }[] = [
  { code: 'UN_CONSOLIDATED', format: 'UN_XML', files: [{ part: 'list', name: 'un-consolidated-2026-02-27.xml' }] },
  {
    code: 'OFAC_SDN',
    format: 'OFAC_CSV',
    files: [
      { part: 'sdn', name: 'ofac-sdn-2021-07.csv' },
      { part: 'alt', name: 'ofac-alt-2021-07.csv' },
      { part: 'add', name: 'ofac-add-2021-07.csv' },
    ],
  },
]

/**
 * Every start: the catalogue's lists exist, and a shipped list that has never been loaded is loaded from the snapshot
 * by the system (no four-eyes: it is the product's default, like the reference data). Later versions come through the
 * import, which operators run with four-eyes.
 */
export async function seedShippedLists(db: Database): Promise<void> {
  await seedScreeningLists(db)
  const loaded = await db
    .select({ code: screeningLists.code })
    .from(screeningListVersions)
    .innerJoin(screeningLists, eq(screeningLists.id, screeningListVersions.listId))
    .where(and(inArray(screeningListVersions.status, ['ACTIVE', 'SUPERSEDED'])))
  const done = new Set(loaded.map((l) => l.code))
  for (const list of SHIPPED) {
    if (done.has(list.code)) continue
    const started = Date.now()
    const dryRun = await stageListVersion({
      db,
      actorId: null,
      audit: SYSTEM_AUDIT_CONTEXT,
      listCode: list.code,
      format: list.format,
      source: `shipped snapshot: ${list.files.map((f) => f.name).join(', ')}`,
      files: list.files.map((f) => ({ ...f, open: async () => createReadStream(resolve(SHIPPED_LISTS_DIR, f.name)) })),
    })
    await db.transaction((tx) =>
      activateListVersion(tx, { versionId: dryRun.versionId, activatedBy: null, audit: SYSTEM_AUDIT_CONTEXT }),
    )
    logger.info({ list: list.code, entries: dryRun.recordCount, ms: Date.now() - started }, 'shipped screening list loaded')
  }
}
