import { useCallback, useMemo } from 'react'
import { useUrlState, type UrlQueryPatch } from './use-url-state'

/** Server-side sort of one column: `id` is the API's sort field. */
export interface TableSort {
  id: string
  desc: boolean
}

/** The controlled state props of `DataTable` that `useTableUrlState().tableProps` fills in. */
export interface DataTableStateProps {
  pageNumber: number
  pageSize: number
  pageSizeOptions?: readonly number[]
  onPageChange: (pageNumber: number) => void
  onPageSizeChange?: (pageSize: number) => void
  sort?: TableSort | null
  onSortChange?: (sort: TableSort | null) => void
  filterValues?: Readonly<Record<string, string | undefined>>
  onFilterChange?: (key: string, value: string | null) => void
  onClearFilters?: () => void
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

export interface UseTableUrlStateOptions<TFilter extends string = string> {
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

/** What to send to the API: 1-based `pageNumber`, `pageSize`, `sort` (`"field,asc|desc"`) and the filters set. */
export type TableQuery<TFilter extends string = string> = {
  pageNumber: number
  pageSize: number
  sort?: string
} & Partial<Record<TFilter, string>>

export interface TableUrlState<TFilter extends string = string> {
  /** False until the router has parsed the URL: don't fetch before. */
  isReady: boolean
  pageNumber: number
  pageSize: number
  sort: TableSort | null
  /** The filters present in the URL (absent keys are unset). */
  filters: Partial<Record<TFilter, string>>
  hasFilters: boolean
  setPageNumber: (pageNumber: number) => void
  /** Also goes back to page 1. */
  setPageSize: (pageSize: number) => void
  /** Also goes back to page 1. `null` returns to `defaultSort`. */
  setSort: (sort: TableSort | null) => void
  /** Also goes back to page 1. `null` or `""` removes the filter. */
  setFilter: (key: TFilter, value: string | null) => void
  /** Several filters in one URL update; also goes back to page 1. */
  setFilters: (patch: Partial<Record<TFilter, string | null>>) => void
  clearFilters: () => void
  /** For the API request and the React Query key. */
  query: TableQuery<TFilter>
  /** Spread into `<DataTable {...table.tableProps} …/>`. */
  tableProps: DataTableStateProps
}

/**
 * Pagination, sort and filters of a server-side table, kept in the URL query string so a filtered list can be
 * shared and survives reload: `?pageNumber=2&pageSize=20&sort=name,asc&status=PENDING`.
 * Defaults (page 1, the default page size and sort) are left out of the URL.
 */
export function useTableUrlState<TFilter extends string = string>(
  options: UseTableUrlStateOptions<TFilter> = {},
): TableUrlState<TFilter> {
  const {
    filterKeys = [] as readonly TFilter[],
    defaultPageSize = 10,
    pageSizeOptions = DEFAULT_PAGE_SIZE_OPTIONS,
    defaultSort = null,
    sortableIds,
    pageNumberKey = PAGE_NUMBER_KEY,
  } = options
  const { query, setQuery, isReady } = useUrlState()

  const filterKeysKey = filterKeys.join('\u0000')
  const sortableKey = sortableIds?.join('\u0000')
  const defaultSortKey = defaultSort ? formatSort(defaultSort) : ''
  const pageSizesKey = pageSizeOptions.join(',')

  const state = useMemo(() => {
    const n = Number(query[pageNumberKey])
    const pageNumber = Number.isInteger(n) && n >= 1 ? n : 1
    const s = Number(query[PAGE_SIZE_KEY])
    const sizes = pageSizesKey.split(',').map(Number)
    const pageSize = Number.isInteger(s) && sizes.includes(s) ? s : defaultPageSize
    const parsed = parseSort(query[SORT_KEY])
    const allowed = sortableKey?.split('\u0000')
    const sort = parsed && (!allowed || allowed.includes(parsed.id)) ? parsed : parseSort(defaultSortKey || undefined)
    const filters: Partial<Record<TFilter, string>> = {}
    for (const key of filterKeysKey ? (filterKeysKey.split('\u0000') as TFilter[]) : []) {
      const value = query[key]
      if (value) filters[key] = value
    }
    return { pageNumber, pageSize, sort, filters, hasFilters: Object.keys(filters).length > 0 }
  }, [query, pageNumberKey, defaultPageSize, pageSizesKey, sortableKey, defaultSortKey, filterKeysKey])

  const write = useCallback((patch: UrlQueryPatch) => void setQuery(patch), [setQuery])

  const setPageNumber = useCallback(
    (pageNumber: number) => write({ [pageNumberKey]: pageNumber > 1 ? Math.floor(pageNumber) : null }),
    [write, pageNumberKey],
  )
  const setPageSize = useCallback(
    (pageSize: number) => write({ [PAGE_SIZE_KEY]: pageSize === defaultPageSize ? null : pageSize, [pageNumberKey]: null }),
    [write, defaultPageSize, pageNumberKey],
  )
  const setSort = useCallback(
    (sort: TableSort | null) => {
      const value = sort ? formatSort(sort) : null
      write({ [SORT_KEY]: value === defaultSortKey ? null : value, [pageNumberKey]: null })
    },
    [write, defaultSortKey, pageNumberKey],
  )
  const setFilters = useCallback(
    (patch: Partial<Record<TFilter, string | null>>) => {
      const allowed = filterKeysKey.split('\u0000')
      const out: UrlQueryPatch = { [pageNumberKey]: null }
      for (const [key, value] of Object.entries(patch) as [string, string | null | undefined][]) {
        if (allowed.includes(key)) out[key] = value?.trim() || null
      }
      write(out)
    },
    [write, filterKeysKey, pageNumberKey],
  )
  const setFilter = useCallback(
    (key: TFilter, value: string | null) => setFilters({ [key]: value } as Partial<Record<TFilter, string | null>>),
    [setFilters],
  )
  const clearFilters = useCallback(() => {
    const out: UrlQueryPatch = { [pageNumberKey]: null }
    for (const key of filterKeysKey.split('\u0000')) if (key) out[key] = null
    write(out)
  }, [write, filterKeysKey, pageNumberKey])

  return useMemo(() => {
    const apiQuery = {
      pageNumber: state.pageNumber,
      pageSize: state.pageSize,
      ...(state.sort ? { sort: formatSort(state.sort) } : {}),
      ...state.filters,
    } as TableQuery<TFilter>
    return {
      isReady,
      ...state,
      setPageNumber,
      setPageSize,
      setSort,
      setFilter,
      setFilters,
      clearFilters,
      query: apiQuery,
      tableProps: {
        pageNumber: state.pageNumber,
        pageSize: state.pageSize,
        pageSizeOptions,
        onPageChange: setPageNumber,
        // One size offered: a fixed page size, no "Rows per page" select.
        onPageSizeChange: pageSizeOptions.length > 1 ? setPageSize : undefined,
        sort: state.sort,
        onSortChange: setSort,
        filterValues: state.filters,
        onFilterChange: (key: string, value: string | null) =>
          setFilters({ [key]: value } as Partial<Record<TFilter, string | null>>),
        onClearFilters: clearFilters,
      },
    }
  }, [isReady, state, setPageNumber, setPageSize, setSort, setFilter, setFilters, clearFilters, pageSizeOptions])
}
