import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { createColumnHelper, type ColumnDef } from '@tanstack/react-table'
import { useRouter } from 'next/router'
import { useMemo } from 'react'
import { DUE_FILTER_OPTIONS, DueBadge } from '@/components/review/due-badge'
import { queueApiQuery, ReviewQueueTable } from '@/components/review/review-queue-table'
import { RISK_TIER_FILTER, RiskTierBadge } from '@/components/review/risk-tier-badge'
import { Button, buttonClassName } from '@/components/ui/button'
import { Link } from '@/components/ui/link'
import type { DataTableFilter } from '@/components/ui/table-filters'
import { notify } from '@/components/ui/toasts'
import { useTableUrlState } from '@/components/ui/use-table-url-state'
import { formatDay } from '@/lib/format/day'
import { paths } from '@/lib/navigation/paths'
import { PERMISSIONS } from '@/lib/permissions/names'
import { referenceReads } from '@/lib/query/shared-queries'
import sharedStyles from '@/styles/staff-screens.module.css'
import { approvalQueries } from '../api/approval-queries'
import { useAssignReviewer } from '../api/review-calls'
import type { ForApprovalRow } from '../api/types'
import ownStyles from './approvals.module.css'

const styles = { ...sharedStyles, ...ownStyles }

export const QUEUE_FILTER_KEYS = [
  'businessName',
  'seniorApproval',
  'due',
  'typeId',
  'categoryId',
  'assigneeId',
  'riskTier',
  'from',
  'to',
  'recentFirst',
] as const
type QueueFilterKey = (typeof QUEUE_FILTER_KEYS)[number]
/** The API's sort fields of the queue (docs/api.md#lists). */
const QUEUE_SORTABLE = ['name', 'createdAt'] as const

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- column value types vary per column
type Column = ColumnDef<ForApprovalRow, any>

const days = (n: number) => `${n} day${n === 1 ? '' : 's'}`

/** The queue's words, empty or filtered to nothing. */
const QUEUE_TEXTS = {
  caption: 'Businesses waiting for a decision',
  empty: { title: 'Nothing is waiting for a decision', description: 'Businesses appear here once their KYC is marked complete.' },
  noMatchTitle: 'No business matches',
}

/** "12 days (3 waiting on the business)": the reviewers' part of the wait is the difference. */
export function waitingText(row: Pick<ForApprovalRow, 'waitingDays' | 'waitingOnBusinessDays'>): string {
  if (row.waitingDays === 0) return 'Since today'
  return row.waitingOnBusinessDays > 0
    ? `${days(row.waitingDays)} (${days(row.waitingOnBusinessDays)} waiting on the business)`
    : days(row.waitingDays)
}

/** The business's review; `from`, the queue's own URL (path and query), keeps its filters for the way back. */
export const previewHref = (id: string, from?: string) => paths.approvals.businessPreview(id, from)

export interface BusinessQueueProps {
  permissions: readonly string[]
  currentUserId: string
}

/**
 * `/s/admin/approvals/business`: businesses waiting for a decision, oldest first, with who has each one and how long
 * it has waited. Reviewers take a case (assign to me) or let it go (unassign); the filters live in the URL. "Waiting
 * for: Senior approval" lists the senior approvals queue, each due time then the senior approval's.
 */
