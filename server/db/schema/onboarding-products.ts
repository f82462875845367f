import { sql } from 'drizzle-orm'
import { foreignKey, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { ONBOARDING_STATUSES } from '../../../lib/contracts/product-values'
import { businesses } from './businesses'
import { files } from './files'
import { productRequirementVersions, products } from './products'
import { users } from './users'
// Relative path: drizzle-kit loads the schema without the `@/` alias.

/** A business on a product: its application, answers and decision. */
export const onboardingProducts = pgTable(
  'onboarding_products',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id),
    /** The requirement version the answers were last given against (moves with the product while editable). */
    requirementsVersion: integer('requirements_version').notNull(),
    status: text('status', { enum: ONBOARDING_STATUSES }).notNull().default('PENDING'),
    /** Last change of any answer; a declined application is resubmitted only after one. */
    answersUpdatedAt: timestamp('answers_updated_at', { withTimezone: true }),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decisionComment: text('decision_comment'),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    completedBy: uuid('completed_by').references(() => users.id, { onDelete: 'set null' }),
    removedAt: timestamp('removed_at', { withTimezone: true }),
    removedBy: uuid('removed_by').references(() => users.id, { onDelete: 'set null' }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // A business holds a product once at a time: anything but REMOVED counts (DECLINED can still be resubmitted).
    uniqueIndex('onboarding_products_business_product_key')
      .on(t.businessId, t.productId)
      .where(sql`${t.status} <> 'REMOVED'`),
    index('onboarding_products_business_idx').on(t.businessId, t.createdAt),
    index('onboarding_products_product_status_idx').on(t.productId, t.status, t.createdAt),
    index('onboarding_products_status_created_idx').on(t.status, t.createdAt),
    index('onboarding_products_status_submitted_idx').on(t.status, t.submittedAt),
    foreignKey({
      name: 'onboarding_products_requirements_version_fk',
      columns: [t.productId, t.requirementsVersion],
      foreignColumns: [productRequirementVersions.productId, productRequirementVersions.version],
    }),
  ],
)

/** One answer to one requirement (by key): text for `Text Input`, a confirmed file for `Upload Document`. */
export const onboardingAnswers = pgTable(
  'onboarding_answers',
  {
    onboardingId: uuid('onboarding_id')
      .notNull()
      .references(() => onboardingProducts.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    textValue: text('text_value'),
    fileId: uuid('file_id').references(() => files.id),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.onboardingId, t.key] }), index('onboarding_answers_file_idx').on(t.fileId)],
)

export type OnboardingProduct = typeof onboardingProducts.$inferSelect
export type OnboardingAnswer = typeof onboardingAnswers.$inferSelect
