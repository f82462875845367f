import { sql } from 'drizzle-orm'
import { date, index, integer, jsonb, pgTable, real, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
// Relative paths: drizzle-kit loads the schema without the `@/` alias.
import {
  SCREENED_SUBJECT_KINDS,
  SCREENING_CHECK_STATUSES,
  SCREENING_FILE_FORMATS,
  SCREENING_HIT_STATUSES,
  SCREENING_LIST_KINDS,
  SCREENING_RUN_STATUSES,
  SCREENING_VERSION_STATUSES,
  type ListedDate,
  type ListedName,
} from '../../../lib/contracts/screening-values'
import { businesses } from './businesses'
import { users } from './users'

/** A list screened against (docs/screening.md#lists): the UN consolidated list, OFAC SDN, the domestic list, a PEP list. */
export const screeningLists = pgTable('screening_lists', {
  id: uuid('id').primaryKey().defaultRandom(),
  /** Stable code, e.g. UN_CONSOLIDATED, OFAC_SDN, NG_DOMESTIC. */
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  kind: text('kind', { enum: SCREENING_LIST_KINDS }).notNull(),
  /** The format its loads are read in; a list added by hand only (the domestic list) has GENERIC_CSV. */
  format: text('format', { enum: SCREENING_FILE_FORMATS }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
})

/** One version of a list: a file loaded (dry run, then four-eyes, then one swap) or a designation added by hand. */
export const screeningListVersions = pgTable(
  'screening_list_versions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    listId: uuid('list_id')
      .notNull()
      .references(() => screeningLists.id, { onDelete: 'cascade' }),
    /** 1, 2, 3… per list, in the order loaded. */
    number: integer('number').notNull(),
    status: text('status', { enum: SCREENING_VERSION_STATUSES }).notNull(),
    /** The source's own publication date (the UN file's dateGenerated), when it says. */
    publishedOn: date('published_on'),
    /** What was read: file names, or "entry added by hand". */
    source: text('source').notNull(),
    /** SHA-256 of the bytes read (the files concatenated in order). */
    checksum: text('checksum').notNull(),
    recordCount: integer('record_count').notNull(),
    added: integer('added').notNull(),
    changed: integer('changed').notNull(),
    removed: integer('removed').notNull(),
    /** Country names the file used that are not known (dropped from the entries); shown with the dry run. */
    unknownCountries: jsonb('unknown_countries').$type<string[]>().notNull().default([]),
    stagedBy: uuid('staged_by').references(() => users.id, { onDelete: 'set null' }),
    stagedAt: timestamp('staged_at', { withTimezone: true }).notNull().defaultNow(),
    activatedAt: timestamp('activated_at', { withTimezone: true }),
    /** Who approved the swap (the second person), or null for the shipped snapshot loaded at first start. */
    activatedBy: uuid('activated_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [uniqueIndex('screening_list_versions_number_key').on(t.listId, t.number)],
)

/**
 * One listed subject as of a version. Entries are never updated: a change in a later version retires the row
 * (`retiredIn`) and adds a new one, so a past screening's candidate still reads what it was matched against.
 */
export const screeningEntries = pgTable(
  'screening_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    listId: uuid('list_id')
      .notNull()
      .references(() => screeningLists.id, { onDelete: 'cascade' }),
    sourceId: text('source_id').notNull(),
    subjectKind: text('subject_kind', { enum: ['PERSON', 'ENTITY'] }).notNull(),
    primaryName: text('primary_name').notNull(),
    names: jsonb('names').$type<ListedName[]>().notNull(),
    datesOfBirth: jsonb('dates_of_birth').$type<ListedDate[]>().notNull(),
    nationalities: text('nationalities').array().notNull(),
    countries: text('countries').array().notNull(),
    programmes: text('programmes').array().notNull(),
    listedOn: date('listed_on'),
    remarks: text('remarks'),
    /** SHA-256 of the entry's content: equal hashes are the same entry, so a reload changes nothing. */
    contentHash: text('content_hash').notNull(),
    addedIn: uuid('added_in')
      .notNull()
      .references(() => screeningListVersions.id, { onDelete: 'cascade' }),
    retiredIn: uuid('retired_in').references(() => screeningListVersions.id, { onDelete: 'set null' }),
    /** A domestic designation entered by hand: who proposed it. */
    enteredBy: uuid('entered_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('screening_entries_current_key')
      .on(t.listId, t.sourceId)
      .where(sql`${t.retiredIn} IS NULL`),
    index('screening_entries_added_in_idx').on(t.addedIn),
  ],
)

/**
 * The searchable names of current entries, one row per name: the candidate search (pg_trgm on `normalized`, GIN on
 * `phonetic_keys`) finds entries here, then the scorer reads the entries. Rows go with their entry's retirement.
 */
export const screeningEntryNames = pgTable(
  'screening_entry_names',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    entryId: uuid('entry_id')
      .notNull()
      .references(() => screeningEntries.id, { onDelete: 'cascade' }),
    subjectKind: text('subject_kind', { enum: ['PERSON', 'ENTITY'] }).notNull(),
    normalized: text('normalized').notNull(),
    /** Double Metaphone keys of the name's strong tokens. */
    phoneticKeys: text('phonetic_keys').array().notNull(),
  },
  (t) => [
    index('screening_entry_names_entry_idx').on(t.entryId),
    index('screening_entry_names_phonetic_idx').using('gin', t.phoneticKeys),
    index('screening_entry_names_trgm_idx').using('gin', sql`${t.normalized} gin_trgm_ops`),
  ],
)

/** Entries of a STAGED or PENDING version, read from its file, waiting for the swap. */
export const screeningStagedEntries = pgTable(
  'screening_staged_entries',
  {
    versionId: uuid('version_id')
      .notNull()
      .references(() => screeningListVersions.id, { onDelete: 'cascade' }),
    sourceId: text('source_id').notNull(),
    /** The ListedEntry as read. */
    entry: jsonb('entry').notNull(),
    contentHash: text('content_hash').notNull(),
  },
  (t) => [uniqueIndex('screening_staged_entries_key').on(t.versionId, t.sourceId)],
)

/**
 * One screening of one subject of a business (the business itself, a person, a corporate shareholder), against the
 * list versions current then. Like verification items: when the subject's screened facts change (its fingerprint) or
 * it goes, the row is superseded and kept; the current one is the row without `supersededAt`.
 */
export const screeningChecks = pgTable(
  'screening_checks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    subjectKind: text('subject_kind', { enum: SCREENED_SUBJECT_KINDS }).notNull(),
    /** Where the subject lives, `table:id` (the business's own id for BUSINESS). */
    subjectRef: text('subject_ref').notNull(),
    /** The name screened, as captured, and the roles it holds (Director, Shareholder…). */
    subjectName: text('subject_name').notNull(),
    roles: text('roles').array().notNull(),
    /** A keyed hash of what was screened (name, date of birth, nationality): a change means a new screening. */
    fingerprint: text('fingerprint').notNull(),
    /** What was screened besides the name, for the reviewer: whether a date of birth was given (never the date), the nationality. */
    screenedWith: jsonb('screened_with').$type<{ dateOfBirth: boolean; nationality: string | null }>().notNull(),
    /** The PEP declaration of a person at the time, for the reviewer (not secret). */
    pepDeclaration: jsonb('pep_declaration').$type<{ status: string; position: string | null; country: string | null } | null>(),
    status: text('status', { enum: SCREENING_CHECK_STATUSES }).notNull(),
    /** The list versions screened against, `{ listCode: versionNumber }`. */
    listVersions: jsonb('list_versions').$type<Record<string, number>>().notNull(),
    threshold: real('threshold').notNull(),
    screenedAt: timestamp('screened_at', { withTimezone: true }).notNull(),
    supersededAt: timestamp('superseded_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('screening_checks_current_key')
      .on(t.businessId, t.subjectRef)
      .where(sql`${t.supersededAt} IS NULL`),
    index('screening_checks_open_idx')
      .on(t.status, t.screenedAt)
      .where(sql`${t.supersededAt} IS NULL`),
  ],
)

/** One candidate a screening raised, with its score and the factors behind it, and its adjudication. */
export const screeningHits = pgTable(
  'screening_hits',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    checkId: uuid('check_id')
      .notNull()
      .references(() => screeningChecks.id, { onDelete: 'cascade' }),
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    entryId: uuid('entry_id')
      .notNull()
      .references(() => screeningEntries.id),
    score: real('score').notNull(),
    matchedName: text('matched_name').notNull(),
    factors: jsonb('factors').$type<Array<{ factor: string; effect: number; detail: string }>>().notNull(),
    status: text('status', { enum: SCREENING_HIT_STATUSES }).notNull().default('OPEN'),
    reason: text('reason'),
    /** A true sanctions match: the reference of the report the bank files with the NFIU. */
    reportReference: text('report_reference'),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    /** Cleared by an earlier adjudication of the same subject facts against the same entry row: which hit. */
    suppressedBy: uuid('suppressed_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('screening_hits_check_entry_key').on(t.checkId, t.entryId),
    index('screening_hits_business_idx').on(t.businessId, t.status),
    index('screening_hits_open_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = 'OPEN'`),
  ],
)

/**
 * A false match remembered (docs/screening.md#suppression): the same subject facts (fingerprint) against the same
 * entry row never alert again for this business; a change on either side (a new fingerprint, a new entry row) does.
 */
export const screeningSuppressions = pgTable(
  'screening_suppressions',
  {
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    fingerprint: text('fingerprint').notNull(),
    entryId: uuid('entry_id')
      .notNull()
      .references(() => screeningEntries.id),
    hitId: uuid('hit_id')
      .notNull()
      .references(() => screeningHits.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('screening_suppressions_key').on(t.businessId, t.fingerprint, t.entryId)],
)

/** Ongoing monitoring after a list version went live: every pending and approved business re-screened, in batches. */
export const screeningRuns = pgTable(
  'screening_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    versionId: uuid('version_id')
      .notNull()
      .references(() => screeningListVersions.id, { onDelete: 'cascade' }),
    status: text('status', { enum: SCREENING_RUN_STATUSES }).notNull().default('QUEUED'),
    /** Businesses to screen and screened so far; the next batch starts after `cursor` (business ids in order). */
    total: integer('total').notNull().default(0),
    done: integer('done').notNull().default(0),
    hitsOpened: integer('hits_opened').notNull().default(0),
    cursor: uuid('cursor'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('screening_runs_status_idx').on(t.status, t.createdAt)],
)

export type ScreeningList = typeof screeningLists.$inferSelect
export type ScreeningListVersion = typeof screeningListVersions.$inferSelect
export type ScreeningEntry = typeof screeningEntries.$inferSelect
export type ScreeningCheck = typeof screeningChecks.$inferSelect
export type ScreeningHit = typeof screeningHits.$inferSelect
