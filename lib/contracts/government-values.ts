/** Government area value lists (docs/domain.md#government), without zod so screens can import them cheaply. */

export const GOVERNMENT_TIERS = ['FEDERAL', 'STATE', 'LOCAL'] as const
export type GovernmentTier = (typeof GOVERNMENT_TIERS)[number]
export const GOVERNMENT_TIER_LABELS: Readonly<Record<GovernmentTier, string>> = {
  FEDERAL: 'Federal',
  STATE: 'State',
  LOCAL: 'Local government',
}

export const GOVERNMENT_ARCHIVE_STATUSES = ['ACTIVE', 'ARCHIVED'] as const
export type GovernmentArchiveStatus = (typeof GOVERNMENT_ARCHIVE_STATUSES)[number]

/** The three KYC records of a representative (`GET /government/rep/{id}/kyc-type/{type}`). */
export const GOVERNMENT_KYC_TYPES = ['means-of-id', 'address', 'photo'] as const
export type GovernmentKycType = (typeof GOVERNMENT_KYC_TYPES)[number]
export const GOVERNMENT_KYC_TYPE_LABELS: Readonly<Record<GovernmentKycType, string>> = {
  'means-of-id': 'Means of ID',
  address: 'Proof of address',
  photo: 'Passport photo',
}

/** What a document of an entity is. */
export const GOVERNMENT_DOCUMENT_TYPES = [
  'ESTABLISHMENT_INSTRUMENT',
  'AUTHORITY_LETTER',
  'TREASURY_MANDATE',
  'TAX_CLEARANCE',
  'OTHER',
] as const
export type GovernmentDocumentType = (typeof GOVERNMENT_DOCUMENT_TYPES)[number]
export const GOVERNMENT_DOCUMENT_TYPE_LABELS: Readonly<Record<GovernmentDocumentType, string>> = {
  ESTABLISHMENT_INSTRUMENT: 'Establishment act or gazette',
  AUTHORITY_LETTER: 'Letter of authority for the representatives',
  TREASURY_MANDATE: 'Treasury single account mandate',
  TAX_CLEARANCE: 'Tax clearance or exemption',
  OTHER: 'Other document',
}

/** Government entities sit in Nigeria: the address country is fixed. */
export const GOVERNMENT_COUNTRY = 'Nigeria'

/** Limits on an entity's records, so one entity cannot grow without bound. */
export const MAX_REPRESENTATIVES_PER_ENTITY = 50
export const MAX_DOCUMENTS_PER_ENTITY = 100
