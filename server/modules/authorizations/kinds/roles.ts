import { sql } from 'drizzle-orm'
import { roles } from '@/server/db/schema'
import { AppError } from '@/server/http/app-error'
import type { RoleProposal } from '../proposals'
import { findRoleSnapshot, type RoleSnapshot } from '../records'
import { applyRoleCreate, applyRoleUpdate, holdsRole } from '../role-writes'
import { defineKind } from './kind'

const labels = { name: 'Name', description: 'Description', scope: 'Scope', permissions: 'Permissions' }

const proposedRole = async (_db: unknown, p: RoleProposal, before: RoleSnapshot | null): Promise<RoleSnapshot> => ({
  name: p.name,
  description: p.description ?? null,
  scope: p.scope ?? before?.scope ?? 'staff',
  permissions: [...p.permissions].sort(),
})

export const roleCreateKind = defineKind<RoleProposal>({
  type: 'ROLE_CREATE',
  resource: 'role',
  creates: true,
  labels,
  current: async () => null,
  proposed: (db, p) => proposedRole(db, p, null),
  async staleReason(tx, p) {
    const [taken] = await tx
      .select({ id: roles.id })
      .from(roles)
      .where(sql`lower(${roles.name}) = ${p.name.toLowerCase()}`)
    return taken ? `A role named ${p.name} has been created` : null
  },
  async apply(tx, audit, row, actors) {
    return { resourceId: await applyRoleCreate(tx, audit, row.proposal, { ...actors }) }
  },
})

export const roleUpdateKind = defineKind<RoleProposal>({
  type: 'ROLE_UPDATE',
  resource: 'role',
  creates: false,
  labels,
  current: (db, row, lock) => findRoleSnapshot(db, row.resourceId!, lock),
  proposed: (db, p, before) => proposedRole(db, p, before as RoleSnapshot | null),
  /** A checker never approves more permissions for a role they hold. */
  async refuseChecker(db, actor, row) {
    if (!row.resourceId || !(await holdsRole(db, actor.userId, row.resourceId))) return
    const before = row.before as RoleSnapshot | null
    const wanted = (row.proposal as unknown as RoleProposal).permissions
    if (wanted.some((p) => !before?.permissions.includes(p)))
      throw new AppError('FOUR_EYES', 'You hold this role, so another person must approve adding permissions to it')
  },
  async apply(tx, audit, row, actors) {
    await applyRoleUpdate(tx, audit, row.resourceId!, row.before as RoleSnapshot, row.proposal, { ...actors })
    return { resourceId: row.resourceId }
  },
})
