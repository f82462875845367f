import { randomUUID } from 'node:crypto'
import { and, eq, isNull } from 'drizzle-orm'
import { EDD_DOCUMENT_TYPE_CODES } from '@/lib/contracts/risk-edd'
import { computeOwnership } from '@/lib/kyc/effective-ownership'
import { SYSTEM_AUDIT_CONTEXT } from '@/server/audit/append-audit'
import { getDb } from '@/server/db/client'
import {
  businessCategories,
  businesses,
  eddAnswers,
  files,
  kycDetails,
  kycDocuments,
  kycDocumentTypes,
  productCategories,
  productRequirementVersions,
  products,
  screeningChecks,
  screeningEntries,
  screeningHits,
  screeningListVersions,
  screeningLists,
  shareholders,
} from '@/server/db/schema'
import { ownershipNodesOf, shareholderPersonKey } from '@/server/modules/kyc/ownership-nodes'
import { recomputeRiskNow } from '@/server/modules/risk/recompute-risk'
import { businessReadyForApproval } from './review-fixtures'

export type Tier = 'LOW' | 'MEDIUM' | 'HIGH'

/**
 * Under the shipped model, a business ready for approval (an RC company, self-service 10, turnover of ₦250m 5, 42
 * employees 0, all in Nigeria) scores 15 in agriculture: LOW. In financial services it scores 35: MEDIUM. With two
 * employees as well, 40: HIGH.
 */
export async function businessOfTier(tier: Tier, options: { approved?: boolean; edd?: boolean } = {}) {
  const ready = await businessReadyForApproval()
  const db = await getDb()
  const category = tier === 'LOW' ? 'Agriculture and Agro-allied' : 'Financial Services'
  const [row] = await db
    .select({ id: businessCategories.id })
    .from(businessCategories)
    .where(eq(businessCategories.name, category))
  await db.update(businesses).set({ categoryId: row!.id }).where(eq(businesses.id, ready.business.id))
  if (tier === 'HIGH') await setEmployees(ready.business.id, 2)
  await recomputeRiskNow(db, { businessId: ready.business.id, reason: 'REQUESTED', audit: SYSTEM_AUDIT_CONTEXT })
  // A HIGH business is approvable only with its enhanced due diligence done (docs/risk.md#enhanced-due-diligence).
  if (tier === 'HIGH' && options.edd !== false) await completeEdd(ready.business.id)
  // Approved before issue 39: a year from its approval (the recertification date then).
  if (options.approved)
    await db
      .update(businesses)
      .set({ approvalStatus: 'APPROVED', approvedAt: new Date('2026-01-15T10:00:00Z'), recertificationDate: '2027-01-15' })
      .where(eq(businesses.id, ready.business.id))
  return ready
}

/**
 * Every enhanced due diligence item answered, with its supporting documents (APPROVED), written straight to the
 * database: the source of funds, each beneficial owner's source of wealth, the purpose and the expected activity.
 */
