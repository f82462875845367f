import { z } from 'zod'
import { productCodeSchema } from './products'

/** `GET /external/business/retrieve?reference=`: the partner's signed reference (a JWT). */
export const externalRetrieveQuerySchema = z.object({
  reference: z.string({ message: 'reference is required' }).trim().min(1, 'reference is required').max(8000),
})

/** `GET /external/business/import?externalBusinessId=&productCode=` */
export const externalImportQuerySchema = z.object({
  externalBusinessId: z
    .string({ message: 'externalBusinessId is required' })
    .trim()
    .min(1, 'externalBusinessId is required')
    .max(100, 'externalBusinessId must be at most 100 characters'),
  productCode: productCodeSchema,
})

/** The business a partner hands over, as its reference carries it (docs/domain.md#external-business-handover). */
export const externalBusinessSchema = z
  .object({
    externalBusinessId: z.string(),
    /** Who sent it (the reference's `iss`). */
    partner: z.string(),
    name: z.string(),
    regNo: z.string(),
    /** The business type and category by name, as the portal lists them. */
    type: z.string(),
    category: z.string(),
    email: z.string(),
    phone: z.string(),
    address: z.object({ line1: z.string(), city: z.string().nullable(), state: z.string(), country: z.string() }),
    /** The product the partner sends the user to apply for, if it names one. */
    productCode: z.string().nullable(),
    /** Where to send the user back at the end; null when the reference named none or its origin is not allowed. */
    returnUrl: z.string().nullable(),
  })
  .meta({ id: 'ExternalBusiness' })
export type ExternalBusiness = z.infer<typeof externalBusinessSchema>

export const externalImportResultSchema = z
  .object({
    businessId: z.uuid(),
    businessName: z.string(),
    onboardingProductId: z.uuid().nullable(),
    /** false when an earlier import had created it: the same business is answered again. */
    created: z.boolean(),
    returnUrl: z.string().nullable(),
  })
  .meta({ id: 'ExternalImportResult' })
export type ExternalImportResult = z.infer<typeof externalImportResultSchema>
