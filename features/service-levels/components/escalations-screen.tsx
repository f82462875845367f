import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { createColumnHelper } from '@tanstack/react-table'
import { useMemo, useState } from 'react'
import { dueDay } from '@/components/review/due-badge'
import { Button } from '@/components/ui/button'
import { DataTable } from '@/components/ui/data-table'
import { Link } from '@/components/ui/link'
import { StatusBadge } from '@/components/ui/status-badge'
import type { DataTableFilter } from '@/components/ui/table-filters'
import { notify } from '@/components/ui/toasts'
import { useTableUrlState } from '@/components/ui/use-table-url-state'
import { QUEUE_LABELS, QUEUES, type Queue } from '@/lib/contracts/service-level-values'
import type { Escalation } from '@/lib/contracts/service-levels'
import { formatDay, formatDayTime } from '@/lib/format/day'
import { describeError } from '@/lib/http/errors'
import { paths } from '@/lib/navigation/paths'
import { serviceLevelQueries } from '../api/service-level-queries'
import { ReassignDialog } from './reassign-dialog'
import styles from './service-levels.module.css'

const FILTERS: DataTableFilter[] = [
  {
    key: 'open',
    label: 'State',
    type: 'select',
    placeholder: 'Still waiting or decided',
    options: [
      { value: 'true', label: 'Still waiting' },
      { value: 'false', label: 'Decided since' },
    ],
  },
  {
    key: 'queue',
    label: 'Queue',
    type: 'select',
    placeholder: 'Every queue',
    options: QUEUES.map((q) => ({ value: q, label: QUEUE_LABELS[q] })),
  },
]

/** Where a supervisor opens the item. */
function itemHref(e: Escalation): string | null {
  if (e.queue === 'AUTHORIZATIONS') return paths.admin.authorizationDetails(e.itemId)
  return e.businessId ? paths.approvals.businessPreview(e.businessId) : null
}

/**
 * `/s/admin/escalations`: items found past their due time (docs/service-levels.md#escalation), newest first, with who
 * has each; a supervisor reassigns one with a reason.
 */
export function EscalationsScreen() {
  const table = useTableUrlState({ filterKeys: ['open', 'queue'] })
  const list = useQuery({
    ...serviceLevelQueries.escalations({
      pageNumber: table.pageNumber,
      pageSize: table.pageSize,
      open: table.filters.open === 'true' || table.filters.open === 'false' ? table.filters.open : undefined,
      queue: QUEUES.includes(table.filters.queue as Queue) ? (table.filters.queue as Queue) : undefined,
    }),
    enabled: table.isReady,
    placeholderData: keepPreviousData,
  })
  const [reassigning, setReassigning] = useState<Escalation | null>(null)

  const columns = useMemo(() => {
    const col = createColumnHelper<Escalation>()
    return [
      col.accessor((e) => e.businessName ?? e.itemId, {
        id: 'item',
        header: 'Item',
        meta: { isRowHeader: true, wrap: true },
        cell: ({ row: { original: e }, getValue }) => {
          const href = itemHref(e)
          return (
            <>
              {href ? <Link href={href}>{getValue()}</Link> : getValue()}
              <span className={styles.secondary}>{QUEUE_LABELS[e.queue]}</span>
            </>
          )
        },
      }),
      col.accessor('dueAt', {
        header: 'Was due',
        cell: ({ row: { original: e } }) => (
          <>
            <StatusBadge status="OVERDUE" label="Overdue" tone="danger" /> <span>by {formatDay(dueDay(e.dueAt))}</span>
          </>
        ),
      }),
      col.accessor('breachedAt', { header: 'Escalated', cell: (info) => formatDayTime(info.getValue()) }),
      col.accessor('assigneeName', {
        header: 'Assignee',
        meta: { wrap: true },
        cell: (info) => info.getValue() ?? 'Unassigned',
      }),
      col.accessor('open', {
        header: 'State',
        cell: (info) => (info.getValue() ? 'Still waiting' : 'Decided since'),
      }),
      col.display({
        id: 'actions',
        header: 'Actions',
        cell: ({ row: { original: e } }) =>
          e.open ? (
            <Button
              variant="secondary"
              size="sm"
              aria-label={`Reassign ${e.businessName ?? e.itemId}`}
              onClick={() => setReassigning(e)}
            >
              Reassign
            </Button>
          ) : null,
      }),
    ]
  }, [])

  return (
    <div className={styles.stack}>
      <p className={styles.notice}>
        An item is escalated once, when it passes its due time: its assignee and the supervisors are told. Business days follow
        Nigeria&apos;s public holidays and the holidays staff add; a day ends at midnight in Lagos. Targets and holidays:{' '}
        <Link href={paths.admin.serviceLevels()}>Service levels</Link>.
      </p>
      <DataTable
        {...table.tableProps}
        caption="Escalations, newest first"
        hideCaption
        columns={columns}
        filters={FILTERS}
        data={list.data?.content}
        totalElements={list.data?.totalElements ?? 0}
        getRowId={(e) => e.id}
        isLoading={list.isPending}
        isFetching={list.isPlaceholderData}
        error={list.error}
        errorMessage={list.error ? describeError(list.error, "We couldn't load the escalations. Try again.") : undefined}
        onRetry={() => void list.refetch()}
        emptyTitle="No escalations"
        emptyDescription={table.hasFilters ? 'No escalation matches these filters.' : 'Nothing has passed its due time.'}
      />
      {reassigning && (
        <ReassignDialog
          queue={reassigning.queue}
          itemId={reassigning.itemId}
          itemName={reassigning.businessName ?? reassigning.itemId}
          currentAssigneeId={reassigning.assigneeId}
          onCancel={() => setReassigning(null)}
          onDone={(name) => {
            notify(`${reassigning.businessName ?? 'The item'} is now with ${name}.`, { type: 'success' })
            setReassigning(null)
          }}
        />
      )}
    </div>
  )
}
