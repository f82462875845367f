import { createHash, randomInt, randomUUID } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import { SignJWT } from 'jose'
import { beforeAll, describe, expect, it, vi } from 'vitest'

// The app reads its configuration on first use: the partner's secret, issuer and origins must be set first.
const SECRET = vi.hoisted(() => {
  const secret = 'partner-shared-secret-of-at-least-32-characters'
  process.env.EXTERNAL_PARTNER_SECRET = secret
  process.env.EXTERNAL_PARTNER_ISSUER = 'acme-partner'
  process.env.EXTERNAL_PARTNER_ORIGINS = 'https://partner.example,http://127.0.0.1:4999'
  return secret
})

import { getDb } from '@/server/db/client'
import { audits, businessDivisions, businesses, businessUsers, onboardingProducts, productCategories } from '@/server/db/schema'
import { apiApproved } from './four-eyes'
import { api, errorsOf, signedInUser } from './helpers'

let productCode: string

beforeAll(async () => {
  const db = await getDb()
  const admin = (await signedInUser({ staffRole: 'SUPER_ADMIN' })).token
  const [category] = await db.select().from(productCategories).limit(1)
  const [division] = await db.select().from(businessDivisions).limit(1)
  productCode = `EXT-${randomUUID().slice(0, 6).toUpperCase()}`
  const res = await apiApproved('/products', {
    method: 'POST',
    token: admin,
    json: {
      code: productCode,
      name: `Partner POS ${productCode}`,
      categoryId: category!.id,
      divisionId: division!.id,
      requirements: [{ label: 'Settlement account', type: 'Text Input', required: true }],
    },
  })
  expect(res.status).toBe(201)
  const { id } = (await res.json()) as { id: string }
  expect((await apiApproved(`/products/${id}/go-live`, { method: 'PUT', token: admin, json: { live: true } })).status).toBe(200)
})

function partnerBusiness(overrides: Record<string, unknown> = {}) {
  const n = randomInt(1_000_000, 9_999_999)
  return {
    externalBusinessId: `PB-${randomUUID()}`,
    name: `Partner Business ${randomUUID().slice(0, 8)}`,
    regNo: `RC${n}`,
    type: 'Private Limited Company',
    category: 'Manufacturing',
    email: `biz${n}@partner-biz.ng`,
    phone: '08031234567',
    address: { line1: '5 Wharf Road', city: 'Apapa', state: 'Lagos', country: 'Nigeria' },
    productCode: 'ignored-by-import',
    returnUrl: 'https://partner.example/onboarding/done?id=42',
    ...overrides,
  }
}

async function reference(
  claims: Record<string, unknown>,
  options: { secret?: string; issuer?: string; issuedAt?: number; lifetimeSeconds?: number } = {},
) {
  const iat = options.issuedAt ?? Math.floor(Date.now() / 1000)
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuer(options.issuer ?? 'acme-partner')
    .setIssuedAt(iat)
    .setExpirationTime(iat + (options.lifetimeSeconds ?? 300))
    .sign(new TextEncoder().encode(options.secret ?? SECRET))
}

/** The browser's cookie jar, as far as the handover goes: the last `kyc_handover` cookie a retrieve set. */
let browserCookie = ''

const retrieve = async (ref: string, cookie = browserCookie) => {
  const res = await api(`/external/business/retrieve?reference=${encodeURIComponent(ref)}`, {
    headers: cookie ? { cookie } : {},
  })
  const set = /kyc_handover=([^;]*)/.exec(res.headers.get('set-cookie') ?? '')
  if (set) browserCookie = `kyc_handover=${set[1]}`
  return res
}
const importIt = (token: string, externalBusinessId: string, code = productCode, cookie = browserCookie) =>
  api(`/external/business/import?externalBusinessId=${encodeURIComponent(externalBusinessId)}&productCode=${code}`, {
    token,
    headers: cookie ? { cookie } : {},
  })

