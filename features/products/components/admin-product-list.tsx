import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { createColumnHelper } from '@tanstack/react-table'
import { useMemo } from 'react'
import { buttonClassName } from '@/components/ui/button'
import { DataTable } from '@/components/ui/data-table'
import { Link } from '@/components/ui/link'
import { StatusBadge } from '@/components/ui/status-badge'
import { useTableUrlState } from '@/components/ui/use-table-url-state'
import { formatDay } from '@/lib/format/day'
import { paths } from '@/lib/navigation/paths'
import { referenceReads } from '@/lib/query/shared-queries'
import styles from '@/styles/product-screens.module.css'
import { productQueries } from '../api/product-queries'
import type { Product } from '../api/types'

const FILTER_KEYS = ['searchKey', 'categoryId', 'divisionId', 'live', 'active'] as const
/** The API's sort fields of the list (docs/api.md#lists); newest first by default. */
const SORTABLE = ['name', 'code', 'createdAt'] as const
const YES_NO = [
  { value: 'true', label: 'Yes' },
  { value: 'false', label: 'No' },
]

/** `/s/admin/product-config`: every product (live or not, active or not), filtered and paged by the API. */
export function AdminProductList({ canCreate }: { canCreate: boolean }) {
  const table = useTableUrlState({ filterKeys: FILTER_KEYS, sortableIds: SORTABLE })
  const categories = useQuery(productQueries.categories())
  const divisions = useQuery(referenceReads.divisions())
  const products = useQuery({
    ...productQueries.adminList(table.query),
    enabled: table.isReady,
    placeholderData: keepPreviousData,
  })

  const columns = useMemo(() => {
    const column = createColumnHelper<Product>()
    return [
      column.accessor('name', {
        header: 'Product',
        enableSorting: true,
        meta: { isRowHeader: true, wrap: true },
        cell: ({ row: { original: p } }) => (
          <>
            <Link href={paths.admin.productConfigDetails(p.id)} aria-label={`Configure ${p.name}`}>
              {p.name}
            </Link>
            <span className={styles.secondary}>{p.code}</span>
          </>
        ),
      }),
      // The division under the category, and both states in one column: the list fits a 1,366 px laptop.
      column.accessor((p) => p.category.name, {
        id: 'category',
        header: 'Category and division',
        meta: { wrap: true },
        cell: ({ row: { original: p } }) => (
          <>
            {p.category.name}
            <span className={styles.secondary}>{p.division?.name ?? '—'}</span>
          </>
        ),
      }),
      column.accessor((p) => p.requirements.length, { id: 'requirements', header: 'Requirements', meta: { align: 'end' } }),
      column.accessor('createdAt', { header: 'Created', enableSorting: true, cell: (info) => formatDay(info.getValue()) }),
      column.display({
        id: 'state',
        header: 'Status',
        meta: { wrap: true },
        cell: ({ row: { original: p } }) => (
          <span className={styles.badges}>
            <StatusBadge status={p.active ? 'ACTIVE' : 'INACTIVE'} />
            <StatusBadge status={p.live ? 'COMPLETED' : 'DRAFT'} label={p.live ? 'Live' : 'Not live'} />
          </span>
        ),
      }),
    ]
  }, [])

  return (
    <div className={styles.stack}>
      <DataTable
        {...table.tableProps}
        caption="Products"
        hideCaption
        columns={columns}
        data={products.data?.content}
        totalElements={products.data?.totalElements ?? 0}
        getRowId={(p) => p.id}
        isLoading={products.isPending}
        isFetching={products.isPlaceholderData}
        error={products.error}
        onRetry={() => void products.refetch()}
        emptyTitle="No products"
        emptyDescription={table.hasFilters ? 'No product matches these filters.' : 'Create the first product.'}
        filters={[
          { key: 'searchKey', label: 'Search', type: 'search', placeholder: 'Name or code' },
          {
            key: 'categoryId',
            label: 'Category',
            type: 'select',
            options: (categories.data ?? []).map((c) => ({ value: c.id, label: c.name })),
          },
          {
            key: 'divisionId',
            label: 'Division',
            type: 'select',
            options: (divisions.data ?? []).map((d) => ({ value: d.id, label: d.name })),
          },
          { key: 'live', label: 'Live', type: 'select', options: YES_NO },
          { key: 'active', label: 'Active', type: 'select', options: YES_NO },
        ]}
        toolbar={
          canCreate ? (
            <Link href={paths.admin.productConfigDetails()} className={buttonClassName()}>
              Create a product
            </Link>
          ) : undefined
        }
      />
    </div>
  )
}
