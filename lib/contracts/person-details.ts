import { z } from 'zod'
import {
  dateOfBirthProblem,
  isMaskedIdentityNumber,
  MASKED_DATE_OF_BIRTH_DESCRIPTION,
  PEP_STATUSES,
  type PepStatus,
} from './kyc-values'

/**
 * The date of birth and PEP declaration every natural person of a KYC carries (means-of-ID holders, individual
 * shareholders, government representatives; docs/domain.md#dates-of-birth-and-pep-declarations), shared by the KYC
 * and government contracts. Cross-field rules (an adult for a director, signatory or representative) are checked by
 * the schema that knows the role, and by the server on the record as it will be.
 */

const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v)

/** A date of birth in an API body: a real date, not in the future, an age of at most 120. */
export const dateOfBirthSchema = z
  .string({ message: 'Date of birth must be a date (YYYY-MM-DD)' })
  .trim()
  .superRefine((value, ctx) => {
    const problem = dateOfBirthProblem(value)
    if (problem) ctx.addIssue({ code: 'custom', message: problem })
  })

/** POST bodies: optional (clients older than the field send none; the KYC submission asks for it). */
export const optionalDateOfBirth = z.preprocess(blankToUndefined, dateOfBirthSchema.optional())

/** PUT bodies: the mask an answer carries (`**********`) sent back means "unchanged". */
export const keptDateOfBirth = z.preprocess(
  (v) => (isMaskedIdentityNumber(typeof v === 'string' ? v : null) ? undefined : blankToUndefined(v)),
  dateOfBirthSchema.optional(),
)

/** The forms: required; the mask of a stored date is accepted as it is (the server keeps the date). */
export const formDateOfBirth = z
  .string({ message: 'Enter the date of birth' })
  .trim()
  .superRefine((value, ctx) => {
    if (isMaskedIdentityNumber(value)) return
    if (!value) {
      ctx.addIssue({ code: 'custom', message: 'Enter the date of birth' })
      return
    }
    const problem = dateOfBirthProblem(value)
    if (problem) ctx.addIssue({ code: 'custom', message: problem })
  })

/** The adult rule, for a schema that knows whether the person must be one (`who`: "A director"). */
export function checkAdult(dateOfBirth: string | null | undefined, who: string | null, ctx: z.RefinementCtx) {
  if (!who || !dateOfBirth || isMaskedIdentityNumber(dateOfBirth)) return
  const problem = dateOfBirthProblem(dateOfBirth, { adult: true, who })
  if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['dateOfBirth'] })
}

export const PEP_POSITION_MESSAGE = 'Enter the public position (for a family member or close associate: the position of the PEP)'

const pepSchema = (statusMessage: string) =>
  z
    .object({
      status: z.enum(PEP_STATUSES, { message: statusMessage }),
      position: z.preprocess(blankToUndefined, z.string().trim().max(200, 'Position must be at most 200 characters').nullish()),
      country: z.preprocess(
        (v) => (typeof v === 'string' ? (v.trim() === '' ? undefined : v.trim().toUpperCase()) : v),
        z
          .string()
          .regex(/^[A-Z]{2}$/, 'Country must be a two-letter ISO country code (e.g. NG)')
          .nullish(),
      ),
    })
    .superRefine((value, ctx) => {
      if (value.status !== 'NOT_PEP' && !value.position)
        ctx.addIssue({ code: 'custom', message: PEP_POSITION_MESSAGE, path: ['position'] })
    })

/** `{ status, position?, country? }`: the position is required unless the person is not a PEP. */
export const pepDeclarationInputSchema = pepSchema(
  'Answer the PEP question: status must be NOT_PEP, PEP, FAMILY_MEMBER or CLOSE_ASSOCIATE',
)
export type PepDeclarationInput = z.input<typeof pepDeclarationInputSchema>

/** The forms: the question must be answered (`status` empty until then). */
export const formPepDeclaration = z.preprocess((v) => {
  // A form restored from a draft saved before the question was asked has no declaration at all: ask it.
  const values = v && typeof v === 'object' ? (v as Record<string, unknown>) : {}
  return values.status === '' ? { ...values, status: undefined } : values
}, pepSchema('Answer the PEP question'))

/** The form values of a declaration (`status` empty until answered). */
export interface PepFormValues {
  status: PepStatus | ''
  position: string
  country: string
}

/** Answer fields: the date masked with its flag, the declaration in clear (staff must see it). */
export const personDetailsAnswerFields = {
  dateOfBirth: z
    .string()
    .nullable()
    .meta({ description: MASKED_DATE_OF_BIRTH_DESCRIPTION, format: 'masked', example: '**********' }),
  /** False for a person captured before dates of birth were asked: a gap to fill, not an error. */
  hasDateOfBirth: z.boolean(),
  /** Null for a person captured before the question was asked. */
  pep: z
    .object({
      status: z.enum(PEP_STATUSES),
      position: z.string().nullable(),
      country: z.string().nullable(),
    })
    .nullable()
    .meta({ id: 'PepDeclaration' }),
}
