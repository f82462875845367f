import { pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core'

export const permissions = pgTable(
  'permissions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    description: text('description'),
  },
  (t) => [uniqueIndex('permissions_name_key').on(t.name)],
)

export type PermissionRow = typeof permissions.$inferSelect
