import { z } from 'zod'
import { emailSchema, phoneSchema } from '@/lib/validation/person'
import { registrationNumberSchema } from '@/lib/validation/registration-number'
import { dateQuerySchema } from './date-query'
import { pageQuerySchema, pageSchema, sortQuery } from './pagination'
import { RISK_TIERS } from './risk-values'

export const APPROVAL_STATUS_VALUES = ['PENDING', 'APPROVED', 'DECLINED'] as const
export const ARCHIVE_STATUS_VALUES = ['ACTIVE', 'ARCHIVED'] as const
export const BUSINESS_ROLE_NAMES = ['BUSINESS_OWNER', 'BUSINESS_MEMBER'] as const

const uuidField = (label: string) => z.uuid({ message: `${label} must be chosen from the list` })
const optionalText = (max: number) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), z.string().trim().max(max).optional())

export const businessNameSchema = z
  .string({ message: 'Business name is required' })
  .trim()
  .min(2, 'Business name must be at least 2 characters')
  .max(200, 'Business name must be at most 200 characters')

export const addressSchema = z.object({
  line1: z.string({ message: 'Address is required' }).trim().min(3, 'Address is required').max(200),
  line2: optionalText(200),
  city: optionalText(100),
  country: z.string({ message: 'Country is required' }).trim().min(1, 'Country is required').max(100),
  state: z.string({ message: 'State is required' }).trim().min(1, 'State is required').max(100),
  lga: optionalText(100),
})

const websiteSchema = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
  z
    .url({ message: 'Enter a full web address, e.g. https://example.ng', protocol: /^https?$/ })
    .max(300)
    .optional(),
)

/** The create-business form and POST /businesses. `ownerEmail`: staff creating on a business's behalf invite its owner. */
export const createBusinessSchema = z.object({
  name: businessNameSchema,
  regNo: registrationNumberSchema,
  typeId: uuidField('Business type'),
  categoryId: uuidField('Category'),
  email: emailSchema,
  phone: phoneSchema,
  website: websiteSchema,
  divisionId: uuidField('Division').optional(),
  address: addressSchema,
  ownerEmail: emailSchema.optional(),
})
export type CreateBusinessInput = z.input<typeof createBusinessSchema>

export const updateBusinessSchema = createBusinessSchema
  .omit({ ownerEmail: true, address: true })
  .partial()
  .extend({ address: addressSchema.partial().optional() })
  .refine((v) => Object.values(v).some((x) => x !== undefined), { message: 'Nothing to change' })
export type UpdateBusinessInput = z.input<typeof updateBusinessSchema>

/** The latest staff decision on a business (a decline's comment is its reason, shown to the business). */
export const businessDecisionSchema = z.object({
  decision: z.enum(['APPROVED', 'DECLINED']),
  comment: z.string().nullable(),
  decidedAt: z.string(),
  /** The name of the staff member who decided. */
  decidedBy: z.string(),
  /**
   * A HIGH-risk business's first approval: the business stays PENDING until someone else holding CAN_APPROVE_HIGH_RISK
   * approves it too (docs/risk.md#approval).
   */
  seniorApprovalPending: z.boolean().optional(),
})
export type BusinessDecision = z.infer<typeof businessDecisionSchema>

export const businessSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  regNo: z.string(),
  registrationClass: z.enum(['RC', 'BN', 'IT', 'LP', 'LLP']),
  typeId: z.uuid(),
  categoryId: z.uuid(),
  email: z.string(),
  phone: z.string(),
  website: z.string().nullable(),
  divisionId: z.uuid().nullable(),
  address: z.object({
    line1: z.string(),
    line2: z.string().nullable(),
    city: z.string().nullable(),
    country: z.string(),
    state: z.string(),
    lga: z.string().nullable(),
  }),
  approvalStatus: z.enum(APPROVAL_STATUS_VALUES),
  kycDetailsCompleted: z.boolean(),
  /** The owner requires a second factor of every user of the business (docs/security.md#second-factors). */
  requireFactor: z.boolean(),
  archiveStatus: z.enum(ARCHIVE_STATUS_VALUES),
  blocked: z.boolean(),
  blockedReasons: z.array(z.string()),
  assigneeId: z.uuid().nullable(),
  recertificationDate: z.string().nullable(),
  createdBy: z.uuid().nullable(),
  createdAt: z.string(),
  approvedAt: z.string().nullable(),
  /** Only on `GET /businesses/{id}`: the latest decision, null before any. */
  decision: businessDecisionSchema.nullable().optional(),
})
export type Business = z.infer<typeof businessSchema>

const booleanQuery = z.enum(['true', 'false'], { message: 'must be true or false' }).transform((v) => v === 'true')
const repeatable = <T extends z.ZodType>(item: T) =>
  z.preprocess((v) => (v === undefined ? undefined : Array.isArray(v) ? v : [v]), z.array(item).min(1).optional())
const dateQuery = dateQuerySchema()

