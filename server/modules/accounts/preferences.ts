import { eq } from 'drizzle-orm'
import type { Preferences } from '@/lib/contracts/accounts'
import { appendAudit, type AuditContext } from '@/server/audit/append-audit'
import type { Database, Executor } from '@/server/db/client'
import { userPreferences } from '@/server/db/schema'
import { AppError } from '@/server/http/app-error'
import type { Actor } from '@/server/http/context'

const DEFAULTS: Preferences = { defaultBusinessId: null, emailNotifications: true, marketingOptOut: false }

export async function getPreferences(options: { db: Executor; actor: Actor }): Promise<Preferences> {
  const row = await options.db.query.userPreferences.findFirst({ where: eq(userPreferences.userId, options.actor.userId) })
  if (!row) return DEFAULTS
  return {
    defaultBusinessId: row.defaultBusinessId,
    emailNotifications: row.emailNotifications,
    marketingOptOut: row.marketingOptOut,
  }
}

/** The default business must be one the user belongs to. */
export async function updatePreferences(options: { db: Database; actor: Actor; input: Preferences; audit: AuditContext }) {
  const { db, actor, input } = options
  if (input.defaultBusinessId && !actor.memberships.some((m) => m.businessId === input.defaultBusinessId)) {
    throw new AppError('VALIDATION_FAILED', 'Choose one of your businesses', { field: 'defaultBusinessId' })
  }
  await db.transaction(async (tx) => {
    const before = await getPreferences({ db: tx, actor })
    await tx
      .insert(userPreferences)
      .values({ userId: actor.userId, ...input })
      .onConflictDoUpdate({ target: userPreferences.userId, set: { ...input, updatedAt: new Date() } })
    await appendAudit(tx, options.audit, {
      resource: 'user',
      resourceId: actor.userId,
      action: 'UPDATE_PREFERENCES',
      before,
      after: input,
    })
  })
  return getPreferences({ db, actor })
}
