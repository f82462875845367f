import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'
import { and, eq, isNull, ne, sql } from 'drizzle-orm'
import type { ExternalImportResult } from '@/lib/contracts/external-business'
import { appendAudit, type AuditContext } from '@/server/audit/append-audit'
import { loadActor } from '@/server/auth/load-actor'
import { handoverImportWaitSeconds, recordHandoverImportFailure } from '@/server/auth/throttles'
import type { Database } from '@/server/db/client'
import {
  businessCategories,
  businesses,
  businessTypes,
  externalHandovers,
  onboardingProducts,
  products,
} from '@/server/db/schema'
import { AppError } from '@/server/http/app-error'
import type { Actor } from '@/server/http/context'
import { createBusiness } from '@/server/modules/businesses/create-business'
import { applyForProduct } from '@/server/modules/onboarding/apply'
import { allowedReturnUrl, partnerConfig, referenceClaimsSchema, toExternalBusiness, verifyReference } from './verify-reference'

/** How long after the partner's reference was checked the user may import it (time to sign up and activate). */
export const HANDOVER_IMPORT_WINDOW_HOURS = 24

/** The cookie that carries the handover token from the retrieve to the import (HttpOnly: page scripts never see it). */
export const HANDOVER_COOKIE = 'kyc_handover'

const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex')

function tokenMatches(token: string | null | undefined, stored: string | null): boolean {
  if (!token || !stored) return false
  const given = Buffer.from(tokenHash(token), 'hex')
  const expected = Buffer.from(stored, 'hex')
  return given.length === expected.length && timingSafeEqual(given, expected)
}

/** A token this server could have issued: 32 bytes, base64url. */
const isWellFormedToken = (token: string | null | undefined): token is string => !!token && /^[A-Za-z0-9_-]{43}$/.test(token)

/**
 * `GET /external/business/retrieve?reference=` (anyone): verifies the partner's signed reference and answers the
 * business it carries. The verified claims are kept (by externalBusinessId) for the import that follows sign-in;
 * once imported, they no longer change. The handover is bound to this browser: it gets a handover token (32 random
 * bytes in an HttpOnly cookie; the handover keeps only its SHA-256) and only a browser presenting it may import the
 * business. A browser that holds a token already keeps it (one browser may hold several handovers); a retrieve from
 * another browser (which needs the partner's signed reference) moves the handover to that browser.
 */
export async function retrieveExternalBusiness(options: {
  db: Database
  reference: string
  presentedToken?: string | null
  now?: Date
}) {
  const now = options.now ?? new Date()
  const { claims, issuer } = await verifyReference(options.reference, now)
  const partner = partnerConfig()
  const handoverToken = isWellFormedToken(options.presentedToken) ? options.presentedToken : randomBytes(32).toString('base64url')
  await options.db
    .insert(externalHandovers)
    .values({
      externalBusinessId: claims.externalBusinessId,
      issuer,
      claims,
      returnUrl: claims.returnUrl ?? null,
      retrievedAt: now,
      tokenHash: tokenHash(handoverToken),
    })
    .onConflictDoUpdate({
      target: externalHandovers.externalBusinessId,
      set: { issuer, claims, returnUrl: claims.returnUrl ?? null, retrievedAt: now, tokenHash: tokenHash(handoverToken) },
      setWhere: isNull(externalHandovers.businessId),
    })
  return { business: toExternalBusiness(claims, issuer, partner.allowedOrigins), handoverToken }
}

const notFound = (externalBusinessId: string) =>
  new AppError('NOT_FOUND', `No partner handover for ${externalBusinessId}; open the partner's link again`, {
    field: 'externalBusinessId',
  })

async function findLiveApplication(db: Database, businessId: string, productId: string) {
  const [row] = await db
    .select({ id: onboardingProducts.id })
    .from(onboardingProducts)
    .where(
      and(
        eq(onboardingProducts.businessId, businessId),
        eq(onboardingProducts.productId, productId),
        ne(onboardingProducts.status, 'REMOVED'),
      ),
    )
  return row?.id ?? null
}

/**
 * `GET /external/business/import?externalBusinessId=&productCode=` (a signed-in business user): turns a retrieved
 * handover into a business draft owned by the caller, with the product application. Only the browser that retrieved
 * it may (it presents the handover token; the token is spent by the import). Idempotent: the same user calling again
 * gets the same business (and the application, made if missing); a handover another user imported is 404, as is one
 * never retrieved, retrieved more than 24 hours ago, or asked for without its token. Those 404s are counted: 10 per
 * user and 30 per IP in an hour, then 429 without looking (docs/security.md#partner-handover).
 */
