import type { KycProviderName, VerificationKind, VerificationStatus } from '@/lib/contracts/verification-values'

/** What a provider is asked to check: one verification item. */
export interface VerificationSubject {
  id: string
  businessId: string
  kind: VerificationKind
  label: string
  /** The value to check: `RC1234567|Name`, `NATIONAL_ID_CARD:12345678901`, an 11-digit BVN. */
  checkedValue: string
}

/** The provider's answer. PENDING: it has no result (yet); a person decides, or a later run asks again. */
export interface ProviderOutcome {
  status: VerificationStatus
  /** Why it failed, or what the provider said; stored as the item's comment. */
  comment?: string
  /** The provider's reference for the check, kept with the item. */
  reference?: string
  /**
   * Whether this answer costs a fee. Unset: every call of a billable provider is charged. An adapter sets `false` when
   * no check was made (the breaker was open, the provider failed or refused our credentials, or it checks no such
   * item), so no charge is recorded.
   */
  billed?: boolean
}

/**
 * The person or company name an item is about: the company's name from its checked value (`RC1234567|Name`), a
 * person's from the item's label, which verification-items.ts writes as `<first> <last>: <what>`.
 */
export function subjectName(subject: Pick<VerificationSubject, 'kind' | 'label' | 'checkedValue'>): string {
  if (subject.kind === 'COMPANY') return subject.checkedValue.slice(subject.checkedValue.indexOf('|') + 1)
  const colon = subject.label.indexOf(': ')
  return colon < 0 ? subject.label : subject.label.slice(0, colon)
}

/**
 * A KYC verification provider (docs/domain.md#verification-of-kyc-details): checks one item at a time. `billable` says
 * whether a call costs money: each billable call records a fee charge (docs/domain.md#money).
 */
export interface KycProviderAdapter {
  readonly name: KycProviderName
  readonly billable: boolean
  check(subject: VerificationSubject): Promise<ProviderOutcome>
  /** Present when the provider can look a company's directors and shareholders up (docs/ownership.md#registry-check). */
  lookUpCompany?: CompanyLookupProvider['lookUpCompany']
}

/** A registry's answer about a company (docs/ownership.md#registry-check): its directors and direct shareholders. */
export interface CompanyRegistryRecord {
  companyName: string | null
  directors: { name: string }[]
  shareholders: { name: string; kind: 'PERSON' | 'COMPANY' | 'TRUST' | 'NOMINEE'; percentage: number }[]
  /** The provider's reference for the lookup. */
  reference?: string
}

/**
 * The outcome of a company lookup: the record, NOT_FOUND (the registry has no such number) or UNAVAILABLE (no answer:
 * timeouts, 5xx, an open breaker, refused credentials, an answer without the record).
 */
export type CompanyLookupOutcome =
  { status: 'FOUND'; record: CompanyRegistryRecord } | { status: 'NOT_FOUND' } | { status: 'UNAVAILABLE' }

/** A provider that can look a company up in the registry (the HTTP provider; the manual one cannot: staff enter it). */
export interface CompanyLookupProvider {
  lookUpCompany(registrationNumber: string): Promise<CompanyLookupOutcome>
}
