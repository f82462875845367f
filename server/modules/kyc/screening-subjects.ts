import { asc, eq } from 'drizzle-orm'
import { pepDeclarationOf, type PepDeclaration, type PepStatus } from '@/lib/contracts/kyc-values'
import type { Executor } from '@/server/db/client'
import {
  businesses,
  governmentEntities,
  governmentRepresentatives,
  kycDetails,
  meansOfIds,
  shareholders,
  type MeansOfId,
  type Shareholder,
} from '@/server/db/schema'
import { notFound } from '@/server/http/app-error'
import { countryCodeOf } from '@/server/modules/locations/country-codes'
import { shareholderName, significantControlOf } from './ownership-nodes'

/** A record a screened person or company was read from. */
export interface ScreeningRef {
  table: 'means_of_ids' | 'shareholders' | 'government_representatives'
  id: string
}

/** One natural person, once however many records name them (see readScreeningSubjects). */
export interface ScreeningPerson {
  /** Every record of this person: their means of ID and their places in the shareholding. */
  refs: ScreeningRef[]
  /** DIRECTOR, SIGNATORY, SHAREHOLDER, OTHER (a means of ID's role), BENEFICIAL_OWNER, GOVERNMENT_REPRESENTATIVE. */
  roles: string[]
  /** Full name as captured on the first record (`First Last`). */
  name: string
  /** Other spellings captured on the person's other records, if any. */
  otherNames: string[]
  /** `YYYY-MM-DD`, decrypted; null when none of the records has one (captured before it was asked). */
  dateOfBirth: string | null
  /** ISO 3166-1 alpha-2, where a record gives a nationality that names a country. */
  nationality: string | null
  /** The most exposed declaration of the records (PEP, then family member, close associate, not a PEP); null if none. */
  pep: PepDeclaration | null
}

/** A corporate shareholder, at any depth, once per registration number. */
export interface ScreeningCompany {
  refs: Array<{ table: 'shareholders'; id: string }>
  name: string
  registrationNumber: string | null
  /** ISO alpha-2: registration numbers are CAC's, so `NG`. */
  country: string | null
}

export interface ScreeningSubjects {
  business: { id: string; name: string; country: string | null }
  persons: ScreeningPerson[]
  companies: ScreeningCompany[]
}

const PEP_ORDER: Readonly<Record<PepStatus, number>> = { PEP: 0, FAMILY_MEMBER: 1, CLOSE_ASSOCIATE: 2, NOT_PEP: 3 }

function mostExposed(declarations: readonly (PepDeclaration | null)[]): PepDeclaration | null {
  const made = declarations.filter((d): d is PepDeclaration => !!d)
  return made.sort((a, b) => PEP_ORDER[a.status] - PEP_ORDER[b.status])[0] ?? null
}

/** Union-find over record keys (`means_of_ids:<id>`, `shareholders:<id>`). */
class Groups {
  private readonly parent = new Map<string, string>()
  add(key: string) {
    if (!this.parent.has(key)) this.parent.set(key, key)
  }
  find(key: string): string {
    let root = key
    while (this.parent.get(root) !== root) root = this.parent.get(root)!
    this.parent.set(key, root)
    return root
  }
  join(a: string, b: string) {
    const ra = this.find(a)
    const rb = this.find(b)
    if (ra !== rb) this.parent.set(rb, ra)
  }
}

interface PersonRecord {
  key: string
  ref: ScreeningRef
  roles: string[]
  name: string
  dateOfBirth: string | null
  nationality: string | null
  pep: PepDeclaration | null
}

function depthFirst(rows: readonly Shareholder[]): Shareholder[] {
  const children = new Map<string | null, Shareholder[]>()
  for (const row of rows) children.set(row.parentShareholderId, [...(children.get(row.parentShareholderId) ?? []), row])
  const out: Shareholder[] = []
  const seen = new Set<string>()
  const walk = (parentId: string | null) => {
    for (const row of children.get(parentId) ?? []) {
      if (seen.has(row.id)) continue
      seen.add(row.id)
      out.push(row)
      walk(row.id)
    }
  }
  walk(null)
  return out
}

