import { z } from 'zod'
import { normaliseBvn } from '@/lib/validation/identity-numbers'
import { personNameSchema } from '@/lib/validation/person'
import { registrationNumberSchema } from '@/lib/validation/registration-number'
import {
  ADDRESS_FILE_TYPES,
  ADDRESS_VERIFICATION_STATUSES,
  ID_HOLDER_ROLES,
  isMaskedIdentityNumber,
  KYC_ADDRESS_TYPES,
  MASKED_IDENTITY_DESCRIPTION,
  KYC_DETAIL_TYPES,
  MAX_TURNOVER_NAIRA,
  MEANS_OF_ID_TYPE_CODES,
  SHAREHOLDER_ROLES,
  SHAREHOLDER_TYPES,
  TIN_MESSAGE,
  meansOfIdProblems,
  normaliseIdNumber,
  normaliseTin,
  todayIso,
  adultRoleWho,
  REVEAL_REASON_MIN,
} from './kyc-values'
import { CONTROL_REASONS } from './ownership'
import { pageQuerySchema, pageSchema } from './pagination'
import {
  checkAdult,
  formDateOfBirth,
  formPepDeclaration,
  keptDateOfBirth,
  optionalDateOfBirth,
  pepDeclarationInputSchema,
  personDetailsAnswerFields,
} from './person-details'

export * from './kyc-values'

/**
 * KYC capture contracts (company details, addresses, means of ID, shareholders, draft forms), shared by the API and
 * the forms (loaded lazily in the browser through lazyZodResolver). Plain rules live in ./kyc-values.
 */

const id = (label: string) => z.uuid({ message: `${label} must be an id (UUID)` })
const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v)
const optionalText = (max: number, label = 'This') =>
  z.preprocess(blankToUndefined, z.string().trim().max(max, `${label} must be at most ${max} characters`).optional())
const isoDate = (label: string) => z.iso.date({ message: `${label} must be a date (YYYY-MM-DD)` })

export const fileSummarySchema = z.object({
  id: z.uuid(),
  fileName: z.string(),
  contentType: z.string(),
  sizeBytes: z.number().int(),
  url: z.string(),
})

// ---- company details -------------------------------------------------------------------------------------------

const tinSchema = z
  .string({ message: 'TIN is required' })
  .trim()
  .min(1, 'TIN is required')
  .transform((value, ctx) => {
    const tin = normaliseTin(value)
    if (!tin) {
      ctx.addIssue({ code: 'custom', message: TIN_MESSAGE })
      return z.NEVER
    }
    return tin
  })

const incorporationDateSchema = isoDate('Date of incorporation').refine(
  (d) => d <= todayIso(),
  'Date of incorporation cannot be in the future',
)

/** Naira with at most two decimals (kobo), 0 to ten trillion. */
const nairaSchema = z
  .number({ message: 'Annual turnover must be a number (naira)' })
  .min(0, 'Annual turnover cannot be negative')
  .max(MAX_TURNOVER_NAIRA, 'Annual turnover is too large')
  .refine(
    (n) => Number.isInteger(Math.round(n * 100)) && Math.abs(n * 100 - Math.round(n * 100)) < 1e-6,
    'Annual turnover can have at most two decimals (kobo)',
  )

const companyFields = {
  tin: tinSchema,
  incorporationDate: incorporationDateSchema,
  natureOfBusiness: z
    .string({ message: 'Nature of business is required' })
    .trim()
    .min(2, 'Nature of business is required')
    .max(200, 'Nature of business must be at most 200 characters'),
  description: optionalText(2000, 'Description'),
  numberOfEmployees: z
    .number({ message: 'Number of employees must be a whole number' })
    .int('Number of employees must be a whole number')
    .min(0, 'Number of employees cannot be negative')
    .max(10_000_000, 'Number of employees is too large'),
  annualTurnover: nairaSchema,
  countryOfIncorporation: z
    .string({ message: 'Country of incorporation is required' })
    .trim()
    .min(1, 'Country of incorporation is required')
    .max(100),
}

/** POST /kyc/details (JSON, or multipart with `file` and `label`): the company details of a business. */
export const createKycDetailsSchema = z.object({
  businessId: id('Business'),
  ...companyFields,
  label: optionalText(200, 'Label'),
})
export type CreateKycDetailsInput = z.input<typeof createKycDetailsSchema>

