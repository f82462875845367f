import { z } from 'zod'
import { emailSchema, personNameSchema, phoneSchema } from '@/lib/validation/person'
import { fileSummarySchema } from './files'
import {
  GOVERNMENT_ARCHIVE_STATUSES,
  GOVERNMENT_COUNTRY,
  GOVERNMENT_DOCUMENT_TYPES,
  GOVERNMENT_KYC_TYPES,
  GOVERNMENT_TIERS,
} from './government-values'
import {
  isMaskedIdentityNumber,
  MASKED_IDENTITY_DESCRIPTION,
  MEANS_OF_ID_TYPE_CODES,
  meansOfIdProblems,
  normaliseIdNumber,
} from './kyc-values'
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

export * from './government-values'

/**
 * Government area contracts (docs/domain.md#government): reference lists, entities, representatives and their KYC,
 * documents, entity products. The same schemas validate the API and the forms.
 */

const id = (label: string) => z.uuid({ message: `${label} must be an id (UUID)` })
const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v)
const blankToNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v)
const requiredText = (label: string, max: number, min = 1) =>
  z
    .string({ message: `${label} is required` })
    .trim()
    .min(min, min > 1 ? `${label} must be at least ${min} characters` : `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`)
const optionalText = (label: string, max: number) =>
  z.preprocess(blankToNull, z.string().trim().max(max, `${label} must be at most ${max} characters`).nullish())
const isoDate = (label: string) => z.iso.date({ message: `${label} must be a date (YYYY-MM-DD)` })
const tierSchema = z.enum(GOVERNMENT_TIERS, { message: 'Tier must be FEDERAL, STATE or LOCAL' })

// ---- reference lists ----------------------------------------------------------------------------------------------

export const parastatalSchema = z
  .object({ id: z.uuid(), name: z.string(), tier: tierSchema, active: z.boolean() })
  .meta({ id: 'GovernmentParastatal' })
export type Parastatal = z.infer<typeof parastatalSchema>
export const parastatalInputSchema = z.object({
  name: requiredText('Name', 200, 3),
  tier: tierSchema,
  active: z.boolean().default(true),
})
export type ParastatalInput = z.input<typeof parastatalInputSchema>
export const parastatalUpdateSchema = parastatalInputSchema.partial()

export const consultantSchema = z
  .object({ id: z.uuid(), name: z.string(), email: z.string().nullable(), phone: z.string().nullable(), active: z.boolean() })
  .meta({ id: 'GovernmentConsultant' })
export type Consultant = z.infer<typeof consultantSchema>
export const consultantInputSchema = z.object({
  name: requiredText('Name', 200, 3),
  email: z.preprocess(blankToNull, emailSchema.nullish()),
  phone: z.preprocess(blankToNull, phoneSchema.nullish()),
  active: z.boolean().default(true),
})
export type ConsultantInput = z.input<typeof consultantInputSchema>
export const consultantUpdateSchema = consultantInputSchema.partial()

export const paymentChannelSchema = z
  .object({ id: z.uuid(), code: z.string(), name: z.string(), description: z.string().nullable(), active: z.boolean() })
  .meta({ id: 'PaymentChannel' })
export type PaymentChannel = z.infer<typeof paymentChannelSchema>
export const paymentChannelInputSchema = z.object({
  code: z
    .string({ message: 'Code is required' })
    .trim()
    .regex(/^[A-Z][A-Z0-9_]{1,39}$/, 'Code must be 2 to 40 upper-case letters, digits or underscores'),
  name: requiredText('Name', 100, 2),
  description: optionalText('Description', 500),
  active: z.boolean().default(true),
})
export type PaymentChannelInput = z.input<typeof paymentChannelInputSchema>
export const paymentChannelUpdateSchema = paymentChannelInputSchema.partial()

/** Reference lists: active entries only unless `includeInactive=true` (the maintenance view). */
export const referenceListQuerySchema = z.object({
  includeInactive: z
    .enum(['true', 'false'], { message: 'must be true or false' })
    .transform((v) => v === 'true')
    .default(false),
})

// ---- entities -----------------------------------------------------------------------------------------------------

export const governmentAddressSchema = z.object({
  line1: requiredText('Address', 200, 3),
  city: optionalText('City', 100),
  country: z
    .string({ message: 'Country is required' })
    .trim()
    .refine(
      (v) => v.toLowerCase() === GOVERNMENT_COUNTRY.toLowerCase(),
      `A government entity's address is in ${GOVERNMENT_COUNTRY}`,
    ),
  state: requiredText('State', 100),
  lga: requiredText('Local government area', 100),
})

export const governmentEntityInputSchema = z.object({
  name: requiredText('Name', 200, 3),
  parastatalId: id('Parastatal'),
  tier: tierSchema,
  contactName: personNameSchema('Contact name'),
  contactEmail: emailSchema,
  contactPhone: phoneSchema,
  address: governmentAddressSchema,
})
export type GovernmentEntityInput = z.input<typeof governmentEntityInputSchema>

