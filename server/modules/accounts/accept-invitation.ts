import { and, eq, isNull } from 'drizzle-orm'
import { appendAudit, type AuditContext } from '@/server/audit/append-audit'
import { hashPassword } from '@/server/auth/password'
import type { Database } from '@/server/db/client'
import { accountTokens, users } from '@/server/db/schema'
import { AppError } from '@/server/http/app-error'
import { hashAccountToken } from './account-tokens'

const invalid = (message: string) => new AppError('VALIDATION_FAILED', message, { field: 'token' })

/**
 * A person invited to a business sets their password with the e-mailed link; their account becomes active. Answers
 * the account's e-mail, so the page signs them in without asking for it again.
 */
export async function acceptInvitation(options: { db: Database; token: string; password: string; audit: AuditContext }) {
  const passwordHash = await hashPassword(options.password)
  const tokenHash = hashAccountToken('INVITATION', options.token)
  return options.db.transaction(async (tx) => {
    const found = await tx.query.accountTokens.findFirst({
      where: and(eq(accountTokens.purpose, 'INVITATION'), eq(accountTokens.tokenHash, tokenHash)),
    })
    if (!found) throw invalid('This invitation link is not valid. Ask the business owner to invite you again.')
    if (found.usedAt) throw invalid('This invitation has already been used. Sign in instead.')
    if (found.expiresAt.getTime() <= Date.now())
      throw invalid('This invitation has expired. Ask the business owner to invite you again.')
    const [consumed] = await tx
      .update(accountTokens)
      .set({ usedAt: new Date() })
      .where(and(eq(accountTokens.id, found.id), isNull(accountTokens.usedAt)))
      .returning({ id: accountTokens.id })
    if (!consumed) throw invalid('This invitation has already been used. Sign in instead.')
    const [user] = await tx
      .update(users)
      .set({ passwordHash, status: 'ACTIVE', updatedAt: new Date() })
      .where(and(eq(users.id, found.userId), eq(users.status, 'PENDING_ACTIVATION')))
      .returning()
    if (!user) throw new AppError('INVALID_STATE', 'This account is already active. Sign in instead.')
    await appendAudit(
      tx,
      { ...options.audit, actorId: user.id, actorEmail: user.email },
      {
        resource: 'user',
        resourceId: user.id,
        action: 'ACCEPT_INVITATION',
        before: { status: 'PENDING_ACTIVATION' },
        after: { status: 'ACTIVE' },
      },
    )
    // The link's holder learns the address the invitation was sent to, nothing more: it signs them in (issue 18).
    return { message: 'Your password is set and your account is active.', email: user.email }
  })
}
