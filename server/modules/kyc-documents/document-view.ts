import { eq, type SQL } from 'drizzle-orm'
import type { KycDocument as KycDocumentView } from '@/lib/contracts/kyc-documents'
import type { Executor } from '@/server/db/client'
import { files, kycDocuments, kycDocumentTypes, shareholders, type KycDocument } from '@/server/db/schema'
import { shareholderName } from '@/server/modules/kyc/kyc-capture-gaps'
import { toFileSummary } from '@/server/records/attachable-file'

const selection = {
  document: kycDocuments,
  type: {
    id: kycDocumentTypes.id,
    code: kycDocumentTypes.code,
    name: kycDocumentTypes.name,
    isCac: kycDocumentTypes.isCac,
    typeOwner: kycDocumentTypes.typeOwner,
  },
  file: { id: files.id, fileName: files.fileName, contentType: files.contentType, sizeBytes: files.sizeBytes },
  shareholder: {
    type: shareholders.type,
    firstName: shareholders.firstName,
    lastName: shareholders.lastName,
    companyName: shareholders.companyName,
  },
}

/** KYC documents with their type and file. */
export function selectKycDocuments(db: Executor, where: SQL | undefined) {
  return db
    .select(selection)
    .from(kycDocuments)
    .innerJoin(kycDocumentTypes, eq(kycDocumentTypes.id, kycDocuments.documentTypeId))
    .innerJoin(files, eq(files.id, kycDocuments.fileId))
    .leftJoin(shareholders, eq(shareholders.id, kycDocuments.shareholderId))
    .where(where)
}

export type KycDocumentRow = Awaited<ReturnType<typeof selectKycDocuments>>[number]

const iso = (d: Date | null) => d?.toISOString() ?? null

export function toKycDocument({ document: row, type, file, shareholder }: KycDocumentRow): KycDocumentView {
  return {
    id: row.id,
    kycDetailsId: row.kycDetailsId,
    businessId: row.businessId,
    documentType: { id: type.id, code: type.code, name: type.name, isCac: type.isCac, typeOwner: type.typeOwner },
    shareholderId: row.shareholderId,
    shareholderName: shareholder ? shareholderName(shareholder) : null,
    file: toFileSummary(file),
    status: row.status,
    reviewComment: row.reviewComment,
    reviewedBy: row.reviewedBy,
    reviewedAt: iso(row.reviewedAt),
    reuploadReason: row.reuploadReason,
    reuploadRequestedBy: row.reuploadRequestedBy,
    reuploadRequestedAt: iso(row.reuploadRequestedAt),
    reuploadResolvedAt: iso(row.reuploadResolvedAt),
    uploadedBy: row.uploadedBy,
    createdAt: row.createdAt.toISOString(),
  }
}

/** A re-upload was asked for and no new upload has answered it yet. */
export const hasOpenReuploadRequest = (row: Pick<KycDocument, 'reuploadRequestedAt' | 'reuploadResolvedAt'>) =>
  !!row.reuploadRequestedAt && !row.reuploadResolvedAt

/** For the audit trail. */
export function documentAuditView(row: KycDocument) {
  return {
    id: row.id,
    kycDetailsId: row.kycDetailsId,
    businessId: row.businessId,
    documentTypeId: row.documentTypeId,
    shareholderId: row.shareholderId,
    fileId: row.fileId,
    status: row.status,
    reviewComment: row.reviewComment,
    reuploadReason: row.reuploadReason,
    reuploadRequestedAt: row.reuploadRequestedAt,
    reuploadResolvedAt: row.reuploadResolvedAt,
    supersededAt: row.supersededAt,
    supersededById: row.supersededById,
  }
}
