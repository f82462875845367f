import { useCallback, useMemo } from 'react'
import {
  DEFAULT_PAGE_SIZE_OPTIONS,
  formatSort,
  PAGE_NUMBER_KEY,
  PAGE_SIZE_KEY,
  parseSort,
  readTableUrlState,
  SORT_KEY,
  tableQueryOf,
  type TableQuery,
  type TableSort,
  type TableUrlOptions,
} from './table-url-state'
import { useUrlState, type UrlQueryPatch } from './use-url-state'

// The URL's reading lives in ./table-url-state.ts (pure, for the server too); these stay importable from here.
export { DEFAULT_PAGE_SIZE_OPTIONS, formatSort, PAGE_NUMBER_KEY, PAGE_SIZE_KEY, parseSort, SORT_KEY }
export type { TableQuery, TableSort }

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

export type UseTableUrlStateOptions<TFilter extends string = string> = TableUrlOptions<TFilter>

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

  // Keyed on the options' values, not their identity: screens pass literals that are new on every render.
  const state = useMemo(
    () =>
      readTableUrlState<TFilter>(query, {
        filterKeys: filterKeysKey ? (filterKeysKey.split('\u0000') as TFilter[]) : [],
        defaultPageSize,
        pageSizeOptions: pageSizesKey.split(',').map(Number),
        defaultSort: parseSort(defaultSortKey || undefined),
        sortableIds: sortableKey?.split('\u0000'),
        pageNumberKey,
      }),
    [query, pageNumberKey, defaultPageSize, pageSizesKey, sortableKey, defaultSortKey, filterKeysKey],
  )

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
    const apiQuery = tableQueryOf(state)
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