/** PUT /kyc/details/{id}: any of the fields (a multipart body may carry only a file). */
export const updateKycDetailsSchema = z
  .object(companyFields)
  .partial()
  .extend({ label: optionalText(200, 'Label') })
export type UpdateKycDetailsInput = z.input<typeof updateKycDetailsSchema>

/** The company-details form (the browser sends JSON; the business comes from the page). */
export const companyDetailsFormSchema = z.object(companyFields)
export type CompanyDetailsFormValues = z.input<typeof companyDetailsFormSchema>

export const kycDetailsSchema = z
  .object({
    id: z.uuid(),
    businessId: z.uuid(),
    businessName: z.string(),
    tin: z.string().nullable(),
    incorporationDate: z.string().nullable(),
    natureOfBusiness: z.string().nullable(),
    description: z.string().nullable(),
    numberOfEmployees: z.number().int().nullable(),
    /** Naira. */
    annualTurnover: z.number().nullable(),
    countryOfIncorporation: z.string().nullable(),
    createdBy: z.uuid().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'KycDetails' })
export type KycDetails = z.infer<typeof kycDetailsSchema>

export const kycDetailsPageSchema = pageSchema(kycDetailsSchema)
export const kycDetailsListQuerySchema = pageQuerySchema.extend({ businessId: id('Business').optional() })

export const additionalDocumentSchema = z.object({
  id: z.uuid(),
  kycDetailsId: z.uuid(),
  label: z.string().nullable(),
  file: fileSummarySchema,
  uploadedBy: z.uuid().nullable(),
  createdAt: z.string(),
})
export type AdditionalDocument = z.infer<typeof additionalDocumentSchema>

// ---- addresses -------------------------------------------------------------------------------------------------

const addressFields = {
  type: z.enum(KYC_ADDRESS_TYPES, { message: 'Address type must be REGISTERED, OPERATING or DIRECTOR' }),
  contactName: optionalText(200, 'Name'),
  line1: z
    .string({ message: 'Address is required' })
    .trim()
    .min(3, 'Address is required')
    .max(200, 'Address must be at most 200 characters'),
  line2: optionalText(200, 'Address line 2'),
  city: optionalText(100, 'City'),
  country: z.string({ message: 'Country is required' }).trim().min(1, 'Country is required').max(100),
  state: z.string({ message: 'State is required' }).trim().min(1, 'State is required').max(100),
  lga: optionalText(100, 'LGA'),
  addressDocFileId: id('Proof of address file').nullish(),
  passportPhotoFileId: id('Passport photo file').nullish(),
}

export const createKycAddressSchema = z.object({ kycDetailsId: id('KYC record'), ...addressFields })
export type CreateKycAddressInput = z.input<typeof createKycAddressSchema>
export const updateKycAddressSchema = z.object(addressFields).partial()
export type UpdateKycAddressInput = z.input<typeof updateKycAddressSchema>
export const kycAddressFormSchema = z.object(addressFields)
export type KycAddressFormValues = z.input<typeof kycAddressFormSchema>

export const addressFileQuerySchema = z.object({
  type: z.enum(ADDRESS_FILE_TYPES, { message: 'type must be address_doc or passport_photo' }),
})

export const kycAddressSchema = z
  .object({
    id: z.uuid(),
    kycDetailsId: z.uuid(),
    businessId: z.uuid(),
    type: z.enum(KYC_ADDRESS_TYPES),
    contactName: z.string().nullable(),
    line1: z.string(),
    line2: z.string().nullable(),
    city: z.string().nullable(),
    country: z.string(),
    state: z.string(),
    lga: z.string().nullable(),
    addressDoc: fileSummarySchema.nullable(),
    passportPhoto: fileSummarySchema.nullable(),
    verificationStatus: z.enum(ADDRESS_VERIFICATION_STATUSES),
    verificationComment: z.string().nullable(),
    verifiedAt: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'KycAddress' })
export type KycAddress = z.infer<typeof kycAddressSchema>

// ---- means of ID -----------------------------------------------------------------------------------------------

/**
 * `allowMasked`: the edit forms, which are given numbers masked (`*******5678`) and send them back unchanged; the
 * API's PUT reads a mask as "keep the stored number" and never stores it (keepWhenMasked). API bodies never allow it.
 */
