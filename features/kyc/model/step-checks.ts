import { idHolderRoles, KYC_ADDRESS_TYPE_LABELS, missingPersonDetails, type KycStep } from '@/lib/contracts/kyc-values'
import { formatDay } from '@/lib/format/day'
import { BENEFICIAL_OWNER_THRESHOLD, formatPercentage, overAllocatedLevels } from '@/lib/kyc/effective-ownership'
import type { KycAddress, KycDetails, MeansOfIdRecord, ShareholderRecord } from '../api/types'

export interface StepCheck {
  /** True when the step has everything it needs (the stepper marks it done). */
  done: boolean
  /** What is missing or wrong, worded for the business owner. */
  problems: string[]
}

export interface CapturedKyc {
  details: KycDetails | null
  addresses: readonly KycAddress[] | undefined
  meansOfIds: readonly MeansOfId[] | undefined
  shareholders: readonly ShareholderRecord[] | undefined
}
type MeansOfId = Pick<
  MeansOfIdRecord,
  'isCurrent' | 'firstName' | 'lastName' | 'idTypeName' | 'expiryDate' | 'role' | 'shareholderId' | 'hasDateOfBirth' | 'pep'
>

/** "Date of birth and PEP declaration of Ada Obi (director) not given: add them." as the server words the gap. */
function personDetailsProblem(row: { hasDateOfBirth: boolean; pep: unknown }, who: string): string | null {
  const missing = missingPersonDetails(row)
  if (!missing.length) return null
  const what = missing.join(' and ')
  return `${what.charAt(0).toUpperCase()}${what.slice(1)} of ${who} not given: add ${missing.length > 1 ? 'them' : 'it'}.`
}

const DETAIL_FIELDS: Array<[keyof KycDetails, string]> = [
  ['tin', 'the TIN'],
  ['incorporationDate', 'the date of incorporation'],
  ['natureOfBusiness', 'the nature of business'],
  ['countryOfIncorporation', 'the country of incorporation'],
  ['numberOfEmployees', 'the number of employees'],
  ['annualTurnover', 'the annual turnover'],
]

export const holderName = (h: Pick<ShareholderRecord, 'type' | 'companyName' | 'firstName' | 'lastName'>) =>
  h.type === 'INDIVIDUAL'
    ? `${h.firstName ?? ''} ${h.lastName ?? ''}`.trim()
    : (h.companyName ?? { CORPORATE: 'Corporate shareholder', TRUST: 'Trust', NOMINEE: 'Nominee' }[h.type])

/**
 * The stepper's view of steps 1–4, from what the API answered; the same rules as the server's capture gaps, so a
 * step shown as done is not refused later. Documents are checked by the documents step itself.
 */
