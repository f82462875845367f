import { errors as joseErrors, jwtVerify } from 'jose'
import { z } from 'zod'
import { getConfig } from '@/lib/config/env'
import { addressSchema, businessNameSchema } from '@/lib/contracts/businesses'
import type { ExternalBusiness } from '@/lib/contracts/external-business'
import { emailSchema, phoneSchema } from '@/lib/validation/person'
import { registrationNumberSchema } from '@/lib/validation/registration-number'
import { AppError } from '@/server/http/app-error'

/** The longest life a partner's reference may have (docs/domain.md#external-business-handover). */
export const REFERENCE_MAX_LIFETIME_SECONDS = 10 * 60
/** Clock skew allowed between the partner and the portal. */
const CLOCK_TOLERANCE_SECONDS = 30

/** The claims a reference carries besides `iss`, `iat` and `exp`. */
export const referenceClaimsSchema = z.object({
  externalBusinessId: z
    .string({ message: 'is required' })
    .trim()
    .min(1, 'is required')
    .max(100, 'must be at most 100 characters'),
  name: businessNameSchema,
  regNo: registrationNumberSchema,
  type: z.string({ message: 'is required' }).trim().min(1, 'is required').max(100),
  category: z.string({ message: 'is required' }).trim().min(1, 'is required').max(100),
  email: emailSchema,
  phone: phoneSchema,
  address: addressSchema.pick({ line1: true, city: true, state: true, country: true }),
  productCode: z.string().trim().min(1).max(50).optional(),
  returnUrl: z
    .url({ message: 'must be an absolute URL', protocol: /^https?$/ })
    .max(2000)
    .optional(),
})
export type ReferenceClaims = z.output<typeof referenceClaimsSchema>

const refused = (message: string) => new AppError('VALIDATION_FAILED', message, { field: 'reference' })

export function partnerConfig() {
  const partner = getConfig().externalPartner
  if (!partner) throw new AppError('NOT_FOUND', 'No partner handover is configured on this portal')
  return partner
}

/** The return URL if its origin is one of EXTERNAL_PARTNER_ORIGINS, else null. */
export function allowedReturnUrl(url: string | null | undefined, allowedOrigins: readonly string[]): string | null {
  if (!url) return null
  try {
    return allowedOrigins.includes(new URL(url).origin) ? url : null
  } catch {
    return null
  }
}

/**
 * Verifies a partner's reference: an HS256 JWT signed with EXTERNAL_PARTNER_SECRET, `iss` = EXTERNAL_PARTNER_ISSUER,
 * `exp` at most 10 minutes after `iat` (and after now), the business claims complete, and a return URL (if any) on an
 * allowed origin. Every refusal is a 400 on `reference` saying what is wrong, so the landing page can show it (a 401
 * would send the visitor to the login page).
 */
export async function verifyReference(reference: string, now = new Date()): Promise<{ claims: ReferenceClaims; issuer: string }> {
  const partner = partnerConfig()
  const nowSeconds = Math.floor(now.getTime() / 1000)
  let payload: Record<string, unknown>
  try {
    ;({ payload } = await jwtVerify(reference, new TextEncoder().encode(partner.secret), {
      algorithms: ['HS256'],
      issuer: partner.issuer,
      requiredClaims: ['exp', 'iat'],
      currentDate: now,
      clockTolerance: CLOCK_TOLERANCE_SECONDS,
    }))
  } catch (error) {
    if (error instanceof joseErrors.JWTExpired)
      throw refused('The partner reference has expired; go back to the partner and start again')
    if (error instanceof joseErrors.JWSSignatureVerificationFailed)
      throw refused('The partner reference is not signed by a known partner (bad signature)')
    if (error instanceof joseErrors.JWTClaimValidationFailed)
      throw refused(
        `The partner reference is not valid: its ${error.claim} claim ${error.reason === 'missing' ? 'is missing' : 'is wrong'}`,
      )
    throw refused('The partner reference is not a valid signed reference')
  }
  const exp = payload.exp as number
  const iat = payload.iat as number
  if (exp - iat > REFERENCE_MAX_LIFETIME_SECONDS || exp - nowSeconds > REFERENCE_MAX_LIFETIME_SECONDS + CLOCK_TOLERANCE_SECONDS)
    throw refused('The partner reference lives longer than 10 minutes; the partner must issue a shorter one')
  const parsed = referenceClaimsSchema.safeParse(payload)
  if (!parsed.success) {
    const details = parsed.error.issues.map((issue) => ({
      code: 'VALIDATION_FAILED' as const,
      field: `reference.${issue.path.map(String).join('.')}`,
      message: `The partner reference's ${issue.path.map(String).join('.')} ${issue.message.charAt(0).toLowerCase()}${issue.message.slice(1)}`,
    }))
    throw new AppError('VALIDATION_FAILED', details[0]!.message, { details })
  }
  if (parsed.data.returnUrl && !allowedReturnUrl(parsed.data.returnUrl, partner.allowedOrigins))
    throw refused(`The partner reference's returnUrl (${new URL(parsed.data.returnUrl).origin}) is not an allowed partner origin`)
  return { claims: parsed.data, issuer: String(payload.iss) }
}

export function toExternalBusiness(claims: ReferenceClaims, issuer: string, allowedOrigins: readonly string[]): ExternalBusiness {
  return {
    externalBusinessId: claims.externalBusinessId,
    partner: issuer,
    name: claims.name,
    regNo: claims.regNo,
    type: claims.type,
    category: claims.category,
    email: claims.email,
    phone: claims.phone,
    address: {
      line1: claims.address.line1,
      city: claims.address.city ?? null,
      state: claims.address.state,
      country: claims.address.country,
    },
    productCode: claims.productCode ?? null,
    returnUrl: allowedReturnUrl(claims.returnUrl, allowedOrigins),
  }
}
