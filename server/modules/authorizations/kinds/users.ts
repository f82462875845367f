import { eq } from 'drizzle-orm'
import { users } from '@/server/db/schema'
import { AppError } from '@/server/http/app-error'
import { sendMail } from '@/server/integrations/mail/send-mail'
import { portalLinks } from '@/server/integrations/mail/portal-links'
import { staffInvitationMail } from '@/server/integrations/mail/templates'
import { INVITATION_VALID_DAYS } from '@/server/modules/accounts/account-tokens'
import type { UserCreateProposal, UserUpdateProposal } from '../proposals'
import { findUserSnapshot, roleNamesOf, type UserSnapshot } from '../records'
import { applyUserCreate, applyUserUpdate } from '../user-writes'
import { defineKind } from './kind'

const labels = { email: 'E-mail', firstName: 'First name', lastName: 'Last name', status: 'Status', roles: 'Roles' }

export const userCreateKind = defineKind<UserCreateProposal>({
  type: 'USER_CREATE',
  resource: 'user',
  creates: true,
  labels,
  current: async () => null,
  proposed: async (db, p) =>
    ({
      email: p.email,
      firstName: p.firstName,
      lastName: p.lastName,
      status: 'PENDING_ACTIVATION',
      roles: await roleNamesOf(db, p.roleIds),
    }) satisfies UserSnapshot,
  async staleReason(tx, p) {
    const [taken] = await tx.select({ id: users.id }).from(users).where(eq(users.email, p.email))
    return taken ? `An account for ${p.email} has been created` : null
  },
  async apply(tx, audit, row, actors) {
    const proposal = row.proposal
    const created = await applyUserCreate(tx, audit, proposal, { ...actors })
    return {
      resourceId: created.userId,
      // After the commit: a failed mail must not undo the approval (the invitation can be sent again by a reset).
      afterCommit: (db) =>
        sendMail({
          db,
          to: proposal.email,
          mail: staffInvitationMail({
            firstName: proposal.firstName,
            roles: created.after.roles,
            url: portalLinks.acceptInvitation(created.token),
            validDays: INVITATION_VALID_DAYS,
          }),
        }),
    }
  },
})

export const userUpdateKind = defineKind<UserUpdateProposal>({
  type: 'USER_UPDATE',
  resource: 'user',
  creates: false,
  labels,
  current: (db, row, lock) => findUserSnapshot(db, row.resourceId!, lock),
  async proposed(db, p, before) {
    const current = before as UserSnapshot
    return {
      ...current,
      status: p.status === 'DISABLED' ? 'DISABLED' : current.status === 'DISABLED' ? 'ACTIVE' : current.status,
      roles: await roleNamesOf(db, p.roleIds),
    } satisfies UserSnapshot
  },
  /** A checker never approves a change to their own account. */
  async refuseChecker(_db, actor, row) {
    if (row.resourceId === actor.userId)
      throw new AppError('FOUR_EYES', 'This change is about your own account, so another person must decide it')
  },
  async apply(tx, audit, row, actors) {
    await applyUserUpdate(tx, audit, row.resourceId!, row.before as UserSnapshot, row.proposal, { ...actors })
    return { resourceId: row.resourceId }
  },
})
