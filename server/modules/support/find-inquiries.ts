import { and, asc, count, desc, eq, getTableColumns } from 'drizzle-orm'
import type { z } from 'zod'
import type { SupportInquiryRow, supportInquiryQuerySchema } from '@/lib/contracts/support'
import { PERMISSIONS } from '@/lib/permissions/names'
import type { Database } from '@/server/db/client'
import { files, supportInquiries } from '@/server/db/schema'
import { assertStaffWithAny } from '@/server/http/access'
import type { Actor } from '@/server/http/context'
import { findPage, listOrder } from '@/server/http/pagination'
import { toFileSummary } from '@/server/records/attachable-file'
import { dueCondition, dueFieldsOf, loadServiceLevels } from '@/server/records/service-levels'

/** Who reads support inquiries: staff who may read users (the senders are users or would-be users). */
export const SUPPORT_INQUIRY_READERS = [PERMISSIONS.CAN_READ_USER] as const

/**
 * `GET /support/inquiries` (staff): a page of inquiries, newest first by default, optionally by status; an OPEN one
 * carries its due time (docs/service-levels.md#due-times), and `due` / `sort=dueAt` keep to OPEN ones.
 */
export async function findSupportInquiries(options: {
  db: Database
  actor: Actor
  query: z.output<typeof supportInquiryQuerySchema>
  now?: Date
}) {
  const { db, query, now = new Date() } = options
  assertStaffWithAny(options.actor, ...SUPPORT_INQUIRY_READERS)
  const levels = await loadServiceLevels(db)
  const byDue = query.due !== undefined || query.sort?.field === 'dueAt'
  const where = and(
    query.status ? eq(supportInquiries.status, query.status) : undefined,
    // Only an OPEN inquiry has a due time: a due filter or order keeps to those.
    byDue ? eq(supportInquiries.status, 'OPEN') : undefined,
    dueCondition(levels, 'SUPPORT_INQUIRIES', supportInquiries.createdAt, query.due, now),
  )
  return findPage({
    query,
    rows: db
      .select({ inquiry: getTableColumns(supportInquiries), file: getTableColumns(files) })
      .from(supportInquiries)
      .leftJoin(files, eq(files.id, supportInquiries.attachmentFileId))
      .where(where)
      .orderBy(
        ...(query.sort
          ? listOrder(
              query.sort,
              // Due times grow with the entry time (docs/service-levels.md#due-times).
              { createdAt: supportInquiries.createdAt, dueAt: supportInquiries.createdAt },
              query.sort,
            ).by(supportInquiries.id)
          : [query.recentFirst ? desc(supportInquiries.createdAt) : asc(supportInquiries.createdAt), asc(supportInquiries.id)]),
      ),
    count: () => db.select({ value: count() }).from(supportInquiries).where(where),
    content: (rows) =>
      rows.map(({ inquiry, file }): SupportInquiryRow => ({
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
        ...(inquiry.status === 'OPEN'
          ? dueFieldsOf(levels, 'SUPPORT_INQUIRIES', inquiry.createdAt, now)
          : { dueAt: null, dueStatus: null }),
      })),
  })
}
