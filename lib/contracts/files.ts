import { z } from 'zod'
import { UPLOAD_PURPOSES } from './file-types'

export * from './file-types'

export const uploadPurposeSchema = z.enum(UPLOAD_PURPOSES, { message: `Purpose must be one of ${UPLOAD_PURPOSES.join(', ')}` })

/** `POST /files/upload-url`. Type and size are checked against the configured limit by the service (413 / 415). */
export const uploadUrlRequestSchema = z
  .object({
    fileName: z
      .string({ message: 'File name is required' })
      .trim()
      .min(1, 'File name is required')
      .max(255, 'File name must be at most 255 characters'),
    contentType: z.string({ message: 'Content type is required' }).trim().min(1, 'Content type is required').max(100),
    size: z
      .number({ message: 'Size must be a number of bytes' })
      .int('Size must be a whole number of bytes')
      .min(1, 'The file is empty'),
    purpose: uploadPurposeSchema,
    businessId: z.uuid({ message: 'Business must be an id (UUID)' }).optional(),
  })
  .meta({ id: 'UploadUrlRequest' })

export const uploadSlotSchema = z
  .object({
    fileId: z.uuid(),
    uploadUrl: z.url().meta({ description: 'SAS URL for PUT of this one blob; create and write only, valid for minutes' }),
    blobUrl: z.url(),
    expiresAt: z.iso.datetime(),
  })
  .meta({ id: 'UploadSlot' })

/** A confirmed file as every API that refers to one returns it. */
export const fileSummarySchema = z
  .object({
    id: z.uuid(),
    fileName: z.string(),
    contentType: z.string(),
    sizeBytes: z.number().int(),
    url: z.string().meta({ description: 'GET this (with the bearer token) to read the file' }),
  })
  .meta({ id: 'FileSummary' })

export const uploadLimitsSchema = z
  .object({
    maxBytes: z.number().int(),
    allowedTypes: z.array(z.string()),
  })
  .meta({ id: 'UploadLimits' })

export type UploadUrlRequest = z.infer<typeof uploadUrlRequestSchema>
