import { and, asc, desc, eq, isNull } from 'drizzle-orm'
import type { Executor } from '@/server/db/client'
import {
  businesses,
  deferrableMappings,
  deferrals,
  kycDetails,
  kycDocuments,
  kycDocumentTypes,
  kycRequiredDocuments,
  shareholders,
  type KycDocumentType,
  type Shareholder,
} from '@/server/db/schema'
import { deferralTypeColumns, type DeferralWithType } from '@/server/modules/deferrals/deferral-view'
import { selectKycDocuments, type KycDocumentRow } from './document-view'

type BusinessRow = typeof businesses.$inferSelect

export interface MatrixEntry {
  type: KycDocumentType
  isRequired: boolean
  alternativeGroup: string | null
}

/** Everything the documents checklist and gaps of one business are computed from. */
export interface DocumentState {
  business: BusinessRow
  kycDetailsId: string | null
  /** The active types the matrix lists for the business's class, required first, then by name. */
  matrix: MatrixEntry[]
  /** Current (not superseded) documents, the business's own and its shareholders'. */
  documents: KycDocumentRow[]
  /** The shareholders of the KYC record (every depth), oldest first: shareholder document types are counted per shareholder. */
  shareholders: Shareholder[]
  /** Every deferral of the business, newest first. */
  deferrals: DeferralWithType[]
  deferrableTypeIds: ReadonlySet<string>
}

export async function loadDocumentState(db: Executor, business: BusinessRow): Promise<DocumentState> {
  const [details] = await db.select({ id: kycDetails.id }).from(kycDetails).where(eq(kycDetails.businessId, business.id))
  const [matrix, documents, holders, deferralRows, mapping] = await Promise.all([
    db
      .select({
        type: kycDocumentTypes,
        isRequired: kycRequiredDocuments.isRequired,
        alternativeGroup: kycRequiredDocuments.alternativeGroup,
      })
      .from(kycRequiredDocuments)
      .innerJoin(kycDocumentTypes, eq(kycDocumentTypes.id, kycRequiredDocuments.documentTypeId))
      .where(and(eq(kycRequiredDocuments.registrationClass, business.registrationClass), eq(kycDocumentTypes.isActive, true)))
      .orderBy(desc(kycRequiredDocuments.isRequired), asc(kycDocumentTypes.name)),
    details
      ? selectKycDocuments(db, and(eq(kycDocuments.kycDetailsId, details.id), isNull(kycDocuments.supersededAt)))
      : Promise.resolve([]),
    details
      ? db
          .select()
          .from(shareholders)
          .where(eq(shareholders.kycDetailsId, details.id))
          .orderBy(asc(shareholders.createdAt), asc(shareholders.id))
      : Promise.resolve([]),
    db
      .select({ deferral: deferrals, documentType: deferralTypeColumns })
      .from(deferrals)
      .innerJoin(kycDocumentTypes, eq(kycDocumentTypes.id, deferrals.documentTypeId))
      .where(eq(deferrals.businessId, business.id))
      .orderBy(desc(deferrals.createdAt)),
    db
      .select({ documentTypeId: deferrableMappings.documentTypeId })
      .from(deferrableMappings)
      .where(eq(deferrableMappings.registrationClass, business.registrationClass)),
  ])
  return {
    business,
    kycDetailsId: details?.id ?? null,
    matrix,
    documents,
    shareholders: holders,
    deferrals: deferralRows,
    deferrableTypeIds: new Set(mapping.map((m) => m.documentTypeId)),
  }
}