export async function completeEdd(businessId: string) {
  const db = await getDb()
  const [details] = await db.select().from(kycDetails).where(eq(kycDetails.businessId, businessId))
  const holders = await db.select().from(shareholders).where(eq(shareholders.kycDetailsId, details!.id))
  const { beneficialOwnerIds } = computeOwnership(ownershipNodesOf(holders))
  const owners = new Map(holders.filter((h) => beneficialOwnerIds.has(h.id)).map((h) => [shareholderPersonKey(h), h]))
  const explanation = 'Ten years of trading profits, kept in the company account'
  await db.insert(eddAnswers).values([
    { businessId, kycDetailsId: details!.id, item: 'SOURCE_OF_FUNDS', answer: { origin: 'BUSINESS_REVENUE', explanation } },
    {
      businessId,
      kycDetailsId: details!.id,
      item: 'PURPOSE_OF_RELATIONSHIP',
      answer: { purpose: 'Collecting payments from customers and paying suppliers' },
    },
    {
      businessId,
      kycDetailsId: details!.id,
      item: 'EXPECTED_ACTIVITY',
      answer: {
        monthlyTransactions: 400,
        monthlyValueNaira: 25_000_000,
        counterparties: 'Retail customers',
        countries: 'Nigeria',
      },
    },
    ...[...owners.keys()].map((personKey) => ({
      businessId,
      kycDetailsId: details!.id,
      item: 'SOURCE_OF_WEALTH' as const,
      personKey,
      answer: { origin: 'BUSINESS_OWNERSHIP', explanation },
    })),
  ])
  const documents = [
    { code: EDD_DOCUMENT_TYPE_CODES.SOURCE_OF_FUNDS, shareholderId: null },
    ...[...owners.values()].map((h) => ({ code: EDD_DOCUMENT_TYPE_CODES.SOURCE_OF_WEALTH, shareholderId: h.id })),
  ]
  for (const { code, shareholderId } of documents) {
    const [type] = await db.select().from(kycDocumentTypes).where(eq(kycDocumentTypes.code, code))
    const [file] = await db
      .insert(files)
      .values({
        businessId,
        purpose: 'KYC_DOCUMENT',
        fileName: 'evidence.pdf',
        contentType: 'application/pdf',
        sizeBytes: 1024,
        blobName: `${randomUUID()}/evidence.pdf`,
        status: 'CONFIRMED',
        confirmedAt: new Date(),
      })
      .returning()
    await db.insert(kycDocuments).values({
      kycDetailsId: details!.id,
      businessId,
      documentTypeId: type!.id,
      shareholderId,
      fileId: file!.id,
      status: 'APPROVED',
    })
  }
}

export async function setEmployees(businessId: string, numberOfEmployees: number) {
  const db = await getDb()
  await db.update(kycDetails).set({ numberOfEmployees }).where(eq(kycDetails.businessId, businessId))
}

/** A live product of this risk level, with its first requirement version. */
export async function productOfRisk(riskLevel: 'LOW' | 'MEDIUM' | 'HIGH') {
  const db = await getDb()
  const [category] = await db.select({ id: productCategories.id }).from(productCategories).limit(1)
  const code = `RISK-${randomUUID().slice(0, 8).toUpperCase()}`
  const [product] = await db
    .insert(products)
    .values({ code, name: `Payouts ${code}`, categoryId: category!.id, live: true, active: true, riskLevel })
    .returning()
  await db.insert(productRequirementVersions).values({ productId: product!.id, version: 1, requirements: [] })
  return product!
}

/**
 * An OPEN candidate on the business's own screening check, against a new entry of `listCode` (not yet followed by risk).
 * The entry's name is made up, so that later screenings of other businesses (all with the fixture's Ada Obi) find nothing.
 */
export async function openCandidate(businessId: string, listCode: 'OFAC_SDN' | 'PEP') {
  const db = await getDb()
  const name = `Xq${randomUUID().replace(/[^a-f]/g, '')} Zv${randomUUID().replace(/[^a-f]/g, '')}`
  const [list] = await db.select().from(screeningLists).where(eq(screeningLists.code, listCode))
  const [version] = await db
    .insert(screeningListVersions)
    .values({
      listId: list!.id,
      number: 900 + Math.floor(Math.random() * 10_000),
      status: 'ACTIVE',
      source: 'test',
      checksum: 'x',
      recordCount: 1,
      added: 1,
      changed: 0,
      removed: 0,
    })
    .returning()
  const [entry] = await db
    .insert(screeningEntries)
    .values({
      listId: list!.id,
      sourceId: `T-${randomUUID()}`,
      subjectKind: 'PERSON',
      primaryName: name,
      names: [{ name, kind: 'PRIMARY', quality: 'STRONG' }],
      datesOfBirth: [],
      nationalities: [],
      countries: [],
      programmes: [],
      contentHash: randomUUID(),
      addedIn: version!.id,
    })
    .returning()
  const [check] = await db
    .select()
    .from(screeningChecks)
    .where(and(eq(screeningChecks.businessId, businessId), isNull(screeningChecks.supersededAt)))
    .limit(1)
  await db.update(screeningChecks).set({ status: 'OPEN' }).where(eq(screeningChecks.id, check!.id))
  const [hit] = await db
    .insert(screeningHits)
    .values({ checkId: check!.id, businessId, entryId: entry!.id, score: 0.97, matchedName: name, factors: [] })
    .returning()
  return hit!
}