export const governmentEntitySchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    parastatal: z.object({ id: z.uuid(), name: z.string() }),
    tier: tierSchema,
    contactName: z.string(),
    contactEmail: z.string(),
    contactPhone: z.string(),
    address: z.object({
      line1: z.string(),
      city: z.string().nullable(),
      country: z.string(),
      state: z.string(),
      lga: z.string(),
    }),
    archiveStatus: z.enum(GOVERNMENT_ARCHIVE_STATUSES),
    archivedAt: z.string().nullable(),
    archivedBy: z.string().nullable(),
    archiveReason: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'GovernmentEntity' })
export type GovernmentEntity = z.infer<typeof governmentEntitySchema>
export const governmentEntityPageSchema = pageSchema(governmentEntitySchema)

export const governmentEntityListQuerySchema = pageQuerySchema.extend({
  searchKey: z.string().trim().min(1).max(200).optional(),
  tier: tierSchema.optional(),
  parastatalId: id('Parastatal').optional(),
  state: z.string().trim().min(1).max(100).optional(),
  archiveStatus: z.enum(GOVERNMENT_ARCHIVE_STATUSES, { message: 'must be ACTIVE or ARCHIVED' }).default('ACTIVE'),
})
export type GovernmentEntityListQuery = z.output<typeof governmentEntityListQuerySchema>
export type GovernmentEntityListFilters = z.input<typeof governmentEntityListQuerySchema>

/** `GET /archive/government-entities`: the list's filters, archived entities only. */
export const archivedGovernmentEntityQuerySchema = governmentEntityListQuerySchema.omit({ archiveStatus: true })

// ---- representatives ----------------------------------------------------------------------------------------------

/** A representative acts for the entity, so is an adult (docs/domain.md#dates-of-birth-and-pep-declarations). */
export const REPRESENTATIVE_WHO = 'A representative'

function checkMeansOfId(
  value: {
    idType?: string
    idNumber?: string
    idIssueDate?: string | null
    idExpiryDate?: string | null
    dateOfBirth?: string | null
  },
  ctx: z.RefinementCtx,
) {
  checkAdult(value.dateOfBirth, REPRESENTATIVE_WHO, ctx)
  if (!value.idType || value.idNumber === undefined) return
  const masked = isMaskedIdentityNumber(value.idNumber)
  const fields = { idType: 'idType', idNumber: 'idNumber', issueDate: 'idIssueDate', expiryDate: 'idExpiryDate' } as const
  for (const problem of meansOfIdProblems({
    idType: value.idType,
    idNumber: value.idNumber,
    issueDate: value.idIssueDate ?? null,
    expiryDate: value.idExpiryDate ?? null,
  })) {
    if (masked && problem.field === 'idNumber') continue
    ctx.addIssue({ code: 'custom', message: problem.message, path: [fields[problem.field]] })
  }
}

const representativeFields = {
  firstName: personNameSchema('First name'),
  lastName: personNameSchema('Last name'),
  position: requiredText('Position', 100, 2),
  email: emailSchema,
  phone: phoneSchema,
  idType: z.enum(MEANS_OF_ID_TYPE_CODES, { message: 'Choose the kind of ID' }),
  idNumber: requiredText('ID number', 40).transform(normaliseIdNumber),
  idIssueDate: z.preprocess(blankToUndefined, isoDate('Issue date').nullish()),
  idExpiryDate: z.preprocess(blankToUndefined, isoDate('Expiry date').nullish()),
  idFileId: z.preprocess(blankToUndefined, id('ID file').nullish()),
  address: optionalText('Address', 300),
  addressFileId: z.preprocess(blankToUndefined, id('Proof of address file').nullish()),
  photoFileId: z.preprocess(blankToUndefined, id('Passport photo file').nullish()),
  /** Optional in the API (older clients); the representative form asks for it. */
  dateOfBirth: optionalDateOfBirth,
  pep: pepDeclarationInputSchema.optional(),
}

/** `POST /government/rep`, and the representative form (which sends `entityId` from the chosen entity). */
export const representativeInputSchema = z.object({ entityId: id('Entity'), ...representativeFields }).superRefine(checkMeansOfId)
export type RepresentativeInput = z.input<typeof representativeInputSchema>

/** The representative form: the date of birth and the PEP question are required there. */
export const representativeFormSchema = z
  .object({ entityId: id('Entity'), ...representativeFields, dateOfBirth: formDateOfBirth, pep: formPepDeclaration })
  .superRefine(checkMeansOfId)

/** The form that fills in what a representative captured before dates of birth were asked lacks (PUT). */
export const representativePersonDetailsFormSchema = z
  .object({ dateOfBirth: formDateOfBirth, pep: formPepDeclaration })
  .superRefine((value, ctx) => checkAdult(value.dateOfBirth, REPRESENTATIVE_WHO, ctx))