/** The lists' `riskTier` filter: a tier in force, or `NOT_ASSESSED` (never assessed); repeatable (docs/risk.md#the-tier-in-the-lists). */
export const RISK_TIER_FILTER_VALUES = [...RISK_TIERS, 'NOT_ASSESSED'] as const
export type RiskTierFilterValue = (typeof RISK_TIER_FILTER_VALUES)[number]
export const riskTierFilterSchema = repeatable(
  z.enum(RISK_TIER_FILTER_VALUES, { message: 'must be LOW, MEDIUM, HIGH, PROHIBITED or NOT_ASSESSED' }),
)

/** Spec section 3 list filters, plus `blocked` (docs/domain.md#blocked). */
/** The fields `GET /businesses` sorts by (`sort=name,asc`); newest registered first by default. */
export const BUSINESS_SORT_FIELDS = ['name', 'createdAt', 'approvedAt', 'recertificationDate', 'approvalStatus'] as const
export type BusinessSortField = (typeof BUSINESS_SORT_FIELDS)[number]

export const businessListQuerySchema = pageQuerySchema.extend({
  sort: sortQuery(BUSINESS_SORT_FIELDS),
  businessName: z.string().trim().min(1).max(200).optional(),
  kycDetailsCompleted: booleanQuery.optional(),
  approvalStatus: z.enum(APPROVAL_STATUS_VALUES, { message: 'must be PENDING, APPROVED or DECLINED' }).optional(),
  createdBy: z.uuid({ message: 'must be a user id' }).optional(),
  typeId: z.uuid({ message: 'must be a type id' }).optional(),
  categoryId: z.uuid({ message: 'must be a category id' }).optional(),
  regNo: z.string().trim().min(1).max(30).optional(),
  from: dateQuery.optional(),
  to: dateQuery.optional(),
  productId: z.uuid({ message: 'must be a product id' }).optional(),
  archiveStatus: repeatable(z.enum(ARCHIVE_STATUS_VALUES, { message: 'must be ACTIVE or ARCHIVED' })),
  blocked: booleanQuery.optional(),
  riskTier: riskTierFilterSchema,
})
export type BusinessListQuery = z.output<typeof businessListQuerySchema>

/** A business in a staff list: with its risk tier in force, null before its first assessment (docs/risk.md#the-tier-in-the-lists). */
export const staffBusinessSchema = businessSchema.extend({ riskTier: z.enum(RISK_TIERS).nullable() })
export type StaffBusiness = z.infer<typeof staffBusinessSchema>
export const businessPageSchema = pageSchema(staffBusinessSchema)

export const myBusinessSchema = businessSchema.extend({ role: z.string() })

export const referenceItemSchema = z.object({ id: z.uuid(), name: z.string(), description: z.string().nullable() })

export const divisionSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  code: z.string(),
  description: z.string().nullable(),
  isActive: z.boolean(),
})
export const divisionInputSchema = z.object({
  name: z.string().trim().min(2, 'Name is required').max(100),
  code: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9-]{2,20}$/, 'Code: 2 to 20 upper-case letters, digits or dashes'),
  description: optionalText(500),
  isActive: z.boolean().optional(),
})

export const businessUserSchema = z.object({
  id: z.uuid(),
  businessId: z.uuid(),
  userId: z.uuid(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  role: z.string(),
  isActive: z.boolean(),
  status: z.string(),
  createdAt: z.string(),
})
export type BusinessUser = z.infer<typeof businessUserSchema>

export const inviteBusinessUserSchema = z.object({
  businessId: z.uuid({ message: 'must be a business id' }),
  email: emailSchema,
  role: z.enum(BUSINESS_ROLE_NAMES, { message: 'must be BUSINESS_OWNER or BUSINESS_MEMBER' }),
  firstName: optionalText(100),
  lastName: optionalText(100),
})
export type InviteBusinessUserInput = z.input<typeof inviteBusinessUserSchema>

export const updateBusinessUserSchema = z
  .object({
    role: z.enum(BUSINESS_ROLE_NAMES, { message: 'must be BUSINESS_OWNER or BUSINESS_MEMBER' }).optional(),
    isActive: z.boolean({ message: 'must be true or false' }).optional(),
  })
  .refine((v) => v.role !== undefined || v.isActive !== undefined, { message: 'Nothing to change' })

export const existenceSchema = z.object({ exists: z.boolean() })

export const existingProfileQuerySchema = z.object({
  identifier: z.string().trim().min(1, 'Enter a registration number or an e-mail').max(320),
  type: z.literal('business', { message: 'must be business' }),
})
export const existingProfileAnswerSchema = z.object({
  exists: z.boolean(),
  /** Masked, so a lookup never reveals a whole name: `Ad***** Fo*** Li*****`. */
  maskedName: z.string().nullable(),
})
export const accessRequestInputSchema = z.object({
  identifier: z.string().trim().min(1, 'Enter a registration number or an e-mail').max(320),
  message: optionalText(500),
})
export const accessRequestSchema = z.object({
  id: z.uuid(),
  businessId: z.uuid(),
  requester: z.object({ id: z.uuid(), email: z.string(), firstName: z.string(), lastName: z.string() }),
  message: z.string().nullable(),
  status: z.enum(['PENDING', 'ACCEPTED', 'REFUSED']),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
})
export const accessDecisionSchema = z.object({
  decision: z.enum(['ACCEPTED', 'REFUSED'], { message: 'must be ACCEPTED or REFUSED' }),
})
