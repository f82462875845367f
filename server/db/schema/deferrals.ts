import { sql } from 'drizzle-orm'
import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
// Relative path: drizzle-kit loads the schema without the `@/` alias.
import { DEFERRAL_STATUSES } from '../../../lib/contracts/deferral-values'
import { businesses } from './businesses'
import { kycDocumentTypes } from './kyc-document-types'
import { kycDocuments } from './kyc-documents'
import { users } from './users'

/**
 * A business asks to provide one document type later (docs/domain.md#deferral): PENDING → APPROVED (due date = decision
 * time + days) or REJECTED; APPROVED → FULFILLED when the document is uploaded. OVERDUE is derived (APPROVED and past
 * `dueDate`) and blocks the business. At most one open (PENDING or APPROVED) deferral per business and type.
 */
export const deferrals = pgTable(
  'deferrals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    documentTypeId: uuid('document_type_id')
      .notNull()
      .references(() => kycDocumentTypes.id),
    days: integer('days').notNull(),
    reason: text('reason').notNull(),
    status: text('status', { enum: DEFERRAL_STATUSES }).notNull().default('PENDING'),
    requestedBy: uuid('requested_by').references(() => users.id, { onDelete: 'set null' }),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decisionComment: text('decision_comment'),
    /** Set at approval: decision time plus `days`. */
    dueDate: timestamp('due_date', { withTimezone: true }),
    fulfilledAt: timestamp('fulfilled_at', { withTimezone: true }),
    /** The upload that fulfilled it. */
    fulfilledByDocumentId: uuid('fulfilled_by_document_id').references(() => kycDocuments.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Blocked (EXISTS an approved deferral past due) and the business's own list.
    index('deferrals_business_status_due_idx').on(t.businessId, t.status, t.dueDate),
    index('deferrals_business_created_idx').on(t.businessId, t.createdAt),
    // Staff queues (PENDING, newest or oldest first) and reminders (APPROVED by due date).
    index('deferrals_status_created_idx').on(t.status, t.createdAt),
    index('deferrals_status_due_idx').on(t.status, t.dueDate),
    uniqueIndex('deferrals_open_key')
      .on(t.businessId, t.documentTypeId)
      .where(sql`${t.status} IN ('PENDING', 'APPROVED')`),
  ],
)

export type Deferral = typeof deferrals.$inferSelect
