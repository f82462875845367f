import { z } from 'zod'
import { KYC_DOCUMENT_STATUSES } from './kyc-document-values'
import { EDD_ITEMS, FUNDS_ORIGINS, WEALTH_ORIGINS } from './risk-values'

/** docs/risk.md#enhanced-due-diligence: what a HIGH business answers, and the calls that read and write it. */

export { EDD_DOCUMENT_TYPE_CODES, EDD_ITEM_LABELS, EDD_ITEMS, type EddItem } from './risk-values'

const explanation = z
  .string({ message: 'Explain in your own words' })
  .trim()
  .min(20, 'Explain in at least 20 characters')
  .max(2000, 'At most 2,000 characters')

/** One schema per item: the step's form and the `PUT` body (the union below) are the same objects. */
export const sourceOfFundsAnswerSchema = z.object({
  item: z.literal('SOURCE_OF_FUNDS'),
  origin: z.enum(FUNDS_ORIGINS, { message: 'Choose where the money comes from' }),
  explanation,
})

export const sourceOfWealthAnswerSchema = z.object({
  item: z.literal('SOURCE_OF_WEALTH'),
  /** The beneficial owner the answer is about: one of their shareholder records in this KYC. */
  shareholderId: z.uuid({ message: 'Choose the beneficial owner' }),
  origin: z.enum(WEALTH_ORIGINS, { message: 'Choose how the wealth was built' }),
  explanation,
})

export const purposeAnswerSchema = z.object({
  item: z.literal('PURPOSE_OF_RELATIONSHIP'),
  purpose: z
    .string({ message: 'Say what the business will use its accounts and products for' })
    .trim()
    .min(20, 'Say it in at least 20 characters')
    .max(2000, 'At most 2,000 characters'),
})

export const expectedActivityAnswerSchema = z.object({
  item: z.literal('EXPECTED_ACTIVITY'),
  monthlyTransactions: z
    .number({ message: 'Give the expected number of transactions a month' })
    .int('A whole number')
    .min(1, 'At least 1')
    .max(10_000_000, 'At most 10,000,000'),
  monthlyValueNaira: z
    .number({ message: 'Give the expected value a month, in naira' })
    .int('Whole naira')
    .min(1, 'At least ₦1')
    .max(1_000_000_000_000, 'At most ₦1,000,000,000,000'),
  counterparties: z
    .string({ message: 'Say who the business will mostly pay and be paid by' })
    .trim()
    .min(10, 'Say it in at least 10 characters')
    .max(1000, 'At most 1,000 characters'),
  countries: z
    .string({ message: 'Name the countries money will come from or go to' })
    .trim()
    .min(4, 'Name at least one country')
    .max(500, 'At most 500 characters'),
})

export const eddAnswerSchema = z
  .discriminatedUnion('item', [
    sourceOfFundsAnswerSchema,
    sourceOfWealthAnswerSchema,
    purposeAnswerSchema,
    expectedActivityAnswerSchema,
  ])
  .meta({ id: 'EddAnswerInput' })
export type EddAnswerInput = z.infer<typeof eddAnswerSchema>

/** What is stored of an answer: the input without `item` and the beneficial owner (kept beside it). */
export type EddAnswerValues = Record<string, string | number>

export const eddDocumentSchema = z.object({
  id: z.uuid(),
  fileName: z.string(),
  status: z.enum(KYC_DOCUMENT_STATUSES),
  uploadedAt: z.iso.datetime(),
})

export const eddItemSchema = z
  .object({
    item: z.enum(EDD_ITEMS),
    label: z.string(),
    /** For SOURCE_OF_WEALTH: the beneficial owner (a shareholder record of theirs) and their name. */
    shareholderId: z.uuid().nullable(),
    personName: z.string().nullable(),
    answer: z.record(z.string(), z.union([z.string(), z.number()])).nullable(),
    answeredAt: z.iso.datetime().nullable(),
    /** The KYC document type of the supporting document, when the item asks for one. */
    documentTypeId: z.uuid().nullable(),
    documentTypeName: z.string().nullable(),
    document: eddDocumentSchema.nullable(),
    complete: z.boolean(),
    /** What is still missing, in the owner's words. */
    missing: z.array(z.string()),
  })
  .meta({ id: 'EddItem' })
export type EddItemView = z.infer<typeof eddItemSchema>

export const eddSchema = z
  .object({
    /** True while the business's tier in force is HIGH. */
    required: z.boolean(),
    /** Why it applies, in plain words (never a score or points). */
    reasons: z.array(z.string()),
    kycDetailsId: z.uuid(),
    items: z.array(eddItemSchema),
    /** How many things are still missing over every item (0 when not required). */
    outstanding: z.number().int().min(0),
  })
  .meta({ id: 'EnhancedDueDiligence' })
export type EnhancedDueDiligence = z.infer<typeof eddSchema>
