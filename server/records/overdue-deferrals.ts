import { and, asc, eq, inArray, lt, sql, type SQL } from 'drizzle-orm'
import type { Executor } from '@/server/db/client'
import { businesses, deferrals, kycDocumentTypes } from '@/server/db/schema'
import { asParameter, type Bind } from '@/server/db/shaped-statements'

/** An approved deferral past its due date and not fulfilled: it blocks its business (docs/domain.md#blocked). */
export interface OverdueDeferral {
  deferralId: string
  documentTypeName: string
  dueDate: Date
}

/**
 * `EXISTS` an overdue deferral of the business in the outer query, at `now`. Served by the index on
 * deferrals (business_id, status, due_date).
 */
export function overdueDeferralExists(now: Date, bind: Bind = asParameter): SQL {
  return sql`exists (select 1 from ${deferrals} where ${deferrals.businessId} = ${businesses.id} and ${deferrals.status} = 'APPROVED' and ${deferrals.dueDate} < ${bind('now', now.toISOString())}::timestamptz)`
}

/**
 * The overdue deferrals of the outer query's business at `now` (as loadOverdueDeferrals, oldest due first), as JSON:
 * a list reads them with its rows in one statement. Each `dueDate` is a timestamp string (`new Date()` it).
 */
export function overdueDeferralsJson(now: Date, bind: Bind = asParameter) {
  return sql<{ deferralId: string; documentTypeName: string; dueDate: string }[]>`(
    SELECT coalesce(json_agg(json_build_object('deferralId', d.id, 'documentTypeName', t.name, 'dueDate', d.due_date) ORDER BY d.due_date), '[]')
    FROM deferrals d JOIN kyc_document_types t ON t.id = d.document_type_id
    WHERE d.business_id = businesses.id AND d.status = 'APPROVED' AND d.due_date < ${bind('now', now.toISOString())}::timestamptz)`
}

/** The overdue deferrals of these businesses at `now`, by business id (oldest due first). */
export async function loadOverdueDeferrals(
  db: Executor,
  businessIds: readonly string[],
  now: Date,
): Promise<Map<string, OverdueDeferral[]>> {
  const byBusiness = new Map<string, OverdueDeferral[]>()
  if (!businessIds.length) return byBusiness
  const rows = await db
    .select({
      businessId: deferrals.businessId,
      deferralId: deferrals.id,
      documentTypeName: kycDocumentTypes.name,
      dueDate: deferrals.dueDate,
    })
    .from(deferrals)
    .innerJoin(kycDocumentTypes, eq(kycDocumentTypes.id, deferrals.documentTypeId))
    .where(
      and(inArray(deferrals.businessId, [...new Set(businessIds)]), eq(deferrals.status, 'APPROVED'), lt(deferrals.dueDate, now)),
    )
    .orderBy(asc(deferrals.dueDate))
  for (const row of rows) {
    const list = byBusiness.get(row.businessId) ?? []
    list.push({ deferralId: row.deferralId, documentTypeName: row.documentTypeName, dueDate: row.dueDate! })
    byBusiness.set(row.businessId, list)
  }
  return byBusiness
}

/** docs/domain.md#deferral: OVERDUE is APPROVED and past the due date. */
export function isDeferralOverdue(row: { status: string; dueDate: Date | null }, now: Date): boolean {
  return row.status === 'APPROVED' && !!row.dueDate && row.dueDate.getTime() < now.getTime()
}
