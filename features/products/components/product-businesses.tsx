import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { createColumnHelper } from '@tanstack/react-table'
import { useMemo, useState } from 'react'
import { DataTable } from '@/components/ui/data-table'
import { Link } from '@/components/ui/link'
import { StatusBadge } from '@/components/ui/status-badge'
import { useLocalPaging } from '@/components/ui/use-local-paging'
import { ONBOARDING_STATUS_LABELS, ONBOARDING_STATUSES } from '@/lib/contracts/product-values'
import { formatDateTime } from '@/lib/format/date'
import { paths } from '@/lib/navigation/paths'
import styles from '@/styles/product-screens.module.css'
import { productQueries } from '../api/product-queries'
import type { OnboardingSummary } from '../api/types'

const STATUS_OPTIONS = ONBOARDING_STATUSES.map((s) => ({ value: s, label: ONBOARDING_STATUS_LABELS[s] }))

/** The businesses on one product with their application's status (`GET /onboarding-products/{code}`). */
export function ProductBusinesses({ code }: { code: string }) {
  const paging = useLocalPaging()
  const [status, setStatus] = useState<string | undefined>()
  const query = { ...paging.page, ...(status ? { status } : {}) }
  const businesses = useQuery({ ...productQueries.businessesOn(code, query), placeholderData: keepPreviousData })

  const columns = useMemo(() => {
    const column = createColumnHelper<OnboardingSummary>()
    return [
      column.accessor((o) => o.business.name, {
        id: 'business',
        header: 'Business',
        meta: { isRowHeader: true, wrap: true },
        cell: (info) => <Link href={paths.approvals.productPreview(info.row.original.id)}>{info.getValue()}</Link>,
      }),
      column.accessor((o) => o.business.regNo, { id: 'regNo', header: 'Registration no.' }),
      column.display({
        id: 'businessStatus',
        header: 'Business status',
        cell: (info) => <StatusBadge status={info.row.original.business.approvalStatus} />,
      }),
      column.display({
        id: 'status',
        header: 'Application',
        cell: (info) => (
          <StatusBadge status={info.row.original.status} label={ONBOARDING_STATUS_LABELS[info.row.original.status]} />
        ),
      }),
      column.accessor((o) => formatDateTime(o.updatedAt), { id: 'updatedAt', header: 'Last change' }),
    ]
  }, [])

  return (
    <section className={styles.panel} aria-labelledby="product-businesses">
      <h2 id="product-businesses">Businesses on this product</h2>
      <DataTable
        caption="Businesses on this product"
        hideCaption
        columns={columns}
        data={businesses.data?.content}
        totalElements={businesses.data?.totalElements ?? 0}
        {...paging.tableProps}
        filterValues={{ status }}
        onFilterChange={(_key, value) => {
          setStatus(value ?? undefined)
          paging.restart()
        }}
        onClearFilters={() => setStatus(undefined)}
        filters={[{ key: 'status', label: 'Status', type: 'select', options: STATUS_OPTIONS }]}
        getRowId={(o) => o.id}
        isLoading={businesses.isPending}
        isFetching={businesses.isPlaceholderData}
        error={businesses.error}
        onRetry={() => void businesses.refetch()}
        emptyTitle="No business yet"
        emptyDescription={status ? 'No application has this status.' : 'Businesses that apply show here.'}
        stateHeadingLevel={3}
      />
    </section>
  )
}
