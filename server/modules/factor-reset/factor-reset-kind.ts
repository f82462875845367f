import { eq, isNotNull, and, count } from 'drizzle-orm'
import { appendAudit } from '@/server/audit/append-audit'
import { revokeUserSessions } from '@/server/auth/sessions'
import type { Executor } from '@/server/db/client'
import { recoveryCodes, userFactors, users } from '@/server/db/schema'
import { AppError } from '@/server/http/app-error'
import { portalLinks } from '@/server/integrations/mail/portal-links'
import { sendMail } from '@/server/integrations/mail/send-mail'
import { factorsResetMail } from '@/server/integrations/mail/templates'
import { registerKinds } from '@/server/modules/authorizations/kinds'
import { defineKind } from '@/server/modules/authorizations/kinds/kind'
import type { Snapshot } from '@/server/modules/authorizations/records'

export interface FactorResetProposal {
  email: string
}

const labels = { email: 'E-mail', factors: 'Second factors', enrolmentRequired: 'Must set one up at next sign-in' }

/** The user's factors as the checker sees them: how many, and whether a new enrolment is already owed. */
export async function factorSnapshot(db: Executor, userId: string, lock = false): Promise<Snapshot | null> {
  const query = db
    .select({ email: users.email, enrolmentRequired: users.factorEnrolmentRequired })
    .from(users)
    .where(eq(users.id, userId))
  const [user] = lock ? await query.for('update') : await query
  if (!user) return null
  const [held] = await db
    .select({ n: count() })
    .from(userFactors)
    .where(and(eq(userFactors.userId, userId), isNotNull(userFactors.confirmedAt)))
  return { email: user.email, factors: `${held?.n ?? 0} factor(s)`, enrolmentRequired: user.enrolmentRequired ? 'yes' : 'no' }
}

/**
 * USER_FACTOR_RESET (docs/security.md#recovery-by-others): a user who lost their phone gets their factors and
 * recovery codes removed, every session signed out, and must enrol again at the next sign-in. Never decided by the
 * user it is about.
 */
export const factorResetKind = defineKind<FactorResetProposal>({
  type: 'USER_FACTOR_RESET',
  resource: 'user',
  creates: false,
  labels,
  current: (db, row, lock) => factorSnapshot(db, row.resourceId!, lock),
  proposed: async (_db, p) => ({ email: p.email, factors: '0 factor(s)', enrolmentRequired: 'yes' }),
  async refuseChecker(_db, actor, row) {
    if (row.resourceId === actor.userId)
      throw new AppError('FOUR_EYES', 'This reset is about your own account, so another person must decide it')
  },
  async apply(tx, audit, row, actors) {
    const userId = row.resourceId!
    const removed = await tx.delete(userFactors).where(eq(userFactors.userId, userId)).returning({ id: userFactors.id })
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId))
    const [user] = await tx
      .update(users)
      .set({ factorEnrolmentRequired: true, updatedAt: new Date() })
      .where(eq(users.id, userId))
      .returning({ email: users.email, firstName: users.firstName })
    const signedOut = await revokeUserSessions({ db: tx, userId, reason: 'factors reset' })
    await appendAudit(tx, audit, {
      resource: 'user',
      resourceId: userId,
      action: 'FACTORS_RESET',
      after: { factorsRemoved: removed.length, sessionsSignedOut: signedOut, ...actors },
    })
    const when = new Date()
    return {
      resourceId: userId,
      afterCommit: (db) =>
        sendMail({
          db,
          to: user!.email,
          mail: factorsResetMail({ firstName: user!.firstName, when, loginUrl: portalLinks.login() }),
        }),
    }
  },
})

registerKinds(factorResetKind)
