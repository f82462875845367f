/** Value lists of screening (docs/screening.md), without zod so a screen can import them. */

/** What a list is for: a sanctions list blocks for good on a true match; a PEP list asks for enhanced due diligence. */
export const SCREENING_LIST_KINDS = ['SANCTIONS', 'PEP', 'WATCH'] as const
export type ScreeningListKind = (typeof SCREENING_LIST_KINDS)[number]

/** The file formats the import reads (server/modules/screening/importers/). */
export const SCREENING_FILE_FORMATS = ['UN_XML', 'OFAC_CSV', 'GENERIC_CSV', 'GENERIC_JSONL'] as const
export type ScreeningFileFormat = (typeof SCREENING_FILE_FORMATS)[number]

/**
 * A version of a list: STAGED after its dry run (the file read and compared with the current version), PENDING while
 * its load waits for a second person, ACTIVE once swapped in, SUPERSEDED by a later one, WITHDRAWN when its load was
 * rejected or never requested.
 */
export const SCREENING_VERSION_STATUSES = ['STAGED', 'PENDING', 'ACTIVE', 'SUPERSEDED', 'WITHDRAWN'] as const
export type ScreeningVersionStatus = (typeof SCREENING_VERSION_STATUSES)[number]

export const SCREENED_SUBJECT_KINDS = ['BUSINESS', 'PERSON', 'COMPANY'] as const
export type ScreenedSubjectKind = (typeof SCREENED_SUBJECT_KINDS)[number]

/** A screening of one subject: CLEAR (no candidate at the threshold), OPEN (a candidate waits), DECIDED (none waits). */
export const SCREENING_CHECK_STATUSES = ['CLEAR', 'OPEN', 'DECIDED'] as const
export type ScreeningCheckStatus = (typeof SCREENING_CHECK_STATUSES)[number]

/** One candidate of a screening: OPEN until adjudicated FALSE_MATCH (with a reason) or TRUE_MATCH. */
export const SCREENING_HIT_STATUSES = ['OPEN', 'FALSE_MATCH', 'TRUE_MATCH'] as const
export type ScreeningHitStatus = (typeof SCREENING_HIT_STATUSES)[number]

/**
 * A business's screening as every list shows it: NOT_SCREENED (KYC not submitted yet), CLEAR, HITS_OPEN, PEP (a
 * declared or confirmed PEP, nothing open: enhanced due diligence), SANCTIONED (a true sanctions match: it can only be
 * declined). An approved business that is HITS_OPEN or SANCTIONED is on watch.
 */
export const BUSINESS_SCREENING_STATUSES = ['NOT_SCREENED', 'CLEAR', 'HITS_OPEN', 'PEP', 'SANCTIONED'] as const
export type BusinessScreeningStatus = (typeof BUSINESS_SCREENING_STATUSES)[number]

/** The monitoring run after a list changed: QUEUED, RUNNING (batches done / total), DONE. */
export const SCREENING_RUN_STATUSES = ['QUEUED', 'RUNNING', 'DONE'] as const
export type ScreeningRunStatus = (typeof SCREENING_RUN_STATUSES)[number]

export const SCREENING_STATUS_WORDS: Record<BusinessScreeningStatus, string> = {
  NOT_SCREENED: 'Not screened yet',
  CLEAR: 'Screening clear',
  HITS_OPEN: 'Screening hits to review',
  PEP: 'Politically exposed person: enhanced due diligence',
  SANCTIONED: 'True sanctions match',
}

/**
 * A listed name. PRIMARY is the name the source lists the subject under (exactly one per entry, first); ALIAS an
 * a.k.a., FORMER an f.k.a. STRONG names alert on their own; WEAK ones (UN quality "Low", OFAC "weak a.k.a.") are short
 * or generic aliases that only count beside another fact (the scorer weighs them down).
 */
export interface ListedName {
  name: string
  kind: 'PRIMARY' | 'ALIAS' | 'FORMER'
  quality: 'STRONG' | 'WEAK'
}

/**
 * A date of birth (or of incorporation for an entity, where a list gives one) as precisely as the source states it:
 * an exact day (YYYY-MM-DD), a year, or a range of years (UN "BETWEEN 1960 AND 1962", "APPROXIMATELY 1965" as ±1).
 */
export type ListedDate =
  { kind: 'EXACT'; date: string } | { kind: 'YEAR'; year: number } | { kind: 'RANGE'; fromYear: number; toYear: number }
