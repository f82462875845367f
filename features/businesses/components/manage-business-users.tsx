import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { createColumnHelper } from '@tanstack/react-table'
import dynamic from 'next/dynamic'
import { useEffect, useMemo, useState } from 'react'
import { Button, buttonClassName } from '@/components/ui/button'
import { ConfirmDialog } from '@/components/ui/confirm-dialog'
import { DataTable } from '@/components/ui/data-table'
import { EmptyState } from '@/components/ui/empty-state'
import { Link } from '@/components/ui/link'
import { StatusBadge } from '@/components/ui/status-badge'
import { notify } from '@/components/ui/toasts'
import { useTableUrlState } from '@/components/ui/use-table-url-state'
import { describeError, getApiErrors, getHttpStatus } from '@/lib/http/errors'
import { paths } from '@/lib/navigation/paths'
import { PERMISSIONS } from '@/lib/permissions/names'
import { businessReads } from '@/lib/query/shared-queries'
import { businessQueries } from '../api/business-queries'
import { useRemoveBusinessUser, useUpdateBusinessUser } from '../api/business-user-calls'
import type { BusinessUser } from '../api/types'
import { businessRoleLabel } from '../model/business-access'
import { AccessRequests } from './access-requests'
import { BusinessFactorPolicy } from './business-factor-policy'
import styles from './businesses.module.css'

// The invitation form (react-hook-form and its fields) loads when the page has settled, not with the page.
const loadInviteDialog = () => import('./invite-user-dialog').then((m) => m.InviteUserDialog)
const InviteUserDialog = dynamic(loadInviteDialog, { ssr: false })

type PendingAction =
  | { kind: 'role'; user: BusinessUser; role: 'BUSINESS_OWNER' | 'BUSINESS_MEMBER' }
  | { kind: 'active'; user: BusinessUser; isActive: boolean }
  | { kind: 'remove'; user: BusinessUser }

const nameOf = (user: Pick<BusinessUser, 'firstName' | 'lastName' | 'email'>) =>
  [user.firstName, user.lastName].filter(Boolean).join(' ') || user.email

/** The status a business user shows: invitation not accepted yet, deactivated here, or active. */
function UserStatus({ user }: { user: BusinessUser }) {
  if (user.status === 'PENDING_ACTIVATION') return <StatusBadge status="PENDING" label="Invitation sent" />
  if (user.status === 'DISABLED') return <StatusBadge status="DISABLED" label="Account disabled" />
  return user.isActive ? <StatusBadge status="ACTIVE" /> : <StatusBadge status="INACTIVE" label="Deactivated" />
}

function confirmText(action: PendingAction, businessName: string) {
  const who = nameOf(action.user)
  switch (action.kind) {
    case 'role':
      return action.role === 'BUSINESS_OWNER'
        ? {
            title: `Make ${who} an owner?`,
            description: `Owners manage ${businessName}'s users, KYC and products.`,
            confirm: 'Make owner',
            done: `${who} is now an owner.`,
          }
        : {
            title: `Make ${who} a member?`,
            description:
              'Members help capture the KYC but cannot manage users. A business always keeps at least one active owner.',
            confirm: 'Make member',
            done: `${who} is now a member.`,
          }
    case 'active':
      return action.isActive
        ? {
            title: `Reactivate ${who}?`,
            description: `They will see ${businessName} again when they sign in.`,
            confirm: 'Reactivate',
            done: `${who} is active again.`,
          }
        : {
            title: `Deactivate ${who}?`,
            description: `They keep their account but no longer see ${businessName} until reactivated.`,
            confirm: 'Deactivate',
            done: `${who} is deactivated.`,
          }
    case 'remove':
      return {
        title: `Remove ${who}?`,
        description: `They lose access to ${businessName}. Invite them again to bring them back.`,
        confirm: 'Remove user',
        done: `${who} was removed.`,
      }
  }
}

export interface ManageBusinessUsersProps {
  businessId: string
  /** What the signed-in user may do in this business (see `permissionsInBusiness`). */
  permissions: ReadonlySet<string>
  /** The signed-in user's id, to mark their own row. */
  currentUserId: string
}

