import { eq, type SQL } from 'drizzle-orm'
import type { Deferral as DeferralView } from '@/lib/contracts/deferrals'
import type { Executor } from '@/server/db/client'
import { deferrals, kycDocumentTypes, type Deferral, type KycDocumentType } from '@/server/db/schema'
import { isDeferralOverdue } from '@/server/records/overdue-deferrals'

export type DeferralWithType = { deferral: Deferral; documentType: Pick<KycDocumentType, 'id' | 'code' | 'name' | 'isCac'> }

export const deferralTypeColumns = {
  id: kycDocumentTypes.id,
  code: kycDocumentTypes.code,
  name: kycDocumentTypes.name,
  isCac: kycDocumentTypes.isCac,
}

/** Deferral rows with their document type. */
export function selectDeferrals(db: Executor, where: SQL | undefined) {
  return db
    .select({ deferral: deferrals, documentType: deferralTypeColumns })
    .from(deferrals)
    .innerJoin(kycDocumentTypes, eq(kycDocumentTypes.id, deferrals.documentTypeId))
    .where(where)
}

export function toDeferral({ deferral: row, documentType }: DeferralWithType, now: Date = new Date()): DeferralView {
  const isOverdue = isDeferralOverdue(row, now)
  return {
    id: row.id,
    businessId: row.businessId,
    documentType: { id: documentType.id, code: documentType.code, name: documentType.name, isCac: documentType.isCac },
    days: row.days,
    reason: row.reason,
    status: row.status,
    displayStatus: isOverdue ? 'OVERDUE' : row.status,
    isOverdue,
    requestedBy: row.requestedBy,
    requestedAt: row.createdAt.toISOString(),
    decidedBy: row.decidedBy,
    decidedAt: row.decidedAt?.toISOString() ?? null,
    decisionComment: row.decisionComment,
    dueDate: row.dueDate?.toISOString() ?? null,
    fulfilledAt: row.fulfilledAt?.toISOString() ?? null,
  }
}

/** For the audit trail. */
export function deferralAuditView(row: Deferral) {
  return {
    id: row.id,
    businessId: row.businessId,
    documentTypeId: row.documentTypeId,
    days: row.days,
    reason: row.reason,
    status: row.status,
    decidedBy: row.decidedBy,
    decidedAt: row.decidedAt,
    decisionComment: row.decisionComment,
    dueDate: row.dueDate,
    fulfilledAt: row.fulfilledAt,
  }
}
