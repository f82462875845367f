import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { createColumnHelper } from '@tanstack/react-table'
import { useMemo } from 'react'
import { DueBadge, DUE_FILTER_OPTIONS } from '@/components/review/due-badge'
import { DataTable } from '@/components/ui/data-table'
import { Link } from '@/components/ui/link'
import { StatusBadge } from '@/components/ui/status-badge'
import type { DataTableFilter } from '@/components/ui/table-filters'
import { useTableUrlState } from '@/components/ui/use-table-url-state'
import {
  AUTHORIZATION_STATUS_LABELS,
  AUTHORIZATION_STATUSES,
  AUTHORIZATION_TYPE_LABELS,
  AUTHORIZATION_TYPES,
  authorizationTitle,
  type AuthorizationStatus,
  type AuthorizationType,
} from '@/lib/contracts/authorization-values'
import type { AuthorizationListParams, AuthorizationRowItem } from '@/lib/contracts/authorizations'
import type { DueStatusValue } from '@/lib/contracts/service-level-values'
import { formatRelativeTime } from '@/lib/format/relative-time'
import { describeError } from '@/lib/http/errors'
import { paths } from '@/lib/navigation/paths'
import { PERMISSIONS } from '@/lib/permissions/names'
import { authorizationQueries } from '../api/authorization-queries'
import styles from './authorizations.module.css'

const FILTERS: readonly DataTableFilter[] = [
  {
    key: 'status',
    label: 'Status',
    type: 'select',
    options: AUTHORIZATION_STATUSES.map((s) => ({ value: s, label: AUTHORIZATION_STATUS_LABELS[s] })),
  },
  {
    key: 'type',
    label: 'Type',
    type: 'select',
    options: AUTHORIZATION_TYPES.map((t) => ({ value: t, label: AUTHORIZATION_TYPE_LABELS[t] })),
  },
  { key: 'due', label: 'Due (pending)', type: 'select', placeholder: 'Any', options: DUE_FILTER_OPTIONS },
  { key: 'mine', label: 'Requested by', type: 'select', placeholder: 'Anyone', options: [{ value: 'true', label: 'Me' }] },
  { key: 'from', label: 'From', type: 'date' },
  { key: 'to', label: 'To', type: 'date' },
]

/** The API's sort fields of the list (docs/api.md#lists); pending first, then newest, by default. */
const SORTABLE = ['createdAt', 'status', 'dueAt'] as const

export interface AuthorizationsScreenProps {
  permissions: readonly string[]
  currentUserId: string
}

/**
 * /s/admin/authorizations: the checker's inbox (pending first, then newest), and for someone who may only request
 * changes, their own requests and how each was decided.
 */
export function AuthorizationsScreen({ permissions, currentUserId }: AuthorizationsScreenProps) {
  const table = useTableUrlState({ filterKeys: ['status', 'due', 'type', 'mine', 'from', 'to'], sortableIds: SORTABLE })
  const readsAll =
    permissions.includes(PERMISSIONS.CAN_READ_AUTHORIZATION) || permissions.includes(PERMISSIONS.CAN_UPDATE_AUTHORIZATION)
  const list = useQuery({
    ...authorizationQueries.list({
      pageNumber: table.pageNumber,
      pageSize: table.pageSize,
      sort: table.query.sort as AuthorizationListParams['sort'],
      status: table.filters.status as AuthorizationStatus | undefined,
      due: table.filters.due as DueStatusValue | undefined,
      type: table.filters.type as AuthorizationType | undefined,
      mine: table.filters.mine === 'true' ? 'true' : undefined,
      from: table.filters.from,
      to: table.filters.to,
    }),
    enabled: table.isReady,
    placeholderData: keepPreviousData,
  })

  const columns = useMemo(() => {
    const column = createColumnHelper<AuthorizationRowItem>()
    return [
      column.accessor('target', {
        header: 'Change',
        meta: { isRowHeader: true, wrap: true },
        cell: (info) => (
          <Link href={paths.admin.authorizationDetails(info.row.original.id)}>
            {authorizationTitle(info.row.original.type, info.getValue())}
          </Link>
        ),
      }),
      column.accessor((a) => a.maker.name, {
        id: 'maker',
        header: 'Requested by',
        meta: { wrap: true },
        cell: (info) => (info.row.original.maker.id === currentUserId ? 'You' : info.getValue()),
      }),
      column.accessor('createdAt', { header: 'Age', enableSorting: true, cell: (info) => formatRelativeTime(info.getValue()) }),
      column.accessor('status', {
        header: 'Status',
        enableSorting: true,
        cell: (info) => <StatusBadge status={info.getValue()} label={AUTHORIZATION_STATUS_LABELS[info.getValue()]} />,
      }),
      column.accessor('dueAt', {
        header: 'Due',
        enableSorting: true,
        meta: { wrap: true },
        cell: ({ row: { original: a } }) => <DueBadge dueAt={a.dueAt} dueStatus={a.dueStatus} />,
      }),
      column.accessor((a) => a.checker?.name ?? '', {
        id: 'checker',
        header: 'Decided by',
        meta: { wrap: true },
        cell: (info) => info.getValue() || '—',
      }),
    ]
  }, [currentUserId])

  return (
    <div className={styles.stack}>
      {!readsAll && <p className={styles.notice}>You see the changes you requested and how each was decided.</p>}
      <DataTable
        {...table.tableProps}
        caption="Authorizations, pending first"
        hideCaption
        columns={columns}
        filters={FILTERS}
        data={list.data?.content}
        totalElements={list.data?.totalElements ?? 0}
        getRowId={(a) => a.id}
        isLoading={list.isPending}
        isFetching={list.isPlaceholderData}
        error={list.error}
        errorMessage={list.error ? describeError(list.error, "We couldn't load the authorizations. Try again.") : undefined}
        onRetry={() => void list.refetch()}
        emptyTitle="Nothing to decide"
        emptyDescription={table.hasFilters ? 'No authorization matches these filters.' : 'No change is waiting for approval.'}
      />
    </div>
  )
}