/** The users of one business: search, page, invite, change role, (de)activate, remove, and pending access requests. */
export function ManageBusinessUsers({ businessId, permissions, currentUserId }: ManageBusinessUsersProps) {
  const canRead = permissions.has(PERMISSIONS.CAN_READ_BUSINESS_USERS)
  const canAdd = permissions.has(PERMISSIONS.CAN_ADD_BUSINESS_USER)
  const canUpdate = permissions.has(PERMISSIONS.CAN_UPDATE_BUSINESS_USERS)
  const canRemove = permissions.has(PERMISSIONS.CAN_DELETE_BUSINESS_USER)

  const business = useQuery(businessReads.detail(businessId))
  const table = useTableUrlState({ filterKeys: ['searchKey'] })
  const users = useQuery({
    ...businessQueries.users(businessId, {
      pageNumber: table.pageNumber,
      pageSize: table.pageSize,
      searchKey: table.filters.searchKey,
    }),
    enabled: table.isReady && canRead,
    placeholderData: keepPreviousData,
  })
  const update = useUpdateBusinessUser(businessId)
  const remove = useRemoveBusinessUser(businessId)
  const [inviting, setInviting] = useState(false)
  const [pending, setPending] = useState<PendingAction | null>(null)
  const businessName = business.data?.name ?? 'this business'

  useEffect(() => {
    if (canAdd) void loadInviteDialog()
  }, [canAdd])

  const columns = useMemo(() => {
    const column = createColumnHelper<BusinessUser>()
    return [
      column.accessor((u) => nameOf(u), {
        id: 'name',
        header: 'Name',
        meta: { isRowHeader: true, wrap: true },
        cell: (info) => (
          <>
            {info.getValue()}
            {info.row.original.userId === currentUserId && <span className={styles.you}> (you)</span>}
          </>
        ),
      }),
      column.accessor('email', { header: 'E-mail', meta: { wrap: true } }),
      column.accessor('role', { header: 'Role', cell: (info) => businessRoleLabel(info.getValue()) }),
      column.display({ id: 'status', header: 'Status', cell: (info) => <UserStatus user={info.row.original} /> }),
      ...(canUpdate || canRemove
        ? [
            column.display({
              id: 'actions',
              header: 'Actions',
              cell: (info) => {
                const user = info.row.original
                const who = nameOf(user)
                const nextRole = user.role === 'BUSINESS_OWNER' ? 'BUSINESS_MEMBER' : 'BUSINESS_OWNER'
                return (
                  <span className={styles.rowActions}>
                    {canUpdate && (
                      <Button
                        size="sm"
                        variant="secondary"
                        aria-label={`${nextRole === 'BUSINESS_OWNER' ? 'Make owner' : 'Make member'} ${who}`}
                        onClick={() => setPending({ kind: 'role', user, role: nextRole })}
                      >
                        {nextRole === 'BUSINESS_OWNER' ? 'Make owner' : 'Make member'}
                      </Button>
                    )}
                    {canUpdate && (
                      <Button
                        size="sm"
                        variant="secondary"
                        aria-label={`${user.isActive ? 'Deactivate' : 'Reactivate'} ${who}`}
                        onClick={() => setPending({ kind: 'active', user, isActive: !user.isActive })}
                      >
                        {user.isActive ? 'Deactivate' : 'Reactivate'}
                      </Button>
                    )}
                    {canRemove && (
                      <Button
                        size="sm"
                        variant="danger"
                        aria-label={`Remove ${who}`}
                        onClick={() => setPending({ kind: 'remove', user })}
                      >
                        Remove
                      </Button>
                    )}
                  </span>
                )
              },
            }),
          ]
        : []),
    ]
  }, [canUpdate, canRemove, currentUserId])

  if (getHttpStatus(business.error) === 404) {
    return (
      <EmptyState
        title="We couldn't find this business"
        description="It does not exist, or you are no longer one of its users."
        action={
          <Link href={paths.business.list()} className={buttonClassName()}>
            Choose a business
          </Link>
        }
      />
    )
  }
  if (!canRead) {
    return (
      <EmptyState
        title="Only the business's owners manage its users"
        description="Ask an owner if someone should be added or removed."
        action={
          <Link href={paths.business.dashboard(businessId)} className={buttonClassName({ variant: 'secondary' })}>
            Back to the dashboard
          </Link>
        }
      />
    )
  }

  const confirmAction = async () => {
    if (!pending) return
    const text = confirmText(pending, businessName)
    try {
      if (pending.kind === 'remove') await remove.mutateAsync(pending.user.id)
      else if (pending.kind === 'role') await update.mutateAsync({ membershipId: pending.user.id, role: pending.role })
      else await update.mutateAsync({ membershipId: pending.user.id, isActive: pending.isActive })
      notify(text.done, { type: 'success' })
    } catch (error) {
      // The API's reason (e.g. a business must keep an active owner) is toasted by the HTTP layer.
      if (getApiErrors(error).length === 0) notify(describeError(error), { type: 'error' })
    } finally {
      setPending(null)
    }
  }
  const pendingText = pending ? confirmText(pending, businessName) : null

  return (
    <div className={styles.stack}>
      <div className={styles.toolbar}>
        <p className={styles.muted}>
          Users of <strong>{business.data?.name ?? '…'}</strong>
          {business.data ? ` (${business.data.regNo})` : ''}. <Link href={paths.business.dashboard(businessId)}>Dashboard</Link>
        </p>
        {canAdd && <Button onClick={() => setInviting(true)}>Invite a user</Button>}
      </div>

      <DataTable
        {...table.tableProps}
        caption="Business users"
        columns={columns}
        data={users.data?.content}
        totalElements={users.data?.totalElements ?? 0}
        getRowId={(u) => u.id}
        isLoading={users.isPending}
        isFetching={users.isPlaceholderData}
        error={users.error}
        errorMessage={
          users.error ? describeError(users.error, "We couldn't load the users. Check your connection and try again.") : undefined
        }
        onRetry={() => void users.refetch()}
        filters={[{ key: 'searchKey', label: 'Search by name or e-mail', type: 'search' }]}
        emptyTitle="No users yet"
        emptyAction={canAdd ? <Button onClick={() => setInviting(true)}>Invite a user</Button> : undefined}
      />

      {canAdd && <AccessRequests businessId={businessId} />}
      {canUpdate && business.data && <BusinessFactorPolicy businessId={businessId} requireFactor={business.data.requireFactor} />}

      {canAdd && inviting && (
        <InviteUserDialog open onClose={() => setInviting(false)} businessId={businessId} businessName={business.data?.name} />
      )}
      <ConfirmDialog
        open={pending !== null}
        title={pendingText?.title ?? ''}
        description={pendingText?.description}
        confirmLabel={pendingText?.confirm}
        destructive={pending?.kind === 'remove' || (pending?.kind === 'active' && !pending.isActive)}
        busy={update.isPending || remove.isPending}
        busyText="Saving…"
        onConfirm={() => void confirmAction()}
        onCancel={() => setPending(null)}
      />
    </div>
  )
}