const bvnField = (allowMasked: boolean) =>
  z.preprocess(
    blankToUndefined,
    z
      .string()
      .transform((value, ctx) => {
        if (allowMasked && isMaskedIdentityNumber(value)) return value
        const bvn = normaliseBvn(value)
        if (!bvn) {
          ctx.addIssue({ code: 'custom', message: 'BVN must be exactly 11 digits' })
          return z.NEVER
        }
        return bvn
      })
      .optional(),
  )

const optionalBvn = bvnField(false)

/**
 * PUT bodies: a masked number sent back as it was answered (`*******5678`) means "unchanged", so a form that was
 * never given the clear value can be saved without overwriting the stored number with its mask.
 */
function keepWhenMasked<T extends z.ZodType>(schema: T) {
  return z.preprocess((v) => (isMaskedIdentityNumber(typeof v === 'string' ? v : null) ? undefined : v), schema.optional())
}

const meansOfIdFields = {
  shareholderId: z.preprocess((v) => (v === '' ? null : v), id('Shareholder').nullish()),
  firstName: personNameSchema('First name'),
  lastName: personNameSchema('Last name'),
  role: z.enum(ID_HOLDER_ROLES, { message: 'Role must be DIRECTOR, SIGNATORY, SHAREHOLDER or OTHER' }),
  bvn: optionalBvn,
  idType: z.enum(MEANS_OF_ID_TYPE_CODES, { message: 'Choose the kind of ID' }),
  idNumber: z
    .string({ message: 'ID number is required' })
    .trim()
    .min(1, 'ID number is required')
    .max(40)
    .transform(normaliseIdNumber),
  issueDate: z.preprocess(blankToUndefined, isoDate('Issue date').nullish()),
  expiryDate: z.preprocess(blankToUndefined, isoDate('Expiry date').nullish()),
  fileId: id('ID file').nullish(),
  /** Optional in the API (older clients); the forms and the KYC submission ask for it. */
  dateOfBirth: optionalDateOfBirth,
  pep: pepDeclarationInputSchema.optional(),
}

/**
 * Cross-field rules (number per type, expiry in the future, issue before expiry, a director or signatory an adult),
 * one issue per field.
 */
function checkMeansOfId(
  value: {
    idType?: string
    idNumber?: string
    issueDate?: string | null
    expiryDate?: string | null
    role?: string
    dateOfBirth?: string | null
  },
  ctx: z.RefinementCtx,
) {
  checkAdult(value.dateOfBirth, adultRoleWho(value.role), ctx)
  if (!value.idType || value.idNumber === undefined) return
  const masked = isMaskedIdentityNumber(value.idNumber)
  for (const problem of meansOfIdProblems({
    idType: value.idType,
    idNumber: value.idNumber,
    issueDate: value.issueDate ?? null,
    expiryDate: value.expiryDate ?? null,
  })) {
    // A masked number (an edit form that was not given the clear one) is checked by the server on the stored one.
    if (masked && problem.field === 'idNumber') continue
    ctx.addIssue({ code: 'custom', message: problem.message, path: [problem.field] })
  }
}

export const createMeansOfIdSchema = z.object({ kycDetailsId: id('KYC record'), ...meansOfIdFields }).superRefine(checkMeansOfId)
export type CreateMeansOfIdInput = z.input<typeof createMeansOfIdSchema>
/** PUT: any fields; the server re-checks the cross-field rules on the merged record. */
export const updateMeansOfIdSchema = z
  .object({
    ...meansOfIdFields,
    bvn: keepWhenMasked(meansOfIdFields.bvn),
    idNumber: keepWhenMasked(meansOfIdFields.idNumber),
    dateOfBirth: keptDateOfBirth,
  })
  .partial()
export type UpdateMeansOfIdInput = z.input<typeof updateMeansOfIdSchema>
export const meansOfIdFormSchema = z
  .object({
    ...meansOfIdFields,
    bvn: bvnField(true),
    idNumber: z
      .string({ message: 'ID number is required' })
      .trim()
      .min(1, 'ID number is required')
      .max(40)
      .transform((v) => (isMaskedIdentityNumber(v) ? v : normaliseIdNumber(v))),
    dateOfBirth: formDateOfBirth,
    pep: formPepDeclaration,
  })
  .superRefine(checkMeansOfId)
export type MeansOfIdFormValues = z.input<typeof meansOfIdFormSchema>

export const meansOfIdTypeSchema = z.object({
  code: z.enum(MEANS_OF_ID_TYPE_CODES),
  name: z.string(),
  expires: z.boolean(),
  pattern: z.string(),
  numberHint: z.string(),
  example: z.string(),
})

