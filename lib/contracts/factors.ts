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

const base64url = (field: string, max: number) =>
  z
    .string({ message: `${field} must be base64url text` })
    .min(1, `${field} must be base64url text`)
    .max(max, `${field} is too long`)
    .regex(/^[A-Za-z0-9_-]+$/, `${field} must be base64url text`)

/** What a browser's `navigator.credentials.get()` gave (as @simplewebauthn/browser's `startAuthentication` returns it). */
export const passkeyAssertionSchema = z
  .object({
    id: base64url('id', 1400),
    rawId: base64url('rawId', 1400),
    type: z.literal('public-key', { message: 'type must be public-key' }),
    response: z.object({
      clientDataJSON: base64url('clientDataJSON', 8000),
      authenticatorData: base64url('authenticatorData', 8000),
      signature: base64url('signature', 8000),
      userHandle: base64url('userHandle', 200).optional(),
    }),
    authenticatorAttachment: z.string().max(40).optional(),
    clientExtensionResults: z.record(z.string(), z.unknown()).optional(),
  })
  .meta({ id: 'PasskeyAssertion' })
export type PasskeyAssertion = z.output<typeof passkeyAssertionSchema>

/** What a browser's `navigator.credentials.create()` gave (as `startRegistration` returns it). */
export const passkeyAttestationSchema = z
  .object({
    id: base64url('id', 1400),
    rawId: base64url('rawId', 1400),
    type: z.literal('public-key', { message: 'type must be public-key' }),
    response: z.object({
      clientDataJSON: base64url('clientDataJSON', 8000),
      attestationObject: base64url('attestationObject', 32000),
      authenticatorData: base64url('authenticatorData', 16000).optional(),
      transports: z.array(z.string().max(40)).max(10).optional(),
      publicKeyAlgorithm: z.number().int().optional(),
      publicKey: base64url('publicKey', 8000).optional(),
    }),
    authenticatorAttachment: z.string().max(40).optional(),
    clientExtensionResults: z.record(z.string(), z.unknown()).optional(),
  })
  .meta({ id: 'PasskeyAttestation' })
export type PasskeyAttestation = z.output<typeof passkeyAttestationSchema>

const totpProofSchema = z.object({
  method: z.literal('TOTP'),
  code: codeSchema.regex(/^\d{3}\s?\d{3}$/, 'Enter the 6 digits your authenticator app shows'),
})
const recoveryCodeProofSchema = z.object({ method: z.literal('RECOVERY_CODE'), code: codeSchema })
/** A passkey's answer to the WebAuthn challenge its options call issued (the challenge row names which). */
const passkeyProofSchema = z.object({ method: z.literal('WEBAUTHN'), response: passkeyAssertionSchema })

/** A 6-digit code from the authenticator app, one of the recovery codes, or a passkey's signed answer. */
export const factorProofSchema = z.discriminatedUnion('method', [totpProofSchema, recoveryCodeProofSchema, passkeyProofSchema], {
  message: 'method must be TOTP, WEBAUTHN or RECOVERY_CODE',
})
export type FactorProof = z.output<typeof factorProofSchema>

/** A code typed in: from the authenticator app, or a recovery code (the code form of the second step and step-up). */
export const factorCodeProofSchema = z.discriminatedUnion('method', [totpProofSchema, recoveryCodeProofSchema], {
  message: 'method must be TOTP or RECOVERY_CODE',
})
export type FactorCodeProof = z.output<typeof factorCodeProofSchema>

/** In the order a second step offers them; the password step lists those the user holds (recovery codes always). */
export const FACTOR_METHODS = ['TOTP', 'WEBAUTHN', 'RECOVERY_CODE'] as const
export type FactorMethod = (typeof FACTOR_METHODS)[number]

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

const challengeTokenSchema = z
  .string({ message: 'The challenge is missing' })
  .min(1, 'The challenge is missing')
  .max(200, 'That is not a challenge')

export const stepUpSchema = z.discriminatedUnion(
  'method',
  [
    totpProofSchema,
    recoveryCodeProofSchema,
    // The STEP_UP challenge from POST /accounts/step-up/webauthn-options.
    passkeyProofSchema.extend({ challenge: challengeTokenSchema }),
    z.object({
      method: z.literal('PASSWORD'),
      password: z.string({ message: 'Enter your password' }).min(1, 'Enter your password').max(1024),
    }),
  ],
  { message: 'method must be TOTP, RECOVERY_CODE, WEBAUTHN or PASSWORD' },
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

/** POST /accounts/factors/webauthn/options. */
export const startPasskeySchema = z.object({ name: factorNameSchema })
export type StartPasskeyInput = z.input<typeof startPasskeySchema>

/** PublicKeyCredentialCreationOptionsJSON / RequestOptionsJSON, for @simplewebauthn/browser (WebAuthn Level 3). */
const webauthnOptionsSchema = z.looseObject({ challenge: z.string() })

/** Options for `startRegistration` and the ENROL challenge that holds their WebAuthn challenge for 5 minutes. */
export const passkeyRegistrationOptionsSchema = z
  .object({ challenge: z.string(), expiresIn: z.number().int(), options: webauthnOptionsSchema })
  .meta({ id: 'PasskeyRegistrationOptions' })
export type PasskeyRegistrationOptions = z.infer<typeof passkeyRegistrationOptionsSchema>

/** POST /accounts/factors/webauthn: the ENROL challenge, the passkey's name and the browser's attestation. */
export const confirmPasskeySchema = z.object({
  challenge: challengeTokenSchema,
  name: factorNameSchema,
  response: passkeyAttestationSchema,
})
export type ConfirmPasskeyInput = z.input<typeof confirmPasskeySchema>

/** POST /accounts/login/webauthn-options: the password step's challenge. */
export const passkeySignInOptionsSchema = z.object({
  challenge: z.string({ message: 'The sign-in challenge is missing' }).min(1, 'The sign-in challenge is missing').max(200),
})

/** Options for `startAuthentication`; at step-up also the STEP_UP challenge the answer goes back with. */
export const passkeyAuthenticationOptionsSchema = z
  .object({ challenge: z.string().optional(), expiresIn: z.number().int(), options: webauthnOptionsSchema })
  .meta({ id: 'PasskeyAuthenticationOptions' })
export type PasskeyAuthenticationOptions = z.infer<typeof passkeyAuthenticationOptionsSchema>

/** `POST /users/{id}/factor-reset`: why the user's factors should be reset (lost phone, left the bank…). */
export const factorResetRequestSchema = z.object({
  reason: z
    .string({ message: 'Give a reason' })
    .trim()
    .min(10, 'Give a reason (at least 10 characters), e.g. how the user lost their phone')
    .max(500, 'A reason has at most 500 characters'),
})
export type FactorResetRequest = z.input<typeof factorResetRequestSchema>
