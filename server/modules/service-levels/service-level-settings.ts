import { and, asc, eq, gte, like, lt } from 'drizzle-orm'
import { serviceLevelWords } from '@/lib/contracts/authorization-values'
import { QUEUES, QUEUE_LABELS, type Queue } from '@/lib/contracts/service-level-values'
import type { Holiday, HolidayInput, ServiceLevel, ServiceLevelInput } from '@/lib/contracts/service-levels'
import { nigerianPublicHolidays } from '@/lib/format/business-days'
import { appendAudit, type AuditContext } from '@/server/audit/append-audit'
import type { Database, Executor, Tx } from '@/server/db/client'
import { uniqueViolationOf } from '@/server/db/errors'
import { addedHolidays, authorizations, queueServiceLevels, users } from '@/server/db/schema'
import { assertStaffWithAny } from '@/server/http/access'
import { AppError } from '@/server/http/app-error'
import type { Actor } from '@/server/http/context'
import { configNeedsFourEyes } from '@/server/modules/authorizations/config-four-eyes'
import { registerKinds } from '@/server/modules/authorizations/kinds'
import { defineKind, type DecisionActors } from '@/server/modules/authorizations/kinds/kind'
import type { Snapshot } from '@/server/modules/authorizations/records'
import { requestAuthorization } from '@/server/modules/authorizations/request-authorization'
import { displayName } from '@/server/records/display-name'
import { loadServiceLevels } from '@/server/records/service-levels'
import { QUEUE_SUPERVISORS } from './assignment'
import { QUEUE_SOURCES } from './queue-sources'

/** The key of a queue's SERVICE_LEVEL authorization: one PENDING request per queue. */
const targetKeyOf = (queue: Queue) => `service-level:${queue}`

/** `GET /service-levels`: every queue's target and auto-assignment, and the change waiting for a second person. Staff. */
export async function findServiceLevels(options: { db: Executor; actor: Actor }): Promise<ServiceLevel[]> {
  if (!options.actor.isStaff) throw new AppError('FORBIDDEN', 'Staff only')
  const [levels, rows, waiting] = await Promise.all([
    loadServiceLevels(options.db),
    options.db.select().from(queueServiceLevels),
    options.db
      .select({
        id: authorizations.id,
        targetKey: authorizations.targetKey,
        proposal: authorizations.proposal,
        createdAt: authorizations.createdAt,
        firstName: users.firstName,
        lastName: users.lastName,
      })
      .from(authorizations)
      .innerJoin(users, eq(users.id, authorizations.makerId))
      .where(
        and(
          eq(authorizations.status, 'PENDING'),
          eq(authorizations.type, 'SERVICE_LEVEL'),
          like(authorizations.targetKey, 'service-level:%'),
        ),
      ),
  ])
  const byQueue = new Map(rows.map((r) => [r.queue, r]))
  const pendingByKey = new Map(waiting.map((w) => [w.targetKey, w]))
  return QUEUES.map((queue) => {
    const pending = pendingByKey.get(targetKeyOf(queue))
    const proposal = pending?.proposal as Partial<ServiceLevelProposal> | undefined
    return {
      queue,
      label: QUEUE_LABELS[queue],
      targetBusinessDays: levels.target(queue),
      autoAssign: levels.autoAssign(queue),
      decidingPermission: QUEUE_SOURCES[queue].decidingPermission,
      updatedAt: byQueue.get(queue)?.updatedAt.toISOString() ?? null,
      pending: pending
        ? {
            authorizationId: pending.id,
            targetBusinessDays: Number(proposal?.targetBusinessDays),
            autoAssign: proposal?.autoAssign === true,
            requestedBy: displayName({ firstName: pending.firstName, lastName: pending.lastName }),
            requestedAt: pending.createdAt.toISOString(),
          }
        : null,
    }
  })
}

interface ServiceLevelProposal {
  queue: Queue
  targetBusinessDays: number
  autoAssign: boolean
}

/** Every queue's level in words: the snapshot a SERVICE_LEVEL authorization is checked against. */
async function levelsSnapshot(db: Executor, lock: boolean): Promise<Snapshot> {
  if (lock) await db.select().from(queueServiceLevels).for('update')
  const levels = await loadServiceLevels(db)
  return Object.fromEntries(QUEUES.map((q) => [q, serviceLevelWords(levels.target(q), levels.autoAssign(q))]))
}

async function applyServiceLevel(
  tx: Tx,
  options: { proposal: ServiceLevelProposal; actorId: string; audit: AuditContext; actors?: DecisionActors },
) {
  const { proposal, audit } = options
  const before = await loadServiceLevels(tx)
  const values = { targetBusinessDays: proposal.targetBusinessDays, autoAssign: proposal.autoAssign }
  await tx
    .insert(queueServiceLevels)
    .values({ queue: proposal.queue, ...values, updatedBy: options.actorId, updatedAt: new Date() })
    .onConflictDoUpdate({
      target: queueServiceLevels.queue,
      set: { ...values, updatedBy: options.actorId, updatedAt: new Date() },
    })
  await appendAudit(tx, audit, {
    resource: 'service_level',
    resourceId: proposal.queue,
    action: 'UPDATE',
    before: { targetBusinessDays: before.target(proposal.queue), autoAssign: before.autoAssign(proposal.queue) },
    after: { ...values, ...(options.actors ?? {}) },
  })
}

/**
 * `PUT /service-levels/{queue}`: a queue's target (business days) and auto-assignment. Through four-eyes (a
 * SERVICE_LEVEL authorization another supervisor approves) when FOUR_EYES_CONFIG is on.
 */
