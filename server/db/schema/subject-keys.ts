import { pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'

/**
 * One random data key per data subject (a means of ID's holder, a shareholder, a user), wrapped under the newest
 * DATA_ENCRYPTION_KEYS key. Personal values kept where they can't be deleted (audit rows: the hash chain covers
 * them) are encrypted under it; erasing the subject deletes this row, which leaves those values unreadable while the
 * chain still verifies (crypto-shredding, server/crypto/subject-keys.ts).
 */
export const subjectKeys = pgTable(
  'subject_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** What the subject is: `means_of_id`, `shareholder`, `user`... */
    subjectKind: text('subject_kind').notNull(),
    subjectId: text('subject_id').notNull(),
    /** The subject's key (32 random bytes, base64), field-encrypted (`v1:<keyId>:...`). */
    wrappedKey: text('wrapped_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('subject_keys_subject_key').on(t.subjectKind, t.subjectId)],
)

export type SubjectKey = typeof subjectKeys.$inferSelect
