import { boolean, date, index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import {
  GOVERNMENT_ARCHIVE_STATUSES,
  GOVERNMENT_DOCUMENT_TYPES,
  GOVERNMENT_TIERS,
} from '../../../lib/contracts/government-values'
import { MEANS_OF_ID_TYPE_CODES, PEP_STATUSES } from '../../../lib/contracts/kyc-values'
import { encryptedText } from '../../crypto/encrypted-columns'
import { files } from './files'
import { products } from './products'
import { users } from './users'

/** Reference list (seeded, maintained by government officers): the ministries, departments and agencies. */
export const governmentParastatals = pgTable('government_parastatals', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull().unique(),
  tier: text('tier', { enum: GOVERNMENT_TIERS }).notNull(),
  active: boolean('active').notNull().default(true),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
})

/** Reference list: revenue consultants who bring an entity to a product. */
export const governmentConsultants = pgTable('government_consultants', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull().unique(),
  email: text('email'),
  phone: text('phone'),
  active: boolean('active').notNull().default(true),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
})

/** Reference list: how payers pay into an entity's product (card, transfer, USSD...). */
export const paymentChannels = pgTable('payment_channels', {
  id: uuid('id').primaryKey().defaultRandom(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  description: text('description'),
  active: boolean('active').notNull().default(true),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
})

export const governmentEntities = pgTable(
  'government_entities',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    parastatalId: uuid('parastatal_id')
      .notNull()
      .references(() => governmentParastatals.id),
    tier: text('tier', { enum: GOVERNMENT_TIERS }).notNull(),
    contactName: text('contact_name').notNull(),
    contactEmail: text('contact_email').notNull(),
    contactPhone: text('contact_phone').notNull(),
    addressLine1: text('address_line1').notNull(),
    city: text('city'),
    country: text('country').notNull(),
    state: text('state').notNull(),
    lga: text('lga').notNull(),
    archiveStatus: text('archive_status', { enum: GOVERNMENT_ARCHIVE_STATUSES }).notNull().default('ACTIVE'),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    archivedBy: text('archived_by'),
    archiveReason: text('archive_reason'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('government_entities_status_created_idx').on(t.archiveStatus, t.createdAt),
    index('government_entities_parastatal_idx').on(t.parastatalId),
  ],
)

export type GovernmentEntityRow = typeof governmentEntities.$inferSelect

/** A person who acts for an entity, with the KYC of that person (means of ID, proof of address, photo). */
export const governmentRepresentatives = pgTable(
  'government_representatives',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    entityId: uuid('entity_id')
      .notNull()
      .references(() => governmentEntities.id, { onDelete: 'cascade' }),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    position: text('position').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    idType: text('id_type', { enum: MEANS_OF_ID_TYPE_CODES }).notNull(),
    /** Field-encrypted (docs/data-protection.md); `idNumberIndex` is the blind index of type and number. */
    idNumber: encryptedText('id_number').notNull(),
    idNumberIndex: text('id_number_index'),
    idIssueDate: date('id_issue_date'),
    idExpiryDate: date('id_expiry_date'),
    /** `YYYY-MM-DD`, field-encrypted like the identity numbers; null for a person captured before it was asked. */
    dateOfBirth: encryptedText('date_of_birth'),
    /** The PEP declaration (docs/domain.md#dates-of-birth-and-pep-declarations); null until declared. */
    pepStatus: text('pep_status', { enum: PEP_STATUSES }),
    pepPosition: text('pep_position'),
    /** ISO 3166-1 alpha-2. */
    pepCountry: text('pep_country'),
    idFileId: uuid('id_file_id').references(() => files.id, { onDelete: 'set null' }),
    address: text('address'),
    addressFileId: uuid('address_file_id').references(() => files.id, { onDelete: 'set null' }),
    photoFileId: uuid('photo_file_id').references(() => files.id, { onDelete: 'set null' }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('government_representatives_entity_idx').on(t.entityId, t.createdAt),
    index('government_representatives_id_number_index_idx').on(t.idNumberIndex),
  ],
)

export type GovernmentRepresentativeRow = typeof governmentRepresentatives.$inferSelect

export const governmentDocuments = pgTable(
  'government_documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    entityId: uuid('entity_id')
      .notNull()
      .references(() => governmentEntities.id, { onDelete: 'cascade' }),
    type: text('type', { enum: GOVERNMENT_DOCUMENT_TYPES }).notNull(),
    label: text('label'),
    fileId: uuid('file_id')
      .notNull()
      .references(() => files.id),
    uploadedBy: uuid('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('government_documents_entity_idx').on(t.entityId, t.createdAt),
    uniqueIndex('government_documents_file_key').on(t.fileId),
  ],
)

/** A product an entity is onboarded to, the channels its payers use, and the consultant who brought it. */
export const governmentProducts = pgTable(
  'government_products',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    entityId: uuid('entity_id')
      .notNull()
      .references(() => governmentEntities.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id),
    consultantId: uuid('consultant_id').references(() => governmentConsultants.id),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('government_products_entity_product_key').on(t.entityId, t.productId)],
)

export const governmentProductChannels = pgTable(
  'government_product_channels',
  {
    governmentProductId: uuid('government_product_id')
      .notNull()
      .references(() => governmentProducts.id, { onDelete: 'cascade' }),
    paymentChannelId: uuid('payment_channel_id')
      .notNull()
      .references(() => paymentChannels.id),
  },
  (t) => [primaryKey({ columns: [t.governmentProductId, t.paymentChannelId] })],
)
