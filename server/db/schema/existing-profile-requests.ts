import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { businesses } from './businesses'
import { users } from './users'

export const ACCESS_REQUEST_STATUSES = ['PENDING', 'ACCEPTED', 'REFUSED'] as const

/** A user asking the owners of an existing business profile to let them in. */
export const existingProfileRequests = pgTable(
  'existing_profile_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    requesterId: uuid('requester_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    message: text('message'),
    status: text('status', { enum: ACCESS_REQUEST_STATUSES }).notNull().default('PENDING'),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('existing_profile_requests_business_idx').on(t.businessId, t.status),
    index('existing_profile_requests_requester_idx').on(t.requesterId),
  ],
)
