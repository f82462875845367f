import { z } from 'zod'
import { loginAnswerSchema } from './accounts'

/** docs/security.md#second-factors. */
export const STEP_UP_WINDOW_MINUTES = 5

export const factorNameSchema = z
  .string({ message: 'Name the factor (e.g. "Work phone")' })
  .trim()
  .min(1, 'Name the factor (e.g. "Work phone")')
  .max(60, 'At most 60 characters')

const codeSchema = z
  .string({ message: 'Enter the code' })
  .trim()
  .min(1, 'Enter the code')
  .max(40, 'That is not a code from your app or a recovery code')

/** A 6-digit code from the authenticator app, or one of the recovery codes. */
export const factorProofSchema = z.discriminatedUnion(
  'method',
  [
    z.object({
      method: z.literal('TOTP'),
      code: codeSchema.regex(/^\d{3}\s?\d{3}$/, 'Enter the 6 digits your authenticator app shows'),
    }),
    z.object({ method: z.literal('RECOVERY_CODE'), code: codeSchema }),
  ],
  { message: 'method must be TOTP or RECOVERY_CODE' },
)
export type FactorProof = z.infer<typeof factorProofSchema>

export const FACTOR_METHODS = ['TOTP', 'RECOVERY_CODE'] as const

/** The password passed and a second factor is needed: the second step names this challenge. */
export const factorChallengeAnswerSchema = z
  .object({
    factor_required: z.literal(true),
    challenge: z.string(),
    methods: z.array(z.enum(FACTOR_METHODS)),
    expires_in: z.number().int(),
  })
  .meta({ id: 'FactorChallenge' })
export type FactorChallengeAnswer = z.infer<typeof factorChallengeAnswerSchema>

/** The login answer, with `enrolment_required` when the session may only enrol a factor (staff policy, reset). */
export const signInAnswerSchema = loginAnswerSchema.extend({
  enrolment_required: z.boolean().optional(),
  recovery_codes_left: z.number().int().optional(),
})
export type SignInAnswer = z.infer<typeof signInAnswerSchema>

export const loginFactorSchema = z.intersection(
  z.object({
    challenge: z.string({ message: 'The sign-in challenge is missing' }).min(1, 'The sign-in challenge is missing').max(200),
  }),
  factorProofSchema,
)
export type LoginFactorInput = z.input<typeof loginFactorSchema>

export const stepUpSchema = z.discriminatedUnion(
  'method',
  [
    ...factorProofSchema.options,
    z.object({
      method: z.literal('PASSWORD'),
      password: z.string({ message: 'Enter your password' }).min(1, 'Enter your password').max(1024),
    }),
  ],
  { message: 'method must be TOTP, RECOVERY_CODE or PASSWORD' },
)
export type StepUpInput = z.input<typeof stepUpSchema>

export const stepUpAnswerSchema = z.object({ verifiedAt: z.string(), validUntil: z.string() })

export const factorSchema = z
  .object({
    id: z.uuid(),
    kind: z.enum(['TOTP', 'WEBAUTHN']),
    name: z.string(),
    createdAt: z.string(),
    lastUsedAt: z.string().nullable(),
  })
  .meta({ id: 'Factor' })
export type Factor = z.infer<typeof factorSchema>

export const FACTOR_REQUIREMENTS = ['STAFF_POLICY', 'BUSINESS_POLICY', 'RESET'] as const

export const factorsAnswerSchema = z.object({
  factors: z.array(factorSchema),
  recoveryCodesLeft: z.number().int(),
  /** Why a factor is required of this user, or null when it is their choice. */
  requiredBecause: z.enum(FACTOR_REQUIREMENTS).nullable(),
})
export type FactorsAnswer = z.infer<typeof factorsAnswerSchema>

export const startTotpSchema = z.object({ name: factorNameSchema })
export type StartTotpInput = z.input<typeof startTotpSchema>

export const totpEnrolmentSchema = z.object({
  id: z.uuid(),
  /** Base32, for typing into an app that cannot scan. */
  secret: z.string(),
  uri: z.string(),
  /** The URI as a QR code (SVG markup made on the server). */
  qrSvg: z.string(),
})
export type TotpEnrolment = z.infer<typeof totpEnrolmentSchema>

export const confirmTotpSchema = z.object({
  code: codeSchema.regex(/^\d{3}\s?\d{3}$/, 'Enter the 6 digits your authenticator app shows'),
})
export type ConfirmTotpInput = z.input<typeof confirmTotpSchema>

export const confirmedFactorSchema = z.object({
  factor: factorSchema,
  /** New recovery codes, shown once: with the first factor only. */
  recoveryCodes: z.array(z.string()).optional(),
})
export type ConfirmedFactor = z.infer<typeof confirmedFactorSchema>

export const recoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) })

export const businessFactorPolicySchema = z.object({
  requireFactor: z.boolean({ message: 'requireFactor must be true or false' }),
})

/** `POST /users/{id}/factor-reset`: why the user's factors should be reset (lost phone, left the bank…). */
export const factorResetRequestSchema = z.object({
  reason: z
    .string({ message: 'Give a reason' })
    .trim()
    .min(10, 'Give a reason (at least 10 characters), e.g. how the user lost their phone')
    .max(500, 'A reason has at most 500 characters'),
})
export type FactorResetRequest = z.input<typeof factorResetRequestSchema>
