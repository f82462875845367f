import { sql } from 'drizzle-orm'
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import type { RequirementType } from '../../../lib/contracts/product-values'
import { PRODUCT_RISK_LEVELS } from '../../../lib/contracts/risk-values'
import { businessDivisions } from './business-reference'
import { users } from './users'

/** One requirement of a product, as stored in a requirement version (lib/contracts/products.ts validates it). */
export interface StoredRequirement {
  key: string
  label: string
  type: RequirementType
  required: boolean
  help: string | null
}

/** Groups products in the catalogue (seeded; every product has one). */
export const productCategories = pgTable(
  'product_categories',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    description: text('description'),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [uniqueIndex('product_categories_name_key').on(t.name)],
)

/**
 * A product the provider offers. Only `active` and `live` products are offered to businesses. Its requirements live
 * in `product_requirement_versions`; `requirementsVersion` names the current one.
 */
export const products = pgTable(
  'products',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Upper-case letters, digits and dashes; never one of the API's static path words. */
    code: text('code').notNull(),
    name: text('name').notNull(),
    description: text('description'),
    categoryId: uuid('category_id')
      .notNull()
      .references(() => productCategories.id),
    divisionId: uuid('division_id').references(() => businessDivisions.id, { onDelete: 'set null' }),
    active: boolean('active').notNull().default(true),
    live: boolean('live').notNull().default(false),
    /** The KYC document types the product needs (ids of kyc_document_types, checked when written). */
    kycDocumentTypeIds: uuid('kyc_document_type_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    requirementsVersion: integer('requirements_version').notNull().default(1),
    /** The product's own money-laundering risk, a factor of every applicant's risk (docs/risk.md#factors). */
    riskLevel: text('risk_level', { enum: PRODUCT_RISK_LEVELS }).notNull().default('LOW'),
    wentLiveAt: timestamp('went_live_at', { withTimezone: true }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('products_code_key').on(t.code),
    index('products_offered_idx').on(t.live, t.active, t.categoryId),
    index('products_category_idx').on(t.categoryId),
    index('products_division_idx').on(t.divisionId),
    index('products_created_at_idx').on(t.createdAt),
    index('products_name_trgm_idx').using('gin', sql`lower(${t.name}) gin_trgm_ops`),
  ],
)

/**
 * Every change of a product's requirement list is a new version; an onboarding pins the version it was answered
 * against, so later changes never alter what a reviewer sees for answers already given.
 */
export const productRequirementVersions = pgTable(
  'product_requirement_versions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    requirements: jsonb('requirements').$type<StoredRequirement[]>().notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('product_requirement_versions_product_version_key').on(t.productId, t.version)],
)

export type Product = typeof products.$inferSelect
export type ProductCategory = typeof productCategories.$inferSelect
