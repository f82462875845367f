import { desc, eq } from 'drizzle-orm'
import type { Executor } from '@/server/db/client'
import { mailOutbox } from '@/server/db/schema'
import { openMailBody } from '@/server/integrations/mail/outbox-crypto'

/** Development only: the latest mails to one address, bodies decrypted (the demo and the e2e tests read links from here). */
export async function findOutbox(options: { db: Executor; to: string }) {
  const rows = await options.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.to, options.to.toLowerCase()))
    .orderBy(desc(mailOutbox.createdAt))
    .limit(20)
  return rows.map((r) => ({
    id: r.id,
    to: r.to,
    template: r.template,
    subject: r.subject,
    text: openMailBody(r.text),
    createdAt: r.createdAt.toISOString(),
    sentAt: r.sentAt?.toISOString() ?? null,
  }))
}
