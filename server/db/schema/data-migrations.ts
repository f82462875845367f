import { pgTable, text, timestamp } from 'drizzle-orm/pg-core'

/**
 * Data steps that run once after the SQL migrations, in TypeScript because SQL can't do them (encrypting values
 * stored in clear needs Node's crypto): one row per step done, so a later open skips it (server/db/data-migrations.ts).
 */
export const dataMigrations = pgTable('data_migrations', {
  name: text('name').primaryKey(),
  /** What the step changed, per table (for the record). */
  changed: text('changed'),
  appliedAt: timestamp('applied_at', { withTimezone: true }).notNull().defaultNow(),
})
