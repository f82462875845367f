import { and, eq, isNull } from 'drizzle-orm'
import { appendAudit, type AuditContext } from '@/server/audit/append-audit'
import type { Database } from '@/server/db/client'
import { accountTokens, users } from '@/server/db/schema'
import { AppError } from '@/server/http/app-error'
import { hashAccountToken } from './account-tokens'

const invalid = (message: string) => new AppError('VALIDATION_FAILED', message, { field: 'token' })

/** Activates the account the link belongs to. The token works once and for 24 hours. */
export async function activateAccount(options: { db: Database; token: string; audit: AuditContext }) {
  const tokenHash = hashAccountToken('ACTIVATION', options.token)
  return options.db.transaction(async (tx) => {
    const found = await tx.query.accountTokens.findFirst({
      where: and(eq(accountTokens.purpose, 'ACTIVATION'), eq(accountTokens.tokenHash, tokenHash)),
    })
    if (!found) throw invalid('This activation link is not valid. Request a new one.')
    if (found.usedAt) throw invalid('This activation link has already been used. Sign in, or request a new link.')
    if (found.expiresAt.getTime() <= Date.now()) throw invalid('This activation link has expired. Request a new one.')

    const [consumed] = await tx
      .update(accountTokens)
      .set({ usedAt: new Date() })
      .where(and(eq(accountTokens.id, found.id), isNull(accountTokens.usedAt)))
      .returning({ id: accountTokens.id })
    if (!consumed) throw invalid('This activation link has already been used. Sign in, or request a new link.')

    const [user] = await tx
      .update(users)
      .set({ status: 'ACTIVE', updatedAt: new Date() })
      .where(and(eq(users.id, found.userId), eq(users.status, 'PENDING_ACTIVATION')))
      .returning()
    if (!user) {
      const current = await tx.query.users.findFirst({ where: eq(users.id, found.userId) })
      if (current?.status === 'ACTIVE') return { message: 'Your account is already active. You can sign in.' }
      throw new AppError('INVALID_STATE', 'This account cannot be activated. Contact support.')
    }
    await appendAudit(
      tx,
      { ...options.audit, actorId: user.id, actorEmail: user.email },
      {
        resource: 'user',
        resourceId: user.id,
        action: 'ACTIVATE',
        before: { status: 'PENDING_ACTIVATION' },
        after: { status: 'ACTIVE' },
      },
    )
    return { message: 'Your account is active. You can sign in now.' }
  })
}
