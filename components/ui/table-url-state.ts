/**
 * How a server-side table's page, size, sort and filters are read from the URL's query: pure, so the screen
 * (`useTableUrlState`) and the server that reads a page's first answers (`getServerSideProps`,
 * docs/architecture.md#first-paint) read the same address the same way and ask the API the very same query.
 */

/** Server-side sort of one column: `id` is the API's sort field. */
export interface TableSort {
  id: string
  desc: boolean
}

export const PAGE_NUMBER_KEY = 'pageNumber'
export const PAGE_SIZE_KEY = 'pageSize'
export const SORT_KEY = 'sort'
export const DEFAULT_PAGE_SIZE_OPTIONS = [10, 20, 50, 100] as const

/** `{ id: 'createdAt', desc: true }` → `"createdAt,desc"`. */
export function formatSort(sort: TableSort): string {
  return `${sort.id},${sort.desc ? 'desc' : 'asc'}`
}

/** `"createdAt,desc"` / `"name"` (ascending) → a `TableSort`; null when malformed. */
export function parseSort(value: string | undefined): TableSort | null {
  const match = value ? /^([A-Za-z0-9_.]+)(?:,(asc|desc))?$/i.exec(value) : null
  if (!match?.[1]) return null
  return { id: match[1], desc: match[2]?.toLowerCase() === 'desc' }
}

/** A parsed query string (`router.query`, `getServerSideProps`' `query`): a key may repeat. */
export type RawUrlQuery = Readonly<Record<string, string | readonly string[] | undefined>>

/** One string per key, the first when repeated (what `useUrlState().query` holds). */
export function firstQueryValues(raw: RawUrlQuery): Record<string, string> {
  const out: Record<string, string> = {}
  for (const [key, value] of Object.entries(raw)) {
    const v = typeof value === 'string' || value === undefined ? value : value[0]
    if (v !== undefined) out[key] = v
  }
  return out
}

/** How a table reads its URL (the reading part of `UseTableUrlStateOptions`). */
export interface TableUrlOptions<TFilter extends string = string> {
  /** Query keys read and written as filters (not `pageNumber`, `pageSize` or `sort`). */
  filterKeys?: readonly TFilter[]
  /** 10 by default (the API's default). */
  defaultPageSize?: number
  /**
   * Page sizes offered (and accepted from the URL); 10, 20, 50, 100 by default (the API allows at most 100). One size
   * (`[defaultPageSize]`) makes it fixed: the pager offers no other and a `pageSize` in the URL is ignored.
   */
  pageSizeOptions?: readonly number[]
  /** Sort used while the URL has none; it is not written to the URL. */
  defaultSort?: TableSort | null
  /** Sort ids accepted from the URL (others are ignored); any `[A-Za-z0-9_.]+` when absent. */
  sortableIds?: readonly string[]
  /**
   * The URL key of the page number; `pageNumber` by default. Only where one screen shows two lists, each with its own
   * page (`feePage` and `chargesPage` on the Fees tab).
   */
  pageNumberKey?: string
}

/** What the URL says of a table: page (1-based), size, sort and the filters present (absent keys are unset). */
export interface TableUrlValues<TFilter extends string = string> {
  pageNumber: number
  pageSize: number
  sort: TableSort | null
  filters: Partial<Record<TFilter, string>>
  hasFilters: boolean
}

/** What to send to the API: 1-based `pageNumber`, `pageSize`, `sort` (`"field,asc|desc"`) and the filters set. */
export type TableQuery<TFilter extends string = string> = {
  pageNumber: number
  pageSize: number
  sort?: string
} & Partial<Record<TFilter, string>>

/**
 * A table's state in the URL's query (one string per key: `firstQueryValues`): a page number that is not a whole
 * number from 1 is page 1, a size not offered is the default size, a sort not allowed is the default sort, an empty
 * filter is unset.
 */
export function readTableUrlState<TFilter extends string = string>(
  query: Readonly<Record<string, string>>,
  options: TableUrlOptions<TFilter> = {},
): TableUrlValues<TFilter> {
  const {
    filterKeys = [],
    defaultPageSize = 10,
    pageSizeOptions = DEFAULT_PAGE_SIZE_OPTIONS,
    defaultSort = null,
    sortableIds,
    pageNumberKey = PAGE_NUMBER_KEY,
  } = options
  const n = Number(query[pageNumberKey])
  const pageNumber = Number.isInteger(n) && n >= 1 ? n : 1
  const s = Number(query[PAGE_SIZE_KEY])
  const pageSize = Number.isInteger(s) && pageSizeOptions.includes(s) ? s : defaultPageSize
  const parsed = parseSort(query[SORT_KEY])
  const sort = parsed && (!sortableIds || sortableIds.includes(parsed.id)) ? parsed : defaultSort
  const filters: Partial<Record<TFilter, string>> = {}
  for (const key of filterKeys) {
    const value = query[key]
    if (value) filters[key] = value
  }
  return { pageNumber, pageSize, sort, filters, hasFilters: Object.keys(filters).length > 0 }
}

/** The API's query for a table's state. */
export function tableQueryOf<TFilter extends string>(state: TableUrlValues<TFilter>): TableQuery<TFilter> {
  return {
    pageNumber: state.pageNumber,
    pageSize: state.pageSize,
    ...(state.sort ? { sort: formatSort(state.sort) } : {}),
    ...state.filters,
  } as TableQuery<TFilter>
}
