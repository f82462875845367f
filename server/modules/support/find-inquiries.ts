import { count, desc, asc, eq, getTableColumns } from 'drizzle-orm'
import type { z } from 'zod'
import type { SupportInquiry, supportInquiryQuerySchema } from '@/lib/contracts/support'
import { PERMISSIONS } from '@/lib/permissions/names'
import type { Database } from '@/server/db/client'
import { files, supportInquiries } from '@/server/db/schema'
import { assertStaffWithAny } from '@/server/http/access'
import type { Actor } from '@/server/http/context'
import { findPage } from '@/server/http/pagination'
import { toFileSummary } from '@/server/records/attachable-file'

/** Who reads support inquiries: staff who may read users (the senders are users or would-be users). */
export const SUPPORT_INQUIRY_READERS = [PERMISSIONS.CAN_READ_USER] as const

/** `GET /support/inquiries` (staff): a page of inquiries, newest first by default, optionally by status. */
export async function findSupportInquiries(options: {
  db: Database
  actor: Actor
  query: z.output<typeof supportInquiryQuerySchema>
}) {
  const { db, query } = options
  assertStaffWithAny(options.actor, ...SUPPORT_INQUIRY_READERS)
  const where = query.status ? eq(supportInquiries.status, query.status) : undefined
  return findPage({
    query,
    rows: db
      .select({ inquiry: getTableColumns(supportInquiries), file: getTableColumns(files) })
      .from(supportInquiries)
      .leftJoin(files, eq(files.id, supportInquiries.attachmentFileId))
      .where(where)
      .orderBy(query.recentFirst ? desc(supportInquiries.createdAt) : asc(supportInquiries.createdAt), asc(supportInquiries.id)),
    count: db.select({ value: count() }).from(supportInquiries).where(where),
    content: (rows) =>
      rows.map(({ inquiry, file }): SupportInquiry => ({
        id: inquiry.id,
        reference: inquiry.reference,
        name: inquiry.name,
        email: inquiry.email,
        subject: inquiry.subject,
        message: inquiry.message,
        status: inquiry.status,
        userId: inquiry.userId,
        attachment: file ? toFileSummary(file) : null,
        createdAt: inquiry.createdAt.toISOString(),
      })),
  })
}
