import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { createColumnHelper } from '@tanstack/react-table'
import { useMemo } from 'react'
import { DUE_FILTER_OPTIONS, DueBadge } from '@/components/review/due-badge'
import { DataTable } from '@/components/ui/data-table'
import { Link } from '@/components/ui/link'
import { StatusBadge } from '@/components/ui/status-badge'
import { useTableUrlState } from '@/components/ui/use-table-url-state'
import { ONBOARDING_STATUS_LABELS, ONBOARDING_STATUSES } from '@/lib/contracts/product-values'
import { formatDateTime } from '@/lib/format/date'
import { paths } from '@/lib/navigation/paths'
import styles from '@/styles/product-screens.module.css'
import { onboardingQueries } from '../api/onboarding-queries'
import type { OnboardingQueueRow } from '../api/types'
import { approvalBlockers } from '../model/approval-readiness'

const FILTER_KEYS = ['status', 'due', 'searchKey'] as const
/** The API's sort fields of the list (docs/api.md#lists). */
const SORTABLE = ['businessName', 'status', 'submittedAt', 'dueAt'] as const
/** `status=ALL` in the URL lists every state; no status lists the review queue (IN_REVIEW). */
const ALL = 'ALL'
const STATUS_OPTIONS = [
  ...ONBOARDING_STATUSES.filter((s) => s !== 'IN_REVIEW').map((s) => ({ value: s, label: ONBOARDING_STATUS_LABELS[s] })),
  { value: ALL, label: 'All statuses' },
]

/** `/s/admin/approvals/products`: applications waiting for a decision (or any status), oldest submission last. */
export function ApprovalsQueue() {
  const table = useTableUrlState({ filterKeys: FILTER_KEYS, sortableIds: SORTABLE })
  const { status, searchKey, due } = table.filters
  const query = {
    pageNumber: table.pageNumber,
    pageSize: table.pageSize,
    ...(searchKey ? { searchKey } : {}),
    ...(due ? { due } : {}),
    ...(table.query.sort ? { sort: table.query.sort } : {}),
    statuses: status === ALL ? ONBOARDING_STATUSES : [status ?? 'IN_REVIEW'],
  }
  const applications = useQuery({
    ...onboardingQueries.approvals(query),
    enabled: table.isReady,
    placeholderData: keepPreviousData,
  })

  const columns = useMemo(() => {
    const column = createColumnHelper<OnboardingQueueRow>()
    return [
      column.accessor((o) => o.business.name, {
        id: 'businessName',
        header: 'Business',
        enableSorting: true,
        meta: { isRowHeader: true, wrap: true },
        cell: (info) => (
          <Link
            href={paths.approvals.productPreview(info.row.original.id)}
            aria-label={`Review ${info.getValue()}: ${info.row.original.product.name}`}
          >
            {info.getValue()}
          </Link>
        ),
      }),
      column.accessor((o) => o.product.name, { id: 'product', header: 'Product', meta: { wrap: true } }),
      column.display({
        id: 'businessStatus',
        header: 'Business status',
        cell: (info) => (
          <span className={styles.badges}>
            <StatusBadge status={info.row.original.business.approvalStatus} />
            {info.row.original.business.blocked && <StatusBadge status="BLOCKED" />}
          </span>
        ),
      }),
      column.accessor('status', {
        header: 'Application',
        enableSorting: true,
        meta: { wrap: true },
        cell: (info) => {
          const o = info.row.original
          // An application in review whose business is not approved cannot be decided yet: say why before the click.
          const blockers = o.status === 'IN_REVIEW' ? approvalBlockers(o.business) : []
          return (
            <span className={styles.stack}>
              <StatusBadge status={o.status} label={ONBOARDING_STATUS_LABELS[o.status]} />
              {blockers.length > 0 && (
                <span className={styles.muted} data-waiting>
                  Cannot be approved yet. {blockers.join(' ')}
                </span>
              )}
            </span>
          )
        },
      }),
      column.accessor((o) => formatDateTime(o.submittedAt ?? o.createdAt), {
        id: 'submittedAt',
        header: 'Submitted',
        enableSorting: true,
      }),
      column.accessor('dueAt', {
        header: 'Due',
        enableSorting: true,
        meta: { wrap: true },
        cell: ({ row: { original: o } }) => <DueBadge dueAt={o.dueAt} dueStatus={o.dueStatus} />,
      }),
    ]
  }, [])

  return (
    <DataTable
      {...table.tableProps}
      caption="Product applications"
      hideCaption
      columns={columns}
      data={applications.data?.content}
      totalElements={applications.data?.totalElements ?? 0}
      getRowId={(o) => o.id}
      isLoading={applications.isPending}
      isFetching={applications.isPlaceholderData}
      error={applications.error}
      onRetry={() => void applications.refetch()}
      emptyTitle={status ? 'No application here' : 'Nothing waiting for review'}
      emptyDescription={status ? 'No application has this status.' : 'Submitted applications show here until they are decided.'}
      filters={[
        { key: 'status', label: 'Status', type: 'select', placeholder: 'In review', options: STATUS_OPTIONS },
        { key: 'due', label: 'Due (in review)', type: 'select', placeholder: 'Any', options: DUE_FILTER_OPTIONS },
        { key: 'searchKey', label: 'Business name', type: 'search' },
      ]}
    />
  )
}
