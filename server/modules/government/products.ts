import { and, asc, eq, inArray } from 'drizzle-orm'
import type { z } from 'zod'
import type { GovernmentProduct, governmentProductInputSchema } from '@/lib/contracts/government'
import { appendAudit, type AuditContext } from '@/server/audit/append-audit'
import type { Database, Executor } from '@/server/db/client'
import {
  governmentConsultants,
  governmentEntities,
  governmentProductChannels,
  governmentProducts,
  paymentChannels,
  products,
} from '@/server/db/schema'
import { assertStaffWithAny } from '@/server/http/access'
import { AppError, notFound } from '@/server/http/app-error'
import type { Actor } from '@/server/http/context'
import { GOVERNMENT_OFFICERS, lockActiveEntity } from './government-access'

/** The entity products of these entities (or these ids), with their channels and consultant, oldest first. */
async function loadProducts(db: Executor, where: { entityIds?: string[]; ids?: string[] }): Promise<GovernmentProduct[]> {
  const filter = where.ids ? inArray(governmentProducts.id, where.ids) : inArray(governmentProducts.entityId, where.entityIds!)
  const rows = await db
    .select({
      gp: governmentProducts,
      entityName: governmentEntities.name,
      product: { id: products.id, code: products.code, name: products.name },
      consultantName: governmentConsultants.name,
    })
    .from(governmentProducts)
    .innerJoin(governmentEntities, eq(governmentEntities.id, governmentProducts.entityId))
    .innerJoin(products, eq(products.id, governmentProducts.productId))
    .leftJoin(governmentConsultants, eq(governmentConsultants.id, governmentProducts.consultantId))
    .where(filter)
    .orderBy(asc(governmentProducts.createdAt), asc(governmentProducts.id))
  const ids = rows.map((r) => r.gp.id)
  const channels = ids.length
    ? await db
        .select({
          governmentProductId: governmentProductChannels.governmentProductId,
          id: paymentChannels.id,
          code: paymentChannels.code,
          name: paymentChannels.name,
        })
        .from(governmentProductChannels)
        .innerJoin(paymentChannels, eq(paymentChannels.id, governmentProductChannels.paymentChannelId))
        .where(inArray(governmentProductChannels.governmentProductId, ids))
        .orderBy(asc(paymentChannels.name))
    : []
  return rows.map((r) => ({
    id: r.gp.id,
    entityId: r.gp.entityId,
    entityName: r.entityName,
    product: r.product,
    paymentChannels: channels.filter((c) => c.governmentProductId === r.gp.id).map(({ id, code, name }) => ({ id, code, name })),
    consultant: r.gp.consultantId ? { id: r.gp.consultantId, name: r.consultantName ?? '' } : null,
    createdAt: r.gp.createdAt.toISOString(),
  }))
}

export async function findProductsOf(db: Executor, entityIds: string[]) {
  return entityIds.length ? loadProducts(db, { entityIds }) : []
}

/**
 * `POST /government-product`: an active entity onboarded to an offered product (live and active), with at least one
 * active payment channel and optionally the consultant who brought it. One product per entity once (409).
 */
export async function createGovernmentProduct(options: {
  db: Database
  actor: Actor
  input: z.output<typeof governmentProductInputSchema>
  audit: AuditContext
}) {
  const { db, actor, input } = options
  assertStaffWithAny(actor, ...GOVERNMENT_OFFICERS)
  const id = await db.transaction(async (tx) => {
    await lockActiveEntity(tx, input.entityId, 'entityId')
    const [product] = await tx
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.id, input.productId), eq(products.active, true), eq(products.live, true)))
    if (!product) throw new AppError('VALIDATION_FAILED', 'Choose a product that is offered', { field: 'productId' })
    const channels = await tx
      .select({ id: paymentChannels.id })
      .from(paymentChannels)
      .where(and(inArray(paymentChannels.id, input.paymentChannelIds), eq(paymentChannels.active, true)))
    if (channels.length !== input.paymentChannelIds.length)
      throw new AppError('VALIDATION_FAILED', 'Choose payment channels from the list', { field: 'paymentChannelIds' })
    if (input.consultantId) {
      const [consultant] = await tx
        .select({ id: governmentConsultants.id })
        .from(governmentConsultants)
        .where(and(eq(governmentConsultants.id, input.consultantId), eq(governmentConsultants.active, true)))
      if (!consultant) throw new AppError('VALIDATION_FAILED', 'Choose a consultant from the list', { field: 'consultantId' })
    }
    const [existing] = await tx
      .select({ id: governmentProducts.id })
      .from(governmentProducts)
      .where(and(eq(governmentProducts.entityId, input.entityId), eq(governmentProducts.productId, input.productId)))
    if (existing) throw new AppError('CONFLICT', 'The entity has this product already', { field: 'productId' })
    const [created] = await tx
      .insert(governmentProducts)
      .values({
        entityId: input.entityId,
        productId: input.productId,
        consultantId: input.consultantId ?? null,
        createdBy: actor.userId,
      })
      .returning()
    await tx
      .insert(governmentProductChannels)
      .values(input.paymentChannelIds.map((paymentChannelId) => ({ governmentProductId: created!.id, paymentChannelId })))
    await appendAudit(tx, options.audit, {
      resource: 'government_product',
      resourceId: created!.id,
      action: 'CREATE',
      after: { ...created, paymentChannelIds: input.paymentChannelIds },
    })
    return created!.id
  })
  return (await loadProducts(db, { ids: [id] }))[0]!
}

/** `GET /government-product/{id}`. */
export async function getGovernmentProduct(options: { db: Executor; actor: Actor; id: string }) {
  assertStaffWithAny(options.actor, ...GOVERNMENT_OFFICERS)
  const [found] = await loadProducts(options.db, { ids: [options.id] })
  if (!found) throw notFound('Government product')
  return found
}
