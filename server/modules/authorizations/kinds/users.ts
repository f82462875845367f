import { and, eq, exists, or, sql } from 'drizzle-orm'
import type { Executor } from '@/server/db/client'
import { userRoles, users } from '@/server/db/schema'
import { AppError } from '@/server/http/app-error'
import { portalLinks } from '@/server/integrations/mail/portal-links'
import { sendMail } from '@/server/integrations/mail/send-mail'
import { staffInvitationMail } from '@/server/integrations/mail/templates'
import { INVITATION_VALID_DAYS } from '@/server/modules/accounts/account-tokens'
import type { UserCreateProposal, UserUpdateProposal } from '../proposals'
import { findUserSnapshot, roleNamesOf, type UserSnapshot } from '../records'
import { applyUserCreate, applyUserUpdate } from '../user-writes'
import { defineKind } from './kind'

/** An e-mail address as one mailbox: lower case, without a `+tag` (ada+2@bank.ng and Ada@bank.ng are one person). */
const mailbox = (email: unknown) => sql`regexp_replace(lower(${email}), '[+][^@]*@', '@')`

/**
 * Existing staff users who share the requested account's name or mailbox, each in words for the checker (issue 32:
 * a maker who gets a second account in their own name can approve their own changes with it). The maker is named.
 */
async function staffLookalikes(db: Executor, p: UserCreateProposal, makerId: string): Promise<string[]> {
  const sameName = sql<boolean>`(lower(trim(${users.firstName})) = ${p.firstName.trim().toLowerCase()} AND lower(trim(${users.lastName})) = ${p.lastName.trim().toLowerCase()})`
  const sameMailbox = sql<boolean>`${mailbox(users.email)} = ${mailbox(p.email)}`
  const rows = await db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email, sameName, sameMailbox })
    .from(users)
    .where(and(or(sameName, sameMailbox), exists(sql`(SELECT 1 FROM ${userRoles} WHERE ${userRoles.userId} = ${users.id})`)))
    .limit(10)
  return rows.map((u) => {
    const shared = [u.sameName && 'name', u.sameMailbox && 'e-mail address'].filter(Boolean).join(' and ')
    const who = `${u.firstName} ${u.lastName}`.trim()
    const maker = u.id === makerId ? ', who requested this account,' : ''
    return `${who} (${u.email})${maker} already has a staff account with the same ${shared}. Check this is not a second account for the same person.`
  })
}

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
  warnings: (db, row) => staffLookalikes(db, row.proposal, row.makerId),
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