describe('GET /external/business/retrieve', () => {
  it('verifies a good reference and answers the business it carries', async () => {
    const claims = partnerBusiness()
    const res = await retrieve(await reference(claims))
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({
      externalBusinessId: claims.externalBusinessId,
      partner: 'acme-partner',
      name: claims.name,
      regNo: claims.regNo,
      type: 'Private Limited Company',
      category: 'Manufacturing',
      email: claims.email,
      phone: '+2348031234567',
      address: { line1: '5 Wharf Road', city: 'Apapa', state: 'Lagos', country: 'Nigeria' },
      productCode: 'ignored-by-import',
      returnUrl: 'https://partner.example/onboarding/done?id=42',
    })
  })

  it('refuses an expired reference, a bad signature, another issuer, a long-lived one and missing claims (400 on reference)', async () => {
    const claims = partnerBusiness()
    const expired = await retrieve(
      await reference(claims, { issuedAt: Math.floor(Date.now() / 1000) - 900, lifetimeSeconds: 300 }),
    )
    expect(expired.status).toBe(400)
    expect(await errorsOf(expired)).toEqual([
      {
        code: 'VALIDATION_FAILED',
        field: 'reference',
        message: 'The partner reference has expired; go back to the partner and start again',
      },
    ])
    const forged = await retrieve(await reference(claims, { secret: 'another-secret-that-is-32-characters-long!' }))
    expect(await errorsOf(forged)).toEqual([
      {
        code: 'VALIDATION_FAILED',
        field: 'reference',
        message: 'The partner reference is not signed by a known partner (bad signature)',
      },
    ])
    const issuer = await retrieve(await reference(claims, { issuer: 'someone-else' }))
    expect((await errorsOf(issuer))[0]!.message).toBe('The partner reference is not valid: its iss claim is wrong')
    const longLived = await retrieve(await reference(claims, { lifetimeSeconds: 3600 }))
    expect((await errorsOf(longLived))[0]!.message).toBe(
      'The partner reference lives longer than 10 minutes; the partner must issue a shorter one',
    )
    const garbage = await retrieve('not-a-jwt')
    expect((await errorsOf(garbage))[0]!.message).toBe('The partner reference is not a valid signed reference')
    const incomplete = await retrieve(await reference({ ...claims, regNo: undefined, email: 'nope' }))
    expect(incomplete.status).toBe(400)
    expect((await errorsOf(incomplete)).map((e) => e.field)).toEqual(['reference.regNo', 'reference.email'])
    const db = await getDb()
    expect(
      await db.query.externalHandovers.findFirst({
        where: (h, { eq: is }) => is(h.externalBusinessId, claims.externalBusinessId),
      }),
    ).toBe(undefined)
  })

  it('refuses a return URL outside the allowed partner origins', async () => {
    const res = await retrieve(await reference(partnerBusiness({ returnUrl: 'https://evil.example/steal' })))
    expect(res.status).toBe(400)
    expect(await errorsOf(res)).toEqual([
      {
        code: 'VALIDATION_FAILED',
        field: 'reference',
        message: "The partner reference's returnUrl (https://evil.example) is not an allowed partner origin",
      },
    ])
  })
})

describe('GET /external/business/import', () => {
  it('creates the business draft owned by the caller and the product application; a second call answers the same', async () => {
    const claims = partnerBusiness()
    expect((await retrieve(await reference(claims))).status).toBe(200)
    const user = await signedInUser()
    const first = await importIt(user.token, claims.externalBusinessId)
    expect(first.status).toBe(200)
    const result = (await first.json()) as { businessId: string; onboardingProductId: string }
    expect(result).toEqual({
      businessId: expect.any(String),
      businessName: claims.name,
      onboardingProductId: expect.any(String),
      created: true,
      returnUrl: 'https://partner.example/onboarding/done?id=42',
    })

    const business = await api(`/businesses/${result.businessId}`, { token: user.token })
    expect(business.status).toBe(200)
    expect(await business.json()).toMatchObject({
      name: claims.name,
      regNo: claims.regNo,
      email: claims.email,
      phone: '+2348031234567',
      approvalStatus: 'PENDING',
      address: { line1: '5 Wharf Road', city: 'Apapa', state: 'Lagos', country: 'Nigeria' },
    })
    const db = await getDb()
    const [membership] = await db.select().from(businessUsers).where(eq(businessUsers.businessId, result.businessId))
    expect(membership!.userId).toBe(user.user.id)
    const [application] = await db.select().from(onboardingProducts).where(eq(onboardingProducts.id, result.onboardingProductId))
    expect(application).toMatchObject({ businessId: result.businessId, status: 'PENDING' })

    const again = await importIt(user.token, claims.externalBusinessId)
    expect(again.status).toBe(200)
    expect(await again.json()).toEqual({ ...result, businessName: claims.name, created: false, returnUrl: expect.any(String) })
    expect(await db.select().from(businesses).where(eq(businesses.regNo, claims.regNo))).toHaveLength(1)

    const [audit] = await db
      .select()
      .from(audits)
      .where(and(eq(audits.resource, 'external_handover'), eq(audits.action, 'IMPORT'), eq(audits.actorId, user.user.id)))
    expect(audit!.after).toMatchObject({ externalBusinessId: claims.externalBusinessId, businessId: result.businessId })
  })

  it("answers 404 for another user's imported business, for one never retrieved, and refuses staff", async () => {
    const claims = partnerBusiness()
    await retrieve(await reference(claims))
    const owner = await signedInUser()
    expect((await importIt(owner.token, claims.externalBusinessId)).status).toBe(200)
    const other = await signedInUser()
    const stolen = await importIt(other.token, claims.externalBusinessId)
    expect(stolen.status).toBe(404)
    expect((await errorsOf(stolen))[0]).toMatchObject({ code: 'NOT_FOUND', field: 'externalBusinessId' })
    expect((await importIt(other.token, `PB-${randomUUID()}`)).status).toBe(404)
    const staff = await signedInUser({ staffRole: 'ONBOARDING_OFFICER' })
    expect((await importIt(staff.token, claims.externalBusinessId)).status).toBe(403)
    expect((await importIt('', claims.externalBusinessId)).status).toBe(401)
  })

  it('one winner when two users import the same handover at once', async () => {
    const claims = partnerBusiness()
    await retrieve(await reference(claims))
    const [a, b] = [await signedInUser(), await signedInUser()]
    const answers = await Promise.all([
      importIt(a.token, claims.externalBusinessId),
      importIt(b.token, claims.externalBusinessId),
    ])
    expect(answers.map((r) => r.status).sort()).toEqual([200, 404])
    const db = await getDb()
    expect(await db.select().from(businesses).where(eq(businesses.regNo, claims.regNo))).toHaveLength(1)
  })

  it('refuses an unknown product before creating anything, and a partner type the portal does not know', async () => {
    const claims = partnerBusiness()
    await retrieve(await reference(claims))
    const user = await signedInUser()
    const res = await importIt(user.token, claims.externalBusinessId, 'NO-SUCH-PRODUCT')
    expect(res.status).toBe(404)
    expect((await errorsOf(res))[0]).toMatchObject({ field: 'productCode' })
    const odd = partnerBusiness({ type: 'Interplanetary Guild' })
    await retrieve(await reference(odd))
    const refused = await importIt(user.token, odd.externalBusinessId)
    expect(refused.status).toBe(400)
    expect((await errorsOf(refused))[0]!.message).toBe(
      'The partner\'s business type "Interplanetary Guild" is not one the portal knows',
    )
    // Nothing was made, so the user may import after all once the claims are fixed.
    const db = await getDb()
    expect(await db.select().from(businesses).where(eq(businesses.regNo, claims.regNo))).toHaveLength(0)
    expect((await importIt(user.token, claims.externalBusinessId)).status).toBe(200)
  })
})