export const meansOfIdSchema = z
  .object({
    id: z.uuid(),
    kycDetailsId: z.uuid(),
    businessId: z.uuid(),
    shareholderId: z.uuid().nullable(),
    firstName: z.string(),
    lastName: z.string(),
    role: z.enum(ID_HOLDER_ROLES),
    bvn: z.string().nullable().meta({ description: MASKED_IDENTITY_DESCRIPTION, format: 'masked', example: '*******5678' }),
    idType: z.enum(MEANS_OF_ID_TYPE_CODES),
    idTypeName: z.string(),
    idNumber: z.string().meta({ description: MASKED_IDENTITY_DESCRIPTION, format: 'masked', example: '*****5678' }),
    issueDate: z.string().nullable(),
    expiryDate: z.string().nullable(),
    /** False once an expiring document's date has passed (or it has none). */
    isCurrent: z.boolean(),
    ...personDetailsAnswerFields,
    file: fileSummarySchema.nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'MeansOfId' })
export type MeansOfIdRecord = z.infer<typeof meansOfIdSchema>

// ---- shareholders ----------------------------------------------------------------------------------------------

/** 0.01–100 with at most two decimals. */
export const percentageSchema = z
  .number({ message: 'Percentage must be a number' })
  .gt(0, 'Percentage must be more than 0')
  .max(100, 'Percentage can be at most 100')
  .refine((n) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6, 'Percentage can have at most two decimals')

const nationalityField = z.string({ message: 'Nationality is required' }).trim().min(1, 'Nationality is required').max(100)

/** Voting rights, 0–100 with at most two decimals; null or absent: as the shares. */
export const votingPercentageSchema = z
  .number({ message: 'Voting rights must be a number' })
  .min(0, 'Voting rights cannot be negative')
  .max(100, 'Voting rights can be at most 100')
  .refine((n) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6, 'Voting rights can have at most two decimals')

/** What a holding gives besides its shares (docs/ownership.md#the-declared-structure). */
const controlFields = {
  votingPercentage: votingPercentageSchema.nullish(),
  appointsMajority: z.boolean({ message: 'appointsMajority must be true or false' }).optional(),
  significantInfluence: z.boolean({ message: 'significantInfluence must be true or false' }).optional(),
  influenceDescription: z.preprocess(
    (v) => (typeof v === 'string' && !v.trim() ? null : v),
    z.string({ message: 'Describe the influence' }).trim().max(1000, 'At most 1000 characters').nullish(),
  ),
}

const individualFields = {
  type: z.literal('INDIVIDUAL'),
  /** A person under a trust (SETTLOR, TRUSTEE, BENEFICIARY) or a nominee (PRINCIPAL): holds nothing there. */
  role: z.enum(SHAREHOLDER_ROLES, { message: `role must be one of ${SHAREHOLDER_ROLES.join(', ')}` }).nullish(),
  firstName: personNameSchema('First name'),
  lastName: personNameSchema('Last name'),
  nationality: nationalityField,
  bvn: optionalBvn,
  /** Required of a holding; not given for a person with a role. */
  percentage: percentageSchema.optional(),
  /** Optional in the API (older clients); the forms and the KYC submission ask for it. */
  dateOfBirth: optionalDateOfBirth,
  pep: pepDeclarationInputSchema.optional(),
  ...controlFields,
}
const entityName = (what: string) =>
  z
    .string({ message: `${what} is required` })
    .trim()
    .min(2, `${what} is required`)
    .max(200)
const optionalRegistrationNumber = z.preprocess(
  (v) => (typeof v === 'string' && !v.trim() ? null : v),
  registrationNumberSchema.nullish(),
)
const corporateFields = {
  type: z.literal('CORPORATE'),
  companyName: entityName('Company name'),
  registrationNumber: registrationNumberSchema,
  percentage: percentageSchema,
  ...controlFields,
}
const trustFields = {
  type: z.literal('TRUST'),
  /** The trust's name (stored as `companyName`). */
  companyName: entityName('Trust name'),
  registrationNumber: optionalRegistrationNumber,
  percentage: percentageSchema,
  ...controlFields,
}
const nomineeFields = {
  type: z.literal('NOMINEE'),
  /** The nominee's name, a person or a company (stored as `companyName`). */
  companyName: entityName('Nominee name'),
  registrationNumber: optionalRegistrationNumber,
  percentage: percentageSchema,
  ...controlFields,
}

