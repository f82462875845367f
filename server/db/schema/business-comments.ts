import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { businesses } from './businesses'
import { users } from './users'

export const BUSINESS_DECISIONS = ['APPROVED', 'DECLINED'] as const

/**
 * The recommendation comment thread of a business (`/businesses/attachment/{id}`): written by staff, read by staff.
 * A decision's comment is one of them, marked with the decision.
 */
export const businessComments = pgTable(
  'business_comments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    /** The author's name when they wrote it, so the thread still reads after a user is removed. */
    authorName: text('author_name').notNull(),
    body: text('body').notNull(),
    decision: text('decision', { enum: BUSINESS_DECISIONS }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('business_comments_business_idx').on(t.businessId, t.createdAt)],
)

export type BusinessComment = typeof businessComments.$inferSelect
