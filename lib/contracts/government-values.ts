/** Government area value lists (docs/domain.md#government), without zod so screens can import them cheaply. */
import { labelledValues } from './labelled-values'

export const { values: GOVERNMENT_TIERS, labels: GOVERNMENT_TIER_LABELS } = labelledValues({
  FEDERAL: 'Federal',
  STATE: 'State',
  LOCAL: 'Local government',
})
export type GovernmentTier = (typeof GOVERNMENT_TIERS)[number]

export const GOVERNMENT_ARCHIVE_STATUSES = ['ACTIVE', 'ARCHIVED'] as const
export type GovernmentArchiveStatus = (typeof GOVERNMENT_ARCHIVE_STATUSES)[number]

/** The three KYC records of a representative (`GET /government/rep/{id}/kyc-type/{type}`). */
export const { values: GOVERNMENT_KYC_TYPES, labels: GOVERNMENT_KYC_TYPE_LABELS } = labelledValues({
  'means-of-id': 'Means of ID',
  address: 'Proof of address',
  photo: 'Passport photo',
})
export type GovernmentKycType = (typeof GOVERNMENT_KYC_TYPES)[number]

/** What a document of an entity is. */
export const { values: GOVERNMENT_DOCUMENT_TYPES, labels: GOVERNMENT_DOCUMENT_TYPE_LABELS } = labelledValues({
  ESTABLISHMENT_INSTRUMENT: 'Establishment act or gazette',
  AUTHORITY_LETTER: 'Letter of authority for the representatives',
  TREASURY_MANDATE: 'Treasury single account mandate',
  TAX_CLEARANCE: 'Tax clearance or exemption',
  OTHER: 'Other document',
})
export type GovernmentDocumentType = (typeof GOVERNMENT_DOCUMENT_TYPES)[number]

/** Government entities sit in Nigeria: the address country is fixed. */
export const GOVERNMENT_COUNTRY = 'Nigeria'

/** Limits on an entity's records, so one entity cannot grow without bound. */
export const MAX_REPRESENTATIVES_PER_ENTITY = 50
export const MAX_DOCUMENTS_PER_ENTITY = 100
