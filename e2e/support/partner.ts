import { SignJWT } from 'jose'

/** The partner the e2e server trusts (e2e/global-setup.ts sets EXTERNAL_PARTNER_* from this). */
export const E2E_PARTNER = {
  secret: 'e2e-partner-shared-secret-of-32-characters-at-least',
  issuer: 'Acme Marketplace',
  origin: 'https://partner.example',
} as const

/** A reference as the partner signs it: HS256, 5 minutes. */
export async function partnerReference(claims: Record<string, unknown>) {
  const now = Math.floor(Date.now() / 1000)
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuer(E2E_PARTNER.issuer)
    .setIssuedAt(now)
    .setExpirationTime(now + 300)
    .sign(new TextEncoder().encode(E2E_PARTNER.secret))
}
