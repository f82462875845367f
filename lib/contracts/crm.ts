import { z } from 'zod'
import { CRM_SEARCH_MIN_CHARS, CRM_SEARCH_SIZE_LIMIT } from './crm-values'

/** `GET /crm/search-accounts?accountName=&sizeLimit=` */
export const crmSearchQuerySchema = z.object({
  accountName: z
    .string({ message: 'accountName is required' })
    .trim()
    .min(CRM_SEARCH_MIN_CHARS, `accountName must be at least ${CRM_SEARCH_MIN_CHARS} characters`)
    .max(100, 'accountName must be at most 100 characters'),
  sizeLimit: z.coerce
    .number({ message: 'sizeLimit must be a number' })
    .int('sizeLimit must be a whole number')
    .min(1, 'sizeLimit must be between 1 and 15')
    .max(CRM_SEARCH_SIZE_LIMIT, `sizeLimit must be between 1 and ${CRM_SEARCH_SIZE_LIMIT}`)
    .default(CRM_SEARCH_SIZE_LIMIT),
})
export type CrmSearchQuery = z.input<typeof crmSearchQuerySchema>

/** A CRM account as the create-business form uses it; every field but id and name may be unknown to the CRM. */
export const crmAccountSchema = z
  .object({
    /** The account's id in the CRM (the CSV's externalRef, or Salesforce's Account Id). */
    id: z.string(),
    name: z.string(),
    regNo: z.string().nullable(),
    /** The business type and category as the CRM names them; the form matches them to its lists. */
    typeHint: z.string().nullable(),
    categoryHint: z.string().nullable(),
    address: z.object({
      line1: z.string().nullable(),
      city: z.string().nullable(),
      state: z.string().nullable(),
      country: z.string().nullable(),
    }),
    email: z.string().nullable(),
    phone: z.string().nullable(),
  })
  .meta({ id: 'CrmAccount' })
export type CrmAccount = z.infer<typeof crmAccountSchema>

export const crmOpportunitySchema = z
  .object({
    id: z.string(),
    accountId: z.string(),
    name: z.string(),
    stage: z.string(),
    /** Integer kobo, or null when the CRM holds no amount. */
    amountKobo: z.number().int().nullable(),
    productCode: z.string().nullable(),
    /** YYYY-MM-DD */
    closeDate: z.string().nullable(),
  })
  .meta({ id: 'CrmOpportunity' })
export type CrmOpportunity = z.infer<typeof crmOpportunitySchema>

/** `GET /crm/opportunities/{id}`: a CRM id, not a UUID (Salesforce ids are 15 or 18 characters). */
export const crmIdParamSchema = z.object({
  id: z
    .string()
    .trim()
    .min(1)
    .max(64)
    .regex(/^[A-Za-z0-9_-]+$/, 'id must be letters, digits, - or _'),
})

/** `POST /crm/accounts/import`: a CSV file under `file`. */
export const crmImportFormSchema = z.object({
  file: z.any().meta({ type: 'string', format: 'binary', description: 'CSV with a header row of the template columns' }),
})

export const crmImportResultSchema = z
  .object({
    created: z.number().int(),
    updated: z.number().int(),
  })
  .meta({ id: 'CrmImportResult' })
export type CrmImportResult = z.infer<typeof crmImportResultSchema>
