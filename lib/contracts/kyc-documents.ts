import { z } from 'zod'
import { REGISTRATION_CLASSES } from '@/lib/validation/registration-number-rules'
import { fileSummarySchema } from './files'
import { CHECKLIST_STATES, DOCUMENT_TYPE_OWNERS, KYC_DOCUMENT_STATUSES } from './kyc-document-values'

export * from './kyc-document-values'

const registrationClassSchema = z.enum(REGISTRATION_CLASSES, { message: `must be one of ${REGISTRATION_CLASSES.join(', ')}` })
const typeOwnerSchema = z.enum(DOCUMENT_TYPE_OWNERS, { message: `must be one of ${DOCUMENT_TYPE_OWNERS.join(', ')}` })
/** `1`/`0` (the spec's `isCAC=1|0`) or `true`/`false`. */
const flagQuery = z
  .enum(['1', '0', 'true', 'false'], { message: 'must be 1, 0, true or false' })
  .transform((v) => v === '1' || v === 'true')
const optionalText = (max: number) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? null : v), z.string().trim().max(max).nullable().optional())
const classList = z
  .array(registrationClassSchema)
  .max(REGISTRATION_CLASSES.length)
  .refine((v) => new Set(v).size === v.length, { message: 'must not repeat a class' })

// ---- document types and the per-class matrix ----

export const documentTypeSchema = z
  .object({
    id: z.uuid(),
    code: z.string(),
    name: z.string(),
    description: z.string().nullable(),
    isCac: z.boolean(),
    isDeferrable: z.boolean(),
    typeOwner: z.enum(DOCUMENT_TYPE_OWNERS),
    isActive: z.boolean(),
    /** Registration classes that must provide it (the matrix). */
    requiredFor: z.array(z.enum(REGISTRATION_CLASSES)),
    /** Classes it is listed for without being required. */
    optionalFor: z.array(z.enum(REGISTRATION_CLASSES)),
    /** Required types sharing a group are alternatives: any one satisfies the requirement. */
    alternativeGroup: z.string().nullable(),
    /** Classes that may defer it (the deferrable mapping). */
    deferrableFor: z.array(z.enum(REGISTRATION_CLASSES)),
    /** With `?registrationClass=`: whether that class must provide it. */
    required: z.boolean().optional(),
  })
  .meta({ id: 'KycDocumentType' })
export type DocumentType = z.infer<typeof documentTypeSchema>

export const documentTypeListQuerySchema = z.object({
  isCac: flagQuery.optional(),
  registrationClass: registrationClassSchema.optional(),
  typeOwner: typeOwnerSchema.optional(),
  /** Staff configuration screens also list inactive types. */
  includeInactive: flagQuery.optional(),
})

const documentTypeFields = {
  code: z
    .string({ message: 'Code is required' })
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9_]{2,40}$/, 'Code: 2 to 40 upper-case letters, digits or underscores'),
  name: z
    .string({ message: 'Name is required' })
    .trim()
    .min(2, 'Name must be at least 2 characters')
    .max(150, 'Name must be at most 150 characters'),
  description: optionalText(1000),
  isCac: z.boolean({ message: 'must be true or false' }),
  isDeferrable: z.boolean({ message: 'must be true or false' }),
  typeOwner: typeOwnerSchema,
  isActive: z.boolean({ message: 'must be true or false' }),
  requiredFor: classList,
  optionalFor: classList,
  alternativeGroup: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
    z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z0-9_]{2,40}$/, 'Alternative group: 2 to 40 upper-case letters, digits or underscores')
      .nullable()
      .optional(),
  ),
}

const noClassTwice = (v: { requiredFor?: string[]; optionalFor?: string[] }) =>
  !(v.requiredFor ?? []).some((c) => (v.optionalFor ?? []).includes(c))
const noClassTwiceIssue = { message: 'A class is either required or optional, not both', path: ['optionalFor'] }

/** `POST /kyc-document-types`. */
export const createDocumentTypeSchema = z
  .object({
    ...documentTypeFields,
    isCac: documentTypeFields.isCac.default(false),
    isDeferrable: documentTypeFields.isDeferrable.default(false),
    typeOwner: documentTypeFields.typeOwner.default('COMPANY'),
    isActive: documentTypeFields.isActive.default(true),
    requiredFor: documentTypeFields.requiredFor.default([]),
    optionalFor: documentTypeFields.optionalFor.default([]),
  })
  .refine(noClassTwice, noClassTwiceIssue)
  .meta({ id: 'KycDocumentTypeInput' })
export type CreateDocumentTypeInput = z.input<typeof createDocumentTypeSchema>

/** `PUT /kyc-document-types/{id}`: what is given changes; `requiredFor`/`optionalFor` replace the type's matrix rows. */
export const updateDocumentTypeSchema = z
  .object(documentTypeFields)
  .partial()
  .refine((v) => Object.values(v).some((x) => x !== undefined), { message: 'Nothing to change' })
  .refine(noClassTwice, noClassTwiceIssue)
  .meta({ id: 'KycDocumentTypeUpdate' })
export type UpdateDocumentTypeInput = z.input<typeof updateDocumentTypeSchema>

