import type { Page, PageQuery } from '@/lib/contracts/pagination'

type PageWindow = Pick<PageQuery, 'pageNumber' | 'pageSize'>

/** A list query, filtered and ordered, that has not been limited yet (a Drizzle select builder). */
interface UnlimitedQuery<Row> {
  limit(limit: number): { offset(offset: number): PromiseLike<Row[]> }
}

function pageOffset(query: PageWindow): number {
  return (query.pageNumber - 1) * query.pageSize
}

export function toPage<T>(content: T[], totalElements: number, query: PageWindow): Page<T> {
  return {
    content,
    pageNumber: query.pageNumber,
    pageSize: query.pageSize,
    totalElements,
    totalPages: Math.ceil(totalElements / query.pageSize),
  }
}

/**
 * One page of a list (docs/api.md#lists): the page's rows and the count of all matching rows, read together, then the
 * rows shaped into the page's content.
 *
 * `rows` is the filtered, ordered select without its limit; `count` is `select({ value: count() })` over the same
 * tables and `where` (a join may be left out of the count when it cannot change the number of rows).
 */
export async function findPage<Row, Item>(options: {
  query: PageWindow
  rows: UnlimitedQuery<Row>
  count: PromiseLike<{ value: number }[]>
  content: (rows: Row[]) => Item[] | Promise<Item[]>
}): Promise<Page<Item>> {
  const { query } = options
  const [rows, [total]] = await Promise.all([options.rows.limit(query.pageSize).offset(pageOffset(query)), options.count])
  return toPage(await options.content(rows), total?.value ?? 0, query)
}
