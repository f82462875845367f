import { and, eq, inArray } from 'drizzle-orm'
import { appendAudit, SYSTEM_AUDIT_CONTEXT } from '@/server/audit/append-audit'
import { bvnIndexOf, idNumberIndexOf } from '@/server/crypto/identity-indexes'
import type { Database, Tx } from '@/server/db/client'
import {
  businesses,
  businessUsers,
  draftForms,
  kycAddresses,
  kycDetails,
  meansOfIds,
  roles,
  shareholders,
} from '@/server/db/schema'
import { demoBusinessRegNos } from './demo-businesses'

type BusinessRow = typeof businesses.$inferSelect

/** Demo businesses (by index) whose KYC is half captured, with drafts; others not submitted have nothing yet. */
const HALF_CAPTURED = new Set([1, 11, 21])

const PEOPLE: Array<[string, string]> = [
  ['Adaeze', 'Okafor'],
  ['Babatunde', 'Lawal'],
  ['Chiamaka', 'Eze'],
  ['Danladi', 'Musa'],
  ['Efosa', 'Igbinedion'],
  ['Funmilayo', 'Adeyemi'],
  ['Garba', 'Shehu'],
  ['Halima', 'Bello'],
  ['Ifeanyi', 'Nwosu'],
  ['Jumoke', 'Ogunleye'],
  ['Kelechi', 'Obi'],
  ['Lami', 'Abubakar'],
  ['Mfon', 'Udo'],
  ['Nneka', 'Okonkwo'],
  ['Oluwaseun', 'Bakare'],
]
const NATURE = [
  'Food processing',
  'Vehicle sales and repair',
  'Grain trading',
  'Software development',
  'Marine logistics',
  'Mining and trading',
]

const person = (i: number, k: number) => PEOPLE[(i * 3 + k) % PEOPLE.length]!
const bvnOf = (i: number, k: number) => `222${String(10_000_000 + i * 100 + k).slice(-8)}`

/** A plausible adult's date of birth (1955–1994), the same for a person wherever they appear in one business. */
export const demoDateOfBirth = (i: number, k: number) =>
  `${1955 + ((i * 7 + k * 11) % 40)}-${String(((i + k * 5) % 12) + 1).padStart(2, '0')}-${String(((i * 3 + k * 7) % 28) + 1).padStart(2, '0')}`

/**
 * The demo business (by index: Owerri Pharmaceuticals Plc, pending review) whose director declared they are a PEP;
 * everyone else declared they are not.
 */
export const PEP_DIRECTOR_BUSINESS = 10

/**
 * The demo business (by index: Asaba Creative Studios, pending review) whose second founder is a near-variant of a
 * UN-listed person (QDi.322, ABUBAKAR MOHAMMED SHEKAU, born 1969, Nigerian): screening opens a hit for the approver
 * to compare and clear or confirm (docs/screening.md).
 */
export const SCREENING_HIT_BUSINESS = 26
const SCREENING_HIT_PERSON = { k: 1, first: 'Abubakar Muhammad', last: 'Shekau', dateOfBirth: '1969-04-12' } as const
const isScreeningHitPerson = (index: number, k: number) => index === SCREENING_HIT_BUSINESS && k === SCREENING_HIT_PERSON.k
/** A demo person's [first, last] name: the PEOPLE list, but for the listed near-variant. */
const demoPerson = (index: number, k: number): readonly [string, string] =>
  isScreeningHitPerson(index, k) ? [SCREENING_HIT_PERSON.first, SCREENING_HIT_PERSON.last] : person(index, k)
const PEP_DIRECTOR = { status: 'PEP', position: 'Former Commissioner for Health, Imo State', country: 'NG' } as const
const NOT_PEP = { status: 'NOT_PEP', position: null, country: null } as const

/** The person's PEP declaration as stored (the director of PEP_DIRECTOR_BUSINESS is one; see demo-kyc's seedComplete). */
function pepColumns(index: number, k: number, isDirector: boolean) {
  const pep = index === PEP_DIRECTOR_BUSINESS && isDirector ? PEP_DIRECTOR : NOT_PEP
  return { pepStatus: pep.status, pepPosition: pep.position, pepCountry: pep.country }
}

/**
 * Demo mode: KYC capture in every stage. Businesses whose KYC is submitted (and so every approved or declined one)
 * get complete company details, a registered office address, shareholders (some through a corporate shareholder,
 * one two layers deep) and a current means of ID for every beneficial owner; a few pending businesses are half
 * captured, with drafts of the open forms; the rest have not started. Documents and deferrals are the documents
 * module's seed. Idempotent: a business that already has addresses or shareholders is left alone; business statuses
 * are never changed.
 */
