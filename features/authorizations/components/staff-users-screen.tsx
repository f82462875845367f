import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { createColumnHelper } from '@tanstack/react-table'
import { useMemo, useState } from 'react'
import { Button } from '@/components/ui/button'
import { DataTable } from '@/components/ui/data-table'
import { EmptyState } from '@/components/ui/empty-state'
import { Link } from '@/components/ui/link'
import { StatusBadge } from '@/components/ui/status-badge'
import type { DataTableFilter } from '@/components/ui/table-filters'
import { useTableUrlState } from '@/components/ui/use-table-url-state'
import type { StaffUser } from '@/lib/contracts/authorizations'
import { formatDateTime } from '@/lib/format/date'
import { describeError } from '@/lib/http/errors'
import { paths } from '@/lib/navigation/paths'
import { PERMISSIONS } from '@/lib/permissions/names'
import { authorizationQueries } from '../api/authorization-queries'
import styles from './authorizations.module.css'
import { UserEditor } from './user-editor'

export interface StaffUsersScreenProps {
  permissions: readonly string[]
  currentUserId: string
}

const STATUS_OPTIONS = [
  { value: 'ACTIVE', label: 'Active' },
  { value: 'PENDING_ACTIVATION', label: 'Invited' },
  { value: 'DISABLED', label: 'Disabled' },
]

/** /s/businesses/manage-users for staff: staff users with their roles; invitations and changes go to an approver. */
export function StaffUsersScreen({ permissions, currentUserId }: StaffUsersScreenProps) {
  const table = useTableUrlState({ filterKeys: ['search', 'status', 'role'] })
  const [editing, setEditing] = useState<StaffUser | 'new' | null>(null)
  const canRead = permissions.includes(PERMISSIONS.CAN_READ_USER)
  const canCreate = permissions.includes(PERMISSIONS.CAN_CREATE_USER)
  const canUpdate = permissions.includes(PERMISSIONS.CAN_UPDATE_USER)
  const roles = useQuery({ ...authorizationQueries.roles({ scope: 'staff' }), enabled: canRead })
  const users = useQuery({
    ...authorizationQueries.users({
      pageNumber: table.pageNumber,
      pageSize: table.pageSize,
      search: table.filters.search,
      status: table.filters.status as StaffUser['status'] | undefined,
      role: table.filters.role,
    }),
    enabled: table.isReady && canRead,
    placeholderData: keepPreviousData,
  })

  const filters: readonly DataTableFilter[] = useMemo(
    () => [
      { key: 'search', label: 'Name or e-mail', type: 'search' },
      { key: 'status', label: 'Status', type: 'select', options: STATUS_OPTIONS },
      { key: 'role', label: 'Role', type: 'select', options: (roles.data ?? []).map((r) => ({ value: r.id, label: r.name })) },
    ],
    [roles.data],
  )

  const columns = useMemo(() => {
    const column = createColumnHelper<StaffUser>()
    return [
      column.accessor((u) => `${u.firstName} ${u.lastName}`, {
        id: 'name',
        header: 'Name',
        meta: { isRowHeader: true, wrap: true },
        cell: (info) => (
          <>
            {info.getValue()}
            <div className={styles.muted}>{info.row.original.email}</div>
          </>
        ),
      }),
      column.accessor((u) => u.roles.map((r) => r.name).join(', '), { id: 'roles', header: 'Roles', meta: { wrap: true } }),
      column.accessor('status', { header: 'Status', cell: (info) => <StatusBadge status={info.getValue()} /> }),
      column.accessor('createdAt', { header: 'Since', cell: (info) => formatDateTime(info.getValue()) }),
      column.display({
        id: 'actions',
        header: 'Actions',
        cell: (info) => {
          const user = info.row.original
          if (user.pendingAuthorizationId)
            return <Link href={paths.admin.authorizationDetails(user.pendingAuthorizationId)}>Change pending</Link>
          if (!canUpdate || user.id === currentUserId) return null
          return (
            <Button variant="secondary" size="sm" onClick={() => setEditing(user)} aria-label={`Change ${user.email}`}>
              Change
            </Button>
          )
        },
      }),
    ]
  }, [canUpdate, currentUserId])

  if (!canRead)
    return <EmptyState title="You cannot see staff users" description="Seeing staff users needs the permission CAN_READ_USER." />

  return (
    <div className={styles.stack}>
      <DataTable
        {...table.tableProps}
        caption="Staff users, newest first"
        hideCaption
        columns={columns}
        filters={filters}
        toolbar={canCreate ? <Button onClick={() => setEditing('new')}>Invite a staff user</Button> : undefined}
        data={users.data?.content}
        totalElements={users.data?.totalElements ?? 0}
        getRowId={(u) => u.id}
        isLoading={users.isPending}
        isFetching={users.isPlaceholderData}
        error={users.error}
        errorMessage={users.error ? describeError(users.error, "We couldn't load the staff users. Try again.") : undefined}
        onRetry={() => void users.refetch()}
        emptyTitle="No staff users found"
        emptyDescription={table.hasFilters ? 'Nobody matches these filters.' : undefined}
      />
      <UserEditor user={editing} onClose={() => setEditing(null)} />
    </div>
  )
}
