import { sql } from 'drizzle-orm'
import { index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { AUTHORIZATION_RESOURCES, AUTHORIZATION_STATUSES, AUTHORIZATION_TYPES } from '../../../lib/contracts/authorization-values'
import { users } from './users'

/**
 * A proposed change to a role, a staff user or configuration (products, fees, deferral settings), waiting for a
 * second person (docs/domain.md#authorizations). `targetKey` names the record (`role:<id>`, `product:<id>`, …, or for
 * a create `role-name:<NAME>`, `product-code:<CODE>`, …): at most one PENDING request per record.
 */
export const authorizations = pgTable(
  'authorizations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    type: text('type', { enum: AUTHORIZATION_TYPES }).notNull(),
    resource: text('resource', { enum: AUTHORIZATION_RESOURCES }).notNull(),
    /** The record changed; null for a create until it is approved (then the created record). */
    resourceId: uuid('resource_id'),
    targetKey: text('target_key').notNull(),
    /** The record's name for lists (a role's name, a user's e-mail, a product's code and name, …). */
    target: text('target').notNull(),
    status: text('status', { enum: AUTHORIZATION_STATUSES }).notNull().default('PENDING'),
    proposal: jsonb('proposal').$type<Record<string, unknown>>().notNull(),
    /** The record as it was when requested (null for a create); its hash is re-checked on approval. */
    before: jsonb('before').$type<Record<string, unknown> | null>(),
    beforeHash: text('before_hash'),
    reason: text('reason'),
    makerId: uuid('maker_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    checkerId: uuid('checker_id').references(() => users.id, { onDelete: 'restrict' }),
    comment: text('comment'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('authorizations_one_pending_key')
      .on(t.targetKey)
      .where(sql`${t.status} = 'PENDING'`),
    index('authorizations_status_created_idx').on(t.status, t.createdAt),
    index('authorizations_maker_created_idx').on(t.makerId, t.createdAt),
    index('authorizations_type_created_idx').on(t.type, t.createdAt),
  ],
)

export type AuthorizationRow = typeof authorizations.$inferSelect
