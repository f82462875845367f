import { and, eq, type SQL } from 'drizzle-orm'
import type { Product } from '@/lib/contracts/products'
import type { Executor } from '@/server/db/client'
import {
  businessDivisions,
  productCategories,
  productRequirementVersions,
  products,
  type StoredRequirement,
} from '@/server/db/schema'
import { AppError } from '@/server/http/app-error'

/** Offered to businesses: live and active. */
export const offeredCondition: SQL = and(eq(products.live, true), eq(products.active, true))!

const productColumns = {
  product: products,
  category: { id: productCategories.id, name: productCategories.name },
  division: { id: businessDivisions.id, code: businessDivisions.code, name: businessDivisions.name },
  requirements: productRequirementVersions.requirements,
}

/** Products with their category, division and current requirements, in one query; add where/order/limit. */
export function selectProducts(db: Executor) {
  return db
    .select(productColumns)
    .from(products)
    .innerJoin(productCategories, eq(productCategories.id, products.categoryId))
    .leftJoin(businessDivisions, eq(businessDivisions.id, products.divisionId))
    .innerJoin(
      productRequirementVersions,
      and(
        eq(productRequirementVersions.productId, products.id),
        eq(productRequirementVersions.version, products.requirementsVersion),
      ),
    )
}

type ProductRow = {
  product: typeof products.$inferSelect
  category: { id: string; name: string }
  division: { id: string; code: string; name: string } | null
  requirements: StoredRequirement[]
}

export function toProduct(row: ProductRow): Product {
  const p = row.product
  return {
    id: p.id,
    code: p.code,
    name: p.name,
    description: p.description,
    categoryId: p.categoryId,
    category: row.category,
    divisionId: p.divisionId,
    division: row.division?.id ? row.division : null,
    active: p.active,
    live: p.live,
    kycDocumentTypeIds: p.kycDocumentTypeIds,
    requirements: row.requirements.map((r) => ({
      key: r.key,
      label: r.label,
      type: r.type,
      required: r.required,
      help: r.help ?? null,
    })),
    requirementsVersion: p.requirementsVersion,
    riskLevel: p.riskLevel,
    wentLiveAt: p.wentLiveAt?.toISOString() ?? null,
    createdAt: p.createdAt.toISOString(),
    updatedAt: p.updatedAt.toISOString(),
  }
}

/** `GET /products/admin/{id}`: the product (any state) or 404. */
export async function getProduct({ db, id }: { db: Executor; id: string }): Promise<Product> {
  return getProductById(db, id)
}

/** The product (any state) or 404. */
export async function getProductById(db: Executor, id: string): Promise<Product> {
  const [row] = await selectProducts(db).where(eq(products.id, id))
  if (!row) throw new AppError('NOT_FOUND', 'Product not found')
  return toProduct(row)
}

/** The requirements of one version of a product (the version an onboarding pinned). */
export async function requirementsOf(db: Executor, productId: string, version: number): Promise<StoredRequirement[]> {
  const [row] = await db
    .select({ requirements: productRequirementVersions.requirements })
    .from(productRequirementVersions)
    .where(and(eq(productRequirementVersions.productId, productId), eq(productRequirementVersions.version, version)))
  return row?.requirements ?? []
}
