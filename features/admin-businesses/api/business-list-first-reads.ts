import type { RawUrlQuery } from '@/components/ui/table-url-state'
import type { PageRead } from '@/lib/query/page-answers'
import { referenceReads } from '@/lib/query/shared-queries'
import { businessListQueryAt } from '../model/business-list-filters'
import { BUSINESS_LISTS, type BusinessListVariant } from '../model/business-list-variants'
import { adminBusinessQueries, PRODUCT_OPTIONS_QUERY, toSearchParams } from './admin-business-queries'

const productOptionsPath = `/products?${new URLSearchParams({
  pageNumber: String(PRODUCT_OPTIONS_QUERY.pageNumber),
  pageSize: String(PRODUCT_OPTIONS_QUERY.pageSize),
}).toString()}`

/**
 * What a staff business list reads before it can paint, for `readPageAnswers` (after the frame's own,
 * `portalFrameReads`): the page of businesses the address asks for (page, size, sort and filters read from the URL as
 * the screen reads them, so the answer fills the very query the screen makes), and the filters' choices and the
 * type and category names its rows show (business types, categories, the offered products).
 */
export function businessListFirstReads(variant: BusinessListVariant, url: RawUrlQuery): PageRead[] {
  const query = businessListQueryAt(url, BUSINESS_LISTS[variant].fixed)
  return [
    { path: `/businesses?${toSearchParams(query).toString()}`, queryKey: adminBusinessQueries.list(query).queryKey },
    { path: '/business-types', queryKey: referenceReads.businessTypes().queryKey },
    { path: '/business-categories', queryKey: referenceReads.businessCategories().queryKey },
    { path: productOptionsPath, queryKey: adminBusinessQueries.productOptions().queryKey },
  ]
}