export function BusinessQueue({ permissions, currentUserId }: BusinessQueueProps) {
  const canAssign = permissions.includes(PERMISSIONS.CAN_APPROVE_BUSINESS)
  const table = useTableUrlState<QueueFilterKey>({ filterKeys: QUEUE_FILTER_KEYS, sortableIds: QUEUE_SORTABLE })
  const queue = useQuery({
    ...approvalQueries.queue(queueApiQuery(table, QUEUE_FILTER_KEYS, ['riskTier'])),
    enabled: table.isReady,
    placeholderData: keepPreviousData,
  })
  const reviewers = useQuery(approvalQueries.reviewers())
  const types = useQuery(referenceReads.businessTypes())
  const categories = useQuery(referenceReads.businessCategories())
  const assign = useAssignReviewer()
  const from = useRouter().asPath
  const senior = table.filters.seniorApproval === 'true'

  const filters: DataTableFilter[] = [
    { key: 'businessName', label: 'Business name', type: 'search' },
    // The senior approvals queue (docs/service-levels.md#queues): its rows' due times are the senior approval's.
    {
      key: 'seniorApproval',
      label: 'Waiting for',
      type: 'select',
      placeholder: 'Any decision',
      options: [{ value: 'true', label: 'Senior approval (HIGH)' }],
    },
    { key: 'due', label: 'Due', type: 'select', placeholder: 'Any', options: DUE_FILTER_OPTIONS },
    { key: 'typeId', label: 'Type', type: 'select', options: types.data?.map((t) => ({ value: t.id, label: t.name })) ?? [] },
    {
      key: 'categoryId',
      label: 'Category',
      type: 'select',
      options: categories.data?.map((c) => ({ value: c.id, label: c.name })) ?? [],
    },
    {
      key: 'assigneeId',
      label: 'Assignee',
      type: 'select',
      placeholder: 'Anyone',
      options: [
        { value: 'me', label: 'Me' },
        { value: 'none', label: 'Nobody (unassigned)' },
        ...(reviewers.data?.filter((r) => r.id !== currentUserId).map((r) => ({ value: r.id, label: r.name })) ?? []),
      ],
    },
    RISK_TIER_FILTER,
    { key: 'from', label: 'Registered from', type: 'date' },
    { key: 'to', label: 'Registered to', type: 'date' },
    {
      key: 'recentFirst',
      label: 'Order',
      type: 'select',
      placeholder: 'Oldest first',
      options: [{ value: 'true', label: 'Newest first' }],
    },
  ]

  const columns = useMemo<Column[]>(() => {
    const col = createColumnHelper<ForApprovalRow>()
    return [
      col.accessor('name', {
        header: 'Business',
        enableSorting: true,
        meta: { isRowHeader: true, wrap: true },
        cell: ({ row: { original: r } }) => (
          <>
            <Link href={previewHref(r.id, from)}>{r.name}</Link>
            <span className={styles.secondary}>{r.regNo}</span>
          </>
        ),
      }),
      col.accessor('riskTier', { header: 'Risk', cell: ({ row: { original: r } }) => <RiskTierBadge tier={r.riskTier} /> }),
      col.accessor('createdAt', { header: 'Registered on', enableSorting: true, cell: (info) => formatDay(info.getValue()) }),
      // The day it entered the queue under how long it has waited: one column, so the queue fits a 1,366 px laptop.
      col.display({
        id: 'waiting',
        header: 'Waiting',
        meta: { wrap: true },
        cell: ({ row: { original: r } }) => (
          <>
            {waitingText(r)}
            <span className={styles.secondary}>since {formatDay(r.waitingSince)}</span>
          </>
        ),
      }),
      col.display({
        id: 'due',
        header: senior ? 'Senior approval due' : 'Due',
        meta: { wrap: true },
        cell: ({ row: { original: r } }) => <DueBadge dueAt={r.dueAt} dueStatus={r.dueStatus} />,
      }),
      col.display({
        id: 'assignee',
        header: 'Assignee',
        cell: ({ row: { original: r } }) =>
          r.assigneeId === currentUserId ? 'You' : (r.assigneeName ?? <span className={styles.muted}>Unassigned</span>),
      }),
      col.display({
        id: 'actions',
        header: 'Actions',
        meta: { wrap: true },
        cell: ({ row: { original: r } }) => (
          <span className={styles.actions}>
            <Link
              href={previewHref(r.id, from)}
              aria-label={`Review ${r.name}`}
              className={buttonClassName({ variant: 'secondary', size: 'sm' })}
            >
              Review
            </Link>
            {canAssign && r.assigneeId !== currentUserId && r.createdBy !== currentUserId && (
              <Button
                variant="link"
                size="sm"
                aria-label={`Assign ${r.name} to me`}
                disabled={assign.isPending}
                onClick={() =>
                  assign.mutate(
                    { businessId: r.id, userId: currentUserId },
                    { onSuccess: () => notify(`${r.name} is assigned to you.`, { type: 'success' }) },
                  )
                }
              >
                Assign to me
              </Button>
            )}
            {canAssign && r.assigneeId && (
              <Button
                variant="link"
                size="sm"
                aria-label={`Unassign ${r.name}`}
                disabled={assign.isPending}
                onClick={() =>
                  assign.mutate(
                    { businessId: r.id, userId: null },
                    { onSuccess: () => notify(`${r.name} is unassigned.`, { type: 'success' }) },
                  )
                }
              >
                Unassign
              </Button>
            )}
          </span>
        ),
      }),
    ]
  }, [canAssign, currentUserId, assign, from, senior])

  return (
    <ReviewQueueTable table={table} queue={queue} columns={columns} getRowId={(r) => r.id} filters={filters} {...QUEUE_TEXTS} />
  )
}