/** Nigerians are identified by BVN; others may leave it out. */
function checkBvn(value: { nationality?: string; bvn?: string }, ctx: z.RefinementCtx) {
  if (value.nationality && /^nigeria(n)?$/i.test(value.nationality.trim()) && !value.bvn) {
    ctx.addIssue({ code: 'custom', message: 'BVN is required for a Nigerian shareholder', path: ['bvn'] })
  }
}

/** A declared influence says what it is. */
function checkInfluence(value: { significantInfluence?: boolean; influenceDescription?: string | null }, ctx: z.RefinementCtx) {
  if (value.significantInfluence && !value.influenceDescription) {
    ctx.addIssue({ code: 'custom', message: 'Describe the significant influence or control', path: ['influenceDescription'] })
  }
}

/** A holding has shares; a settlor, trustee, beneficiary or principal holds nothing and has no rights of its own there. */
function checkRole(
  value: { role?: string | null; percentage?: number; votingPercentage?: number | null; appointsMajority?: boolean },
  ctx: z.RefinementCtx,
) {
  if (!value.role && value.percentage === undefined)
    ctx.addIssue({ code: 'custom', message: 'Percentage is required', path: ['percentage'] })
  if (value.role) {
    for (const field of ['percentage', 'votingPercentage'] as const)
      if (value[field] !== undefined && value[field] !== null && value[field] !== 0)
        ctx.addIssue({
          code: 'custom',
          message: 'A person with a role in a trust or nominee holds no shares there',
          path: [field],
        })
    if (value.appointsMajority)
      ctx.addIssue({
        code: 'custom',
        message: 'A person with a role in a trust or nominee holds no rights there',
        path: ['appointsMajority'],
      })
  }
}

function checkIndividual(value: Parameters<typeof checkBvn>[0] & Parameters<typeof checkRole>[0], ctx: z.RefinementCtx) {
  checkBvn(value, ctx)
  checkRole(value, ctx)
  checkInfluence(value as Parameters<typeof checkInfluence>[0], ctx)
}

const placement = { kycDetailsId: id('KYC record'), parentShareholderId: id('Parent shareholder').nullish() }

export const createShareholderSchema = z.discriminatedUnion(
  'type',
  [
    z.object({ ...placement, ...individualFields }).superRefine(checkIndividual),
    z.object({ ...placement, ...corporateFields }).superRefine(checkInfluence),
    z.object({ ...placement, ...trustFields }).superRefine(checkInfluence),
    z.object({ ...placement, ...nomineeFields }).superRefine(checkInfluence),
  ],
  { message: 'type must be INDIVIDUAL, CORPORATE, TRUST or NOMINEE' },
)
export type CreateShareholderInput = z.input<typeof createShareholderSchema>

/** PUT: the type, the role and the place in the tree stay; any other field of the shareholder's type may change. */
export const updateShareholderSchema = z
  .object({
    firstName: personNameSchema('First name'),
    lastName: personNameSchema('Last name'),
    nationality: nationalityField,
    bvn: keepWhenMasked(optionalBvn),
    dateOfBirth: keptDateOfBirth,
    pep: pepDeclarationInputSchema,
    companyName: corporateFields.companyName,
    registrationNumber: optionalRegistrationNumber,
    percentage: percentageSchema,
    votingPercentage: controlFields.votingPercentage,
    appointsMajority: z.boolean({ message: 'appointsMajority must be true or false' }),
    significantInfluence: z.boolean({ message: 'significantInfluence must be true or false' }),
    influenceDescription: controlFields.influenceDescription,
  })
  .partial()
export type UpdateShareholderInput = z.input<typeof updateShareholderSchema>

/** The shareholder editor's form: one shape for every kind, the kind deciding which fields count. */
export const shareholderFormSchema = z.discriminatedUnion('type', [
  z
    .object({ ...individualFields, bvn: bvnField(true), dateOfBirth: formDateOfBirth, pep: formPepDeclaration })
    .superRefine(checkIndividual),
  z.object(corporateFields).superRefine(checkInfluence),
  z.object(trustFields).superRefine(checkInfluence),
  z.object(nomineeFields).superRefine(checkInfluence),
])
export type ShareholderFormValues = z.input<typeof shareholderFormSchema>

export const shareholderListQuerySchema = z.object({ kycDetailsId: id('KYC record') })

