import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { createColumnHelper, type ColumnDef } from '@tanstack/react-table'
import Link from 'next/link'
import { useEffect, useMemo, useRef } from 'react'
import { DataTable } from '@/components/ui/data-table'
import { StatusBadge } from '@/components/ui/status-badge'
import type { DataTableFilter } from '@/components/ui/table-filters'
import { useTableUrlState } from '@/components/ui/use-table-url-state'
import { NAV_PATHS } from '@/lib/navigation/nav-items'
import { PERMISSIONS } from '@/lib/permissions'
import { useBulkDecideCacDocuments } from '../api/decision-calls'
import { staffDocumentQueries } from '../api/staff-document-queries'
import type { CacReviewRow } from '../api/types'
import { BulkDecisionBar } from './bulk-decision-bar'
import { formatDay } from './dates'
import { apiQuery, CAC_STATUS_OPTIONS, ORDER_OPTIONS } from './review-values'
import styles from './staff-documents.module.css'
import { useSelection } from './use-selection'

export const CAC_FILTER_KEYS = ['status', 'businessName', 'from', 'to', 'recentFirst'] as const
type CacFilterKey = (typeof CAC_FILTER_KEYS)[number]

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- column value types vary per column
type Column = ColumnDef<CacReviewRow, any>

export const cacDetailsHref = (kycDetailsId: string) => `${NAV_PATHS.cacDocApprovals}/details?id=${encodeURIComponent(kycDetailsId)}`

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
  const table = useTableUrlState<CacFilterKey>({ filterKeys: CAC_FILTER_KEYS })
  const queue = useQuery({ ...staffDocumentQueries.cacQueue(apiQuery(table, CAC_FILTER_KEYS)), enabled: table.isReady, placeholderData: keepPreviousData })
  const selection = useSelection()
  const bulk = useBulkDecideCacDocuments()
  const names = useRef(new Map<string, string>())
  // Names of every row seen, for the bulk results (the selection may span pages).
  useEffect(() => {
    for (const row of queue.data?.content ?? []) names.current.set(row.kycDetailsId, row.business.name)
  }, [queue.data])

  const selectable = useMemo(() => {
    const isOwn = (r: CacReviewRow) => r.business.createdBy === currentUserId || memberOf.includes(r.business.id) || r.documents.some((d) => d.status === 'PENDING' && d.uploadedBy === currentUserId)
    return (r: CacReviewRow) => canDecide && r.status === 'PENDING' && !isOwn(r)
  }, [canDecide, currentUserId, memberOf])
  const pageSelectable = (queue.data?.content ?? []).filter(selectable).map((r) => r.kycDetailsId)

  const filters: DataTableFilter[] = [
    { key: 'status', label: 'Status', type: 'select', options: CAC_STATUS_OPTIONS },
    { key: 'businessName', label: 'Business name', type: 'search' },
    { key: 'from', label: 'Uploaded from', type: 'date' },
    { key: 'to', label: 'Uploaded to', type: 'date' },
    { key: 'recentFirst', label: 'Order', type: 'select', placeholder: 'Newest first', options: ORDER_OPTIONS },
  ]

  const { selected, toggle, toggleAll } = selection
  const allOnPage = pageSelectable.length > 0 && pageSelectable.every((id) => selected.includes(id))
  const columns = useMemo<Column[]>(() => {
    const col = createColumnHelper<CacReviewRow>()
    return [
      ...(canDecide
        ? [
            col.display({
              id: 'select',
              header: () => (
                <input
                  type="checkbox"
                  className={styles.checkbox}
                  aria-label="Select every pending record on this page"
                  checked={allOnPage}
                  disabled={pageSelectable.length === 0}
                  onChange={() => toggleAll(pageSelectable)}
                />
              ),
              cell: ({ row: { original: r } }) =>
                selectable(r) ? (
                  <input type="checkbox" className={styles.checkbox} aria-label={`Select ${r.business.name}`} checked={selected.includes(r.kycDetailsId)} onChange={() => toggle(r.kycDetailsId)} />
                ) : null,
            }),
          ]
        : []),
      col.accessor((r) => r.business.name, {
        id: 'business',
        header: 'Business',
        meta: { isRowHeader: true, wrap: true },
        cell: (info) => <Link href={cacDetailsHref(info.row.original.kycDetailsId)}>{info.getValue()}</Link>,
      }),
      col.accessor((r) => r.business.regNo, { id: 'regNo', header: 'Registration number' }),
      col.display({
        id: 'documents',
        header: 'CAC documents',
        meta: { wrap: true },
        cell: ({ row: { original: r } }) => r.documents.map((d) => d.documentType.name).join(', '),
      }),
      col.accessor('status', { header: 'Status', cell: (info) => <StatusBadge status={info.getValue()} /> }),
      col.accessor('submittedAt', { header: 'Uploaded', cell: (info) => formatDay(info.getValue()) }),
      col.accessor('reviewedAt', { header: 'Decided', cell: (info) => formatDay(info.getValue()) }),
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
  }, [canDecide, selectable, selected, toggle, toggleAll, allOnPage, pageSelectable])

  return (
    <div className={styles.stackTight}>
      {canDecide && (
        <BulkDecisionBar
          selected={selected}
          describe={businesses}
          nameOf={(id) => names.current.get(id) ?? id}
          busy={bulk.isPending}
          decide={(input) => bulk.mutateAsync(input)}
          onDecided={selection.remove}
          onClear={selection.clear}
        />
      )}
      <DataTable
        {...table.tableProps}
        caption="CAC documents to review"
        hideCaption
        columns={columns}
        data={queue.data?.content}
        getRowId={(r) => r.kycDetailsId}
        totalElements={queue.data?.totalElements ?? 0}
        isLoading={queue.isPending}
        isFetching={queue.isPlaceholderData}
        error={queue.error}
        onRetry={() => void queue.refetch()}
        emptyTitle={table.hasFilters ? 'No record matches' : 'No CAC documents to review'}
        emptyDescription={table.hasFilters ? 'Change or clear the filters to see more.' : 'CAC documents appear here once a business submits its KYC.'}
        filters={filters}
      />
    </div>
  )
}
