import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { createColumnHelper, type ColumnDef } from '@tanstack/react-table'
import dynamic from 'next/dynamic'
import { useId, useMemo, useState } from 'react'
import { DUE_FILTER_OPTIONS, DueBadge } from '@/components/review/due-badge'
import { queueApiQuery, ReviewQueueTable } from '@/components/review/review-queue-table'
import { Button } from '@/components/ui/button'
import { Link } from '@/components/ui/link'
import { Skeleton } from '@/components/ui/skeleton'
import { StatusBadge } from '@/components/ui/status-badge'
import type { DataTableFilter } from '@/components/ui/table-filters'
import { useTableUrlState } from '@/components/ui/use-table-url-state'
import { formatDay } from '@/lib/format/day'
import { paths } from '@/lib/navigation/paths'
import { PERMISSIONS } from '@/lib/permissions/names'
import { referenceReads } from '@/lib/query/shared-queries'
import sharedStyles from '@/styles/staff-screens.module.css'
import { useBulkDecideDeferrals } from '../api/decision-calls'
import { staffDocumentQueries } from '../api/staff-document-queries'
import type { StaffDeferralListItem } from '../api/types'
import { DEFERRAL_STATUS_OPTIONS, ORDER_OPTIONS } from '../model/review-values'
import { BulkDecisionBar } from './bulk-decision-bar'
import { selectColumn, useQueueSelection } from './queue-selection'
import ownStyles from './staff-documents.module.css'

const styles = { ...sharedStyles, ...ownStyles }

// Loaded when opened: most visitors of the queue never change the settings.
const DeferralSettings = dynamic(() => import('./deferral-settings').then((m) => m.DeferralSettings), {
  ssr: false,
  loading: () => <Skeleton count={3} label="Loading the deferral settings" />,
})

export const DEFERRAL_FILTER_KEYS = ['status', 'due', 'businessName', 'documentTypeId', 'from', 'to', 'recentFirst'] as const
type DeferralFilterKey = (typeof DEFERRAL_FILTER_KEYS)[number]

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- column value types vary per column
type Column = ColumnDef<StaffDeferralListItem, any>

export const deferralDetailsHref = (id: string) => paths.approvals.deferralDetails(id)
const deferralsText = (n: number) => `${n} deferral${n === 1 ? '' : 's'}`

export interface DeferralQueueProps {
  permissions: readonly string[]
  currentUserId: string
  memberOf: readonly string[]
}

/** The queue's words, empty or filtered to nothing. */
const QUEUE_TEXTS = {
  caption: 'Deferral requests',
  empty: { title: 'No deferral requests', description: 'Requests appear here when a business asks to provide a document later.' },
  noMatchTitle: 'No request matches',
}

/** The API's sort fields of the queue (docs/api.md#lists). */
const DEFERRAL_SORTABLE = ['businessName', 'createdAt', 'dueDate', 'status', 'dueAt'] as const

/**
 * `/s/admin/approvals/deferral`: deferral requests with their business, filtered by status (OVERDUE derived), name,
 * document type and request date in the URL. Holders of CAN_APPROVE_DEFERRAL select pending requests they did not
 * make and decide them together with one comment.
 */
