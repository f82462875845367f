import { z } from 'zod'
import { REASON_MAX_LENGTH, REASON_MIN_LENGTH } from './authorization-values'
import { pageQuerySchema, pageSchema, sortQuery } from './pagination'
import {
  BUSINESS_SCREENING_STATUSES,
  SCREENED_SUBJECT_KINDS,
  SCREENING_CHECK_STATUSES,
  SCREENING_FILE_FORMATS,
  SCREENING_HIT_STATUSES,
  SCREENING_LIST_KINDS,
  SCREENING_RUN_STATUSES,
  SCREENING_VERSION_STATUSES,
} from './screening-values'
import { dueQuery, openDueFieldsSchema } from './service-levels'

/** A real calendar day, YYYY-MM-DD, not in the future. */
const pastDay = z.iso
  .date({ message: 'must be a date, YYYY-MM-DD' })
  .refine((d) => d <= new Date().toISOString().slice(0, 10), 'must not be in the future')
const countryCode = z
  .string()
  .trim()
  .regex(/^[A-Za-z]{2}$/, 'must be a two-letter country code (ISO 3166-1), e.g. NG')
  .transform((c) => c.toUpperCase())
const reason = z
  .string({ message: 'Give a reason' })
  .trim()
  .min(REASON_MIN_LENGTH, `A reason has at least ${REASON_MIN_LENGTH} characters`)
  .max(REASON_MAX_LENGTH, `A reason has at most ${REASON_MAX_LENGTH} characters`)

export const listedNameSchema = z.object({
  name: z.string(),
  kind: z.enum(['PRIMARY', 'ALIAS', 'FORMER']),
  quality: z.enum(['STRONG', 'WEAK']),
})
export const listedDateSchema = z.union([
  z.object({ kind: z.literal('EXACT'), date: z.string() }),
  z.object({ kind: z.literal('YEAR'), year: z.number().int() }),
  z.object({ kind: z.literal('RANGE'), fromYear: z.number().int(), toYear: z.number().int() }),
])

/** A listed entry as answered: its list, the source's id, names and dates. */
export const screeningEntrySchema = z
  .object({
    id: z.uuid(),
    list: z.object({ code: z.string(), name: z.string(), kind: z.enum(SCREENING_LIST_KINDS) }),
    sourceId: z.string(),
    subjectKind: z.enum(['PERSON', 'ENTITY']),
    primaryName: z.string(),
    names: z.array(listedNameSchema),
    datesOfBirth: z.array(listedDateSchema),
    nationalities: z.array(z.string()),
    countries: z.array(z.string()),
    programmes: z.array(z.string()),
    listedOn: z.string().nullable(),
    remarks: z.string().nullable(),
  })
  .meta({ id: 'ScreeningEntry' })
export type ScreeningEntryView = z.infer<typeof screeningEntrySchema>

export const scoreFactorSchema = z.object({ factor: z.string(), effect: z.number(), detail: z.string() })

/** `POST /screening/search`: an ad-hoc search by staff. */
export const screeningSearchInputSchema = z.object({
  name: z
    .string({ message: 'Give a name' })
    .trim()
    .min(2, 'A name has at least 2 characters')
    .max(200, 'A name has at most 200 characters'),
  type: z.enum(['PERSON', 'ENTITY'], { message: 'must be PERSON or ENTITY' }),
  dateOfBirth: pastDay.nullish(),
  nationality: countryCode.nullish(),
})
export type ScreeningSearchInput = z.input<typeof screeningSearchInputSchema>

export const screeningCandidateSchema = z.object({
  entry: screeningEntrySchema,
  score: z.number(),
  matchedName: z.string(),
  factors: z.array(scoreFactorSchema),
})
export const screeningSearchResultSchema = z.object({ threshold: z.number(), candidates: z.array(screeningCandidateSchema) })
export type ScreeningSearchResult = z.infer<typeof screeningSearchResultSchema>

/** `PUT /screening/hits/{id}`: a candidate adjudicated. */
export const adjudicationInputSchema = z.object({
  decision: z.enum(['FALSE_MATCH', 'TRUE_MATCH'], { message: 'must be FALSE_MATCH or TRUE_MATCH' }),
  reason,
})
export type AdjudicationInputBody = z.input<typeof adjudicationInputSchema>

