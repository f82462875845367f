import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useId, useState } from 'react'
import { Button } from '@/components/ui/button'
import { EmptyState } from '@/components/ui/empty-state'
import { ErrorState } from '@/components/ui/error-state'
import { Link } from '@/components/ui/link'
import { Skeleton } from '@/components/ui/skeleton'
import { StatusBadge } from '@/components/ui/status-badge'
import type { RoleRecord } from '@/lib/contracts/authorizations'
import { describeError } from '@/lib/http/errors'
import { paths } from '@/lib/navigation/paths'
import { PERMISSIONS } from '@/lib/permissions/names'
import { authorizationQueries } from '../api/authorization-queries'
import styles from './authorizations.module.css'
import { RoleEditor } from './role-editor'

export interface StaffRolesScreenProps {
  permissions: readonly string[]
}

/** /s/businesses/manage-roles for staff: every role with its permissions; new roles and changes go to an approver. */
export function StaffRolesScreen({ permissions }: StaffRolesScreenProps) {
  const ids = { search: useId(), scope: useId() }
  const [search, setSearch] = useState('')
  const [scope, setScope] = useState<'' | 'staff' | 'business'>('')
  const [editing, setEditing] = useState<RoleRecord | 'new' | null>(null)
  const canRead = permissions.includes(PERMISSIONS.CAN_READ_ROLE)
  const roles = useQuery({
    ...authorizationQueries.roles({ search: search.trim() || undefined, scope: scope || undefined }),
    enabled: canRead,
    placeholderData: keepPreviousData,
  })
  const canCreate = permissions.includes(PERMISSIONS.CAN_CREATE_ROLE)
  const canUpdate = permissions.includes(PERMISSIONS.CAN_UPDATE_ROLE)

  if (!canRead)
    return <EmptyState title="You cannot see the roles" description="Seeing roles needs the permission CAN_READ_ROLE." />

  return (
    <div className={styles.stack}>
      <div className={styles.toolbar}>
        <form role="search" aria-label="Find roles" className={styles.row} onSubmit={(e) => e.preventDefault()}>
          <div className={styles.field}>
            <label htmlFor={ids.search}>Name or description</label>
            <input id={ids.search} type="search" value={search} onChange={(e) => setSearch(e.target.value)} />
          </div>
          <div className={styles.field}>
            <label htmlFor={ids.scope}>Scope</label>
            <select id={ids.scope} value={scope} onChange={(e) => setScope(e.target.value as typeof scope)}>
              <option value="">All</option>
              <option value="staff">Staff</option>
              <option value="business">Business</option>
            </select>
          </div>
        </form>
        {canCreate && <Button onClick={() => setEditing('new')}>New role</Button>}
      </div>
      {roles.isPending ? (
        <Skeleton count={4} label="Loading the roles" />
      ) : roles.isError ? (
        <ErrorState message={describeError(roles.error)} onRetry={() => void roles.refetch()} retrying={roles.isFetching} />
      ) : roles.data.length === 0 ? (
        <EmptyState title="No roles found" description="No role matches this search." />
      ) : (
        <ul className={styles.cards} aria-label="Roles" aria-busy={roles.isFetching}>
          {roles.data.map((role) => (
            <li key={role.id} className={styles.card} data-role={role.name}>
              <h2>{role.name}</h2>
              <div className={styles.cluster}>
                <StatusBadge status={role.scope} tone="neutral" label={role.scope === 'staff' ? 'Staff role' : 'Business role'} />
                {role.isSystem && <StatusBadge status="SYSTEM" tone="info" label="System role" />}
                {role.pendingAuthorizationId && <StatusBadge status="PENDING" label="Change pending" />}
              </div>
              {role.description && <p className={styles.muted}>{role.description}</p>}
              <p className={styles.small}>
                {role.permissions.length} permissions · {role.userCount} {role.userCount === 1 ? 'user' : 'users'}
              </p>
              <details>
                <summary>Permissions</summary>
                <ul className={styles.chips}>
                  {role.permissions.map((p) => (
                    <li key={p}>{p}</li>
                  ))}
                </ul>
              </details>
              <div className={styles.cluster}>
                {role.pendingAuthorizationId ? (
                  <Link href={paths.admin.authorizationDetails(role.pendingAuthorizationId)}>See the pending change</Link>
                ) : (
                  canUpdate && (
                    <Button variant="secondary" size="sm" onClick={() => setEditing(role)} aria-label={`Change ${role.name}`}>
                      Change
                    </Button>
                  )
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
      <RoleEditor role={editing} onClose={() => setEditing(null)} />
    </div>
  )
}
