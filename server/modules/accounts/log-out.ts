import { appendAudit, type AuditContext } from '@/server/audit/append-audit'
import { revokeSession } from '@/server/auth/sessions'
import type { Database } from '@/server/db/client'

/** Ends a session server-side: every token minted for it stops working at once. */
export async function logOut(options: { db: Database; sessionId: string; audit: AuditContext; reason?: string }) {
  await options.db.transaction(async (tx) => {
    const revoked = await revokeSession({ db: tx, sessionId: options.sessionId, reason: options.reason ?? 'logout' })
    if (revoked) {
      await appendAudit(tx, options.audit, {
        resource: 'session',
        resourceId: options.sessionId,
        action: 'LOGOUT',
        after: { reason: options.reason ?? 'logout' },
      })
    }
  })
  return { message: 'You are signed out.' }
}
