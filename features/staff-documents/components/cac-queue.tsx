import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { createColumnHelper, type ColumnDef } from '@tanstack/react-table'
import { useMemo } from 'react'
import { DUE_FILTER_OPTIONS, DueBadge } from '@/components/review/due-badge'
import { queueApiQuery, ReviewQueueTable } from '@/components/review/review-queue-table'
import { Link } from '@/components/ui/link'
import { StatusBadge, statusLabel } from '@/components/ui/status-badge'
import type { DataTableFilter } from '@/components/ui/table-filters'
import { useTableUrlState } from '@/components/ui/use-table-url-state'
import { documentLabel } from '@/lib/contracts/kyc-document-values'
import { formatDay } from '@/lib/format/day'
import { paths } from '@/lib/navigation/paths'
import { PERMISSIONS } from '@/lib/permissions/names'
import sharedStyles from '@/styles/staff-screens.module.css'
import { useBulkDecideCacDocuments } from '../api/decision-calls'
import { staffDocumentQueries } from '../api/staff-document-queries'
import type { CacReviewRow } from '../api/types'
import { CAC_STATUS_OPTIONS, ORDER_OPTIONS } from '../model/review-values'
import { BulkDecisionBar } from './bulk-decision-bar'
import { selectColumn, useQueueSelection } from './queue-selection'
import ownStyles from './staff-documents.module.css'

const styles = { ...sharedStyles, ...ownStyles }

export const CAC_FILTER_KEYS = ['status', 'due', 'businessName', 'from', 'to', 'recentFirst'] as const
type CacFilterKey = (typeof CAC_FILTER_KEYS)[number]
/** The API's sort fields of the queue (docs/api.md#lists). */
const CAC_SORTABLE = ['businessName', 'submittedAt', 'status', 'dueAt'] as const

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- column value types vary per column
type Column = ColumnDef<CacReviewRow, any>

export const cacDetailsHref = (kycDetailsId: string) => paths.approvals.cacDocumentDetails(kycDetailsId)

const businesses = (n: number) => `CAC documents of ${n} business${n === 1 ? '' : 'es'}`

export interface CacQueueProps {
  permissions: readonly string[]
  currentUserId: string
  /** The businesses the signed-in user belongs to (four-eyes). */
  memberOf: readonly string[]
}

/**
 * `/s/admin/approvals/cac-doc`: KYC records with their CAC documents, filtered by status (all, pending, approved,
 * declined), name and upload date in the URL. Reviewers holding CAN_APPROVE_CAC_DOCUMENT select pending records and
 * decide them together with one comment; records they may not decide (four-eyes) cannot be selected.
 */
export function CacQueue({ permissions, currentUserId, memberOf }: CacQueueProps) {
  const canDecide = permissions.includes(PERMISSIONS.CAN_APPROVE_CAC_DOCUMENT)
  const table = useTableUrlState<CacFilterKey>({ filterKeys: CAC_FILTER_KEYS, sortableIds: CAC_SORTABLE })
  const queue = useQuery({
    ...staffDocumentQueries.cacQueue(queueApiQuery(table, CAC_FILTER_KEYS)),
    enabled: table.isReady,
    placeholderData: keepPreviousData,
  })
  const bulk = useBulkDecideCacDocuments()
  const isOwn = (r: CacReviewRow) =>
    r.business.createdBy === currentUserId ||
    memberOf.includes(r.business.id) ||
    r.documents.some((d) => d.status === 'PENDING' && d.uploadedBy === currentUserId)
  const selection = useQueueSelection(queue.data?.content, {
    idOf: (r) => r.kycDetailsId,
    nameOf: (r) => r.business.name,
    selectable: (r) => canDecide && r.status === 'PENDING' && !isOwn(r),
  })

  const filters: DataTableFilter[] = [
    { key: 'status', label: 'Status', type: 'select', options: CAC_STATUS_OPTIONS },
    { key: 'due', label: 'Due', type: 'select', placeholder: 'Any', options: DUE_FILTER_OPTIONS },
    { key: 'businessName', label: 'Business name', type: 'search' },
    { key: 'from', label: 'Uploaded from', type: 'date' },
    { key: 'to', label: 'Uploaded to', type: 'date' },
    { key: 'recentFirst', label: 'Order', type: 'select', placeholder: 'Newest first', options: ORDER_OPTIONS },
  ]

  const columns = useMemo<Column[]>(() => {
    const col = createColumnHelper<CacReviewRow>()
    return [
      ...(canDecide
        ? [selectColumn(selection, { all: 'Select every pending record on this page', row: (r) => `Select ${r.business.name}` })]
        : []),
      col.accessor((r) => r.business.name, {
        id: 'businessName',
        header: 'Business',
        enableSorting: true,
        meta: { isRowHeader: true, wrap: true },
        cell: ({ row: { original: r } }) => (
          <>
            <Link href={cacDetailsHref(r.kycDetailsId)}>{r.business.name}</Link>
            <span className={styles.secondary}>{r.business.regNo}</span>
          </>
        ),
      }),
      col.display({
        id: 'documents',
        header: 'CAC documents',
        meta: { wrap: true },
        // Each document with its own state when they differ, so a set with one declined document says which.
        cell: ({ row: { original: r } }) =>
          r.documents
            .map((d) =>
              d.status === r.status ? documentLabel(d) : `${documentLabel(d)} (${statusLabel(d.status).toLowerCase()})`,
            )
            .join(', '),
      }),
      col.accessor('status', {
        header: 'Status',
        enableSorting: true,
        meta: { wrap: true },
        cell: ({ row: { original: r } }) => {
          const declined = r.documents.filter((d) => d.status === 'REJECTED')
          return (
            <span className={styles.statusCell}>
              <StatusBadge status={r.status} />
              {declined.length > 0 && declined.length < r.documents.length && (
                <span>Declined: {declined.map((d) => documentLabel(d)).join(', ')}</span>
              )}
            </span>
          )
        },
      }),
      col.accessor('submittedAt', { header: 'Uploaded', enableSorting: true, cell: (info) => formatDay(info.getValue()) }),
      col.accessor('reviewedAt', { header: 'Decided', cell: (info) => formatDay(info.getValue()) }),
      col.accessor('dueAt', {
        header: 'Due',
        enableSorting: true,
        meta: { wrap: true },
        cell: ({ row: { original: r } }) => <DueBadge dueAt={r.dueAt} dueStatus={r.dueStatus} />,
      }),
      col.display({
        id: 'actions',
        header: 'Actions',
        cell: ({ row: { original: r } }) => (
          <Link href={cacDetailsHref(r.kycDetailsId)} aria-label={`Review the CAC documents of ${r.business.name}`}>
            {r.status === 'PENDING' && canDecide ? 'Review' : 'View'}
          </Link>
        ),
      }),
    ]
  }, [canDecide, selection])

  return (
    <div className={styles.stackTight}>
      {canDecide && <BulkDecisionBar selection={selection} describe={businesses} bulk={bulk} />}
      <ReviewQueueTable
        table={table}
        queue={queue}
        caption="CAC documents to review"
        columns={columns}
        getRowId={(r) => r.kycDetailsId}
        filters={filters}
        empty={{ title: 'No CAC documents to review', description: 'CAC documents appear here once a business submits its KYC.' }}
        noMatchTitle="No record matches"
      />
    </div>
  )
}
