import { asc, eq, sql } from 'drizzle-orm'
import { idHolderRoles, KYC_ADDRESS_TYPE_LABELS, meansOfIdTypeOf, todayIso } from '@/lib/contracts/kyc-values'
import { formatCalendarDate } from '@/lib/format/date'
import {
  BENEFICIAL_OWNER_THRESHOLD,
  computeOwnership,
  FULL_HOLDING_UNITS,
  overAllocatedLevels,
  type OwnershipSummary as Ownership,
} from '@/lib/kyc/effective-ownership'
import type { Executor } from '@/server/db/client'
import {
  kycAddresses,
  meansOfIds,
  shareholders,
  type KycAddress,
  type KycDetails,
  type MeansOfId,
  type Shareholder,
} from '@/server/db/schema'
import { preparedPer } from '@/server/db/shaped-statements'
import { findKycDetailsOfBusiness } from './kyc-record'
import { ownershipNodesOf, shareholderName, shareholderPersonKey, significantControlOf } from './ownership-nodes'

export interface KycCaptureGap {
  code: string
  message: string
  field?: string
}

export { ownershipNodesOf, shareholderName, shareholderPersonKey } from './ownership-nodes'

/** True when this means of ID is current: types that expire need an expiry date after today. */
export function isMeansOfIdCurrent(row: Pick<MeansOfId, 'idType' | 'expiryDate'>, today = todayIso()): boolean {
  const type = meansOfIdTypeOf(row.idType)
  if (!type?.expires) return true
  return !!row.expiryDate && row.expiryDate > today
}

const COMPANY_FIELDS: Array<{ field: keyof KycDetails; label: string }> = [
  { field: 'tin', label: 'Tax identification number (TIN)' },
  { field: 'incorporationDate', label: 'Date of incorporation' },
  { field: 'natureOfBusiness', label: 'Nature of business' },
  { field: 'countryOfIncorporation', label: 'Country of incorporation' },
  { field: 'numberOfEmployees', label: 'Number of employees' },
  { field: 'annualTurnoverKobo', label: 'Annual turnover' },
]

/** What a business without a KYC record yet still has to do: every step. */
const NO_RECORD_GAPS: readonly KycCaptureGap[] = [
  { code: 'COMPANY_DETAILS_MISSING', message: 'Fill in the company details (step 1).', field: 'companyDetails' },
  { code: 'REGISTERED_ADDRESS_MISSING', message: 'Add the registered office address (step 2).', field: 'addresses' },
  {
    code: 'MEANS_OF_ID_MISSING',
    message: 'Add a means of ID for at least one director or signatory (step 3).',
    field: 'meansOfIds',
  },
  { code: 'SHAREHOLDERS_MISSING', message: 'Add the shareholders of the business (step 4).', field: 'shareholders' },
]

/**
 * Everything still missing or invalid in KYC steps 1–4 (company details, addresses, means of ID, shareholders), one
 * entry per item, worded so the business owner knows what to do. Empty when those steps are complete. Documents are
 * checked by the documents module; `PUT /businesses/{id}/completed-kyc-details` combines both lists.
 */
/** What the capture gaps read of a KYC record, prepared once per executor (the outstanding list reads it on every visit). */
const captureStatements = preparedPer((db) => {
  const kycDetailsId = sql.placeholder('kycDetailsId')
  return {
    addresses: db.select().from(kycAddresses).where(eq(kycAddresses.kycDetailsId, kycDetailsId)).prepare('capture_addresses'),
    meansOfIds: db
      .select()
      .from(meansOfIds)
      .where(eq(meansOfIds.kycDetailsId, kycDetailsId))
      .orderBy(asc(meansOfIds.createdAt))
      .prepare('capture_means_of_ids'),
    shareholders: db
      .select()
      .from(shareholders)
      .where(eq(shareholders.kycDetailsId, kycDetailsId))
      .orderBy(asc(shareholders.createdAt))
      .prepare('capture_shareholders'),
  }
})

