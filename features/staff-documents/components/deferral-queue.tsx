import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { createColumnHelper, type ColumnDef } from '@tanstack/react-table'
import dynamic from 'next/dynamic'
import Link from 'next/link'
import { useEffect, useId, useMemo, useRef, useState } from 'react'
import { Button } from '@/components/ui/button'
import { DataTable } from '@/components/ui/data-table'
import { Skeleton } from '@/components/ui/skeleton'
import { StatusBadge } from '@/components/ui/status-badge'
import type { DataTableFilter } from '@/components/ui/table-filters'
import { useTableUrlState } from '@/components/ui/use-table-url-state'
import { NAV_PATHS } from '@/lib/navigation/nav-items'
import { PERMISSIONS } from '@/lib/permissions'
import { useBulkDecideDeferrals } from '../api/decision-calls'
import { staffDocumentQueries } from '../api/staff-document-queries'
import type { StaffDeferral } from '../api/types'
import { BulkDecisionBar } from './bulk-decision-bar'
import { formatDay } from './dates'
import { apiQuery, DEFERRAL_STATUS_OPTIONS, ORDER_OPTIONS } from './review-values'
import styles from './staff-documents.module.css'
import { useSelection } from './use-selection'

// Loaded when opened: most visitors of the queue never change the settings.
const DeferralSettings = dynamic(() => import('./deferral-settings').then((m) => m.DeferralSettings), {
  ssr: false,
  loading: () => <Skeleton count={3} label="Loading the deferral settings" />,
})

export const DEFERRAL_FILTER_KEYS = ['status', 'businessName', 'documentTypeId', 'from', 'to', 'recentFirst'] as const
type DeferralFilterKey = (typeof DEFERRAL_FILTER_KEYS)[number]

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- column value types vary per column
type Column = ColumnDef<StaffDeferral, any>

export const deferralDetailsHref = (id: string) => `${NAV_PATHS.deferralApprovals}/details?id=${encodeURIComponent(id)}`
const deferralsText = (n: number) => `${n} deferral${n === 1 ? '' : 's'}`

export interface DeferralQueueProps {
  permissions: readonly string[]
  currentUserId: string
  memberOf: readonly string[]
}

/**
 * `/s/admin/approvals/deferral`: deferral requests with their business, filtered by status (OVERDUE derived), name,
 * document type and request date in the URL. Holders of CAN_APPROVE_DEFERRAL select pending requests they did not
 * make and decide them together with one comment.
 */
