import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm'
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
import { preparedPer } from '@/server/db/shaped-statements'
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

/** What the document state reads, prepared once per executor (the outstanding list reads it on every visit). */
const stateStatements = preparedPer((db) => {
  const businessId = sql.placeholder('businessId')
  const kycDetailsId = sql.placeholder('kycDetailsId')
  const registrationClass = sql.placeholder('registrationClass')
  return {
    details: db
      .select({ id: kycDetails.id })
      .from(kycDetails)
      .where(eq(kycDetails.businessId, businessId))
      .prepare('state_kyc_id'),
    matrix: db
      .select({
        type: kycDocumentTypes,
        isRequired: kycRequiredDocuments.isRequired,
        alternativeGroup: kycRequiredDocuments.alternativeGroup,
      })
      .from(kycRequiredDocuments)
      .innerJoin(kycDocumentTypes, eq(kycDocumentTypes.id, kycRequiredDocuments.documentTypeId))
      .where(and(eq(kycRequiredDocuments.registrationClass, registrationClass), eq(kycDocumentTypes.isActive, true)))
      .orderBy(desc(kycRequiredDocuments.isRequired), asc(kycDocumentTypes.name))
      .prepare('state_matrix'),
    documents: selectKycDocuments(
      db,
      and(eq(kycDocuments.kycDetailsId, kycDetailsId), isNull(kycDocuments.supersededAt)),
    ).prepare('state_documents'),
    shareholders: db
      .select()
      .from(shareholders)
      .where(eq(shareholders.kycDetailsId, kycDetailsId))
      .orderBy(asc(shareholders.createdAt), asc(shareholders.id))
      .prepare('state_shareholders'),
    deferrals: db
      .select({ deferral: deferrals, documentType: deferralTypeColumns })
      .from(deferrals)
      .innerJoin(kycDocumentTypes, eq(kycDocumentTypes.id, deferrals.documentTypeId))
      .where(eq(deferrals.businessId, businessId))
      .orderBy(desc(deferrals.createdAt))
      .prepare('state_deferrals'),
    mapping: db
      .select({ documentTypeId: deferrableMappings.documentTypeId })
      .from(deferrableMappings)
      .where(eq(deferrableMappings.registrationClass, registrationClass))
      .prepare('state_deferrable'),
  }
})

/** `details`: the business's KYC record when the caller has read it already (null: it has none); else read here. */
export async function loadDocumentState(
  db: Executor,
  business: BusinessRow,
  options: { details?: { id: string } | null } = {},
): Promise<DocumentState> {
  const statements = stateStatements(db)
  const details =
    options.details !== undefined ? options.details : (await statements.details.execute({ businessId: business.id }))[0]
  const [matrix, documents, holders, deferralRows, mapping] = await Promise.all([
    statements.matrix.execute({ registrationClass: business.registrationClass }),
    details ? statements.documents.execute({ kycDetailsId: details.id }) : Promise.resolve([]),
    details ? statements.shareholders.execute({ kycDetailsId: details.id }) : Promise.resolve([]),
    statements.deferrals.execute({ businessId: business.id }),
    statements.mapping.execute({ registrationClass: business.registrationClass }),
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
