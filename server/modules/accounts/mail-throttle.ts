import { and, desc, eq } from 'drizzle-orm'
import type { Executor } from '@/server/db/client'
import { accountTokens, type AccountTokenPurpose } from '@/server/db/schema'
import { MAIL_INTERVAL_SECONDS } from './account-tokens'

/** True when a token of this purpose was issued to the user within the last minute (so no new e-mail now). */
export async function mailedRecently(db: Executor, userId: string, purpose: AccountTokenPurpose): Promise<boolean> {
  const [last] = await db
    .select({ createdAt: accountTokens.createdAt })
    .from(accountTokens)
    .where(and(eq(accountTokens.userId, userId), eq(accountTokens.purpose, purpose)))
    .orderBy(desc(accountTokens.createdAt))
    .limit(1)
  return !!last && Date.now() - last.createdAt.getTime() < MAIL_INTERVAL_SECONDS * 1000
}