/** `details`: the business's KYC record when the caller has read it already (null: it has none); else read here. */
export async function findKycCaptureGaps(
  db: Executor,
  options: { businessId: string; details?: KycDetails | null },
): Promise<KycCaptureGap[]> {
  const details = options.details !== undefined ? options.details : await findKycDetailsOfBusiness(db, options.businessId)
  if (!details) return [...NO_RECORD_GAPS]
  const statements = captureStatements(db)
  const [addresses, ids, holders] = await Promise.all([
    statements.addresses.execute({ kycDetailsId: details.id }),
    statements.meansOfIds.execute({ kycDetailsId: details.id }),
    statements.shareholders.execute({ kycDetailsId: details.id }),
  ])
  const today = todayIso()
  return [
    ...companyDetailGaps(details, today),
    ...addressGaps(addresses),
    ...meansOfIdGaps(ids, today),
    ...shareholderGaps(holders, ids, today),
    ...personDetailGaps(ids, holders),
  ]
}

/** What a person's record lacks of the details asked since issue 38, in words: "date of birth and PEP declaration". */
function missingDetails(row: Pick<MeansOfId, 'dateOfBirth' | 'pepStatus'>): string | null {
  const missing = [...(row.dateOfBirth ? [] : ['date of birth']), ...(row.pepStatus ? [] : ['PEP declaration'])]
  return missing.length ? missing.join(' and ') : null
}

/**
 * Steps 3 and 4: every natural person's date of birth and PEP declaration (docs/domain.md#dates-of-birth-and-pep-declarations).
 * People captured before they were asked read fine everywhere; here, what they lack is named, one gap per record.
 */
function personDetailGaps(ids: readonly MeansOfId[], holders: readonly Shareholder[]): KycCaptureGap[] {
  const gaps: KycCaptureGap[] = []
  for (const id of ids) {
    const missing = missingDetails(id)
    if (!missing) continue
    gaps.push({
      code: 'PERSON_DETAILS_MISSING',
      message: `${capitalised(missing)} of ${id.firstName} ${id.lastName} (${idHolderRoles(id).toLowerCase()}) not given: add ${missing.includes(' and ') ? 'them' : 'it'} to their means of ID (step 3).`,
      field: `meansOfIds.${id.id}`,
    })
  }
  for (const holder of holders) {
    if (holder.type !== 'INDIVIDUAL') continue
    const missing = missingDetails(holder)
    if (!missing) continue
    gaps.push({
      code: 'PERSON_DETAILS_MISSING',
      message: `${capitalised(missing)} of ${shareholderName(holder)} (shareholder) not given: add ${missing.includes(' and ') ? 'them' : 'it'} to the shareholder (step 4).`,
      field: `shareholders.${holder.id}`,
    })
  }
  return gaps
}

const capitalised = (text: string) => `${text.charAt(0).toUpperCase()}${text.slice(1)}`

/** Step 1: every required company detail filled in, and no incorporation in the future. */
function companyDetailGaps(details: KycDetails, today: string): KycCaptureGap[] {
  const gaps: KycCaptureGap[] = []
  for (const { field, label } of COMPANY_FIELDS) {
    const value = details[field]
    if (value === null || value === undefined || value === '') {
      gaps.push({
        code: 'COMPANY_DETAILS_INCOMPLETE',
        message: `Company details: enter the ${label.charAt(0).toLowerCase()}${label.slice(1)}.`,
        field: `companyDetails.${field}`,
      })
    }
  }
  if (details.incorporationDate && details.incorporationDate > today) {
    gaps.push({
      code: 'COMPANY_DETAILS_INVALID',
      message: 'Company details: the date of incorporation cannot be in the future.',
      field: 'companyDetails.incorporationDate',
    })
  }
  return gaps
}

