import {
  flexRender,
  getCoreRowModel,
  useReactTable,
  type ColumnDef,
  type RowData,
  type SortingState,
  type Updater,
} from '@tanstack/react-table'
import { useId, useState, type ReactNode } from 'react'
import { Button } from './button'
import { cx } from './cx'
import styles from './data-table.module.css'
import { EmptyState, type HeadingLevel } from './empty-state'
import { ErrorState } from './error-state'
import { Pagination } from './pagination'
import { SkeletonBone } from './skeleton'
import { ariaSortOf, SortHeaderButton } from './sort-header'
import { TableFilters, type DataTableFilter } from './table-filters'
import type { DataTableStateProps, TableSort } from './use-table-url-state'
import { VisuallyHidden } from './visually-hidden'

declare module '@tanstack/react-table' {
  // Type parameters must match the original declaration to merge.
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  interface ColumnMeta<TData extends RowData, TValue> {
    /** Cell and header alignment; `end` for amounts and counts. */
    align?: 'start' | 'center' | 'end'
    /** Let the cell's text wrap (cells stay on one line by default; the table scrolls sideways instead). */
    wrap?: boolean
    /** Render this column's cells as `<th scope="row">` (the row's name, e.g. the business name). */
    isRowHeader?: boolean
    headerClassName?: string
    cellClassName?: string
  }
}

export interface DataTableProps<TData> extends Partial<Omit<DataTableStateProps, 'pageNumber' | 'pageSize'>> {
  /** The current page's rows (`page.content`); `undefined` before the first load. */
  data: readonly TData[] | undefined
  /**
   * TanStack column definitions (`createColumnHelper<T>()`). Sorting is off unless a column sets
   * `enableSorting: true`; its `id` (or accessor key) is the API's sort field.
   */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- column value types vary per column
  columns: ColumnDef<TData, any>[]
  /** Total rows on the server (`page.totalElements`). */
  totalElements: number
  /** `page.totalElementsExact`: `false` when `totalElements` is a lower bound (docs/api.md#lists). */
  totalElementsExact?: boolean
  /** 1-based. */
  pageNumber: number
  pageSize: number
  /** Names the table (`<caption>`) and its scroll region. */
  caption: string
  /** Keep the caption for screen readers only (when a visible heading already says it). */
  hideCaption?: boolean
  /** Stable row keys; the row index otherwise. */
  getRowId?: (row: TData, index: number) => string
  /** First load: skeleton rows. */
  isLoading?: boolean
  /** Refetching with rows on screen (e.g. React Query `isPlaceholderData`): they dim, the table is `aria-busy`. */
  isFetching?: boolean
  /** Truthy: shows the error state instead of rows. */
  error?: unknown
  /** What to say when `error` is set; a generic sentence by default. */
  errorMessage?: ReactNode
  /** Retry button of the error state. */
  onRetry?: () => void
  emptyTitle?: string
  emptyDescription?: ReactNode
  /** E.g. a "Create business" button, shown when there are no rows and no filters. */
  emptyAction?: ReactNode
  /** Filter bar above the table; values come from `filterValues`, changes go to `onFilterChange`. */
  filters?: readonly DataTableFilter[]
  /** Extra controls at the end of the toolbar (export, create…). */
  toolbar?: ReactNode
  /** Heading level of the empty and error states' titles; 2 by default (fits under the page's h1). */
  stateHeadingLevel?: HeadingLevel
  /** Skeleton rows while loading; `min(pageSize, 5)` by default. */
  skeletonRows?: number
  className?: string
}

const DEFAULT_ERROR = "We couldn't load this list. Check your connection and try again."

/**
 * A server-paginated, server-sorted table on TanStack Table v8. Controlled: pass the state and handlers, usually
 * `{...useTableUrlState(…).tableProps}` so page, size, sort and filters live in the URL.
 */
