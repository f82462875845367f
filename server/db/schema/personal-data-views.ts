import { boolean, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { PERSONAL_DATA_SUBJECT_KINDS } from '../../../lib/contracts/data-views'
import { businesses } from './businesses'
import { users } from './users'

/**
 * One row per view of personal data (NDPA 2023): a KYC file opened or downloaded, a person's full record read (a
 * reveal), a data-subject export. Written in the request that served the data, before it is answered, so nothing
 * is served unlogged. The actor's e-mail and name are copied: the log outlives the staff account.
 */
export const personalDataViews = pgTable(
  'personal_data_views',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    actorEmail: text('actor_email').notNull(),
    actorName: text('actor_name').notNull(),
    actorIsStaff: boolean('actor_is_staff').notNull(),
    /** The business whose record it is; null for a file of no business or a user's own profile. */
    businessId: uuid('business_id').references(() => businesses.id, { onDelete: 'cascade' }),
    subjectKind: text('subject_kind', { enum: PERSONAL_DATA_SUBJECT_KINDS }).notNull(),
    /** The file, means-of-ID, shareholder or user id. */
    subjectId: uuid('subject_id').notNull(),
    /** What was seen, without the value itself: a file's purpose, a field name. */
    detail: text('detail'),
    purpose: text('purpose').notNull(),
    requestId: text('request_id'),
    viewedAt: timestamp('viewed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('personal_data_views_business_idx').on(t.businessId, t.viewedAt),
    index('personal_data_views_subject_idx').on(t.subjectId, t.viewedAt),
    index('personal_data_views_actor_idx').on(t.actorId, t.viewedAt),
  ],
)

export type PersonalDataView = typeof personalDataViews.$inferSelect
