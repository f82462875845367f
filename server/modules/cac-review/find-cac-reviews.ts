import { and, asc, count, eq, gte, inArray, isNull, not, sql, type SQL } from 'drizzle-orm'
import type { CacReviewQuery, CacReviewRow } from '@/lib/contracts/cac-review'
import type { KycDocumentStatus } from '@/lib/contracts/kyc-document-values'
import { PERMISSIONS } from '@/lib/permissions/names'
import type { Executor } from '@/server/db/client'
import { upToIncluding } from '@/server/db/date-range'
import { businesses, kycDocuments, kycDocumentTypes } from '@/server/db/schema'
import { containsIgnoringCase } from '@/server/db/text-search'
import { assertStaffWithAny } from '@/server/http/access'
import { AppError } from '@/server/http/app-error'
import type { Actor } from '@/server/http/context'
import { findPage, listOrder } from '@/server/http/pagination'
import { selectKycDocuments, toKycDocument } from '@/server/modules/kyc-documents/document-view'
import { dueCondition, dueFieldsOf, loadServiceLevels, type ServiceLevels } from '@/server/records/service-levels'

const toDate = (value: Date | string | null) => (value === null ? null : value instanceof Date ? value : new Date(value))

/**
 * Whose CAC documents staff review: every business except one still capturing its KYC for the first time (PENDING
 * and not submitted: its documents are "uploaded", nobody reviews them yet), and not archived.
 */
const inReviewScope = and(
  not(and(eq(businesses.approvalStatus, 'PENDING'), eq(businesses.kycDetailsCompleted, false))!),
  eq(businesses.archiveStatus, 'ACTIVE'),
)

/** The current CAC documents grouped per KYC record, with the record's overall status (PENDING > REJECTED > APPROVED). */
function groupedCacDocuments(db: Executor, where: SQL | undefined) {
  return db
    .select({
      kycDetailsId: kycDocuments.kycDetailsId,
      businessId: kycDocuments.businessId,
      status:
        sql<KycDocumentStatus>`case when bool_or(${kycDocuments.status} = 'PENDING') then 'PENDING' when bool_or(${kycDocuments.status} = 'REJECTED') then 'REJECTED' else 'APPROVED' end`.as(
          'cac_status',
        ),
      pendingCount: sql<number>`count(*) filter (where ${kycDocuments.status} = 'PENDING')`.as('pending_count'),
      submittedAt: sql<Date | string>`max(${kycDocuments.createdAt})`.as('submitted_at'),
      reviewedAt: sql<Date | string | null>`max(${kycDocuments.reviewedAt})`.as('reviewed_at'),
    })
    .from(kycDocuments)
    .innerJoin(kycDocumentTypes, and(eq(kycDocumentTypes.id, kycDocuments.documentTypeId), eq(kycDocumentTypes.isCac, true)))
    .innerJoin(businesses, eq(businesses.id, kycDocuments.businessId))
    .where(and(isNull(kycDocuments.supersededAt), where))
    .groupBy(kycDocuments.kycDetailsId, kycDocuments.businessId)
    .as('cac')
}

const businessColumns = {
  id: businesses.id,
  name: businesses.name,
  regNo: businesses.regNo,
  registrationClass: businesses.registrationClass,
  approvalStatus: businesses.approvalStatus,
  createdBy: businesses.createdBy,
}

async function toRows(
  db: Executor,
  levels: ServiceLevels,
  now: Date,
  grouped: Array<{
    kycDetailsId: string
    status: KycDocumentStatus
    pendingCount: number | string
    submittedAt: Date | string
    reviewedAt: Date | string | null
    business: CacReviewRow['business']
  }>,
) {
  if (!grouped.length) return []
  const documents = await selectKycDocuments(
    db,
    and(
      inArray(
        kycDocuments.kycDetailsId,
        grouped.map((g) => g.kycDetailsId),
      ),
      isNull(kycDocuments.supersededAt),
      eq(kycDocumentTypes.isCac, true),
    ),
  ).orderBy(asc(kycDocumentTypes.name))
  return grouped.map((g): CacReviewRow => ({
    kycDetailsId: g.kycDetailsId,
    business: g.business,
    status: g.status,
    pendingCount: Number(g.pendingCount),
    documents: documents.filter((d) => d.document.kycDetailsId === g.kycDetailsId).map(toKycDocument),
    submittedAt: toDate(g.submittedAt)!.toISOString(),
    reviewedAt: toDate(g.reviewedAt)?.toISOString() ?? null,
    // The record entered the queue with its latest upload; it waits while any document is PENDING.
    ...(g.status === 'PENDING'
      ? dueFieldsOf(levels, 'CAC_DOCUMENTS', toDate(g.submittedAt)!, now)
      : { dueAt: null, dueStatus: null }),
  }))
}

