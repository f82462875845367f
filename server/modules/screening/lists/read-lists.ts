import { and, desc, eq, inArray, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { ScreeningLists } from '@/lib/contracts/screening'
import type { Executor } from '@/server/db/client'
import { rowsOf } from '@/server/db/rows-of'
import { screeningListVersions, screeningLists, screeningRuns, users, type ScreeningListVersion } from '@/server/db/schema'
import { assertStaffWithAny } from '@/server/http/access'
import type { Actor } from '@/server/http/context'
import { readMatchThreshold } from '../screen/screening-settings'
import { SCREENING_READERS } from '../screening-access'

const stagers = alias(users, 'stagers')
const activators = alias(users, 'activators')
const nameOf = (u: { firstName: string | null; lastName: string | null } | null) =>
  u?.firstName || u?.lastName ? `${u.firstName ?? ''} ${u.lastName ?? ''}`.trim() : null

/** `GET /screening/lists`: every list with its current and waiting version, the threshold, the latest monitoring runs. */
export async function readScreeningLists(options: { db: Executor; actor: Actor }): Promise<ScreeningLists> {
  const { db, actor } = options
  assertStaffWithAny(actor, ...SCREENING_READERS)
  const [lists, versions, counts, runs, matchThreshold] = await Promise.all([
    db.select().from(screeningLists).orderBy(screeningLists.createdAt, screeningLists.code),
    db
      .select({
        version: screeningListVersions,
        stager: { firstName: stagers.firstName, lastName: stagers.lastName },
        activator: { firstName: activators.firstName, lastName: activators.lastName },
      })
      .from(screeningListVersions)
      .leftJoin(stagers, eq(stagers.id, screeningListVersions.stagedBy))
      .leftJoin(activators, eq(activators.id, screeningListVersions.activatedBy))
      .where(inArray(screeningListVersions.status, ['ACTIVE', 'STAGED', 'PENDING'])),
    db.execute(sql`select list_id, count(*)::int as n from screening_entries where retired_in is null group by list_id`),
    db
      .select({ run: screeningRuns, number: screeningListVersions.number, code: screeningLists.code })
      .from(screeningRuns)
      .innerJoin(screeningListVersions, eq(screeningListVersions.id, screeningRuns.versionId))
      .innerJoin(screeningLists, eq(screeningLists.id, screeningListVersions.listId))
      .orderBy(desc(screeningRuns.createdAt))
      .limit(10),
    readMatchThreshold(db),
  ])
  const entries = new Map(rowsOf<{ list_id: string; n: number }>(counts).map((r) => [r.list_id, Number(r.n)]))
  const view = (v: (typeof versions)[number]) => toVersionView(v.version, nameOf(v.stager), nameOf(v.activator))
  return {
    matchThreshold,
    lists: lists.map((l) => {
      const mine = versions.filter((v) => v.version.listId === l.id)
      const current = mine.find((v) => v.version.status === 'ACTIVE')
      const waiting = mine.find((v) => v.version.status === 'PENDING') ?? mine.find((v) => v.version.status === 'STAGED')
      return {
        code: l.code,
        name: l.name,
        kind: l.kind,
        format: l.format,
        entries: entries.get(l.id) ?? 0,
        current: current ? view(current) : null,
        waiting: waiting ? view(waiting) : null,
      }
    }),
    runs: runs.map(({ run, number, code }) => ({
      id: run.id,
      listCode: code,
      versionNumber: number,
      status: run.status,
      total: run.total,
      done: run.done,
      hitsOpened: run.hitsOpened,
      createdAt: run.createdAt.toISOString(),
      finishedAt: run.finishedAt?.toISOString() ?? null,
    })),
  }
}

export function toVersionView(v: ScreeningListVersion, stagedBy: string | null, activatedBy: string | null) {
  return {
    id: v.id,
    number: v.number,
    status: v.status,
    publishedOn: v.publishedOn,
    source: v.source,
    checksum: v.checksum,
    recordCount: v.recordCount,
    added: v.added,
    changed: v.changed,
    removed: v.removed,
    unknownCountries: v.unknownCountries,
    stagedBy: stagedBy ?? (v.stagedBy ? 'a staff user' : 'the system (shipped snapshot)'),
    stagedAt: v.stagedAt.toISOString(),
    activatedBy: activatedBy ?? (v.activatedAt ? (v.activatedBy ? 'a staff user' : 'the system (shipped snapshot)') : null),
    activatedAt: v.activatedAt?.toISOString() ?? null,
  }
}

/** Versions of one list, newest first (the history an examiner asks for). */
export async function listVersionsOf(db: Executor, listId: string) {
  return db
    .select()
    .from(screeningListVersions)
    .where(and(eq(screeningListVersions.listId, listId)))
    .orderBy(desc(screeningListVersions.number))
}