export async function requestServiceLevel(options: {
  db: Database
  actor: Actor
  audit: AuditContext
  queue: Queue
  input: ServiceLevelInput
}) {
  const { db, actor, audit, queue, input } = options
  assertStaffWithAny(actor, ...QUEUE_SUPERVISORS)
  const proposal: ServiceLevelProposal = {
    queue,
    targetBusinessDays: Number(input.targetBusinessDays),
    autoAssign: input.autoAssign,
  }
  const current = await loadServiceLevels(db)
  if (current.target(queue) === proposal.targetBusinessDays && current.autoAssign(queue) === proposal.autoAssign)
    throw new AppError(
      'VALIDATION_FAILED',
      `This changes nothing: the ${QUEUE_LABELS[queue]} queue already has ${serviceLevelWords(proposal.targetBusinessDays, proposal.autoAssign)}`,
      { field: 'targetBusinessDays' },
    )
  if (!configNeedsFourEyes()) {
    await db.transaction((tx) => applyServiceLevel(tx, { proposal, actorId: actor.userId, audit }))
    return { pending: null, levels: await findServiceLevels({ db, actor }) }
  }
  const pending = await requestAuthorization({
    db,
    actor,
    audit,
    type: 'SERVICE_LEVEL',
    resource: 'setting',
    resourceId: null,
    targetKey: targetKeyOf(queue),
    target: QUEUE_LABELS[queue],
    proposal: { ...proposal },
    before: await levelsSnapshot(db, false),
    reason: input.reason,
  })
  return { pending, levels: null }
}

/** SERVICE_LEVEL: stale when any queue's level changed since the request. */
export const serviceLevelKind = defineKind<ServiceLevelProposal>({
  type: 'SERVICE_LEVEL',
  resource: 'setting',
  creates: false,
  labels: Object.fromEntries(QUEUES.map((q) => [q, QUEUE_LABELS[q]])),
  current: (db, _row, lock) => levelsSnapshot(db, lock),
  proposed: async (_db, p, before) => ({ ...(before ?? {}), [p.queue]: serviceLevelWords(p.targetBusinessDays, p.autoAssign) }),
  async apply(tx, audit, row, actors) {
    await applyServiceLevel(tx, { proposal: row.proposal, actorId: row.makerId, audit, actors: { ...actors } })
    return { resourceId: null }
  },
})

registerKinds(serviceLevelKind)

/**
 * `GET /service-levels/holidays?year=`: the days that are not business days beyond weekends: Nigeria's public holidays
 * (date-holidays) and the ones staff added.
 */
export async function findHolidays(options: { db: Executor; actor: Actor; year: number }): Promise<Holiday[]> {
  if (!options.actor.isStaff) throw new AppError('FORBIDDEN', 'Staff only')
  const { year } = options
  const added = await options.db
    .select({ day: addedHolidays.day, name: addedHolidays.name, firstName: users.firstName, lastName: users.lastName })
    .from(addedHolidays)
    .leftJoin(users, eq(users.id, addedHolidays.addedBy))
    .where(and(gte(addedHolidays.day, `${year}-01-01`), lt(addedHolidays.day, `${year + 1}-01-01`)))
    .orderBy(asc(addedHolidays.day))
  const all: Holiday[] = [
    ...[...nigerianPublicHolidays(year)].map(([day, name]) => ({ day, name, source: 'PUBLIC' as const, addedBy: null })),
    ...added.map((h) => ({
      day: h.day,
      name: h.name,
      source: 'ADDED' as const,
      addedBy: h.firstName !== null ? displayName({ firstName: h.firstName, lastName: h.lastName ?? '' }) : null,
    })),
  ]
  return all.sort((a, b) => a.day.localeCompare(b.day))
}

/**
 * `POST /service-levels/holidays`: a holiday the government declared, at once (they come at short notice; a second
 * person's approval could come after the day). A supervisor's permission, audited; a day already a holiday is 409.
 */
export async function addHoliday(options: { db: Database; actor: Actor; audit: AuditContext; input: HolidayInput }) {
  const { db, actor, audit, input } = options
  assertStaffWithAny(actor, ...QUEUE_SUPERVISORS)
  const publicName = nigerianPublicHolidays(Number(input.day.slice(0, 4))).get(input.day)
  if (publicName) throw new AppError('CONFLICT', `${input.day} is already a public holiday (${publicName})`)
  try {
    await db.transaction(async (tx) => {
      await tx.insert(addedHolidays).values({ day: input.day, name: input.name, addedBy: actor.userId })
      await appendAudit(tx, audit, { resource: 'holiday', resourceId: input.day, action: 'CREATE', after: { ...input } })
    })
  } catch (error) {
    if (uniqueViolationOf(error) !== null) throw new AppError('CONFLICT', `${input.day} is already an added holiday`)
    throw error
  }
  return findHolidays({ db, actor, year: Number(input.day.slice(0, 4)) })
}

/** `DELETE /service-levels/holidays/{day}`: an added holiday withdrawn (public ones cannot be). Audited. */
export async function removeHoliday(options: { db: Database; actor: Actor; audit: AuditContext; day: string }) {
  const { db, actor, audit, day } = options
  assertStaffWithAny(actor, ...QUEUE_SUPERVISORS)
  await db.transaction(async (tx) => {
    const [removed] = await tx.delete(addedHolidays).where(eq(addedHolidays.day, day)).returning()
    if (!removed) throw new AppError('NOT_FOUND', `${day} is not an added holiday`)
    await appendAudit(tx, audit, {
      resource: 'holiday',
      resourceId: day,
      action: 'DELETE',
      before: { day: removed.day, name: removed.name },
    })
  })
  return findHolidays({ db, actor, year: Number(day.slice(0, 4)) })
}
