import { z } from 'zod'
import { crmImportFormSchema } from '@/lib/contracts/crm'

/** What the file input gives the form: its FileList (empty, or none, until a file is chosen). */
export interface CrmImportValues {
  file: FileList | null
}

const isFile = (value: unknown): value is File => typeof File !== 'undefined' && value instanceof File

/**
 * The import form: the API's multipart body (`POST /crm/accounts/import`, a `file`), whose file the browser must have
 * chosen before anything is sent. The server reads the CSV itself and lists every refused line.
 */
export const crmImportFileSchema = crmImportFormSchema.extend({
  file: z.preprocess(
    (value) => (value && typeof value === 'object' && 'length' in value ? ((value as FileList)[0] ?? null) : value),
    z.custom<File>(isFile, { message: 'Choose a CSV file to import' }),
  ),
})
