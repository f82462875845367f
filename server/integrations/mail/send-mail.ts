import { eq } from 'drizzle-orm'
import type { Transporter } from 'nodemailer'
import { getConfig } from '@/lib/config/env'
import type { Executor } from '@/server/db/client'
import { mailOutbox } from '@/server/db/schema'
import { logger } from '@/server/logger'
import type { RenderedMail } from './templates'

const globalForMail = globalThis as unknown as { __mailTransport?: { url: string; transport: Transporter } }

async function transportFor(url: string): Promise<Transporter> {
  if (globalForMail.__mailTransport?.url !== url) {
    const nodemailer = (await import('nodemailer')).default
    globalForMail.__mailTransport = { url, transport: nodemailer.createTransport(url) }
  }
  return globalForMail.__mailTransport.transport
}

/**
 * Records the mail in the outbox and, when SMTP is configured, sends it. Without SMTP the outbox is the
 * delivery and a log line shows the mail (with its links) for the developer. Never throws for a delivery
 * failure: the outbox row keeps the error, so an account call never fails because mail is down.
 */
export async function sendMail(options: { db: Executor; to: string; mail: RenderedMail }): Promise<{ id: string }> {
  const { db, to, mail } = options
  const config = getConfig()
  const [row] = await db
    .insert(mailOutbox)
    .values({ to, template: mail.template, subject: mail.subject, text: mail.text, html: mail.html })
    .returning({ id: mailOutbox.id })
  const id = row!.id
  if (!config.mail.smtpUrl) {
    logger.info({ mailId: id, to, template: mail.template, text: mail.text }, `mail (outbox only): ${mail.subject}`)
    return { id }
  }
  try {
    const transport = await transportFor(config.mail.smtpUrl)
    await transport.sendMail({ from: config.mail.from, to, subject: mail.subject, text: mail.text, html: mail.html })
    await db.update(mailOutbox).set({ sentAt: new Date() }).where(eq(mailOutbox.id, id))
  } catch (error) {
    logger.error({ err: error, mailId: id, template: mail.template }, 'mail delivery failed')
    await db
      .update(mailOutbox)
      .set({ error: error instanceof Error ? error.message.slice(0, 500) : 'delivery failed' })
      .where(eq(mailOutbox.id, id))
  }
  return { id }
}
