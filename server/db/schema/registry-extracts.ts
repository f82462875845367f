import { date, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { businesses } from './businesses'
import { users } from './users'

/**
 * The company registry's extract of a business (docs/ownership.md#registry-check): its directors and direct
 * shareholders as the registry holds them, entered by staff (manual provider) or looked up (Dojah). One per business,
 * replaced by a newer one; the differences with the declared structure are verification items (kind
 * REGISTRY_DIFFERENCE).
 */
export const registryExtracts = pgTable('registry_extracts', {
  id: uuid('id').primaryKey().defaultRandom(),
  businessId: uuid('business_id')
    .notNull()
    .unique()
    .references(() => businesses.id, { onDelete: 'cascade' }),
  provider: text('provider', { enum: ['MANUAL', 'DOJAH'] }).notNull(),
  source: text('source').notNull(),
  retrievedOn: date('retrieved_on').notNull(),
  /** Names in clear, as the declared shareholders' and means of ID's are. */
  directors: jsonb('directors').$type<{ name: string }[]>().notNull(),
  shareholders: jsonb('shareholders')
    .$type<{ name: string; kind: 'PERSON' | 'COMPANY' | 'TRUST' | 'NOMINEE'; percentage: number }[]>()
    .notNull(),
  enteredBy: uuid('entered_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
})

export type RegistryExtractRow = typeof registryExtracts.$inferSelect
