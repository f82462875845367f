import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { createColumnHelper, type ColumnDef } from '@tanstack/react-table'
import { useMemo } from 'react'
import { DUE_FILTER_OPTIONS, DueBadge } from '@/components/review/due-badge'
import { ReviewQueueTable } from '@/components/review/review-queue-table'
import { buttonClassName } from '@/components/ui/button'
import { Link } from '@/components/ui/link'
import { StatusBadge } from '@/components/ui/status-badge'
import type { DataTableFilter } from '@/components/ui/table-filters'
import { useTableUrlState } from '@/components/ui/use-table-url-state'
import type { ScreeningQueueItem } from '@/lib/contracts/screening'
import { SCREENING_HIT_STATUSES, type ScreeningHitStatus } from '@/lib/contracts/screening-values'
import { formatDay } from '@/lib/format/day'
import { paths } from '@/lib/navigation/paths'
import { screeningQueries } from '../api/screening-queries'
import { HIT_STATUS_BADGES, scoreWords, SUBJECT_KIND_WORDS } from '../model/screening-words'
import styles from './screening.module.css'

/** The queue's filters in the URL, as `paths.admin.screening` writes them. */
const FILTER_KEYS = ['status', 'due', 'list', 'q'] as const
/** The API's sort fields of the queue (docs/api.md#lists); oldest first by default. */
const SORTABLE = ['createdAt', 'dueAt'] as const
type FilterKey = (typeof FILTER_KEYS)[number]

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- column value types vary per column
type Column = ColumnDef<ScreeningQueueItem, any>

/** The status in the URL, OPEN when absent or unknown (the API's default). */
const statusOf = (value: string | undefined): ScreeningHitStatus => SCREENING_HIT_STATUSES.find((s) => s === value) ?? 'OPEN'

const EMPTY: Record<ScreeningHitStatus, { title: string; description: string }> = {
  OPEN: {
    title: 'Nothing waits for adjudication',
    description: 'A possible match appears here when a KYC submission, a KYC change or a list update finds one.',
  },
  FALSE_MATCH: { title: 'No candidate was cleared yet', description: 'Candidates adjudicated as false matches appear here.' },
  TRUE_MATCH: { title: 'No true match was confirmed', description: 'Candidates confirmed as true matches appear here.' },
}

/**
 * `/s/admin/screening`: screening candidates, OPEN first by default and oldest first, filtered by status, list and
 * name in the URL. Each row opens the business review at its screening section, where the candidate is compared and
 * adjudicated.
 */
export function ScreeningQueue() {
  const table = useTableUrlState<FilterKey>({ filterKeys: FILTER_KEYS, sortableIds: SORTABLE })
  const status = statusOf(table.filters.status)
  const queue = useQuery({
    ...screeningQueries.queue({
      status,
      list: table.filters.list,
      q: table.filters.q,
      due: table.filters.due,
      sort: table.query.sort,
      pageNumber: table.pageNumber,
      pageSize: table.pageSize,
    }),
    enabled: table.isReady,
    placeholderData: keepPreviousData,
  })
  const lists = useQuery(screeningQueries.lists())

  const filters: DataTableFilter[] = [
    {
      key: 'status',
      label: 'Status',
      type: 'select',
      placeholder: HIT_STATUS_BADGES.OPEN.label,
      options: [
        { value: 'FALSE_MATCH', label: 'False matches' },
        { value: 'TRUE_MATCH', label: 'True matches' },
      ],
    },
    { key: 'due', label: 'Due (open)', type: 'select', placeholder: 'Any', options: DUE_FILTER_OPTIONS },
    {
      key: 'list',
      label: 'List',
      type: 'select',
      placeholder: 'Every list',
      options: lists.data?.lists.map((l) => ({ value: l.code, label: l.name })) ?? [],
    },
    { key: 'q', label: 'Name (business, person or listed)', type: 'search' },
  ]

  const columns = useMemo<Column[]>(() => {
    const col = createColumnHelper<ScreeningQueueItem>()
    return [
      col.accessor('subjectName', {
        header: 'Screened',
        meta: { isRowHeader: true, wrap: true },
        cell: ({ row: { original: r } }) => (
          <>
            {r.subjectName}
            <span className={styles.secondary}>{SUBJECT_KIND_WORDS[r.subjectKind]}</span>
          </>
        ),
      }),
      col.accessor('matchedName', {
        header: 'Listed',
        meta: { wrap: true },
        cell: ({ row: { original: r } }) => (
          <>
            {r.matchedName}
            <span className={styles.secondary}>{r.list.name}</span>
          </>
        ),
      }),
      col.accessor('score', { header: 'Score', meta: { align: 'end' }, cell: (info) => scoreWords(info.getValue<number>()) }),
      col.display({
        id: 'business',
        header: 'Business',
        meta: { wrap: true },
        cell: ({ row: { original: r } }) => r.business.name,
      }),
      col.accessor('createdAt', {
        header: 'Found on',
        enableSorting: true,
        cell: (info) => formatDay(info.getValue<string>()),
      }),
      col.accessor('dueAt', {
        header: 'Due',
        enableSorting: true,
        meta: { wrap: true },
        cell: ({ row: { original: r } }) => <DueBadge dueAt={r.dueAt} dueStatus={r.dueStatus} />,
      }),
      col.accessor('status', {
        header: 'Status',
        cell: (info) => {
          const badge = HIT_STATUS_BADGES[info.getValue<ScreeningHitStatus>()]
          return <StatusBadge status={info.getValue<string>()} label={badge.label} tone={badge.tone} />
        },
      }),
      col.display({
        id: 'actions',
        header: 'Actions',
        cell: ({ row: { original: r } }) => (
          <Link
            href={paths.approvals.businessScreening(r.business.id)}
            aria-label={`Compare ${r.subjectName} with ${r.matchedName} (${r.business.name})`}
            className={buttonClassName({ variant: 'secondary', size: 'sm' })}
          >
            {r.status === 'OPEN' ? 'Compare' : 'Open'}
          </Link>
        ),
      }),
    ]
  }, [])

  return (
    <div className={styles.queue}>
      <ul className={styles.queueLinks} aria-label="Screening">
        <li>
          <Link href={paths.admin.screeningLists()}>Lists and their versions</Link>
        </li>
        <li>
          <Link href={paths.admin.screeningSearch()}>Search the lists</Link>
        </li>
      </ul>
      <ReviewQueueTable
        table={table}
        queue={queue}
        columns={columns}
        getRowId={(r) => r.id}
        filters={filters}
        caption="Screening candidates, oldest first"
        empty={EMPTY[status]}
        noMatchTitle="No candidate matches"
      />
    </div>
  )
}