/** Step 2: the registered office address. */
function addressGaps(addresses: readonly KycAddress[]): KycCaptureGap[] {
  if (addresses.some((a) => a.type === 'REGISTERED')) return []
  return [
    {
      code: 'REGISTERED_ADDRESS_MISSING',
      message: `Add the ${KYC_ADDRESS_TYPE_LABELS.REGISTERED.toLowerCase()} address (step 2).`,
      field: 'addresses',
    },
  ]
}

/** Step 3: at least one means of ID, each of them current. */
function meansOfIdGaps(ids: readonly MeansOfId[], today: string): KycCaptureGap[] {
  if (ids.length === 0) {
    return [
      {
        code: 'MEANS_OF_ID_MISSING',
        message: 'Add a means of ID for at least one director or signatory (step 3).',
        field: 'meansOfIds',
      },
    ]
  }
  return ids
    .filter((id) => !isMeansOfIdCurrent(id, today))
    .map((id) => ({
      code: 'MEANS_OF_ID_EXPIRED',
      message: `The ${meansOfIdTypeOf(id.idType)?.name.toLowerCase() ?? 'ID'} of ${id.firstName} ${id.lastName} ${id.expiryDate ? `expired on ${formatCalendarDate(id.expiryDate)}` : 'has no expiry date'}; replace it with a current one.`,
      field: `meansOfIds.${id.id}`,
    }))
}

/** Step 4: direct shareholders, no level over 100%, owners behind large corporates, an ID for every beneficial owner. */
function shareholderGaps(holders: readonly Shareholder[], ids: readonly MeansOfId[], today: string): KycCaptureGap[] {
  if (holders.length === 0) {
    return [{ code: 'SHAREHOLDERS_MISSING', message: 'Add the shareholders of the business (step 4).', field: 'shareholders' }]
  }
  const gaps = overAllocationGaps(holders)
  if (!holders.some((h) => h.parentShareholderId === null)) {
    gaps.push({
      code: 'SHAREHOLDERS_MISSING',
      message: 'Add the direct shareholders of the business (step 4).',
      field: 'shareholders',
    })
  }
  const ownership = computeOwnership(ownershipNodesOf(holders))
  return [
    ...gaps,
    ...hiddenOwnerGaps(holders, ownership),
    ...arrangementGaps(holders),
    ...beneficialOwnerIdGaps(holders, ids, ownership, today),
  ]
}

/** A trust names a trustee; a nominee names the person it acts for (docs/ownership.md). */
function arrangementGaps(holders: readonly Shareholder[]): KycCaptureGap[] {
  const gaps: KycCaptureGap[] = []
  for (const holder of holders) {
    const under = holders.filter((h) => h.parentShareholderId === holder.id)
    if (holder.type === 'TRUST' && !under.some((h) => h.role === 'TRUSTEE'))
      gaps.push({
        code: 'CORPORATE_SHAREHOLDERS_MISSING',
        message: `Name the trustees of ${shareholderName(holder)} (and its settlor and beneficiaries), so the persons who control it are known.`,
        field: `shareholders.${holder.id}`,
      })
    if (holder.type === 'NOMINEE' && !under.some((h) => h.role === 'PRINCIPAL'))
      gaps.push({
        code: 'CORPORATE_SHAREHOLDERS_MISSING',
        message: `Name the person ${shareholderName(holder)} holds its shares for.`,
        field: `shareholders.${holder.id}`,
      })
  }
  return gaps
}