export const screeningHitSchema = z
  .object({
    id: z.uuid(),
    status: z.enum(SCREENING_HIT_STATUSES),
    score: z.number(),
    matchedName: z.string(),
    factors: z.array(scoreFactorSchema),
    entry: screeningEntrySchema,
    reason: z.string().nullable(),
    decidedBy: z.object({ id: z.uuid(), name: z.string() }).nullable(),
    decidedAt: z.string().nullable(),
    /** Cleared automatically by an earlier adjudication of the same facts against the same entry. */
    suppressed: z.boolean(),
    createdAt: z.string(),
  })
  .meta({ id: 'ScreeningHit' })
export type ScreeningHitView = z.infer<typeof screeningHitSchema>

export const screeningCheckSchema = z.object({
  id: z.uuid(),
  subjectKind: z.enum(SCREENED_SUBJECT_KINDS),
  subjectName: z.string(),
  roles: z.array(z.string()),
  /** What was screened besides the name: whether a date of birth was given (never the date itself) and the nationality. */
  screenedWith: z.object({ dateOfBirth: z.boolean(), nationality: z.string().nullable() }),
  pepDeclaration: z.object({ status: z.string(), position: z.string().nullable(), country: z.string().nullable() }).nullable(),
  status: z.enum(SCREENING_CHECK_STATUSES),
  listVersions: z.record(z.string(), z.number()),
  threshold: z.number(),
  screenedAt: z.string(),
  hits: z.array(screeningHitSchema),
})

/** `GET /businesses/{id}/screening`: staff see every check; the business's own users only whether it is done. */
export const businessScreeningSchema = z
  .object({
    businessId: z.uuid(),
    status: z.enum(BUSINESS_SCREENING_STATUSES),
    /** Approved with open candidates or a true sanctions match: on watch. */
    onWatch: z.boolean(),
    checks: z.array(screeningCheckSchema),
  })
  .meta({ id: 'BusinessScreening' })
export type BusinessScreening = z.infer<typeof businessScreeningSchema>
export const ownerScreeningSchema = z.object({ businessId: z.uuid(), state: z.enum(['NOT_STARTED', 'IN_PROGRESS', 'DONE']) })

/** `GET /screening/hits`: the queue of candidates, filters in the URL. */
export const screeningQueueQuerySchema = pageQuerySchema.extend({
  status: z.enum(SCREENING_HIT_STATUSES, { message: 'must be OPEN, FALSE_MATCH or TRUE_MATCH' }).default('OPEN'),
  list: z.string().trim().max(40).optional(),
  q: z.string().trim().max(100, 'A search has at most 100 characters').optional(),
  /** `createdAt` or `dueAt` (OPEN ones by due time), with `,asc` or `,desc`; oldest first by default. */
  sort: sortQuery(['createdAt', 'dueAt']),
  /** OPEN ones by due time (docs/service-levels.md#due-times). */
  due: dueQuery,
})
export const screeningQueueItemSchema = z.object({
  id: z.uuid(),
  business: z.object({ id: z.uuid(), name: z.string(), approvalStatus: z.string() }),
  subjectName: z.string(),
  subjectKind: z.enum(SCREENED_SUBJECT_KINDS),
  matchedName: z.string(),
  list: z.object({ code: z.string(), name: z.string(), kind: z.enum(SCREENING_LIST_KINDS) }),
  score: z.number(),
  status: z.enum(SCREENING_HIT_STATUSES),
  createdAt: z.string(),
  /** An OPEN candidate's due time; null once adjudicated. */
  ...openDueFieldsSchema.shape,
})
export const screeningQueuePageSchema = pageSchema(screeningQueueItemSchema)
export type ScreeningQueueQuery = z.output<typeof screeningQueueQuerySchema>
export type ScreeningQueueItem = z.infer<typeof screeningQueueItemSchema>

