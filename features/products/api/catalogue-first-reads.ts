import type { ParsedUrlQuery } from 'node:querystring'
import type { PageRead } from '@/lib/query/page-answers'
import { productReads, type ProductQuery } from '@/lib/query/shared-queries'
import { productQueries } from './product-queries'

/** The catalogue's cards a page (no other size is offered). */
export const CATALOGUE_PAGE_SIZE = 24

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value)

/**
 * What the public catalogue reads before it can paint, for `readPublicPageAnswers`: the categories and the page of
 * products the address asks for (`pageNumber`, `categoryId`, `searchKey`), with the filters exactly as the list asks
 * the API for them, so the answers fill its queries.
 */
export function catalogueFirstReads(query: ParsedUrlQuery): PageRead[] {
  const page = Number(first(query.pageNumber))
  const categoryId = first(query.categoryId)
  const searchKey = first(query.searchKey)
  const filters: ProductQuery = {
    pageNumber: Number.isInteger(page) && page >= 1 ? page : 1,
    pageSize: CATALOGUE_PAGE_SIZE,
    ...(categoryId ? { categoryId } : {}),
    ...(searchKey ? { searchKey } : {}),
  }
  const search = new URLSearchParams(Object.entries(filters).map(([key, value]) => [key, String(value)]))
  return [
    { path: '/products/categories', queryKey: productQueries.categories().queryKey },
    { path: `/products?${search.toString()}`, queryKey: productReads.catalogue(filters).queryKey },
  ]
}
