import { eq } from 'drizzle-orm'
import type { z } from 'zod'
import type { updateAccountSchema } from '@/lib/contracts/accounts'
import { appendAudit, type AuditContext } from '@/server/audit/append-audit'
import type { Database } from '@/server/db/client'
import { users } from '@/server/db/schema'
import type { Actor } from '@/server/http/context'
import { getAccount } from './get-account'

/** The user's own name and phone; audited with before and after. */
export async function updateAccount(options: {
  db: Database
  actor: Actor
  input: z.output<typeof updateAccountSchema>
  audit: AuditContext
}) {
  const { db, actor, input } = options
  await db.transaction(async (tx) => {
    const [before] = await tx
      .select({ firstName: users.firstName, lastName: users.lastName, phone: users.phone })
      .from(users)
      .where(eq(users.id, actor.userId))
      .for('update')
    const [after] = await tx
      .update(users)
      .set({ ...input, updatedAt: new Date() })
      .where(eq(users.id, actor.userId))
      .returning({ firstName: users.firstName, lastName: users.lastName, phone: users.phone })
    await appendAudit(tx, options.audit, { resource: 'user', resourceId: actor.userId, action: 'UPDATE_PROFILE', before, after })
  })
  return getAccount({ db, actor })
}