export async function seedDemoKyc(db: Database): Promise<void> {
  const regNos = demoBusinessRegNos()
  const rows = await db.select().from(businesses).where(inArray(businesses.regNo, regNos))
  if (!rows.length) return
  const indexOf = new Map(regNos.map((r, i) => [r, i]))
  const ids = rows.map((b) => b.id)
  const [withAddresses, withHolders] = await Promise.all([
    db.selectDistinct({ businessId: kycAddresses.businessId }).from(kycAddresses).where(inArray(kycAddresses.businessId, ids)),
    db.selectDistinct({ businessId: shareholders.businessId }).from(shareholders).where(inArray(shareholders.businessId, ids)),
  ])
  const done = new Set([...withAddresses, ...withHolders].map((r) => r.businessId))
  const todo = rows.filter((b) => !done.has(b.id)).sort((a, b) => indexOf.get(a.regNo)! - indexOf.get(b.regNo)!)
  for (const business of todo) {
    const index = indexOf.get(business.regNo)!
    if (business.kycDetailsCompleted) await db.transaction((tx) => seedComplete(tx, business, index))
    else if (HALF_CAPTURED.has(index)) await db.transaction((tx) => seedHalfCaptured(tx, business, index))
  }
}

async function ownerOf(tx: Tx, businessId: string): Promise<string | null> {
  const [owner] = await tx
    .select({ id: businessUsers.userId })
    .from(businessUsers)
    .innerJoin(roles, eq(roles.id, businessUsers.roleId))
    .where(and(eq(businessUsers.businessId, businessId), eq(roles.name, 'BUSINESS_OWNER')))
  return owner?.id ?? null
}

/** The company details (filling in a record another demo seed may have started empty). */
async function upsertDetails(tx: Tx, business: BusinessRow, index: number, createdBy: string | null) {
  const values = {
    tin: `${String(10_000_000 + index * 137)}-0001`,
    incorporationDate: `${2008 + (index % 12)}-${String((index % 12) + 1).padStart(2, '0')}-15`,
    natureOfBusiness: NATURE[index % NATURE.length]!,
    description: `${business.name} serves customers across ${business.state} and neighbouring states.`,
    numberOfEmployees: 12 + index * 7,
    annualTurnoverKobo: (index + 1) * 25_000_000 * 100,
    countryOfIncorporation: 'Nigeria',
  }
  const [existing] = await tx.select().from(kycDetails).where(eq(kycDetails.businessId, business.id))
  if (existing) {
    const [row] = await tx
      .update(kycDetails)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(kycDetails.id, existing.id))
      .returning()
    return row!
  }
  const [row] = await tx
    .insert(kycDetails)
    .values({ businessId: business.id, ...values, createdBy, createdAt: new Date(business.createdAt.getTime() + 3_600_000) })
    .returning()
  return row!
}

async function registeredAddress(
  tx: Tx,
  business: BusinessRow,
  kycDetailsId: string,
  createdBy: string | null,
  verified: boolean,
) {
  await tx.insert(kycAddresses).values({
    kycDetailsId,
    businessId: business.id,
    type: 'REGISTERED',
    line1: business.addressLine1,
    line2: business.addressLine2,
    city: business.city,
    country: business.country,
    state: business.state,
    lga: business.lga,
    verificationStatus: verified ? 'VERIFIED' : 'PENDING',
    verifiedAt: verified ? business.approvedAt : null,
    verificationComment: verified ? 'Confirmed on site visit.' : null,
    createdBy,
  })
}

interface Holder {
  kind: 'INDIVIDUAL' | 'CORPORATE' | 'TRUST'
  k: number
  percentage: number
  /** Voting rights when they differ from the shares. */
  votes?: number
  /** A person under a trust. */
  role?: 'SETTLOR' | 'TRUSTEE' | 'BENEFICIARY'
  children?: Holder[]
  company?: string
}

/**
 * The demo group of issue 40 (docs/ownership.md), by index (Zaria Textiles Limited, pending review): three layers of
 * companies, a family trust with its settlor, trustee and beneficiary, and a person who controls through votes only
 * (1% of the shares, 30% of the votes).
 */
export const DEMO_OWNERSHIP_GROUP = 6

