import { and, asc, eq, inArray, isNull } from 'drizzle-orm'
import type { RiskFactor } from '@/lib/contracts/risk'
import {
  EDD_DOCUMENT_TYPE_CODES,
  EDD_ITEM_LABELS,
  type EddItem,
  type EddItemView,
  type EnhancedDueDiligence,
} from '@/lib/contracts/risk-edd'
import type { RiskFactorCode, RiskTier } from '@/lib/contracts/risk-values'
import { computeOwnership } from '@/lib/kyc/effective-ownership'
import type { Executor } from '@/server/db/client'
import { eddAnswers, files, kycDocuments, kycDocumentTypes, shareholders, type Shareholder } from '@/server/db/schema'
import { ownershipNodesOf, shareholderName, shareholderPersonKey } from '@/server/modules/kyc/ownership-nodes'
import { currentRiskState, effectiveTier } from './risk-state'

/**
 * Why the owner is asked for enhanced due diligence, in plain words from the assessment's factors
 * (docs/risk.md#what-the-owner-sees). Never the score or the points. Open screening candidates are left out on
 * purpose: telling a business it may match a list would tip it off.
 */
const OWNER_REASONS: Partial<Record<RiskFactorCode, string>> = {
  LEGAL_FORM: 'Because of the legal form your business is registered under',
  SECTOR: 'Because your business is in a sector regulators treat as higher risk',
  JURISDICTION:
    'Because your business, one of its owners or one of its directors is linked to a country regulators treat as higher risk or watch closely',
  OWNERSHIP_LAYERS: 'Because your business is owned through several layers of companies',
  FOREIGN_CORPORATE_SHAREHOLDER: 'Because a company registered outside Nigeria holds shares in your business',
  CONTROL_THROUGH_SEVERAL_PATHS: 'Because one person holds shares in your business in more than one way',
  PEP_DECLARED:
    'Because a director, signatory or shareholder is a politically exposed person, or a family member or close associate of one',
  PEP_CONFIRMED:
    'Because a director, signatory or shareholder is a politically exposed person, or a family member or close associate of one',
  PRODUCT: 'Because of the products your business applied for',
  CHANNEL: 'Because of how your business came to us (online or through a partner, rather than in person)',
  TURNOVER: 'Because of the size of your business’s annual turnover',
  EMPLOYEES: 'Because your business has very few employees',
}
const BY_REVIEW = 'Because our compliance team reviewed your business and asks for these checks'

/** The plain reasons of a HIGH tier: each counting factor's words once, or the review's when an override set it. */
export function ownerReasonsOf(factors: readonly RiskFactor[], computedTier: RiskTier): string[] {
  const reasons = new Set<string>()
  for (const factor of factors) {
    const words = factor.points > 0 ? OWNER_REASONS[factor.code] : undefined
    if (words) reasons.add(words)
  }
  if (computedTier !== 'HIGH' || reasons.size === 0) reasons.add(BY_REVIEW)
  return [...reasons]
}

export interface EddState extends EnhancedDueDiligence {
  tier: RiskTier | null
  /** Every missing thing, prefixed with its item ("Source of funds: …"), for the checklist and the outstanding list. */
  gaps: string[]
}

interface BeneficialOwner {
  personKey: string
  name: string
  /** The person's shareholder records, the first (oldest) of which the answer and its document are asked under. */
  rows: Shareholder[]
}

/** The individuals at or above the beneficial-owner threshold, one per person (lib/kyc/effective-ownership.ts). */
function beneficialOwnersOf(rows: readonly Shareholder[]): BeneficialOwner[] {
  const { beneficialOwnerIds } = computeOwnership(ownershipNodesOf(rows))
  const byPerson = new Map<string, BeneficialOwner>()
  for (const row of rows) {
    if (!beneficialOwnerIds.has(row.id)) continue
    const key = shareholderPersonKey(row)
    const owner = byPerson.get(key)
    if (owner) owner.rows.push(row)
    else byPerson.set(key, { personKey: key, name: shareholderName(row), rows: [row] })
  }
  return [...byPerson.values()]
}

/** The beneficial owner a shareholder record belongs to, or null when that person is not one. */
export function beneficialOwnerOf(rows: readonly Shareholder[], shareholderId: string): BeneficialOwner | null {
  return beneficialOwnersOf(rows).find((o) => o.rows.some((r) => r.id === shareholderId)) ?? null
}

export async function shareholdersOfRecord(db: Executor, kycDetailsId: string): Promise<Shareholder[]> {
  return db.select().from(shareholders).where(eq(shareholders.kycDetailsId, kycDetailsId)).orderBy(asc(shareholders.createdAt))
}

type EddDocumentRow = Awaited<ReturnType<typeof eddDocuments>>[number]

async function eddDocuments(db: Executor, kycDetailsId: string) {
  return db
    .select({
      id: kycDocuments.id,
      code: kycDocumentTypes.code,
      shareholderId: kycDocuments.shareholderId,
      status: kycDocuments.status,
      reuploadRequestedAt: kycDocuments.reuploadRequestedAt,
      reuploadResolvedAt: kycDocuments.reuploadResolvedAt,
      createdAt: kycDocuments.createdAt,
      fileName: files.fileName,
    })
    .from(kycDocuments)
    .innerJoin(kycDocumentTypes, eq(kycDocumentTypes.id, kycDocuments.documentTypeId))
    .innerJoin(files, eq(files.id, kycDocuments.fileId))
    .where(
      and(
        eq(kycDocuments.kycDetailsId, kycDetailsId),
        isNull(kycDocuments.supersededAt),
        inArray(kycDocumentTypes.code, Object.values(EDD_DOCUMENT_TYPE_CODES)),
      ),
    )
}