export const listVersionSchema = z.object({
  id: z.uuid(),
  number: z.number().int(),
  status: z.enum(SCREENING_VERSION_STATUSES),
  publishedOn: z.string().nullable(),
  source: z.string(),
  checksum: z.string(),
  recordCount: z.number().int(),
  added: z.number().int(),
  changed: z.number().int(),
  removed: z.number().int(),
  unknownCountries: z.array(z.string()),
  stagedBy: z.string().nullable(),
  stagedAt: z.string(),
  activatedBy: z.string().nullable(),
  activatedAt: z.string().nullable(),
})
export const monitoringRunSchema = z.object({
  id: z.uuid(),
  listCode: z.string(),
  versionNumber: z.number().int(),
  status: z.enum(SCREENING_RUN_STATUSES),
  total: z.number().int(),
  done: z.number().int(),
  hitsOpened: z.number().int(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
})
export const screeningListSchema = z
  .object({
    code: z.string(),
    name: z.string(),
    kind: z.enum(SCREENING_LIST_KINDS),
    format: z.enum(SCREENING_FILE_FORMATS),
    entries: z.number().int(),
    current: listVersionSchema.nullable(),
    /** A version read and compared, or waiting for a second person. */
    waiting: listVersionSchema.nullable(),
  })
  .meta({ id: 'ScreeningList' })
export const screeningListsSchema = z.object({
  lists: z.array(screeningListSchema),
  matchThreshold: z.number(),
  runs: z.array(monitoringRunSchema),
})
export type ScreeningLists = z.infer<typeof screeningListsSchema>

/** `POST /screening/uploads`: a place to upload one list file to (a SAS URL), valid for an hour. */
export const listUploadInputSchema = z.object({
  fileName: z.string().trim().min(1, 'Give the file name').max(200, 'A file name has at most 200 characters'),
})
export const listUploadSchema = z.object({ uploadId: z.uuid(), uploadUrl: z.string(), expiresAt: z.string() })

/** `POST /screening/lists/{code}/versions`: the dry run of a load from uploaded files. */
export const stageListInputSchema = z.object({
  format: z.enum(SCREENING_FILE_FORMATS, { message: `must be one of ${SCREENING_FILE_FORMATS.join(', ')}` }),
  files: z
    .array(
      z.object({
        part: z.enum(['list', 'sdn', 'alt', 'add'], { message: 'must be list, or sdn, alt or add for OFAC' }),
        uploadId: z.uuid({ message: 'must be an upload id' }),
        fileName: z.string().trim().min(1).max(200),
      }),
    )
    .min(1, 'Attach the list file')
    .max(3, 'At most three files (the OFAC trio)'),
})
export type StageListInput = z.input<typeof stageListInputSchema>
const diffLine = z.object({ sourceId: z.string(), name: z.string() })
export const listDryRunSchema = z
  .object({
    versionId: z.uuid(),
    listCode: z.string(),
    number: z.number().int(),
    publishedOn: z.string().nullable(),
    recordCount: z.number().int(),
    added: z.number().int(),
    changed: z.number().int(),
    removed: z.number().int(),
    unknownCountries: z.array(z.string()),
    samples: z.object({ added: z.array(diffLine), changed: z.array(diffLine), removed: z.array(diffLine) }),
  })
  .meta({ id: 'ListDryRun' })
export type ListDryRunView = z.infer<typeof listDryRunSchema>

/** `POST /screening/versions/{id}/load`: ask for the staged version to go live (four-eyes). */
export const loadListInputSchema = z.object({ reason })

/** `POST /screening/lists/{code}/entries`: a designation entered by hand (four-eyes). */
export const designationInputSchema = z.object({
  sourceId: z.string({ message: 'Give the designation reference' }).trim().min(1, 'Give the designation reference').max(60),
  subjectKind: z.enum(['PERSON', 'ENTITY'], { message: 'must be PERSON or ENTITY' }),
  name: z.string({ message: 'Give the name' }).trim().min(2, 'A name has at least 2 characters').max(200),
  aliases: z.array(z.string().trim().min(2).max(200)).max(20, 'At most 20 aliases').default([]),
  dateOfBirth: pastDay.nullish(),
  nationality: countryCode.nullish(),
  programme: z.string().trim().max(100).nullish(),
  listedOn: pastDay.nullish(),
  remarks: z.string().trim().max(1000).nullish(),
  reason,
})
export type DesignationInput = z.input<typeof designationInputSchema>

/** `PUT /screening/settings`: a new match threshold (four-eyes). */
export const screeningSettingsInputSchema = z.object({
  matchThreshold: z.number({ message: 'must be a number' }).min(0.5, 'must be at least 0.5').max(0.99, 'must be at most 0.99'),
  reason,
})
export const screeningSettingsSchema = z.object({ matchThreshold: z.number(), defaultThreshold: z.number() })
