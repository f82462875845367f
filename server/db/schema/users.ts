import { sql } from 'drizzle-orm'
import { boolean, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'

export const USER_STATUSES = ['PENDING_ACTIVATION', 'ACTIVE', 'DISABLED'] as const

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Stored lower-cased and trimmed; unique. */
    email: text('email').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    /** E.164, e.g. +2348031234567. */
    phone: text('phone'),
    passwordHash: text('password_hash'),
    status: text('status', { enum: USER_STATUSES }).notNull().default('PENDING_ACTIVATION'),
    /** The spec's payment-group flag. */
    iswStaff: boolean('isw_staff').notNull().default(false),
    channel: text('channel'),
    /** Set when an administrator reset the user's factors (four-eyes): the next sign-in leads to enrolment. */
    factorEnrolmentRequired: boolean('factor_enrolment_required').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    index('users_created_at_idx').on(t.createdAt),
    index('users_name_trgm_idx').using('gin', sql`(${t.firstName} || ' ' || ${t.lastName}) gin_trgm_ops`),
  ],
)

export type User = typeof users.$inferSelect
export type NewUser = typeof users.$inferInsert
