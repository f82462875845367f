import { eq } from 'drizzle-orm'
import { maskSealedValues, openActorEmails } from '@/server/crypto/personal-values'
import { getDb } from '@/server/db/client'
import { audits } from '@/server/db/schema'

/**
 * The audit rows of one action whose actor e-mail is `email`, as a reader of the log sees them: the rows keep the
 * actor's e-mail (and names, e-mails in before/after) sealed under the person's key, so they are opened first.
 */
export async function auditRowsOfEmail(action: string, email: string) {
  const db = await getDb()
  const rows = await db.select().from(audits).where(eq(audits.action, action))
  const emails = await openActorEmails(
    db,
    rows.map((r) => r.actorEmail),
  )
  const opened = await maskSealedValues(
    db,
    rows.map((r, i) => ({ ...r, actorEmail: emails[i]! })),
  )
  return opened.filter((r) => r.actorEmail === email)
}