// ---- documents ----

const documentTypeRefSchema = z.object({
  id: z.uuid(),
  code: z.string(),
  name: z.string(),
  isCac: z.boolean(),
  typeOwner: z.enum(DOCUMENT_TYPE_OWNERS),
})

export const kycDocumentSchema = z
  .object({
    id: z.uuid(),
    kycDetailsId: z.uuid(),
    businessId: z.uuid(),
    documentType: documentTypeRefSchema,
    /** The shareholder a document of a shareholder type (corporate or individual shareholder) belongs to; null for the business's own. */
    shareholderId: z.uuid().nullable(),
    /** That shareholder's name (`Ada Obi`, `Savannah Holdings Limited`), for lists that show the document alone. */
    shareholderName: z.string().nullable(),
    file: fileSummarySchema,
    status: z.enum(KYC_DOCUMENT_STATUSES),
    reviewComment: z.string().nullable(),
    reviewedBy: z.uuid().nullable(),
    reviewedAt: z.string().nullable(),
    reuploadReason: z.string().nullable(),
    reuploadRequestedBy: z.uuid().nullable(),
    reuploadRequestedAt: z.string().nullable(),
    reuploadResolvedAt: z.string().nullable(),
    uploadedBy: z.uuid().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'KycDocument' })
export type KycDocument = z.infer<typeof kycDocumentSchema>

export const kycDocumentListQuerySchema = z.object({ typeOwner: typeOwnerSchema.optional() })

/** `POST /kyc/documents`: attach a confirmed upload (purpose KYC_DOCUMENT) as this type; replaces the current one. */
export const attachKycDocumentSchema = z
  .object({
    kycDetailsId: z.uuid({ message: 'must be a KYC record id' }),
    documentTypeId: z.uuid({ message: 'must be a document type id' }),
    fileId: z.uuid({ message: 'Upload the file first, then save again' }),
    /**
     * Required for a shareholder document type (type owner CORPORATE_SHAREHOLDER or INDIVIDUAL): the shareholder of
     * this business, of the matching kind, it is about. Refused for the business's own document types.
     */
    shareholderId: z.uuid({ message: 'must be a shareholder id' }).nullish(),
  })
  .meta({ id: 'AttachKycDocument' })
export type AttachKycDocumentInput = z.input<typeof attachKycDocumentSchema>

// ---- the business's checklist (document page, documents step, preview, staff review) ----

const checklistDeferralSchema = z.object({
  id: z.uuid(),
  status: z.enum(['PENDING', 'APPROVED', 'REJECTED', 'FULFILLED']),
  isOverdue: z.boolean(),
  days: z.number().int(),
  reason: z.string(),
  dueDate: z.string().nullable(),
  decisionComment: z.string().nullable(),
})

export const checklistItemSchema = z.object({
  documentType: documentTypeRefSchema.extend({ description: z.string().nullable() }),
  required: z.boolean(),
  alternativeGroup: z.string().nullable(),
  /** This class may defer it and nothing is uploaded or deferred yet. */
  canRequestDeferral: z.boolean(),
  state: z.enum(CHECKLIST_STATES),
  document: kycDocumentSchema.nullable(),
  /** The open deferral, else the latest one (a rejected one says why). */
  deferral: checklistDeferralSchema.nullable(),
})
export type ChecklistItem = z.infer<typeof checklistItemSchema>

export const shareholderChecklistSchema = z
  .object({
    shareholder: z.object({
      id: z.uuid(),
      type: z.enum(['INDIVIDUAL', 'CORPORATE']),
      name: z.string(),
      parentShareholderId: z.uuid().nullable(),
      /** 0 for a direct shareholder of the business, 1 for a shareholder of a corporate shareholder, ... */
      depth: z.number().int(),
    }),
    /** The shareholder document types the class lists for this kind of shareholder (no deferrals: always null). */
    items: z.array(checklistItemSchema),
  })
  .meta({ id: 'KycShareholderDocuments' })
export type ShareholderChecklist = z.infer<typeof shareholderChecklistSchema>

export const documentChecklistSchema = z
  .object({
    businessId: z.uuid(),
    registrationClass: z.enum(REGISTRATION_CLASSES),
    /** null until the company details step has created the KYC record: documents attach to it. */
    kycDetailsId: z.uuid().nullable(),
    kycDetailsCompleted: z.boolean(),
    approvalStatus: z.enum(['PENDING', 'APPROVED', 'DECLINED']),
    /** The business's own documents (type owner COMPANY). */
    items: z.array(checklistItemSchema),
    /** Each shareholder (depth first, nested ones too) with the documents its kind needs: counted per shareholder. */
    shareholders: z.array(shareholderChecklistSchema),
    /** Current documents of types not listed for the class (or of a shareholder type, not tied to a shareholder). */
    otherDocuments: z.array(kycDocumentSchema),
    /** The portal scans every upload for malware before accepting it (CLAMAV_HOST); false: files are not scanned. */
    uploadsScanned: z.boolean(),
  })
  .meta({ id: 'KycDocumentChecklist' })
export type DocumentChecklist = z.infer<typeof documentChecklistSchema>