function ownershipGroup(): Holder[] {
  return [
    { kind: 'INDIVIDUAL', k: 0, percentage: 40, votes: 30 },
    {
      kind: 'CORPORATE',
      k: 1,
      percentage: 35,
      votes: 25,
      company: 'Savannah Holdings Limited',
      children: [
        { kind: 'INDIVIDUAL', k: 2, percentage: 50 },
        {
          kind: 'CORPORATE',
          k: 3,
          percentage: 50,
          company: 'Kaduna Capital Partners Limited',
          children: [{ kind: 'INDIVIDUAL', k: 4, percentage: 100 }],
        },
      ],
    },
    {
      kind: 'TRUST',
      k: 9,
      percentage: 20,
      votes: 15,
      company: 'Adeyemi Family Trust',
      children: [
        { kind: 'INDIVIDUAL', k: 5, percentage: 0, role: 'SETTLOR' },
        { kind: 'INDIVIDUAL', k: 6, percentage: 0, role: 'TRUSTEE' },
        { kind: 'INDIVIDUAL', k: 7, percentage: 0, role: 'BENEFICIARY' },
      ],
    },
    { kind: 'INDIVIDUAL', k: 8, percentage: 1, votes: 30 },
  ]
}

/** Two founders; or a founder and a holding company owned by two people; one demo goes two layers deep. */
function shareholdingOf(index: number): Holder[] {
  if (index === DEMO_OWNERSHIP_GROUP) return ownershipGroup()
  if (index % 2 === 0)
    return [
      { kind: 'INDIVIDUAL', k: 0, percentage: 60 },
      { kind: 'INDIVIDUAL', k: 1, percentage: 40 },
    ]
  const inner: Holder[] =
    index % 4 === 3
      ? [
          { kind: 'INDIVIDUAL', k: 2, percentage: 50 },
          {
            kind: 'CORPORATE',
            k: 3,
            percentage: 50,
            company: 'Delta Family Trust Holdings',
            children: [{ kind: 'INDIVIDUAL', k: 4, percentage: 100 }],
          },
        ]
      : [
          { kind: 'INDIVIDUAL', k: 2, percentage: 70 },
          { kind: 'INDIVIDUAL', k: 3, percentage: 30 },
        ]
  return [
    { kind: 'INDIVIDUAL', k: 0, percentage: 55 },
    { kind: 'CORPORATE', k: 1, percentage: 45, company: 'Savannah Holdings Limited', children: inner },
  ]
}

async function insertHolders(
  tx: Tx,
  business: BusinessRow,
  kycDetailsId: string,
  index: number,
  createdBy: string | null,
  list: Holder[],
  parentId: string | null,
  stake: number,
  /** The `k` of the person who will be the business's director (the first individual; see seedComplete). */
  directorK: number,
) {
  const individuals: Array<{ id: string; k: number; stake: number }> = []
  for (const holder of list) {
    const listed = isScreeningHitPerson(index, holder.k)
    const [first, last] = demoPerson(index, holder.k)
    const [row] = await tx
      .insert(shareholders)
      .values({
        kycDetailsId,
        businessId: business.id,
        parentShareholderId: parentId,
        type: holder.kind,
        role: holder.role ?? null,
        percentageUnits: holder.percentage * 100,
        votingUnits: holder.votes === undefined ? null : holder.votes * 100,
        createdBy,
        ...(holder.kind === 'INDIVIDUAL'
          ? {
              firstName: first,
              lastName: last,
              nationality: 'Nigerian',
              bvn: bvnOf(index, holder.k),
              bvnIndex: bvnIndexOf(bvnOf(index, holder.k)),
              dateOfBirth: listed ? SCREENING_HIT_PERSON.dateOfBirth : demoDateOfBirth(index, holder.k),
              ...pepColumns(index, holder.k, holder.k === directorK),
            }
          : {
              companyName: holder.company!,
              registrationNumber: holder.kind === 'TRUST' ? null : `RC${String(700_000 + index * 31 + holder.k)}`,
            }),
      })
      .returning({ id: shareholders.id })
    const own = (stake * holder.percentage) / 100
    if (holder.kind === 'INDIVIDUAL') individuals.push({ id: row!.id, k: holder.k, stake: own })
    if (holder.children)
      individuals.push(
        ...(await insertHolders(tx, business, kycDetailsId, index, createdBy, holder.children, row!.id, own, directorK)),
      )
  }
  return individuals
}