/**
 * Everyone to screen of one business (issue 38): the business, every natural person its KYC holds (means-of-ID holders
 * and individual shareholders at every depth) and every corporate shareholder at every depth, dates of birth
 * decrypted. A person named by several records (a director who holds shares, the same shareholder at two places of
 * the shareholding, two means of ID) is one entry with every role and every record: records are the same person when
 * a means of ID is linked to the shareholder, or when their BVNs (or ID numbers) have the same blind index, the key
 * effective ownership groups people by (docs/data-protection.md#encryption-at-rest). Names alone never merge two
 * records. A business without a KYC record answers its name and no one. 404 for an unknown business.
 */
export async function readScreeningSubjects(options: { db: Executor; businessId: string }): Promise<ScreeningSubjects> {
  const { db, businessId } = options
  const [business] = await db
    .select({ id: businesses.id, name: businesses.name, country: businesses.country })
    .from(businesses)
    .where(eq(businesses.id, businessId))
  if (!business) throw notFound('Business')
  const [kyc] = await db
    .select({ countryOfIncorporation: kycDetails.countryOfIncorporation })
    .from(kycDetails)
    .where(eq(kycDetails.businessId, businessId))
    .orderBy(asc(kycDetails.createdAt))
    .limit(1)
  const [ids, holders] = await Promise.all([
    db
      .select()
      .from(meansOfIds)
      .where(eq(meansOfIds.businessId, businessId))
      .orderBy(asc(meansOfIds.createdAt), asc(meansOfIds.id)),
    db
      .select()
      .from(shareholders)
      .where(eq(shareholders.businessId, businessId))
      .orderBy(asc(shareholders.createdAt), asc(shareholders.id)),
  ])
  const ordered = depthFirst(holders)
  // Beneficial owners are the persons with significant control (docs/ownership.md).
  const beneficialOwners = significantControlOf(holders).reasonsByNode
  const records = [
    ...ids.map((row) => meansOfIdRecord(row)),
    ...(await Promise.all(
      ordered.filter((h) => h.type === 'INDIVIDUAL').map((h) => shareholderRecord(h, beneficialOwners.has(h.id))),
    )),
  ]
  const groups = new Groups()
  for (const r of records) groups.add(r.key)
  const byIndex = new Map<string, string>()
  const sameIndex = (index: string | null, key: string) => {
    if (!index) return
    const first = byIndex.get(index)
    if (first) groups.join(first, key)
    else byIndex.set(index, key)
  }
  for (const row of ids) {
    const key = `means_of_ids:${row.id}`
    if (row.shareholderId && holders.some((h) => h.id === row.shareholderId))
      groups.join(`shareholders:${row.shareholderId}`, key)
    sameIndex(row.bvnIndex && `bvn:${row.bvnIndex}`, key)
    sameIndex(row.idNumberIndex && `id:${row.idNumberIndex}`, key)
  }
  for (const row of holders)
    if (row.type === 'INDIVIDUAL') sameIndex(row.bvnIndex && `bvn:${row.bvnIndex}`, `shareholders:${row.id}`)

  return {
    business: {
      id: business.id,
      name: business.name,
      country: (await countryCodeOf(kyc?.countryOfIncorporation)) ?? (await countryCodeOf(business.country)),
    },
    persons: mergedPersons(records, groups),
    companies: companiesOf(ordered),
  }
}

function meansOfIdRecord(row: MeansOfId): PersonRecord {
  return {
    key: `means_of_ids:${row.id}`,
    ref: { table: 'means_of_ids', id: row.id },
    roles: [row.role],
    name: `${row.firstName} ${row.lastName}`.trim(),
    dateOfBirth: row.dateOfBirth,
    nationality: null,
    pep: pepDeclarationOf(row),
  }
}

