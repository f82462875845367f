import { z } from 'zod'
import { pageQuerySchema, pageSchema, sortQuery } from './pagination'
import { MAX_REQUIREMENTS, productCodeProblem, REQUIREMENT_KEY_PATTERN, REQUIREMENT_TYPES } from './product-values'
import { PRODUCT_RISK_LEVELS } from './risk-values'

export * from './product-values'

const optionalText = (max: number) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
    z.string().trim().max(max, `At most ${max} characters`).nullable().optional(),
  )

/** A product code as typed: trimmed and upper-cased, then checked (pattern, length, reserved words). */
export const productCodeSchema = z
  .string({ message: 'Code is required' })
  .trim()
  .toUpperCase()
  .superRefine((code, ctx) => {
    const problem = productCodeProblem(code)
    if (problem) ctx.addIssue({ code: 'custom', message: problem })
  })

export const requirementSchema = z
  .object({
    key: z.string(),
    label: z.string(),
    type: z.enum(REQUIREMENT_TYPES),
    required: z.boolean(),
    help: z.string().nullable(),
  })
  .meta({ id: 'ProductRequirement' })
export type ProductRequirement = z.infer<typeof requirementSchema>

/** One row of the requirements builder. A new row may leave `key` out: the API derives one from the label. */
export const requirementInputSchema = z.object({
  key: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z
      .string()
      .trim()
      .regex(REQUIREMENT_KEY_PATTERN, 'Key: lower-case letters, digits and underscores, starting with a letter')
      .optional(),
  ),
  label: z
    .string({ message: 'Label is required' })
    .trim()
    .min(2, 'Label is required')
    .max(200, 'Label must be at most 200 characters'),
  type: z.enum(REQUIREMENT_TYPES, { message: 'Type must be Text Input or Upload Document' }),
  required: z.boolean({ message: 'must be true or false' }).default(false),
  help: optionalText(500),
})
export type RequirementInput = z.input<typeof requirementInputSchema>

export const requirementListSchema = z
  .array(requirementInputSchema)
  .max(MAX_REQUIREMENTS, `At most ${MAX_REQUIREMENTS} requirements`)
  .superRefine((list, ctx) => {
    const seen = new Map<string, number>()
    list.forEach((r, i) => {
      if (!r.key) return
      if (seen.has(r.key)) ctx.addIssue({ code: 'custom', path: [i, 'key'], message: `Key ${r.key} is used twice` })
      else seen.set(r.key, i)
    })
  })

const uuidField = (label: string) => z.uuid({ message: `${label} must be chosen from the list` })

const productFields = {
  name: z
    .string({ message: 'Name is required' })
    .trim()
    .min(2, 'Name is required')
    .max(120, 'Name must be at most 120 characters'),
  description: optionalText(2000),
  categoryId: uuidField('Category'),
  divisionId: uuidField('Division'),
  active: z.boolean({ message: 'must be true or false' }),
  kycDocumentTypeIds: z.array(z.uuid({ message: 'must be a document type id' })).max(50),
  requirements: requirementListSchema,
  /** The product's own money-laundering risk, a factor of every applicant's risk (docs/risk.md#factors). */
  riskLevel: z.enum(PRODUCT_RISK_LEVELS, { message: 'must be LOW, MEDIUM or HIGH' }),
}

/** POST /products. New products start not live; go-live is its own call. */
export const createProductSchema = z
  .object({
    code: productCodeSchema,
    ...productFields,
    active: productFields.active.default(true),
    kycDocumentTypeIds: productFields.kycDocumentTypeIds.default([]),
    requirements: productFields.requirements.default([]),
    riskLevel: productFields.riskLevel.default('LOW'),
  })
  .meta({ id: 'CreateProduct' })
export type CreateProductInput = z.input<typeof createProductSchema>

/** PUT /products/{id}: any of the fields (the code never changes: links and stored choices use it). */
export const updateProductSchema = z
  .object(productFields)
  .partial()
  .refine((v) => Object.values(v).some((x) => x !== undefined), { message: 'Nothing to change' })
  .meta({ id: 'UpdateProduct' })
export type UpdateProductInput = z.input<typeof updateProductSchema>

export const goLiveSchema = z.object({ live: z.boolean({ message: 'live must be true or false' }) }).meta({ id: 'ProductGoLive' })

export const productSchema = z
  .object({
    id: z.uuid(),
    code: z.string(),
    name: z.string(),
    description: z.string().nullable(),
    categoryId: z.uuid(),
    category: z.object({ id: z.uuid(), name: z.string() }),
    divisionId: z.uuid().nullable(),
    division: z.object({ id: z.uuid(), code: z.string(), name: z.string() }).nullable(),
    active: z.boolean(),
    live: z.boolean(),
    kycDocumentTypeIds: z.array(z.uuid()),
    requirements: z.array(requirementSchema),
    requirementsVersion: z.number().int(),
    riskLevel: z.enum(PRODUCT_RISK_LEVELS),
    wentLiveAt: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'Product' })
export type Product = z.infer<typeof productSchema>

export const productPageSchema = pageSchema(productSchema).meta({ id: 'ProductPage' })

export const productCategorySchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    description: z.string().nullable(),
    /** Products offered now (live and active) in this category. */
    productCount: z.number().int(),
  })
  .meta({ id: 'ProductCategory' })
export type ProductCategory = z.infer<typeof productCategorySchema>

const booleanQuery = z.enum(['true', 'false'], { message: 'must be true or false' }).transform((v) => v === 'true')

/** GET /products (public): the offered products. */
export const productListQuerySchema = pageQuerySchema.extend({
  categoryId: z.uuid({ message: 'must be a category id' }).optional(),
  divisionId: z.uuid({ message: 'must be a division id' }).optional(),
  searchKey: z.string().trim().max(100).optional(),
})
export type ProductListQuery = z.output<typeof productListQuerySchema>

/** GET /products/admin (staff): every product, with the offered flags as filters too. */
export const productAdminQuerySchema = productListQuerySchema.extend({
  /** `name`, `code` or `createdAt`, with `,asc` or `,desc`; newest first by default (`recentFirst`). */
  sort: sortQuery(['name', 'code', 'createdAt']),
  active: booleanQuery.optional(),
  live: booleanQuery.optional(),
})
export type ProductAdminQuery = z.output<typeof productAdminQuerySchema>

/** The product editor's form when editing (the code never changes; active and live have their own switches). */
export const productEditSchema = createProductSchema.omit({ code: true, active: true })