/** A level of the shareholding (the direct one, or a corporate's own shareholders) adding up to more than 100%. */
function overAllocationGaps(holders: readonly Shareholder[]): KycCaptureGap[] {
  const byId = new Map(holders.map((h) => [h.id, h]))
  const votes = new Map<string | null, number>()
  for (const h of holders)
    if (!h.role) votes.set(h.parentShareholderId, (votes.get(h.parentShareholderId) ?? 0) + (h.votingUnits ?? h.percentageUnits))
  const voteGaps = [...votes]
    .filter(([, units]) => units > FULL_HOLDING_UNITS)
    .map(([parentId, units]) => ({
      code: 'SHAREHOLDING_OVER_100' as const,
      message: `The voting rights ${parentId ? `in ${shareholderName(byId.get(parentId)!)}` : 'held directly in the business'} add up to ${units / 100}%; they can be at most 100%.`,
      field: parentId ? `shareholders.${parentId}` : 'shareholders',
    }))
  return [
    ...voteGaps,
    ...overAllocatedLevels(ownershipNodesOf(holders)).map((level) =>
      level.parentId === null
        ? {
            code: 'SHAREHOLDING_OVER_100',
            message: `Direct shareholdings add up to ${level.totalPercentage}%; they can be at most 100%.`,
            field: 'shareholders',
          }
        : {
            code: 'SHAREHOLDING_OVER_100',
            message: `The shareholders of ${shareholderName(byId.get(level.parentId)!)} add up to ${level.totalPercentage}%; they can be at most 100%.`,
            field: `shareholders.${level.parentId}`,
          },
    ),
  ]
}

/** A corporate large enough to hide a beneficial owner must say who owns it. */
function hiddenOwnerGaps(holders: readonly Shareholder[], ownership: Ownership): KycCaptureGap[] {
  const gaps: KycCaptureGap[] = []
  for (const holder of holders) {
    if (holder.type !== 'CORPORATE') continue
    const stake = ownership.stakeOf.get(holder.id) ?? 0
    const childUnits = holders.filter((h) => h.parentShareholderId === holder.id).reduce((s, h) => s + h.percentageUnits, 0)
    if (stake >= BENEFICIAL_OWNER_THRESHOLD && childUnits === 0) {
      gaps.push({
        code: 'CORPORATE_SHAREHOLDERS_MISSING',
        message: `List the shareholders of ${shareholderName(holder)} (it holds ${Math.round(stake * 100) / 100}% of the business), so its beneficial owners are known.`,
        field: `shareholders.${holder.id}`,
      })
    }
  }
  return gaps
}

/**
 * Persons with significant control (docs/ownership.md) without a current means of ID: one gap per person, not per place
 * they appear.
 */
function beneficialOwnerIdGaps(
  holders: readonly Shareholder[],
  ids: readonly MeansOfId[],
  ownership: Ownership,
  today: string,
): KycCaptureGap[] {
  const gaps: KycCaptureGap[] = []
  const byId = new Map(holders.map((h) => [h.id, h]))
  for (const person of significantControlOf(holders).persons) {
    if (!person.reasons.length) continue
    const samePerson = holders
      .filter((h) => h.type === 'INDIVIDUAL' && shareholderPersonKey(h) === person.personKey)
      .map((h) => h.id)
    const current = ids.some(
      (id) => id.shareholderId !== null && samePerson.includes(id.shareholderId) && isMeansOfIdCurrent(id, today),
    )
    if (current) continue
    const holder = byId.get(person.nodeIds[0]!)!
    const share = Math.round((ownership.effectiveOwnershipOf.get(holder.id) ?? person.effectiveShares) * 100) / 100
    gaps.push({
      code: 'BENEFICIAL_OWNER_ID_MISSING',
      message: person.reasons.includes('SHARES')
        ? `${person.name} owns ${share}% of the business and is a beneficial owner: add a current means of ID for them (step 3).`
        : `${person.name} has significant control of the business (${controlWords(person.reasons)}): add a current means of ID for them (step 3).`,
      field: `shareholders.${holder.id}`,
    })
  }
  return gaps
}

const CONTROL_WORDS = {
  SHARES: 'shares',
  VOTES: 'voting rights',
  APPOINTMENT: 'the right to appoint the board',
  INFLUENCE: 'significant influence',
  TRUST: 'a trust with significant control',
} as const

function controlWords(reasons: readonly (keyof typeof CONTROL_WORDS)[]): string {
  return reasons.map((r) => CONTROL_WORDS[r]).join(', ')
}