async function shareholderRecord(row: Shareholder, isBeneficialOwner: boolean): Promise<PersonRecord> {
  // A trust's settlor, trustee or beneficiary, or a nominee's principal, by that role.
  const role = row.role ?? 'SHAREHOLDER'
  return {
    key: `shareholders:${row.id}`,
    ref: { table: 'shareholders', id: row.id },
    roles: isBeneficialOwner ? [role, 'BENEFICIAL_OWNER'] : [role],
    name: shareholderName(row),
    dateOfBirth: row.dateOfBirth,
    nationality: await countryCodeOf(row.nationality),
    pep: pepDeclarationOf(row),
  }
}

/** The records grouped into people, in the order each person first appears. */
function mergedPersons(records: readonly PersonRecord[], groups: Groups): ScreeningPerson[] {
  const byRoot = new Map<string, PersonRecord[]>()
  for (const r of records) {
    const root = groups.find(r.key)
    byRoot.set(root, [...(byRoot.get(root) ?? []), r])
  }
  return [...byRoot.values()].map((group) => {
    const name = group[0]!.name
    return {
      refs: group.map((r) => r.ref),
      roles: [...new Set(group.flatMap((r) => r.roles))],
      name,
      otherNames: [...new Set(group.map((r) => r.name))].filter((n) => n.toLowerCase() !== name.toLowerCase()),
      dateOfBirth: group.find((r) => r.dateOfBirth)?.dateOfBirth ?? null,
      nationality: group.find((r) => r.nationality)?.nationality ?? null,
      pep: mostExposed(group.map((r) => r.pep)),
    }
  })
}

/** Corporate shareholders at every depth, one per registration number (or per record without one). */
function companiesOf(ordered: readonly Shareholder[]): ScreeningCompany[] {
  const byNumber = new Map<string, ScreeningCompany>()
  for (const row of ordered) {
    if (row.type === 'INDIVIDUAL') continue
    const key = row.registrationNumber ? `rc:${row.registrationNumber}` : `id:${row.id}`
    const existing = byNumber.get(key)
    if (existing) existing.refs.push({ table: 'shareholders', id: row.id })
    else
      byNumber.set(key, {
        refs: [{ table: 'shareholders', id: row.id }],
        name: shareholderName(row),
        registrationNumber: row.registrationNumber,
        country: row.type === 'CORPORATE' ? 'NG' : null,
      })
  }
  return [...byNumber.values()]
}

/**
 * The same for a government entity (its representatives are not in any business's KYC): the entity as `business`,
 * each representative a person with the role GOVERNMENT_REPRESENTATIVE. 404 for an unknown entity.
 */
export async function readGovernmentScreeningSubjects(options: { db: Executor; entityId: string }): Promise<ScreeningSubjects> {
  const { db, entityId } = options
  const [entity] = await db
    .select({ id: governmentEntities.id, name: governmentEntities.name, country: governmentEntities.country })
    .from(governmentEntities)
    .where(eq(governmentEntities.id, entityId))
  if (!entity) throw notFound('Government entity')
  const reps = await db
    .select()
    .from(governmentRepresentatives)
    .where(eq(governmentRepresentatives.entityId, entityId))
    .orderBy(asc(governmentRepresentatives.createdAt), asc(governmentRepresentatives.id))
  return {
    business: { id: entity.id, name: entity.name, country: (await countryCodeOf(entity.country)) ?? 'NG' },
    persons: reps.map((row) => ({
      refs: [{ table: 'government_representatives', id: row.id }],
      roles: ['GOVERNMENT_REPRESENTATIVE'],
      name: `${row.firstName} ${row.lastName}`.trim(),
      otherNames: [],
      dateOfBirth: row.dateOfBirth,
      nationality: null,
      pep: pepDeclarationOf(row),
    })),
    companies: [],
  }
}