export function DeferralQueue({ permissions, currentUserId, memberOf }: DeferralQueueProps) {
  const canDecide = permissions.includes(PERMISSIONS.CAN_APPROVE_DEFERRAL)
  const canSeeSettings = permissions.includes(PERMISSIONS.CAN_UPDATE_DEFERRABLE) || permissions.includes(PERMISSIONS.CAN_READ_DEFERRABLE_MAPPING)
  const [settingsOpen, setSettingsOpen] = useState(false)
  const settingsId = useId()
  const table = useTableUrlState<DeferralFilterKey>({ filterKeys: DEFERRAL_FILTER_KEYS })
  const queue = useQuery({ ...staffDocumentQueries.deferralQueue(apiQuery(table, DEFERRAL_FILTER_KEYS)), enabled: table.isReady, placeholderData: keepPreviousData })
  const types = useQuery(staffDocumentQueries.documentTypes())
  const selection = useSelection()
  const bulk = useBulkDecideDeferrals()
  const names = useRef(new Map<string, string>())
  useEffect(() => {
    for (const row of queue.data?.content ?? []) names.current.set(row.id, `${row.business.name} (${row.documentType.name})`)
  }, [queue.data])

  const selectable = useMemo(
    () => (r: StaffDeferral) => canDecide && r.status === 'PENDING' && r.requestedBy !== currentUserId && !memberOf.includes(r.business.id),
    [canDecide, currentUserId, memberOf],
  )
  const pageSelectable = (queue.data?.content ?? []).filter(selectable).map((r) => r.id)

  const filters: DataTableFilter[] = [
    { key: 'status', label: 'Status', type: 'select', options: DEFERRAL_STATUS_OPTIONS },
    { key: 'businessName', label: 'Business name', type: 'search' },
    { key: 'documentTypeId', label: 'Document', type: 'select', options: types.data?.map((t) => ({ value: t.id, label: t.name })) ?? [] },
    { key: 'from', label: 'Requested from', type: 'date' },
    { key: 'to', label: 'Requested to', type: 'date' },
    { key: 'recentFirst', label: 'Order', type: 'select', placeholder: 'Newest first', options: ORDER_OPTIONS },
  ]

  const { selected, toggle, toggleAll } = selection
  const allOnPage = pageSelectable.length > 0 && pageSelectable.every((id) => selected.includes(id))
  const columns = useMemo<Column[]>(() => {
    const col = createColumnHelper<StaffDeferral>()
    return [
      ...(canDecide
        ? [
            col.display({
              id: 'select',
              header: () => (
                <input
                  type="checkbox"
                  className={styles.checkbox}
                  aria-label="Select every pending request on this page"
                  checked={allOnPage}
                  disabled={pageSelectable.length === 0}
                  onChange={() => toggleAll(pageSelectable)}
                />
              ),
              cell: ({ row: { original: r } }) =>
                selectable(r) ? (
                  <input
                    type="checkbox"
                    className={styles.checkbox}
                    aria-label={`Select ${r.business.name}: ${r.documentType.name}`}
                    checked={selected.includes(r.id)}
                    onChange={() => toggle(r.id)}
                  />
                ) : null,
            }),
          ]
        : []),
      col.accessor((r) => r.business.name, {
        id: 'business',
        header: 'Business',
        meta: { isRowHeader: true, wrap: true },
        cell: (info) => <Link href={deferralDetailsHref(info.row.original.id)}>{info.getValue()}</Link>,
      }),
      col.accessor((r) => r.documentType.name, { id: 'document', header: 'Document', meta: { wrap: true } }),
      col.accessor('days', { header: 'Days', meta: { align: 'end' } }),
      col.accessor('requestedAt', { header: 'Requested', cell: (info) => formatDay(info.getValue()) }),
      col.accessor('requestedByName', { header: 'Requested by', cell: (info) => info.getValue() ?? '—' }),
      col.accessor('displayStatus', { header: 'Status', cell: (info) => <StatusBadge status={info.getValue()} tone={info.getValue() === 'OVERDUE' ? 'danger' : undefined} /> }),
      col.accessor('dueDate', { header: 'Due', cell: (info) => formatDay(info.getValue()) }),
      col.display({
        id: 'actions',
        header: 'Actions',
        cell: ({ row: { original: r } }) => (
          <Link href={deferralDetailsHref(r.id)} aria-label={`Review the deferral of ${r.documentType.name} for ${r.business.name}`}>
            {r.status === 'PENDING' && canDecide ? 'Review' : 'View'}
          </Link>
        ),
      }),
    ]
  }, [canDecide, selectable, selected, toggle, toggleAll, allOnPage, pageSelectable])

  return (
    <div className={styles.stackTight}>
      {canSeeSettings && (
        <div className={styles.actions}>
          <Button variant="secondary" size="sm" aria-expanded={settingsOpen} aria-controls={settingsOpen ? settingsId : undefined} onClick={() => setSettingsOpen((v) => !v)}>
            Deferral settings
          </Button>
        </div>
      )}
      {canSeeSettings && settingsOpen && <DeferralSettings id={settingsId} permissions={permissions} />}
      {canDecide && (
        <BulkDecisionBar
          selected={selected}
          describe={deferralsText}
          nameOf={(id) => names.current.get(id) ?? id}
          busy={bulk.isPending}
          decide={(input) => bulk.mutateAsync(input)}
          onDecided={selection.remove}
          onClear={selection.clear}
        />
      )}
      <DataTable
        {...table.tableProps}
        caption="Deferral requests"
        hideCaption
        columns={columns}
        data={queue.data?.content}
        getRowId={(r) => r.id}
        totalElements={queue.data?.totalElements ?? 0}
        isLoading={queue.isPending}
        isFetching={queue.isPlaceholderData}
        error={queue.error}
        onRetry={() => void queue.refetch()}
        emptyTitle={table.hasFilters ? 'No request matches' : 'No deferral requests'}
        emptyDescription={table.hasFilters ? 'Change or clear the filters to see more.' : 'Requests appear here when a business asks to provide a document later.'}
        filters={filters}
      />
    </div>
  )
}