export async function importExternalBusiness(options: {
  db: Database
  actor: Actor
  externalBusinessId: string
  productCode: string
  handoverToken: string | null | undefined
  audit: AuditContext
  now?: Date
}): Promise<ExternalImportResult> {
  const { db, actor, externalBusinessId } = options
  const now = options.now ?? new Date()
  const partner = partnerConfig()
  if (actor.isStaff) throw new AppError('FORBIDDEN', 'Staff cannot import a partner business; it is for the business user')
  const who = { userId: actor.userId, ip: options.audit.ip }
  const wait = await handoverImportWaitSeconds(who)
  if (wait > 0)
    throw new AppError('RATE_LIMITED', `Too many failed attempts. Try again in ${Math.ceil(wait / 60)} minute(s).`, {
      retryAfterSeconds: wait,
    })
  const refuse = async () => {
    await recordHandoverImportFailure(who)
    return notFound(externalBusinessId)
  }
  const [handover] = await db.select().from(externalHandovers).where(eq(externalHandovers.externalBusinessId, externalBusinessId))
  if (!handover || (handover.userId && handover.userId !== actor.userId)) throw await refuse()
  // Until it is imported, only the browser that retrieved it may take it.
  if (!handover.businessId && !handover.userId && !tokenMatches(options.handoverToken, handover.tokenHash)) throw await refuse()
  const [product] = await db.select().from(products).where(eq(products.code, options.productCode))
  if (!product) throw new AppError('NOT_FOUND', `No product has the code ${options.productCode}`, { field: 'productCode' })
  const returnUrl = allowedReturnUrl(handover.returnUrl, partner.allowedOrigins)

  let businessId = handover.businessId
  let created = false
  if (!businessId) {
    if (handover.userId === actor.userId)
      throw new AppError('CONFLICT', 'This business is being imported already; try again in a moment', {
        field: 'externalBusinessId',
      })
    if (now.getTime() - handover.retrievedAt.getTime() > HANDOVER_IMPORT_WINDOW_HOURS * 3600_000) throw await refuse()
    // Claim it first: of two imports at once, one wins; the other sees it claimed (404 for another user, 409 for the same).
    // The token is spent with the claim (one use); it is put back if the import fails.
    const [claimed] = await db
      .update(externalHandovers)
      .set({ userId: actor.userId, tokenHash: null })
      .where(
        and(
          eq(externalHandovers.id, handover.id),
          isNull(externalHandovers.userId),
          handover.tokenHash ? eq(externalHandovers.tokenHash, handover.tokenHash) : isNull(externalHandovers.tokenHash),
        ),
      )
      .returning({ id: externalHandovers.id })
    if (!claimed) {
      const [now2] = await db.select().from(externalHandovers).where(eq(externalHandovers.id, handover.id))
      if (now2?.userId === actor.userId)
        throw new AppError('CONFLICT', 'This business is being imported already; try again in a moment', {
          field: 'externalBusinessId',
        })
      throw await refuse()
    }
    try {
      const claims = referenceClaimsSchema.parse(handover.claims)
      const data = toExternalBusiness(claims, handover.issuer, partner.allowedOrigins)
      const [type] = await db
        .select({ id: businessTypes.id })
        .from(businessTypes)
        .where(eq(sql`lower(${businessTypes.name})`, data.type.toLowerCase()))
      if (!type)
        throw new AppError('VALIDATION_FAILED', `The partner's business type "${data.type}" is not one the portal knows`, {
          field: 'externalBusinessId',
        })
      const [category] = await db
        .select({ id: businessCategories.id })
        .from(businessCategories)
        .where(eq(sql`lower(${businessCategories.name})`, data.category.toLowerCase()))
      if (!category)
        throw new AppError(
          'VALIDATION_FAILED',
          `The partner's business category "${data.category}" is not one the portal knows`,
          {
            field: 'externalBusinessId',
          },
        )
      const business = await createBusiness({
        db,
        actor,
        audit: options.audit,
        input: {
          name: data.name,
          regNo: data.regNo,
          typeId: type.id,
          categoryId: category.id,
          email: data.email,
          phone: data.phone,
          address: {
            line1: data.address.line1,
            city: data.address.city ?? undefined,
            state: data.address.state,
            country: data.address.country,
          },
        },
      })
      businessId = business.id
      created = true
      await db.transaction(async (tx) => {
        await tx
          .update(externalHandovers)
          .set({ businessId: business.id, importedAt: now })
          .where(eq(externalHandovers.id, handover.id))
        await appendAudit(tx, options.audit, {
          resource: 'external_handover',
          resourceId: handover.id,
          action: 'IMPORT',
          after: { externalBusinessId, partner: handover.issuer, businessId: business.id },
        })
      })
    } catch (error) {
      // Nothing was made: let the user (or another) try again.
      await db
        .update(externalHandovers)
        .set({ userId: null, tokenHash: handover.tokenHash })
        .where(and(eq(externalHandovers.id, handover.id), isNull(externalHandovers.businessId)))
      throw error
    }
  }

  let onboardingProductId = await findLiveApplication(db, businessId, product.id)
  if (!onboardingProductId) {
    // The actor of this request predates the business: read the memberships again.
    const fresh = await loadActor(db, { userId: actor.userId, sessionId: actor.sessionId, expiresAt: actor.tokenExpiresAt })
    if (!fresh) throw new AppError('UNAUTHENTICATED', 'Your session has ended; sign in again')
    const application = await applyForProduct({
      db,
      actor: fresh,
      input: { businessId, productCode: product.code },
      audit: options.audit,
    })
    onboardingProductId = application.id
  }
  const [business] = await db.select({ name: businesses.name }).from(businesses).where(eq(businesses.id, businessId))
  return {
    businessId,
    businessName: business?.name ?? '',
    onboardingProductId,
    created,
    returnUrl,
  }
}
