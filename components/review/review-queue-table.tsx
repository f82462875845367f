import type { ColumnDef } from '@tanstack/react-table'
import { DataTable } from '@/components/ui/data-table'
import type { DataTableFilter } from '@/components/ui/table-filters'
import { formatSort, type TableSort, type TableUrlState } from '@/components/ui/use-table-url-state'

/** The API's query of a review queue: page and size, the sort when one is chosen, then the URL filters that are set. */
export function queueApiQuery(
  table: { pageNumber: number; pageSize: number; sort?: TableSort | null; filters: Partial<Record<string, string>> },
  keys: readonly string[],
  repeated: readonly string[] = [],
): Array<[string, string]> {
  return [
    ['pageNumber', String(table.pageNumber)],
    ['pageSize', String(table.pageSize)],
    ...(table.sort ? [['sort', formatSort(table.sort)] as [string, string]] : []),
    ...keys.flatMap((key): Array<[string, string]> => {
      const value = table.filters[key]
      if (!value) return []
      // A repeatable filter kept comma-separated in the URL (riskTier=HIGH,PROHIBITED) goes to the API repeated.
      return repeated.includes(key) ? value.split(',').map((v): [string, string] => [key, v]) : [[key, value]]
    }),
  ]
}

export interface ReviewQueueTableProps<R> {
  table: Pick<TableUrlState, 'tableProps' | 'hasFilters'>
  /** The queue's React Query result (a page of rows, the previous page kept while the next loads). */
  queue: {
    data?: { content: readonly R[]; totalElements: number; totalElementsExact?: boolean }
    isPending: boolean
    isPlaceholderData: boolean
    error: unknown
    refetch: () => unknown
  }
  caption: string
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- column value types vary per column
  columns: ColumnDef<R, any>[]
  getRowId: (row: R) => string
  filters: readonly DataTableFilter[]
  /** The empty queue's title and description. */
  empty: { title: string; description: string }
  /** The title when the filters leave no row ("No record matches"). */
  noMatchTitle: string
}

/** A staff review queue: a server-paged table with its filters in the URL and its empty state for either case. */
export function ReviewQueueTable<R>({
  table,
  queue,
  caption,
  columns,
  getRowId,
  filters,
  empty,
  noMatchTitle,
}: ReviewQueueTableProps<R>) {
  return (
    <DataTable
      {...table.tableProps}
      caption={caption}
      hideCaption
      columns={columns}
      data={queue.data?.content}
      getRowId={getRowId}
      totalElements={queue.data?.totalElements ?? 0}
      totalElementsExact={queue.data?.totalElementsExact}
      isLoading={queue.isPending}
      isFetching={queue.isPlaceholderData}
      error={queue.error}
      onRetry={() => void queue.refetch()}
      emptyTitle={table.hasFilters ? noMatchTitle : empty.title}
      emptyDescription={table.hasFilters ? 'Change or clear the filters to see more.' : empty.description}
      filters={filters}
    />
  )
}
