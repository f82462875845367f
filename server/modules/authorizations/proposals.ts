import type { AuthorizationType } from '@/lib/contracts/authorization-values'
import type { Executor } from '@/server/db/client'
import { findRoleSnapshot, findUserSnapshot, roleNamesOf, type RoleSnapshot, type Snapshot, type UserSnapshot } from './records'

export interface RoleProposal {
  name: string
  description: string | null
  scope?: 'staff' | 'business'
  permissions: string[]
}

export interface UserCreateProposal {
  email: string
  firstName: string
  lastName: string
  roleIds: string[]
}

export interface UserUpdateProposal {
  roleIds: string[]
  status: 'ACTIVE' | 'DISABLED'
}

/** The record as it stands (null for a create, or when it is gone). */
export async function currentSnapshot(
  db: Executor,
  row: { resource: 'role' | 'user'; resourceId: string | null; type: AuthorizationType },
  lock = false,
): Promise<Snapshot | null> {
  if (!row.resourceId || row.type === 'ROLE_CREATE' || row.type === 'USER_CREATE') return null
  return row.resource === 'role' ? findRoleSnapshot(db, row.resourceId, lock) : findUserSnapshot(db, row.resourceId, lock)
}

/** The record as the proposal would leave it, given the record it applies to (`before`, null for a create). */
export async function proposedSnapshot(
  db: Executor,
  type: AuthorizationType,
  proposal: Record<string, unknown>,
  before: Snapshot | null,
): Promise<Snapshot> {
  switch (type) {
    case 'ROLE_CREATE':
    case 'ROLE_UPDATE': {
      const p = proposal as unknown as RoleProposal
      return {
        name: p.name,
        description: p.description ?? null,
        scope: p.scope ?? (before as RoleSnapshot | null)?.scope ?? 'staff',
        permissions: [...p.permissions].sort(),
      } satisfies RoleSnapshot
    }
    case 'USER_CREATE': {
      const p = proposal as unknown as UserCreateProposal
      return {
        email: p.email,
        firstName: p.firstName,
        lastName: p.lastName,
        status: 'PENDING_ACTIVATION',
        roles: await roleNamesOf(db, p.roleIds),
      } satisfies UserSnapshot
    }
    case 'USER_UPDATE': {
      const p = proposal as unknown as UserUpdateProposal
      const current = before as UserSnapshot
      return {
        ...current,
        status: p.status === 'DISABLED' ? 'DISABLED' : current.status === 'DISABLED' ? 'ACTIVE' : current.status,
        roles: await roleNamesOf(db, p.roleIds),
      } satisfies UserSnapshot
    }
  }
}