/** `PUT /government/rep/{id}`: any fields; a masked ID number sent back unchanged keeps the stored one. */
export const representativeUpdateSchema = z
  .object({
    ...representativeFields,
    idNumber: z.preprocess(
      (v) => (isMaskedIdentityNumber(typeof v === 'string' ? v : null) ? undefined : v),
      representativeFields.idNumber.optional(),
    ),
    dateOfBirth: keptDateOfBirth,
  })
  .partial()
export type RepresentativeUpdate = z.input<typeof representativeUpdateSchema>

export const representativeSchema = z
  .object({
    id: z.uuid(),
    entityId: z.uuid(),
    firstName: z.string(),
    lastName: z.string(),
    position: z.string(),
    email: z.string(),
    phone: z.string(),
    idType: z.enum(MEANS_OF_ID_TYPE_CODES),
    idTypeName: z.string(),
    idNumber: z.string().meta({ description: MASKED_IDENTITY_DESCRIPTION, format: 'masked', example: '*******8901' }),
    idIssueDate: z.string().nullable(),
    idExpiryDate: z.string().nullable(),
    idFile: fileSummarySchema.nullable(),
    address: z.string().nullable(),
    addressFile: fileSummarySchema.nullable(),
    photoFile: fileSummarySchema.nullable(),
    ...personDetailsAnswerFields,
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'GovernmentRepresentative' })
export type Representative = z.infer<typeof representativeSchema>

export const kycTypeParams = z.object({
  id: z.uuid({ message: 'must be an id (UUID)' }),
  type: z.enum(GOVERNMENT_KYC_TYPES, { message: 'type must be means-of-id, address or photo' }),
})

export const representativeKycSchema = z
  .object({
    representativeId: z.uuid(),
    type: z.enum(GOVERNMENT_KYC_TYPES),
    provided: z.boolean(),
    file: fileSummarySchema.nullable(),
    meansOfId: z
      .object({
        idType: z.enum(MEANS_OF_ID_TYPE_CODES),
        idTypeName: z.string(),
        idNumber: z.string().meta({ description: MASKED_IDENTITY_DESCRIPTION, format: 'masked' }),
        issueDate: z.string().nullable(),
        expiryDate: z.string().nullable(),
      })
      .nullable(),
    address: z.string().nullable(),
  })
  .meta({ id: 'GovernmentRepresentativeKyc' })
export type RepresentativeKyc = z.infer<typeof representativeKycSchema>

// ---- documents ----------------------------------------------------------------------------------------------------

export const governmentDocumentInputSchema = z.object({
  entityId: id('Entity'),
  type: z.enum(GOVERNMENT_DOCUMENT_TYPES, { message: 'Choose the kind of document' }),
  label: optionalText('Label', 200),
  fileId: id('File'),
})
export type GovernmentDocumentInput = z.input<typeof governmentDocumentInputSchema>

export const governmentDocumentSchema = z
  .object({
    id: z.uuid(),
    entityId: z.uuid(),
    type: z.enum(GOVERNMENT_DOCUMENT_TYPES),
    label: z.string().nullable(),
    file: fileSummarySchema,
    uploadedBy: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'GovernmentDocument' })
export type GovernmentDocument = z.infer<typeof governmentDocumentSchema>

// ---- entity products ----------------------------------------------------------------------------------------------

export const governmentProductInputSchema = z.object({
  entityId: id('Entity'),
  productId: id('Product'),
  paymentChannelIds: z
    .array(id('Payment channel'), { message: 'Choose at least one payment channel' })
    .min(1, 'Choose at least one payment channel')
    .max(20, 'Choose at most 20 payment channels')
    .refine((ids) => new Set(ids).size === ids.length, 'Each payment channel once'),
  consultantId: z.preprocess(blankToNull, id('Consultant').nullish()),
})
export type GovernmentProductInput = z.input<typeof governmentProductInputSchema>

export const governmentProductSchema = z
  .object({
    id: z.uuid(),
    entityId: z.uuid(),
    entityName: z.string(),
    product: z.object({ id: z.uuid(), code: z.string(), name: z.string() }),
    paymentChannels: z.array(z.object({ id: z.uuid(), code: z.string(), name: z.string() })),
    consultant: z.object({ id: z.uuid(), name: z.string() }).nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'GovernmentProduct' })
export type GovernmentProduct = z.infer<typeof governmentProductSchema>

/** `GET /government/{id}`: the entity with its representatives, documents and products. */
export const governmentEntityDetailsSchema = governmentEntitySchema
  .extend({
    representatives: z.array(representativeSchema),
    documents: z.array(governmentDocumentSchema),
    products: z.array(governmentProductSchema),
  })
  .meta({ id: 'GovernmentEntityDetails' })
export type GovernmentEntityDetails = z.infer<typeof governmentEntityDetailsSchema>