describe('the handover belongs to the browser that retrieved it', () => {
  it("someone who knows the business id but lacks the browser's handover token gets 404; the token is stored hashed and spent by the import", async () => {
    const claims = partnerBusiness()
    const retrieved = await retrieve(await reference(claims), '')
    const cookieHeader = retrieved.headers.get('set-cookie') ?? ''
    expect(cookieHeader).toMatch(
      /^kyc_handover=[A-Za-z0-9_-]{43}; Max-Age=86400; Path=\/api\/v1\/external\/business; HttpOnly; SameSite=Lax/,
    )
    const ownersCookie = browserCookie
    const token = ownersCookie.split('=')[1]!

    // The attacker: another signed-in user, without the cookie, then with the cookie of a handover of their own.
    const attacker = await signedInUser()
    expect((await importIt(attacker.token, claims.externalBusinessId, productCode, '')).status).toBe(404)
    await retrieve(await reference(partnerBusiness()), '')
    expect(browserCookie).not.toBe(ownersCookie)
    const stolen = await importIt(attacker.token, claims.externalBusinessId, productCode, browserCookie)
    expect(stolen.status).toBe(404)
    expect((await errorsOf(stolen))[0]).toMatchObject({ code: 'NOT_FOUND', field: 'externalBusinessId' })

    const db = await getDb()
    const stored = await db.query.externalHandovers.findFirst({
      where: (h, { eq: is }) => is(h.externalBusinessId, claims.externalBusinessId),
    })
    expect(stored!.tokenHash).toBe(createHash('sha256').update(token).digest('hex'))
    expect(JSON.stringify(stored)).not.toContain(token)

    // Retrieving again in the owner's browser keeps its token; the owner imports with it.
    const again = await retrieve(await reference(claims), ownersCookie)
    expect(again.headers.get('set-cookie')).toContain(`kyc_handover=${token};`)
    const owner = await signedInUser()
    const imported = await importIt(owner.token, claims.externalBusinessId, productCode, ownersCookie)
    expect(imported.status).toBe(200)
    const after = await db.query.externalHandovers.findFirst({
      where: (h, { eq: is }) => is(h.externalBusinessId, claims.externalBusinessId),
    })
    expect(after).toMatchObject({ userId: owner.user.id, tokenHash: null })
    // Spent: the same token takes nothing for anyone else.
    expect((await importIt(attacker.token, claims.externalBusinessId, productCode, ownersCookie)).status).toBe(404)
  })

  it('guessing is throttled: after 10 failures in an hour a user gets 429 with Retry-After, even with the right token', async () => {
    const claims = partnerBusiness()
    await retrieve(await reference(claims), '')
    const cookie = browserCookie
    const guesser = await signedInUser()
    for (let i = 0; i < 10; i++) expect((await importIt(guesser.token, `PB-${randomUUID()}`, productCode, '')).status).toBe(404)
    const limited = await importIt(guesser.token, claims.externalBusinessId, productCode, cookie)
    expect(limited.status).toBe(429)
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0)
    expect((await errorsOf(limited))[0]).toMatchObject({ code: 'RATE_LIMITED' })
    // Another user of the same network still imports with their browser's token.
    expect((await importIt((await signedInUser()).token, claims.externalBusinessId, productCode, cookie)).status).toBe(200)
  })
})
