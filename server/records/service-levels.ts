import { and, eq, gte, lt, sql, type SQL, type SQLWrapper } from 'drizzle-orm'
import type { Queue } from '@/lib/contracts/service-level-values'
import { DEFAULT_TARGET_DAYS } from '@/lib/contracts/service-level-values'
import type { DueFields } from '@/lib/contracts/service-levels'
import { businessCalendar, dueAt, dueCutoffs, dueStatusOf, lagosDay, type BusinessCalendar } from '@/lib/format/business-days'
import type { Executor } from '@/server/db/client'
import { rowsOf } from '@/server/db/rows-of'
import { addedHolidays, queueServiceLevels, staffAvailability } from '@/server/db/schema'
import { AppError } from '@/server/http/app-error'

/** The queues' targets and the business calendar, read once per request (docs/service-levels.md). */
export interface ServiceLevels {
  calendar: BusinessCalendar
  target(queue: Queue): number
  autoAssign(queue: Queue): boolean
}

export async function loadServiceLevels(db: Executor): Promise<ServiceLevels> {
  // Both small tables in one round trip (every queue list reads them).
  const [row] = rowsOf<{
    levels: { queue: Queue; targetBusinessDays: number; autoAssign: boolean }[] | null
    holidays: { day: string; name: string }[] | null
  }>(
    await db.execute(sql`SELECT
      (SELECT json_agg(json_build_object('queue', ${queueServiceLevels.queue}, 'targetBusinessDays',
        ${queueServiceLevels.targetBusinessDays}, 'autoAssign', ${queueServiceLevels.autoAssign})) FROM ${queueServiceLevels}) AS levels,
      (SELECT json_agg(json_build_object('day', ${addedHolidays.day}, 'name', ${addedHolidays.name})) FROM ${addedHolidays}) AS holidays`),
  )
  const levels = row?.levels ?? []
  const holidays = row?.holidays ?? []
  const byQueue = new Map(levels.map((l) => [l.queue, l]))
  return {
    calendar: businessCalendar(new Map(holidays.map((h) => [h.day, h.name]))),
    target: (queue) => byQueue.get(queue)?.targetBusinessDays ?? DEFAULT_TARGET_DAYS[queue],
    autoAssign: (queue) => byQueue.get(queue)?.autoAssign ?? false,
  }
}

/** An item's due time and where it stands, from when it entered its queue. */
export function dueFieldsOf(levels: ServiceLevels, queue: Queue, entered: Date, now: Date): DueFields {
  const due = dueAt(entered, levels.target(queue), levels.calendar)
  return { dueAt: due.toISOString(), dueStatus: dueStatusOf(due, now, levels.calendar) }
}

/**
 * A list's `due` filter as a range on its entry column: due times grow with the entry time, so overdue is "entered
 * before a cutoff" (lib/format/business-days.ts, entryCutoff) and the queue's own index on that column serves it.
 */
export function dueCondition(
  levels: ServiceLevels,
  queue: Queue,
  entered: SQLWrapper,
  status: DueFields['dueStatus'] | undefined,
  now: Date,
  bind: (name: string, value: Date) => unknown = (_name, value) => value,
): SQL | undefined {
  if (!status) return undefined
  const { overdue, dueSoon } = dueCutoffs(now, levels.target(queue), levels.calendar)
  if (status === 'OVERDUE') return lt(entered as never, bind('dueOverdueBefore', overdue))
  if (status === 'DUE_SOON')
    return and(gte(entered as never, bind('dueSoonFrom', overdue)), lt(entered as never, bind('dueSoonBefore', dueSoon)))
  return gte(entered as never, bind('dueOnTimeFrom', dueSoon))
}

/**
 * Refuses an assignee who is away today (Lagos; docs/service-levels.md#assignment: while away a staff member cannot be
 * assigned an item), 400 naming `field`.
 */
export async function assertNotAway(db: Executor, userId: string, field: string, now: Date): Promise<void> {
  const [away] = await db
    .select({ awayUntil: staffAvailability.awayUntil })
    .from(staffAvailability)
    .where(and(eq(staffAvailability.userId, userId), sql`${staffAvailability.awayUntil} >= ${lagosDay(now)}::date`))
  if (away) throw new AppError('VALIDATION_FAILED', `The assignee is away until ${away.awayUntil}`, { field })
}
