import { randomInt } from 'node:crypto'
import type { z } from 'zod'
import { getConfig } from '@/lib/config/env'
import type { SupportInquiryReceipt, supportInquiryInputSchema } from '@/lib/contracts/support'
import { appendAudit, type AuditContext } from '@/server/audit/append-audit'
import { takeSupportInquiry } from '@/server/auth/throttles'
import type { Database } from '@/server/db/client'
import { uniqueViolationOf } from '@/server/db/errors'
import { supportInquiries, type StoredFile } from '@/server/db/schema'
import { AppError } from '@/server/http/app-error'
import type { Actor } from '@/server/http/context'
import { sendMail } from '@/server/integrations/mail/send-mail'
import { supportAcknowledgementMail, supportInquiryMail } from '@/server/integrations/mail/templates'
import { logger } from '@/server/logger'
import { recordMarketingContact } from '@/server/modules/marketing/record-marketing-event'
import { deleteStoredFile, storeServerUpload, toFileSummary } from '@/server/records/attachable-file'

type SupportInquiryInput = z.output<typeof supportInquiryInputSchema>

/** Letters and digits that cannot be mistaken for one another when read out (no 0/O, 1/I/L). */
const REFERENCE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ'

/** `SUP-YYMMDD-XXXXXX`: the day (UTC) and six random characters; unique (the index refuses a repeat, and we retry). */
export function newSupportReference(now: Date): string {
  const day = now.toISOString().slice(2, 10).replace(/-/g, '')
  let tail = ''
  for (let i = 0; i < 6; i++) tail += REFERENCE_ALPHABET[randomInt(REFERENCE_ALPHABET.length)]
  return `SUP-${day}-${tail}`
}

/** The reference taken meanwhile (a violation naming no constraint is taken for this one, the only unique key). */
const isReferenceClash = (error: unknown) => {
  const constraint = uniqueViolationOf(error)
  return constraint === '' || constraint === 'support_inquiries_reference_key'
}

/**
 * `POST /support/inquiries` (anyone): stores the inquiry, with its optional attachment checked like every upload
 * (size limit 413, content by magic bytes 415) and kept in blob storage as a SUPPORT_ATTACHMENT file; audited in the
 * same transaction. Then e-mails it to SUPPORT_EMAIL and an acknowledgement with the reference to the sender, and
 * hands the sender to the marketing sink as a contact (unless they opted out). Mail and marketing come after the
 * commit and never undo it. Each IP may send THROTTLE_LIMITS.support.inquiriesPerIpPerHour inquiries an hour (429).
 */
export async function submitSupportInquiry(options: {
  db: Database
  actor: Actor | null
  input: SupportInquiryInput
  attachment?: { fileName: string; bytes: Uint8Array }
  audit: AuditContext
  now?: Date
}): Promise<SupportInquiryReceipt> {
  const { db, actor, input, audit } = options
  const now = options.now ?? new Date()
  const wait = await takeSupportInquiry(audit.ip)
  if (wait > 0) {
    throw new AppError('RATE_LIMITED', `Too many messages from your network. Try again in ${Math.ceil(wait / 60)} minute(s).`, {
      retryAfterSeconds: wait,
    })
  }

  let file: StoredFile | null = null
  if (options.attachment) {
    file = await storeServerUpload({
      db,
      actor,
      businessId: null,
      purpose: 'SUPPORT_ATTACHMENT',
      fileName: options.attachment.fileName,
      bytes: options.attachment.bytes,
      audit,
      field: 'attachment',
    })
  }

  let row: typeof supportInquiries.$inferSelect | undefined
  try {
    for (let attempt = 0; !row; attempt++) {
      try {
        row = await db.transaction(async (tx) => {
          const [inserted] = await tx
            .insert(supportInquiries)
            .values({
              reference: newSupportReference(now),
              name: input.name,
              email: input.email,
              subject: input.subject,
              message: input.message,
              attachmentFileId: file?.id ?? null,
              userId: actor?.userId ?? null,
              createdAt: now,
            })
            .returning()
          await appendAudit(tx, audit, {
            resource: 'support_inquiry',
            resourceId: inserted!.id,
            action: 'CREATE',
            after: {
              reference: inserted!.reference,
              subject: inserted!.subject,
              userId: inserted!.userId,
              attachmentFileId: inserted!.attachmentFileId,
            },
          })
          return inserted!
        })
      } catch (error) {
        if (!isReferenceClash(error) || attempt >= 4) throw error
      }
    }
  } catch (error) {
    if (file) await deleteStoredFile(db, file.id, audit)
    throw error
  }

  const config = getConfig()
  const attachment = file ? toFileSummary(file) : null
  try {
    await sendMail({
      db,
      to: config.mail.supportEmail,
      mail: supportInquiryMail({
        reference: row.reference,
        name: row.name,
        email: row.email,
        subject: row.subject,
        message: row.message,
        signedInAs: actor?.email ?? null,
        attachment: attachment && { ...attachment, url: `${config.publicUrl}${attachment.url}` },
      }),
      delivery: 'background',
    })
    await sendMail({
      db,
      to: row.email,
      mail: supportAcknowledgementMail({ name: row.name, reference: row.reference, subject: row.subject }),
      delivery: 'background',
    })
  } catch (error) {
    // The outbox insert failed: the inquiry is stored and staff see it in the list; do not fail the sender.
    logger.error({ err: error, inquiryId: row.id }, 'support inquiry mail not recorded')
  }
  await recordMarketingContact({ db, userId: row.userId, email: row.email, name: row.name, source: 'support-inquiry' })
  return { id: row.id, reference: row.reference, createdAt: row.createdAt.toISOString() }
}
