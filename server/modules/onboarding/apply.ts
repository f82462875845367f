import { and, eq, ne } from 'drizzle-orm'
import type { z } from 'zod'
import type { applySchema } from '@/lib/contracts/onboarding'
import { ONBOARDING_STATUS_LABELS } from '@/lib/contracts/product-values'
import { statusWords } from '@/lib/format/status-words'
import { isRestrictedFromBusinessArea } from '@/lib/permissions/checks'
import { PERMISSIONS as P } from '@/lib/permissions/names'
import { appendAudit, type AuditContext } from '@/server/audit/append-audit'
import type { Database } from '@/server/db/client'
import { uniqueViolationOf } from '@/server/db/errors'
import { businesses, onboardingProducts, products } from '@/server/db/schema'
import { AppError } from '@/server/http/app-error'
import type { Actor } from '@/server/http/context'
import { assertBusinessAccess } from '@/server/http/scope'
import { followProductApplication } from '@/server/modules/risk/recompute-risk'
import { businessRefusals, findJoined, preconditionFailed, toDetail } from './onboarding-record'

type Apply = z.output<typeof applySchema>

/** Applying for a product and submitting the application: in the business, or as staff. */
export const APPLY_PERMISSION = P.CAN_ONBOARD_BUSINESS_PRODUCT

/**
 * POST /onboarding-products: the business applies for a product (PENDING). Refused for a business that holds the
 * product already in any state but REMOVED (409 CONFLICT), and, one entry per reason, for a product that is not
 * offered or a business that is archived or blocked (409 PRECONDITION_FAILED).
 */
export async function applyForProduct(options: { db: Database; actor: Actor; input: Apply; audit: AuditContext }) {
  const { db, actor, input } = options
  assertBusinessAccess(actor, input.businessId, APPLY_PERMISSION)
  if (actor.isStaff && isRestrictedFromBusinessArea({ iswStaff: actor.iswStaff, permissions: actor.permissions })) {
    throw new AppError('FORBIDDEN', 'Approvers in the payment group cannot apply for products')
  }
  const [business] = await db.select().from(businesses).where(eq(businesses.id, input.businessId))
  if (!business) throw new AppError('NOT_FOUND', 'Business not found')
  const [product] = await db.select().from(products).where(eq(products.code, input.productCode))
  if (!product) throw new AppError('NOT_FOUND', `No product has the code ${input.productCode}`, { field: 'productCode' })

  const [existing] = await db
    .select({ id: onboardingProducts.id, status: onboardingProducts.status })
    .from(onboardingProducts)
    .where(
      and(
        eq(onboardingProducts.businessId, business.id),
        eq(onboardingProducts.productId, product.id),
        ne(onboardingProducts.status, 'REMOVED'),
      ),
    )
  if (existing) {
    throw new AppError(
      'CONFLICT',
      `${business.name} already has ${product.name} (${statusWords(existing.status, ONBOARDING_STATUS_LABELS)})`,
      { field: 'productCode' },
    )
  }

  const reasons: { message: string; field?: string }[] = []
  if (!product.live) reasons.push({ message: `${product.name} is not live yet`, field: 'productCode' })
  if (!product.active) reasons.push({ message: `${product.name} is not offered at the moment`, field: 'productCode' })
  for (const message of await businessRefusals(db, business)) reasons.push({ message, field: 'businessId' })
  if (reasons.length) throw preconditionFailed(reasons)

  let id: string
  try {
    id = await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(onboardingProducts)
        .values({
          businessId: business.id,
          productId: product.id,
          requirementsVersion: product.requirementsVersion,
          status: 'PENDING',
          createdBy: actor.userId,
        })
        .returning()
      await appendAudit(tx, options.audit, { resource: 'onboarding_product', resourceId: row!.id, action: 'APPLY', after: row })
      // docs/risk.md#triggers: the products applied for are a risk factor.
      await followProductApplication(tx, { businessId: business.id, audit: options.audit })
      return row!.id
    })
  } catch (error) {
    // Two applications at once: the partial unique index lets one through.
    if (uniqueViolationOf(error) !== null)
      throw new AppError('CONFLICT', `${business.name} already has ${product.name}`, { field: 'productCode' })
    throw error
  }
  return toDetail(db, (await findJoined(db, eq(onboardingProducts.id, id)))!)
}
