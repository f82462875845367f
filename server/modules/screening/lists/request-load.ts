import { and, eq } from 'drizzle-orm'
import type { DesignationInput } from '@/lib/contracts/screening'
import type { AuditContext } from '@/server/audit/append-audit'
import type { Database } from '@/server/db/client'
import { screeningListVersions, screeningLists } from '@/server/db/schema'
import { assertStaffWithAny } from '@/server/http/access'
import { AppError, notFound } from '@/server/http/app-error'
import type { Actor } from '@/server/http/context'
import { configNeedsFourEyes } from '@/server/modules/authorizations/config-four-eyes'
import { requestAuthorization } from '@/server/modules/authorizations/request-authorization'
import type { ListedEntry } from '../list-entry'
import { MATCH_THRESHOLD_SETTING, readMatchThreshold, writeMatchThreshold } from '../screen/screening-settings'
import { SCREENING_LIST_MANAGERS } from '../screening-access'
import { activateListVersion, addListedEntry } from './activate-version'
import { listSnapshot } from './list-kinds'
import { findListOrThrow } from './stage-version'

/**
 * `POST /screening/versions/{id}/load`: the dry-run version goes live. Under four-eyes (the default) it becomes PENDING
 * and a second person approves it (PUT /authorizations/{id}); with FOUR_EYES_CONFIG off it goes live at once.
 */
export async function requestListLoad(options: {
  db: Database
  actor: Actor
  audit: AuditContext
  versionId: string
  reason: string
}) {
  const { db, actor } = options
  assertStaffWithAny(actor, ...SCREENING_LIST_MANAGERS)
  const [row] = await db
    .select({ version: screeningListVersions, list: screeningLists })
    .from(screeningListVersions)
    .innerJoin(screeningLists, eq(screeningLists.id, screeningListVersions.listId))
    .where(eq(screeningListVersions.id, options.versionId))
  if (!row) throw notFound('List version')
  if (row.version.status !== 'STAGED') {
    throw new AppError(
      'INVALID_STATE',
      row.version.status === 'PENDING'
        ? 'This version already waits for approval'
        : 'This version is no longer waiting to be loaded: run the dry run again',
    )
  }
  if (!configNeedsFourEyes()) {
    return {
      applied: await db.transaction((tx) =>
        activateListVersion(tx, { versionId: row.version.id, activatedBy: actor.userId, audit: options.audit }),
      ),
    }
  }
  const before = await listSnapshot(db, row.list.id)
  const pending = await requestAuthorization({
    db,
    actor,
    audit: options.audit,
    type: 'SCREENING_LIST_LOAD',
    resource: 'screening_list',
    resourceId: row.list.id,
    targetKey: `screening-list:${row.list.code}`,
    target: row.list.name,
    proposal: {
      versionId: row.version.id,
      listCode: row.list.code,
      number: row.version.number,
      source: row.version.source,
      recordCount: row.version.recordCount,
      added: row.version.added,
      changed: row.version.changed,
      removed: row.version.removed,
    },
    before,
    reason: options.reason,
  })
  await db
    .update(screeningListVersions)
    .set({ status: 'PENDING' })
    .where(and(eq(screeningListVersions.id, row.version.id), eq(screeningListVersions.status, 'STAGED')))
  return { pending }
}

/** `POST /screening/lists/{code}/entries`: a designation entered by hand, through four-eyes like a load. */
export async function requestDesignation(options: {
  db: Database
  actor: Actor
  audit: AuditContext
  listCode: string
  input: Omit<DesignationInput, 'reason'> & { reason: string; aliases: string[] }
}) {
  const { db, actor, input } = options
  assertStaffWithAny(actor, ...SCREENING_LIST_MANAGERS)
  const list = await findListOrThrow(db, options.listCode)
  if (list.code === 'UN_CONSOLIDATED' || list.code === 'OFAC_SDN') {
    throw new AppError('VALIDATION_FAILED', `The ${list.name} changes only by loading its official file`, { field: 'listCode' })
  }
  const entry: ListedEntry = {
    sourceId: input.sourceId,
    subjectKind: input.subjectKind,
    names: [
      { name: input.name, kind: 'PRIMARY', quality: 'STRONG' },
      ...[...new Set(input.aliases)]
        .filter((a) => a !== input.name)
        .map((name) => ({ name, kind: 'ALIAS' as const, quality: 'STRONG' as const })),
    ],
    datesOfBirth: input.dateOfBirth ? [{ kind: 'EXACT', date: input.dateOfBirth }] : [],
    nationalities: input.nationality ? [input.nationality] : [],
    countries: [],
    programmes: input.programme ? [input.programme] : [],
    listedOn: input.listedOn ?? null,
    remarks: input.remarks ?? null,
  }
  if (!configNeedsFourEyes()) {
    return {
      applied: await db.transaction((tx) =>
        addListedEntry(tx, {
          listCode: list.code,
          entry,
          enteredBy: actor.userId,
          activatedBy: actor.userId,
          audit: options.audit,
        }),
      ),
    }
  }
  return {
    pending: await requestAuthorization({
      db,
      actor,
      audit: options.audit,
      type: 'SCREENING_DESIGNATION',
      resource: 'screening_list',
      resourceId: list.id,
      targetKey: `screening-list:${list.code}`,
      target: list.name,
      proposal: { listCode: list.code, entry },
      before: await listSnapshot(db, list.id),
      reason: input.reason,
    }),
  }
}

/** `PUT /screening/settings`: a new match threshold, through four-eyes. */
export async function requestThresholdChange(options: {
  db: Database
  actor: Actor
  audit: AuditContext
  matchThreshold: number
  reason: string
}) {
  const { db, actor } = options
  assertStaffWithAny(actor, ...SCREENING_LIST_MANAGERS)
  if (!configNeedsFourEyes()) {
    await db.transaction((tx) =>
      writeMatchThreshold(tx, options.audit, { matchThreshold: options.matchThreshold, actorId: actor.userId }),
    )
    return { applied: { matchThreshold: options.matchThreshold } }
  }
  const pending = await requestAuthorization({
    db,
    actor,
    audit: options.audit,
    type: 'SCREENING_THRESHOLD',
    resource: 'screening_list',
    resourceId: null,
    targetKey: `setting:${MATCH_THRESHOLD_SETTING}`,
    target: 'Screening match threshold',
    proposal: { matchThreshold: options.matchThreshold },
    before: { matchThreshold: String(await readMatchThreshold(db)) },
    reason: options.reason,
  })
  return { pending }
}
