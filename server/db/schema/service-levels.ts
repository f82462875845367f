import { sql } from 'drizzle-orm'
import { boolean, date, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { QUEUES } from '@/lib/contracts/service-level-values'
import { businesses } from './businesses'
import { users } from './users'

/** Each queue's service level (docs/service-levels.md): absent rows fall back to the coded default target. */
export const queueServiceLevels = pgTable('queue_service_levels', {
  queue: text('queue', { enum: QUEUES }).primaryKey(),
  targetBusinessDays: integer('target_business_days').notNull(),
  autoAssign: boolean('auto_assign').notNull().default(false),
  /** Round-robin: the last staff member auto-assigned an item of this queue. */
  lastAssigneeId: uuid('last_assignee_id').references(() => users.id, { onDelete: 'set null' }),
  updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
})

/** Holidays staff add on top of Nigeria's public ones (declared at short notice). */
export const addedHolidays = pgTable('added_holidays', {
  day: date('day').primaryKey(),
  name: text('name').notNull(),
  addedBy: uuid('added_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
})

/**
 * One row per item found past its due time. The unique key (queue, item, entry) is what makes "escalated once" hold
 * when two runs overlap; an item that leaves and re-enters its queue is a new entry.
 */
export const queueBreaches = pgTable(
  'queue_breaches',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    queue: text('queue', { enum: QUEUES }).notNull(),
    itemId: text('item_id').notNull(),
    businessId: uuid('business_id').references(() => businesses.id, { onDelete: 'cascade' }),
    enteredAt: timestamp('entered_at', { withTimezone: true }).notNull(),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    breachedAt: timestamp('breached_at', { withTimezone: true }).notNull().defaultNow(),
    assigneeId: uuid('assignee_id').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('queue_breaches_item_key').on(t.queue, t.itemId, t.enteredAt),
    index('queue_breaches_breached_idx').on(t.breachedAt),
  ],
)

/** Who has an item of a queue whose own table has no assignee (the business review keeps `businesses.assignee_id`). */
export const queueAssignments = pgTable(
  'queue_assignments',
  {
    queue: text('queue', { enum: QUEUES }).notNull(),
    itemId: text('item_id').notNull(),
    assigneeId: uuid('assignee_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    assignedBy: uuid('assigned_by').references(() => users.id, { onDelete: 'set null' }),
    assignedAt: timestamp('assigned_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.queue, t.itemId] }), index('queue_assignments_assignee_idx').on(t.assigneeId)],
)

/** A staff member away until a day (inclusive, Lagos): skipped by auto-assignment, their items offered to others. */
export const staffAvailability = pgTable(
  'staff_availability',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    awayUntil: date('away_until'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('staff_availability_away_idx')
      .on(t.awayUntil)
      .where(sql`${t.awayUntil} IS NOT NULL`),
  ],
)
