import { and, asc, count, eq, or, type SQL } from 'drizzle-orm'
import type { ProductAdminQuery, ProductCategory, ProductListQuery } from '@/lib/contracts/products'
import type { Executor } from '@/server/db/client'
import { businessDivisions, productCategories, products } from '@/server/db/schema'
import { containsIgnoringCase } from '@/server/db/text-search'
import { AppError } from '@/server/http/app-error'
import type { Actor } from '@/server/http/context'
import { findPage, listOrder } from '@/server/http/pagination'
import { offeredCondition, selectProducts, toProduct } from './product-record'

function productFilters(query: Partial<ProductAdminQuery>): SQL[] {
  const conditions: SQL[] = []
  if (query.categoryId) conditions.push(eq(products.categoryId, query.categoryId))
  if (query.divisionId) conditions.push(eq(products.divisionId, query.divisionId))
  if (query.active !== undefined) conditions.push(eq(products.active, query.active))
  if (query.live !== undefined) conditions.push(eq(products.live, query.live))
  if (query.searchKey) {
    conditions.push(or(containsIgnoringCase(products.name, query.searchKey), eq(products.code, query.searchKey.toUpperCase()))!)
  }
  return conditions
}

async function pageOfProducts(db: Executor, where: SQL | undefined, query: ProductListQuery, orderBy: SQL[]) {
  return findPage({
    query,
    rows: selectProducts(db)
      .where(where)
      .orderBy(...orderBy),
    count: () => db.select({ value: count() }).from(products).where(where),
    content: (rows) => rows.map(toProduct),
  })
}

/** GET /products (public): live and active products, by category then name. */
export async function findOfferedProducts(options: { db: Executor; query: ProductListQuery }) {
  const { categoryId, divisionId, searchKey } = options.query
  const where = and(offeredCondition, ...productFilters({ categoryId, divisionId, searchKey }))
  return pageOfProducts(options.db, where, options.query, [
    asc(productCategories.sortOrder),
    asc(productCategories.name),
    asc(products.name),
  ])
}

/** GET /products/admin (staff): every product, newest first unless asked otherwise (`sort`, `recentFirst`). */
export async function findAllProducts(options: { db: Executor; query: ProductAdminQuery }) {
  const { query } = options
  const conditions = productFilters(query)
  const order = listOrder(
    query.sort,
    { name: products.name, code: products.code, createdAt: products.createdAt },
    { field: 'createdAt', desc: query.recentFirst },
  )
  return pageOfProducts(options.db, conditions.length ? and(...conditions) : undefined, query, order.by(products.id))
}

/** GET /products/{code} (public): an offered product, or 404 (a product not offered is not revealed). */
export async function getOfferedProduct(options: { db: Executor; code: string }) {
  const [row] = await selectProducts(options.db).where(
    and(eq(products.code, options.code.trim().toUpperCase()), offeredCondition),
  )
  if (!row) throw new AppError('NOT_FOUND', 'No product is offered with this code')
  return toProduct(row)
}

/** GET /products/categories (public): every category with how many products it offers now. */
export async function findProductCategories({ db }: { db: Executor }): Promise<ProductCategory[]> {
  const offered = db
    .select({ categoryId: products.categoryId, n: count().as('n') })
    .from(products)
    .where(offeredCondition)
    .groupBy(products.categoryId)
    .as('offered')
  const rows = await db
    .select({ id: productCategories.id, name: productCategories.name, description: productCategories.description, n: offered.n })
    .from(productCategories)
    .leftJoin(offered, eq(offered.categoryId, productCategories.id))
    .orderBy(asc(productCategories.sortOrder), asc(productCategories.name))
  return rows.map((r) => ({ id: r.id, name: r.name, description: r.description, productCount: Number(r.n ?? 0) }))
}

/**
 * GET /business-divisions/{id}/products: the division's products. Staff who configure products see all of them;
 * everyone else sees what is offered.
 */
export async function findDivisionProducts(options: { db: Executor; actor: Actor; divisionId: string }) {
  const [division] = await options.db
    .select({ id: businessDivisions.id })
    .from(businessDivisions)
    .where(eq(businessDivisions.id, options.divisionId))
  if (!division) throw new AppError('NOT_FOUND', 'Division not found')
  const seesAll = options.actor.isStaff
  const rows = await selectProducts(options.db)
    .where(and(eq(products.divisionId, options.divisionId), seesAll ? undefined : offeredCondition))
    .orderBy(asc(products.name))
    .limit(200)
  return rows.map(toProduct)
}