export function checkCaptureSteps(
  kyc: CapturedKyc,
): Record<'COMPANY_DETAILS' | 'ADDRESSES' | 'MEANS_OF_ID' | 'SHAREHOLDERS', StepCheck> {
  const company: string[] = []
  if (!kyc.details) company.push('Save the company details.')
  else
    for (const [field, label] of DETAIL_FIELDS)
      if (kyc.details[field] === null || kyc.details[field] === '') company.push(`Enter ${label}.`)

  const addresses: string[] = []
  if (!kyc.addresses?.some((a) => a.type === 'REGISTERED'))
    addresses.push(`Add the ${KYC_ADDRESS_TYPE_LABELS.REGISTERED.toLowerCase()} address.`)

  const ids: string[] = []
  if (!kyc.meansOfIds?.length) ids.push('Add a means of ID for at least one director or signatory.')
  for (const id of kyc.meansOfIds ?? []) {
    if (!id.isCurrent)
      ids.push(
        `The ${id.idTypeName.toLowerCase()} of ${id.firstName} ${id.lastName} has expired${id.expiryDate ? ` (${formatDay(id.expiryDate)})` : ''}; replace it.`,
      )
    const details = personDetailsProblem(id, `${id.firstName} ${id.lastName} (${idHolderRoles(id).toLowerCase()})`)
    if (details) ids.push(details)
  }

  const holders: string[] = []
  const list = kyc.shareholders ?? []
  if (!list.some((h) => h.parentShareholderId === null)) holders.push('Add the shareholders of the business.')
  const byId = new Map(list.map((h) => [h.id, h]))
  for (const level of overAllocatedLevels(
    list.map((h) => ({
      id: h.id,
      parentId: h.parentShareholderId,
      kind: h.type === 'INDIVIDUAL' ? 'INDIVIDUAL' : 'CORPORATE',
      percentage: h.role ? 0 : h.percentage,
    })),
  )) {
    holders.push(
      level.parentId === null
        ? `Direct shareholdings add up to ${formatPercentage(level.totalPercentage)}; they can be at most 100%.`
        : `The shareholders of ${holderName(byId.get(level.parentId)!)} add up to ${formatPercentage(level.totalPercentage)}; at most 100%.`,
    )
  }
  for (const h of list) {
    if (
      h.type === 'CORPORATE' &&
      h.effectiveStake >= BENEFICIAL_OWNER_THRESHOLD &&
      !list.some((c) => c.parentShareholderId === h.id)
    ) {
      holders.push(`List the shareholders of ${holderName(h)} (it holds ${formatPercentage(h.effectiveStake)} of the business).`)
    }
    const under = list.filter((c) => c.parentShareholderId === h.id)
    if (h.type === 'TRUST' && !under.some((c) => c.role === 'TRUSTEE'))
      holders.push(`Name the trustees of ${holderName(h)} (and its settlor and beneficiaries).`)
    if (h.type === 'NOMINEE' && !under.some((c) => c.role === 'PRINCIPAL'))
      holders.push(`Name the person ${holderName(h)} holds its shares for.`)
  }
  const votes = new Map<string | null, number>()
  for (const h of list)
    if (!h.role) votes.set(h.parentShareholderId, (votes.get(h.parentShareholderId) ?? 0) + Math.round(h.votingPercentage * 100))
  for (const [parentId, units] of votes)
    if (units > 10_000)
      holders.push(
        `The voting rights ${parentId ? `in ${holderName(byId.get(parentId)!)}` : 'held directly in the business'} add up to ${formatPercentage(units / 100)}; at most 100%.`,
      )
  for (const h of list) {
    if (h.type !== 'INDIVIDUAL') continue
    const details = personDetailsProblem(h, `${holderName(h)} (shareholder)`)
    if (details) holders.push(details)
  }
  const named = new Set<string>()
  for (const h of list) {
    if (!h.needsMeansOfId) continue
    const name = holderName(h)
    if (named.has(name)) continue
    named.add(name)
    ids.push(
      h.controlReasons.includes('SHARES')
        ? `${name} owns ${formatPercentage(h.effectiveOwnership ?? 0)} and is a beneficial owner: add their means of ID, linked to them.`
        : `${name} has significant control of the business: add their means of ID, linked to them.`,
    )
  }

  return {
    COMPANY_DETAILS: { done: company.length === 0, problems: company },
    ADDRESSES: { done: addresses.length === 0, problems: addresses },
    MEANS_OF_ID: { done: ids.length === 0, problems: ids },
    SHAREHOLDERS: { done: holders.length === 0, problems: holders },
  }
}

/** `?step=` or the stored step, as one of the steps; the first step otherwise. */
export function readStep(value: string | null | undefined, steps: readonly KycStep[]): KycStep {
  if (!value) return steps[0]!
  const upper = value.toUpperCase()
  if ((steps as readonly string[]).includes(upper)) return upper as KycStep
  const index = Number(value)
  if (Number.isInteger(index) && index >= 0 && index < steps.length) return steps[index]!
  return steps[0]!
}
