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

/** A seller the partner hands over (unique per call): its reference claims, with the return URL on the partner. */
export function acmeSeller(id: string) {
  return {
    externalBusinessId: `ACME-${id}`,
    name: `Acme Seller ${id} Ltd`,
    regNo: `RC${id}`,
    type: 'Private Limited Company',
    category: 'Retail and Wholesale Trade',
    email: `seller.${id}@acme-sellers.ng`,
    phone: '08031234567',
    address: { line1: '5 Wharf Road', city: 'Apapa', state: 'Lagos', country: 'Nigeria' },
    productCode: 'POS-ACQUIRING',
    returnUrl: `${E2E_PARTNER.origin}/sellers/${id}/done`,
  }
}
