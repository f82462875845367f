import { randomUUID } from 'node:crypto'
import { and, eq, isNull } from 'drizzle-orm'
import { SYSTEM_AUDIT_CONTEXT } from '@/server/audit/append-audit'
import { getDb } from '@/server/db/client'
import {
  businessCategories,
  businesses,
  kycDetails,
  productCategories,
  productRequirementVersions,
  products,
  screeningChecks,
  screeningEntries,
  screeningHits,
  screeningListVersions,
  screeningLists,
} from '@/server/db/schema'
import { recomputeRiskNow } from '@/server/modules/risk/recompute-risk'
import { businessReadyForApproval } from './review-fixtures'

export type Tier = 'LOW' | 'MEDIUM' | 'HIGH'

/**
 * Under the shipped model, a business ready for approval (an RC company, self-service 10, turnover of ₦250m 5, 42
 * employees 0, all in Nigeria) scores 15 in agriculture: LOW. In financial services it scores 35: MEDIUM. With two
 * employees as well, 40: HIGH.
 */
export async function businessOfTier(tier: Tier, options: { approved?: boolean } = {}) {
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
  // Approved before issue 39: a year from its approval (the recertification date then).
  if (options.approved)
    await db
      .update(businesses)
      .set({ approvalStatus: 'APPROVED', approvedAt: new Date('2026-01-15T10:00:00Z'), recertificationDate: '2027-01-15' })
      .where(eq(businesses.id, ready.business.id))
  return ready
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