/** What a supporting document lacks, in the owner's words, or null when it counts (present, not rejected, not asked again). */
function documentGap(typeName: string, document: EddDocumentRow | undefined): string | null {
  if (!document) return `Upload the ${typeName.toLowerCase()}`
  if (document.status === 'REJECTED') return `The ${typeName.toLowerCase()} was rejected: upload it again`
  if (document.reuploadRequestedAt && !document.reuploadResolvedAt)
    return `We asked for the ${typeName.toLowerCase()} again: upload a new one`
  return null
}

const ANSWER_MISSING = 'Answer the question'

/**
 * A business's enhanced due diligence (docs/risk.md#enhanced-due-diligence): whether its tier in force asks for it,
 * why, every item with its answer, supporting document and what is missing. No access check: the callers check.
 * A fixed handful of queries. `requiredOnly`: the items only when EDD is required (a caller that shows nothing
 * otherwise, as the outstanding list: one statement instead of five for a business that is not HIGH).
 */
export async function loadEddState(
  db: Executor,
  business: { id: string },
  kycDetailsId: string | null,
  options: { requiredOnly?: boolean } = {},
): Promise<EddState> {
  const { assessment, override } = await currentRiskState(db, business.id)
  const tier = assessment ? effectiveTier(assessment.tier, override) : null
  const required = tier === 'HIGH'
  const reasons = required && assessment ? ownerReasonsOf(assessment.factors, assessment.tier) : []
  if (!kycDetailsId || (options.requiredOnly && !required))
    return { required, reasons, tier, kycDetailsId: kycDetailsId ?? '', items: [], outstanding: 0, gaps: [] }

  const [holders, answers, documents, types] = await Promise.all([
    shareholdersOfRecord(db, kycDetailsId),
    db.select().from(eddAnswers).where(eq(eddAnswers.kycDetailsId, kycDetailsId)),
    eddDocuments(db, kycDetailsId),
    db
      .select({ id: kycDocumentTypes.id, code: kycDocumentTypes.code, name: kycDocumentTypes.name })
      .from(kycDocumentTypes)
      .where(inArray(kycDocumentTypes.code, Object.values(EDD_DOCUMENT_TYPE_CODES))),
  ])
  const typeOf = (code: string) => types.find((t) => t.code === code) ?? null
  const answerOf = (item: EddItem, personKey = '') => answers.find((a) => a.item === item && a.personKey === personKey)

  const build = (options: {
    item: EddItem
    answer: (typeof answers)[number] | undefined
    owner?: BeneficialOwner
    documentCode?: string
    document?: EddDocumentRow
  }): EddItemView => {
    const type = options.documentCode ? typeOf(options.documentCode) : null
    const missing = [
      ...(options.answer ? [] : [ANSWER_MISSING]),
      ...(type ? [documentGap(type.name, options.document)].filter((g): g is string => g !== null) : []),
    ]
    return {
      item: options.item,
      label: options.owner ? `${EDD_ITEM_LABELS[options.item]} of ${options.owner.name}` : EDD_ITEM_LABELS[options.item],
      shareholderId: options.owner?.rows[0]!.id ?? null,
      personName: options.owner?.name ?? null,
      answer: options.answer?.answer ?? null,
      answeredAt: options.answer?.updatedAt.toISOString() ?? null,
      documentTypeId: type?.id ?? null,
      documentTypeName: type?.name ?? null,
      document: options.document
        ? {
            id: options.document.id,
            fileName: options.document.fileName,
            status: options.document.status,
            uploadedAt: options.document.createdAt.toISOString(),
          }
        : null,
      complete: missing.length === 0,
      missing,
    }
  }

  const items: EddItemView[] = [
    build({
      item: 'SOURCE_OF_FUNDS',
      answer: answerOf('SOURCE_OF_FUNDS'),
      documentCode: EDD_DOCUMENT_TYPE_CODES.SOURCE_OF_FUNDS,
      document: documents.find((d) => d.code === EDD_DOCUMENT_TYPE_CODES.SOURCE_OF_FUNDS && !d.shareholderId),
    }),
    ...beneficialOwnersOf(holders).map((owner) =>
      build({
        item: 'SOURCE_OF_WEALTH',
        answer: answerOf('SOURCE_OF_WEALTH', owner.personKey),
        owner,
        documentCode: EDD_DOCUMENT_TYPE_CODES.SOURCE_OF_WEALTH,
        // Under any of the person's shareholder records: the newest counts.
        document: documents
          .filter((d) => d.code === EDD_DOCUMENT_TYPE_CODES.SOURCE_OF_WEALTH && owner.rows.some((r) => r.id === d.shareholderId))
          .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())[0],
      }),
    ),
    build({ item: 'PURPOSE_OF_RELATIONSHIP', answer: answerOf('PURPOSE_OF_RELATIONSHIP') }),
    build({ item: 'EXPECTED_ACTIVITY', answer: answerOf('EXPECTED_ACTIVITY') }),
  ]
  const gaps = required ? items.flatMap((i) => i.missing.map((m) => `${i.label}: ${m}`)) : []
  return { required, reasons, tier, kycDetailsId, items, outstanding: gaps.length, gaps }
}
