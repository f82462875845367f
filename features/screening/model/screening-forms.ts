import { z } from 'zod'
import {
  designationInputSchema,
  loadListInputSchema,
  screeningSearchInputSchema,
  screeningSettingsInputSchema,
  stageListInputSchema,
} from '@/lib/contracts/screening'

/**
 * The screens' forms over the API's own request schemas (lib/contracts/screening.ts). A form's empty text field is
 * `''`; the API's optional fields are `nullish`, so a blank field is sent as null, never as an invalid `''`.
 */
const blanksAsNull = (values: unknown) =>
  values && typeof values === 'object'
    ? Object.fromEntries(Object.entries(values).map(([k, v]) => [k, typeof v === 'string' && v.trim() === '' ? null : v]))
    : values

/** `POST /screening/search`. */
export const searchFormSchema = z.preprocess(blanksAsNull, screeningSearchInputSchema)

/** `POST /screening/versions/{id}/load`: the reason. */
export const loadFormSchema = loadListInputSchema

/** `PUT /screening/settings`: the threshold typed as text. */
export const thresholdFormSchema = z.preprocess((values) => {
  const v = values as { matchThreshold?: unknown }
  const typed = typeof v.matchThreshold === 'string' ? v.matchThreshold.trim() : v.matchThreshold
  return { ...v, matchThreshold: typed === '' || typed === undefined ? undefined : Number(typed) }
}, screeningSettingsInputSchema)

/** `POST /screening/lists/{code}/entries`: other names typed one per line. */
export const designationFormSchema = z.preprocess((values) => {
  const v = blanksAsNull(values) as { aliases?: unknown }
  const aliases =
    typeof v.aliases === 'string'
      ? v.aliases
          .split('\n')
          .map((a) => a.trim())
          .filter(Boolean)
      : []
  return { ...v, aliases }
}, designationInputSchema)

const isFile = (value: unknown): value is File => typeof File !== 'undefined' && value instanceof File
/** The file input's FileList (or a File) as its first file, or null. */
const chosenFile = z.preprocess(
  (value) => (value && typeof value === 'object' && 'length' in value ? ((value as FileList)[0] ?? null) : (value ?? null)),
  z.custom<File>(isFile).nullable(),
)

/**
 * The dry run's form: the list, the format (the API's own enum) and the file for each part the format takes. The call
 * itself (`stageListInputSchema`) carries upload ids, which exist only once the files are uploaded.
 */
export const stageFormSchema = z
  .object({
    listCode: z.string().min(1, 'Choose the list'),
    format: stageListInputSchema.shape.format,
    list: chosenFile,
    sdn: chosenFile,
    alt: chosenFile,
    add: chosenFile,
  })
  .superRefine((values, ctx) => {
    const parts = values.format === 'OFAC_CSV' ? (['sdn', 'alt', 'add'] as const) : (['list'] as const)
    for (const part of parts)
      if (!values[part]) ctx.addIssue({ code: 'custom', path: [part], message: 'Choose the file to upload' })
  })
