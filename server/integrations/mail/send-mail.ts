import { eq } from 'drizzle-orm'
import type { Transporter } from 'nodemailer'
import { getConfig } from '@/lib/config/env'
import type { Executor } from '@/server/db/client'
import { mailOutbox } from '@/server/db/schema'
import { logger } from '@/server/logger'
import { sealMailBody } from './outbox-crypto'
import type { RenderedMail } from './templates'

const globalForMail = globalThis as unknown as { __mailTransport?: { url: string; transport: Transporter } }

async function transportFor(url: string): Promise<Transporter> {
  if (globalForMail.__mailTransport?.url !== url) {
    const nodemailer = (await import('nodemailer')).default
    globalForMail.__mailTransport = { url, transport: nodemailer.createTransport(url) }
  }
  return globalForMail.__mailTransport.transport
}

/** Hands the mail to SMTP; the outbox row then keeps who, what template and when, but no longer the body. */
async function deliver(db: Executor, id: string, smtpUrl: string, to: string, mail: RenderedMail): Promise<void> {
  try {
    const transport = await transportFor(smtpUrl)
    await transport.sendMail({ from: getConfig().mail.from, to, subject: mail.subject, text: mail.text, html: mail.html })
    await db.update(mailOutbox).set({ sentAt: new Date(), text: '', html: '' }).where(eq(mailOutbox.id, id))
  } catch (error) {
    logger.error({ err: error, mailId: id, template: mail.template }, 'mail delivery failed')
    await db
      .update(mailOutbox)
      .set({ error: error instanceof Error ? error.message.slice(0, 500) : 'delivery failed' })
      .where(eq(mailOutbox.id, id))
      .catch((updateError: unknown) =>
        logger.error({ err: updateError, mailId: id }, 'could not record the mail delivery failure'),
      )
  }
}

/**
 * Records the mail in the outbox (body encrypted) and, when SMTP is configured, sends it. Without SMTP (never in
 * production) the outbox is the delivery, read through the development outbox; the log names the mail but never
 * carries its body, which may hold a reset code or an activation link. Never throws for a delivery failure: the
 * outbox row keeps the error, so an account call never fails because mail is down.
 *
 * `delivery: 'background'` answers before SMTP has the mail, for calls whose answer time must not tell whether
 * an address is known (sign-up, password recovery, activation resend); only with the root database, not a
 * transaction.
 */
export async function sendMail(options: {
  db: Executor
  to: string
  mail: RenderedMail
  delivery?: 'inline' | 'background'
}): Promise<{ id: string }> {
  const { db, to, mail } = options
  const config = getConfig()
  const [row] = await db
    .insert(mailOutbox)
    .values({ to, template: mail.template, subject: mail.subject, text: sealMailBody(mail.text), html: sealMailBody(mail.html) })
    .returning({ id: mailOutbox.id })
  const id = row!.id
  if (!config.mail.smtpUrl) {
    logger.info({ mailId: id, to, template: mail.template }, `mail (outbox only): ${mail.subject}`)
    return { id }
  }
  const sending = deliver(db, id, config.mail.smtpUrl, to, mail)
  if (options.delivery !== 'background') await sending
  return { id }
}