/** Reading the CAC reviews: the routes' access and the services' check. */
export const CAC_REVIEW_READERS = [PERMISSIONS.CAN_APPROVE_CAC_DOCUMENT, PERMISSIONS.CAN_READ_BUSINESS] as const

/**
 * `GET /kyc/cac-documents-for-reviews`: one row per KYC record with its current CAC documents, newest upload first
 * (recentFirst=false: oldest first, the order to work a queue in). Staff holding CAN_APPROVE_CAC_DOCUMENT or CAN_READ_BUSINESS.
 */
export async function findCacReviews(options: { db: Executor; actor: Actor; query: CacReviewQuery; now?: Date }) {
  const { db, query, now = new Date() } = options
  assertStaffWithAny(options.actor, ...CAC_REVIEW_READERS)
  const levels = await loadServiceLevels(db)
  const byDue = query.due !== undefined || query.sort?.field === 'dueAt'
  const cac = groupedCacDocuments(
    db,
    and(inReviewScope, query.businessName ? containsIgnoringCase(businesses.name, query.businessName) : undefined),
  )
  const where = and(
    query.status ? eq(cac.status, query.status) : undefined,
    byDue ? eq(cac.status, 'PENDING') : undefined,
    dueCondition(levels, 'CAC_DOCUMENTS', cac.submittedAt, query.due, now),
    query.from ? gte(cac.submittedAt, new Date(query.from)) : undefined,
    query.to ? upToIncluding(cac.submittedAt, query.to) : undefined,
  )
  return findPage({
    query,
    rows: db
      .select({
        kycDetailsId: cac.kycDetailsId,
        status: cac.status,
        pendingCount: cac.pendingCount,
        submittedAt: cac.submittedAt,
        reviewedAt: cac.reviewedAt,
        business: businessColumns,
      })
      .from(cac)
      .innerJoin(businesses, eq(businesses.id, cac.businessId))
      .where(where)
      .orderBy(
        ...listOrder(
          query.sort,
          // Due times grow with the entry time (docs/service-levels.md#due-times).
          { businessName: businesses.name, submittedAt: cac.submittedAt, status: cac.status, dueAt: cac.submittedAt },
          { field: 'submittedAt', desc: query.recentFirst },
        ).by(cac.kycDetailsId),
      ),
    count: () => db.select({ value: count() }).from(cac).where(where),
    content: (rows) => toRows(db, levels, now, rows),
  })
}

/** One KYC record's CAC review row (after a decision, and for the details page); 404 when it has no current CAC document. */
export async function getCacReview(options: { db: Executor; actor: Actor; kycDetailsId: string }): Promise<CacReviewRow> {
  const { db } = options
  assertStaffWithAny(options.actor, ...CAC_REVIEW_READERS)
  const cac = groupedCacDocuments(db, eq(kycDocuments.kycDetailsId, options.kycDetailsId))
  const levels = await loadServiceLevels(db)
  const rows = await db
    .select({
      kycDetailsId: cac.kycDetailsId,
      status: cac.status,
      pendingCount: cac.pendingCount,
      submittedAt: cac.submittedAt,
      reviewedAt: cac.reviewedAt,
      business: businessColumns,
    })
    .from(cac)
    .innerJoin(businesses, eq(businesses.id, cac.businessId))
  const [row] = await toRows(db, levels, new Date(), rows)
  if (!row) throw new AppError('NOT_FOUND', 'This KYC record has no CAC documents')
  return row
}