export function DataTable<TData>({
  data,
  columns,
  totalElements,
  totalElementsExact,
  pageNumber,
  pageSize,
  pageSizeOptions,
  onPageChange,
  onPageSizeChange,
  sort = null,
  onSortChange,
  filterValues = {},
  onFilterChange,
  onClearFilters,
  caption,
  hideCaption = false,
  getRowId,
  isLoading = false,
  isFetching = false,
  error,
  errorMessage,
  onRetry,
  emptyTitle = 'Nothing here yet',
  emptyDescription,
  emptyAction,
  filters,
  toolbar,
  skeletonRows,
  stateHeadingLevel = 2,
  className,
}: DataTableProps<TData>) {
  const captionId = useId()
  const resultsId = useId()
  const filtersId = useId()
  const [filtersOpen, setFiltersOpen] = useState(false)
  const sorting: SortingState = sort ? [{ id: sort.id, desc: sort.desc }] : []
  const table = useReactTable<TData>({
    data: (data ?? []) as TData[],
    columns,
    getCoreRowModel: getCoreRowModel(),
    getRowId: getRowId ? (row, index) => getRowId(row, index) : undefined,
    manualPagination: true,
    manualSorting: true,
    manualFiltering: true,
    enableMultiSort: false,
    enableSorting: Boolean(onSortChange),
    defaultColumn: { enableSorting: false, sortDescFirst: false },
    state: { sorting },
    onSortingChange: (updater: Updater<SortingState>) => {
      const next = typeof updater === 'function' ? updater(sorting) : updater
      const first = next[0]
      onSortChange?.(first ? ({ id: first.id, desc: first.desc } satisfies TableSort) : null)
    },
  })

  const columnCount = table.getVisibleLeafColumns().length || 1
  const rows = table.getRowModel().rows
  const hasFilters = Boolean(filters?.some((f) => filterValues[f.key]))
  const filtersSet = filters?.filter((f) => filterValues[f.key]).length ?? 0
  const showSkeleton = isLoading && rows.length === 0 && !error
  const busy = isLoading || isFetching

  let state: ReactNode = null
  if (error) {
    state = (
      <ErrorState
        headingLevel={stateHeadingLevel}
        title="Couldn't load the list"
        message={errorMessage ?? DEFAULT_ERROR}
        onRetry={onRetry}
      />
    )
  } else if (!showSkeleton && rows.length === 0) {
    if (totalElements > 0 && pageNumber > 1 && onPageChange) {
      state = (
        <EmptyState
          headingLevel={stateHeadingLevel}
          title="This page is empty"
          description="The list is shorter than this page number."
          action={
            <Button variant="secondary" onClick={() => onPageChange(1)}>
              Go to the first page
            </Button>
          }
        />
      )
    } else if (hasFilters) {
      state = (
        <EmptyState
          headingLevel={stateHeadingLevel}
          title="No results match your filters"
          description="Try other filters, or clear them to see everything."
          action={
            onClearFilters && (
              <Button variant="secondary" onClick={onClearFilters}>
                Clear filters
              </Button>
            )
          }
        />
      )
    } else {
      state = (
        <EmptyState headingLevel={stateHeadingLevel} title={emptyTitle} description={emptyDescription} action={emptyAction} />
      )
    }
  }

  const alignClass = (align: 'start' | 'center' | 'end' | undefined) =>
    align === 'end' ? styles.end : align === 'center' ? styles.center : undefined

  const withFilters = Boolean(filters && filters.length > 0 && onFilterChange)
  return (
    <div className={cx(styles.root, className)}>
      {withFilters && (
        // The keyboard reaches the rows without walking through every filter.
        <a href={`#${resultsId}`} className={styles.skipLink}>
          Skip to the results
        </a>
      )}
      {(filters?.length || toolbar) && (
        <div className={styles.toolbar}>
          {withFilters && (
            // On a phone the filters fold behind this button, which says how many are set.
            <button
              type="button"
              className={styles.filterToggle}
              aria-expanded={filtersOpen}
              aria-controls={filtersId}
              onClick={() => setFiltersOpen((open) => !open)}
            >
              Filters{filtersSet ? ` (${filtersSet} set)` : ''}
            </button>
          )}
          {withFilters && (
            <div id={filtersId} className={cx(styles.filtersFold, !filtersOpen && styles.folded)}>
              <TableFilters
                filters={filters!}
                values={filterValues}
                onChange={onFilterChange!}
                onClear={onClearFilters}
                label={`${caption}: filters`}
              />
            </div>
          )}
          {toolbar && <div className={styles.extra}>{toolbar}</div>}
        </div>
      )}
      <VisuallyHidden role="status">{busy ? `Loading ${caption}…` : ''}</VisuallyHidden>
      <div id={resultsId} className={styles.scroll} role="region" aria-labelledby={captionId} tabIndex={0}>
        <table className={styles.table} aria-busy={busy || undefined}>
          <caption id={captionId} className={hideCaption ? undefined : styles.caption}>
            {hideCaption ? <VisuallyHidden>{caption}</VisuallyHidden> : caption}
          </caption>
          <thead>
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {group.headers.map((header) => {
                  const meta = header.column.columnDef.meta
                  const canSort = header.column.getCanSort()
                  const direction = header.column.getIsSorted()
                  const content = header.isPlaceholder ? null : flexRender(header.column.columnDef.header, header.getContext())
                  return (
                    <th
                      key={header.id}
                      scope="col"
                      colSpan={header.colSpan > 1 ? header.colSpan : undefined}
                      aria-sort={ariaSortOf(direction)}
                      className={cx(
                        styles.th,
                        header.column.id === 'actions' && styles.actionsCell,
                        alignClass(meta?.align),
                        meta?.headerClassName,
                      )}
                    >
                      {canSort ? (
                        <SortHeaderButton
                          direction={direction}
                          onClick={(event) => header.column.getToggleSortingHandler()?.(event)}
                        >
                          {content}
                        </SortHeaderButton>
                      ) : (
                        content
                      )}
                    </th>
                  )
                })}
              </tr>
            ))}
          </thead>
          <tbody className={cx(isFetching && !showSkeleton && styles.stale)}>
            {showSkeleton &&
              Array.from({ length: skeletonRows ?? Math.min(pageSize, 5) }, (_, i) => (
                <tr key={`skeleton-${i}`} className={styles.row} aria-hidden="true">
                  {table.getVisibleLeafColumns().map((column) => (
                    <td key={column.id} className={styles.td}>
                      <SkeletonBone width={i % 2 ? '60%' : '80%'} />
                    </td>
                  ))}
                </tr>
              ))}
            {state ? (
              <tr>
                <td colSpan={columnCount} className={styles.stateCell}>
                  <div className={styles.stateInner}>{state}</div>
                </td>
              </tr>
            ) : (
              rows.map((row) => (
                <tr key={row.id} className={styles.row}>
                  {row.getVisibleCells().map((cell) => {
                    const meta = cell.column.columnDef.meta
                    const Cell = meta?.isRowHeader ? 'th' : 'td'
                    const header = cell.column.columnDef.header
                    return (
                      <Cell
                        key={cell.id}
                        scope={meta?.isRowHeader ? 'row' : undefined}
                        // The column's name beside the value when the rows show as cards (a narrow box).
                        data-label={typeof header === 'string' && header && !meta?.isRowHeader ? header : undefined}
                        className={cx(
                          styles.td,
                          meta?.isRowHeader && styles.rowHeader,
                          meta?.wrap && styles.wrap,
                          cell.column.id === 'actions' && styles.actionsCell,
                          alignClass(meta?.align),
                          meta?.cellClassName,
                        )}
                      >
                        {flexRender(cell.column.columnDef.cell, cell.getContext())}
                      </Cell>
                    )
                  })}
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
      {onPageChange && !error && totalElements > 0 && (
        <div className={styles.footer}>
          <Pagination
            pageNumber={pageNumber}
            pageSize={pageSize}
            totalElements={totalElements}
            totalElementsExact={totalElementsExact}
            onPageChange={onPageChange}
            onPageSizeChange={onPageSizeChange}
            pageSizeOptions={pageSizeOptions}
            label={`${caption}: pages`}
            disabled={isLoading}
          />
        </div>
      )}
    </div>
  )
}