async function seedComplete(tx: Tx, business: BusinessRow, index: number) {
  const owner = await ownerOf(tx, business.id)
  const details = await upsertDetails(tx, business, index, owner)
  await registeredAddress(tx, business, details.id, owner, business.approvalStatus === 'APPROVED')
  if (index % 3 === 0) {
    await tx.insert(kycAddresses).values({
      kycDetailsId: details.id,
      businessId: business.id,
      type: 'OPERATING',
      line1: `Plot ${index + 4}, Industrial Layout`,
      city: business.city,
      country: business.country,
      state: business.state,
      lga: business.lga,
      createdBy: owner,
    })
  }
  // The first individual in the tree (depth first) is the director: shareholdings start with one (k 0).
  const individuals = await insertHolders(tx, business, details.id, index, owner, shareholdingOf(index), null, 100, 0)
  // Every individual here has significant control (5% or more, votes, or a trust's): each gets a current ID, linked to
  // them; the first is also the director.
  for (const [n, holder] of individuals.entries()) {
    const [first, last] = demoPerson(index, holder.k)
    const passport = n % 2 === 0
    const idNumber = passport
      ? `A${String(10_000_000 + index * 1000 + n).slice(-8)}`
      : `${String(30_000_000_000 + index * 1000 + n)}`
    await tx.insert(meansOfIds).values({
      kycDetailsId: details.id,
      businessId: business.id,
      shareholderId: holder.id,
      firstName: first,
      lastName: last,
      role: n === 0 ? 'DIRECTOR' : 'SHAREHOLDER',
      dateOfBirth: isScreeningHitPerson(index, holder.k) ? SCREENING_HIT_PERSON.dateOfBirth : demoDateOfBirth(index, holder.k),
      ...pepColumns(index, holder.k, n === 0),
      bvn: bvnOf(index, holder.k),
      bvnIndex: bvnIndexOf(bvnOf(index, holder.k)),
      idType: passport ? 'INTERNATIONAL_PASSPORT' : 'NATIONAL_ID_CARD',
      idNumber,
      idNumberIndex: idNumberIndexOf(idNumber),
      issueDate: passport ? '2022-04-11' : null,
      expiryDate: passport ? '2032-04-10' : null,
      createdBy: owner,
    })
  }
  await appendAudit(tx, SYSTEM_AUDIT_CONTEXT, {
    resource: 'kyc_details',
    resourceId: details.id,
    action: 'SEED_DEMO_KYC',
    after: { businessId: business.id, stage: 'complete', shareholders: individuals.length },
  })
}

async function seedHalfCaptured(tx: Tx, business: BusinessRow, index: number) {
  const owner = await ownerOf(tx, business.id)
  const details = await upsertDetails(tx, business, index, owner)
  await registeredAddress(tx, business, details.id, owner, false)
  const [first, last] = person(index, 0)
  await tx.insert(shareholders).values({
    kycDetailsId: details.id,
    businessId: business.id,
    type: 'INDIVIDUAL',
    firstName: first,
    lastName: last,
    nationality: 'Nigerian',
    bvn: bvnOf(index, 0),
    bvnIndex: bvnIndexOf(bvnOf(index, 0)),
    dateOfBirth: demoDateOfBirth(index, 0),
    ...pepColumns(index, 0, false),
    percentageUnits: 7000,
    createdBy: owner,
  })
  // The forms left open: a second shareholder and the first director's ID, as the stepper autosaved them.
  const [second, secondLast] = person(index, 1)
  await tx.insert(draftForms).values([
    {
      businessId: business.id,
      kycDetailTypeId: 'SHAREHOLDERS',
      data: {
        editing: {
          id: null,
          parentId: null,
          values: {
            type: 'INDIVIDUAL',
            firstName: second,
            lastName: secondLast,
            nationality: 'Nigerian',
            bvn: '',
            dateOfBirth: demoDateOfBirth(index, 1),
            pep: { status: '', position: '', country: 'NG' },
            companyName: '',
            registrationNumber: '',
            percentage: 30,
          },
        },
      },
      createdBy: owner,
      updatedBy: owner,
    },
    {
      businessId: business.id,
      kycDetailTypeId: 'MEANS_OF_ID',
      data: {
        editingId: null,
        values: {
          shareholderId: '',
          firstName: first,
          lastName: last,
          role: 'DIRECTOR',
          bvn: bvnOf(index, 0),
          idType: 'INTERNATIONAL_PASSPORT',
          idNumber: '',
          issueDate: '',
          expiryDate: '',
          dateOfBirth: demoDateOfBirth(index, 0),
          pep: { status: 'NOT_PEP', position: '', country: 'NG' },
          fileId: null,
        },
      },
      createdBy: owner,
      updatedBy: owner,
    },
  ])
  await appendAudit(tx, SYSTEM_AUDIT_CONTEXT, {
    resource: 'kyc_details',
    resourceId: details.id,
    action: 'SEED_DEMO_KYC',
    after: { businessId: business.id, stage: 'half captured' },
  })
}
