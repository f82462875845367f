import { date, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { ID_HOLDER_ROLES, MEANS_OF_ID_TYPE_CODES, PEP_STATUSES } from '../../../lib/contracts/kyc-values'
import { encryptedText } from '../../crypto/encrypted-columns'
import { businesses } from './businesses'
import { files } from './files'
import { kycDetails } from './kyc-details'
import { shareholders } from './shareholders'
import { users } from './users'

/** A person's means of identification (director, signatory, beneficial owner), optionally linked to an individual shareholder. */
export const meansOfIds = pgTable(
  'means_of_ids',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kycDetailsId: uuid('kyc_details_id')
      .notNull()
      .references(() => kycDetails.id, { onDelete: 'cascade' }),
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    /** The individual shareholder this ID identifies, if any (beneficial owners need one). */
    shareholderId: uuid('shareholder_id').references(() => shareholders.id, { onDelete: 'set null' }),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    role: text('role', { enum: ID_HOLDER_ROLES }).notNull(),
    /** Field-encrypted (server/crypto/field-cipher.ts); `bvnIndex` is its blind index. */
    bvn: encryptedText('bvn'),
    bvnIndex: text('bvn_index'),
    idType: text('id_type', { enum: MEANS_OF_ID_TYPE_CODES }).notNull(),
    /** Upper case, no spaces or hyphens; field-encrypted. `idNumberIndex` is the blind index of type and number. */
    idNumber: encryptedText('id_number').notNull(),
    idNumberIndex: text('id_number_index'),
    issueDate: date('issue_date'),
    expiryDate: date('expiry_date'),
    /** `YYYY-MM-DD`, field-encrypted like the identity numbers; null for a person captured before it was asked. */
    dateOfBirth: encryptedText('date_of_birth'),
    /** The PEP declaration (docs/domain.md#dates-of-birth-and-pep-declarations); null until declared. */
    pepStatus: text('pep_status', { enum: PEP_STATUSES }),
    pepPosition: text('pep_position'),
    /** ISO 3166-1 alpha-2. */
    pepCountry: text('pep_country'),
    fileId: uuid('file_id').references(() => files.id, { onDelete: 'set null' }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('means_of_ids_kyc_idx').on(t.kycDetailsId, t.createdAt),
    index('means_of_ids_business_idx').on(t.businessId),
    index('means_of_ids_shareholder_idx').on(t.shareholderId),
    index('means_of_ids_file_idx').on(t.fileId),
    index('means_of_ids_bvn_index_idx').on(t.bvnIndex),
    index('means_of_ids_id_number_index_idx').on(t.idNumberIndex),
  ],
)

export type MeansOfId = typeof meansOfIds.$inferSelect