export const shareholderSchema = z
  .object({
    id: z.uuid(),
    kycDetailsId: z.uuid(),
    businessId: z.uuid(),
    parentShareholderId: z.uuid().nullable(),
    type: z.enum(SHAREHOLDER_TYPES),
    /** A person under a trust or a nominee: SETTLOR, TRUSTEE, BENEFICIARY or PRINCIPAL; null for a holding. */
    role: z.enum(SHAREHOLDER_ROLES).nullable(),
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    nationality: z.string().nullable(),
    bvn: z.string().nullable().meta({ description: MASKED_IDENTITY_DESCRIPTION, format: 'masked', example: '*******5678' }),
    /** Individuals: masked, with `hasDateOfBirth` and the PEP declaration; corporates: null, false, null. */
    ...personDetailsAnswerFields,
    companyName: z.string().nullable(),
    registrationNumber: z.string().nullable(),
    /** Of the parent (or of the business for a direct shareholder); 0 for a person with a role. */
    percentage: z.number(),
    /** Voting rights of the parent, as declared or (`votesFollowShares`) as the shares. */
    votingPercentage: z.number(),
    votesFollowShares: z.boolean(),
    appointsMajority: z.boolean(),
    significantInfluence: z.boolean(),
    influenceDescription: z.string().nullable(),
    /** Depth in the tree: 0 for a direct shareholder. */
    depth: z.number().int(),
    /** This holding's own effective stake in the business, in percent. */
    effectiveStake: z.number(),
    /** Individuals: the person's effective ownership, summed over every place they appear. Null for corporates. */
    effectiveOwnership: z.number().nullable(),
    /** Persons: a person with significant control (docs/ownership.md), with the reasons. */
    isBeneficialOwner: z.boolean(),
    controlReasons: z.array(z.enum(CONTROL_REASONS)),
    /** A person with significant control without a current means of ID linked to them. */
    needsMeansOfId: z.boolean(),
    /** Corporates: what their own shareholders add up to, in percent. */
    childrenTotalPercentage: z.number().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'Shareholder' })
export type ShareholderRecord = z.infer<typeof shareholderSchema>

// ---- reveal ---------------------------------------------------------------------------------------------------

/** What the reveal calls answer in clear: a number, or the date of birth. */
export const REVEALABLE_FIELDS = ['bvn', 'idNumber', 'dateOfBirth'] as const
export type RevealableField = (typeof REVEALABLE_FIELDS)[number]

/**
 * POST /kyc/means-of-ids/{id}/reveal and /kyc/shareholders/{id}/reveal: one clear number (or the date of birth), for
 * a stated reason.
 */
export const revealIdentityNumberSchema = z.object({
  field: z.enum(REVEALABLE_FIELDS, { message: 'field must be bvn, idNumber or dateOfBirth' }),
  reason: z
    .string({ message: 'Reason is required' })
    .trim()
    .min(REVEAL_REASON_MIN, `Reason must be at least ${REVEAL_REASON_MIN} characters`)
    .max(500, 'Reason can be at most 500 characters'),
})
export type RevealIdentityNumberInput = z.input<typeof revealIdentityNumberSchema>

export const revealedIdentityNumberSchema = z
  .object({
    field: z.enum(REVEALABLE_FIELDS),
    /** The clear value; null when none is recorded (no BVN, or no date of birth, given). */
    value: z.string().nullable(),
  })
  .meta({ id: 'RevealedIdentityNumber' })
export type RevealedIdentityNumber = z.infer<typeof revealedIdentityNumberSchema>

// ---- draft forms -----------------------------------------------------------------------------------------------

export const kycDetailTypeSchema = z.enum(KYC_DETAIL_TYPES, {
  message: `kycDetailTypeId must be one of ${KYC_DETAIL_TYPES.join(', ')}`,
})
const draftData = z.record(z.string(), z.unknown(), { message: 'data must be a JSON object' })

export const createDraftFormSchema = z.object({
  businessId: id('Business'),
  kycDetailTypeId: kycDetailTypeSchema,
  data: draftData,
})
export const updateDraftFormSchema = z.object({ data: draftData })
export const draftFormSchema = z
  .object({
    id: z.uuid(),
    businessId: z.uuid(),
    kycDetailTypeId: kycDetailTypeSchema,
    data: z.record(z.string(), z.unknown()),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'DraftForm' })
export type DraftForm = z.infer<typeof draftFormSchema>