export function DeferralQueue({ permissions, currentUserId, memberOf }: DeferralQueueProps) {
  const canDecide = permissions.includes(PERMISSIONS.CAN_APPROVE_DEFERRAL)
  const canSeeSettings =
    permissions.includes(PERMISSIONS.CAN_UPDATE_DEFERRABLE) || permissions.includes(PERMISSIONS.CAN_READ_DEFERRABLE_MAPPING)
  const [settingsOpen, setSettingsOpen] = useState(false)
  const settingsId = useId()
  const table = useTableUrlState<DeferralFilterKey>({ filterKeys: DEFERRAL_FILTER_KEYS, sortableIds: DEFERRAL_SORTABLE })
  const queue = useQuery({
    ...staffDocumentQueries.deferralQueue(queueApiQuery(table, DEFERRAL_FILTER_KEYS)),
    enabled: table.isReady,
    placeholderData: keepPreviousData,
  })
  const types = useQuery(referenceReads.documentTypes())
  const bulk = useBulkDecideDeferrals()
  const selection = useQueueSelection(queue.data?.content, {
    idOf: (r) => r.id,
    nameOf: (r) => `${r.business.name} (${r.documentType.name})`,
    selectable: (r) =>
      canDecide && r.status === 'PENDING' && r.requestedBy !== currentUserId && !memberOf.includes(r.business.id),
  })

  const filters: DataTableFilter[] = [
    { key: 'status', label: 'Status', type: 'select', options: DEFERRAL_STATUS_OPTIONS },
    // The review's due time (docs/service-levels.md#due-times), not the document's deadline.
    { key: 'due', label: 'Review due', type: 'select', placeholder: 'Any', options: DUE_FILTER_OPTIONS },
    { key: 'businessName', label: 'Business name', type: 'search' },
    {
      key: 'documentTypeId',
      label: 'Document',
      type: 'select',
      options: types.data?.map((t) => ({ value: t.id, label: t.name })) ?? [],
    },
    { key: 'from', label: 'Requested from', type: 'date' },
    { key: 'to', label: 'Requested to', type: 'date' },
    { key: 'recentFirst', label: 'Order', type: 'select', placeholder: 'Newest first', options: ORDER_OPTIONS },
  ]

  const columns = useMemo<Column[]>(() => {
    const col = createColumnHelper<StaffDeferralListItem>()
    return [
      ...(canDecide
        ? [
            selectColumn(selection, {
              all: 'Select every pending request on this page',
              row: (r) => `Select ${r.business.name}: ${r.documentType.name}`,
            }),
          ]
        : []),
      col.accessor((r) => r.business.name, {
        id: 'businessName',
        header: 'Business',
        enableSorting: true,
        meta: { isRowHeader: true, wrap: true },
        cell: (info) => <Link href={deferralDetailsHref(info.row.original.id)}>{info.getValue()}</Link>,
      }),
      col.accessor((r) => r.documentType.name, { id: 'document', header: 'Document', meta: { wrap: true } }),
      col.accessor('days', { header: 'Days', meta: { align: 'end' } }),
      col.accessor('requestedAt', {
        id: 'createdAt',
        header: 'Requested',
        enableSorting: true,
        meta: { wrap: true },
        cell: ({ row: { original: r } }) => (
          <>
            {formatDay(r.requestedAt)}
            {r.requestedByName && <span className={styles.secondary}>by {r.requestedByName}</span>}
          </>
        ),
      }),
      col.accessor('displayStatus', {
        id: 'status',
        header: 'Status',
        enableSorting: true,
        cell: (info) => <StatusBadge status={info.getValue()} tone={info.getValue() === 'OVERDUE' ? 'danger' : undefined} />,
      }),
      col.accessor('dueDate', { header: 'Due', enableSorting: true, cell: (info) => formatDay(info.getValue()) }),
      col.accessor('dueAt', {
        header: 'Review due',
        enableSorting: true,
        meta: { wrap: true },
        cell: ({ row: { original: r } }) => <DueBadge dueAt={r.dueAt} dueStatus={r.dueStatus} />,
      }),
      col.display({
        id: 'actions',
        header: 'Actions',
        cell: ({ row: { original: r } }) => (
          <Link
            href={deferralDetailsHref(r.id)}
            aria-label={`Review the deferral of ${r.documentType.name} for ${r.business.name}`}
          >
            {r.status === 'PENDING' && canDecide ? 'Review' : 'View'}
          </Link>
        ),
      }),
    ]
  }, [canDecide, selection])

  return (
    <div className={styles.stackTight}>
      {canSeeSettings && (
        <div className={styles.actions}>
          <Button
            variant="secondary"
            size="sm"
            aria-expanded={settingsOpen}
            aria-controls={settingsOpen ? settingsId : undefined}
            onClick={() => setSettingsOpen((v) => !v)}
          >
            Deferral settings
          </Button>
        </div>
      )}
      {canSeeSettings && settingsOpen && <DeferralSettings id={settingsId} permissions={permissions} />}
      {canDecide && <BulkDecisionBar selection={selection} describe={deferralsText} bulk={bulk} />}
      <ReviewQueueTable table={table} queue={queue} columns={columns} getRowId={(r) => r.id} filters={filters} {...QUEUE_TEXTS} />
    </div>
  )
}
