import { parseRegistrationNumber, type RegistrationClass } from '@/lib/validation/registration-number-rules'
import { logger } from '@/server/logger'
import { CircuitBreaker } from './circuit-breaker'
import {
  subjectName,
  type CompanyLookupOutcome,
  type CompanyRegistryRecord,
  type KycProviderAdapter,
  type ProviderOutcome,
  type VerificationSubject,
} from './types'

/**
 * The HTTP adapter for Dojah (https://docs.dojah.io), a Nigerian KYC provider. Its documented contract, as used here:
 *
 * - base URL `https://api.dojah.io` (sandbox `https://sandbox.dojah.io`), every call a GET with the headers
 *   `AppId: <app id>` and `Authorization: <secret key>`;
 * - CAC lookup: `GET /api/v1/kyc/cac?rc_number=<digits>&company_type=<BUSINESS_NAME|COMPANY|INCORPORATED_TRUSTEES|
 *   LIMITED_PARTNERSHIP|LIMITED_LIABILITY_PARTNERSHIP>` → `200 { "entity": { "company_name", "rc_number", "type_of_entity",
 *   "status", ... } }`;
 * - BVN: `GET /api/v1/kyc/bvn/full?bvn=<11 digits>` → `200 { "entity": { "bvn", "first_name", "middle_name",
 *   "last_name", ... } }`;
 * - NIN: `GET /api/v1/kyc/nin?nin=<11 digits>` → `200 { "entity": { "first_name", "middle_name", "last_name", ... } }`;
 * - company lookup with directors and shareholders ("CAC Advance", docs/ownership.md#registry-check):
 *   `GET /api/v1/kyc/cac/advance?rc=<digits>&class=premium&type=<co|bn|it>` → `200 { "entity": { "Name_of_Company",
 *   "RC_Number", "Number_of_Affiliates", "Affiliates": [...] } }`; each affiliate is read by {@link affiliateOf};
 * - a number it has no record of: `404 { "error": "..." }`; a malformed one `400 { "error": "..." }`; bad
 *   credentials 401/403.
 *
 * The answer is compared with what the business declared: the registered company name, the person's first and last
 * names. A match is VERIFIED, a difference or no record FAILED (with a comment the business may read, never the
 * number). Transport: each attempt has a timeout (AbortSignal.timeout); a 5xx, a timeout or a network error is retried
 * with exponential back-off, a 4xx never; a check whose attempts all failed counts once against the circuit breaker,
 * and while it is open checks stay PENDING without a call. Charges (docs/domain.md#fees-and-charges): a check the
 * provider answered (a record, no record, a refused number) is billed; one that never got an answer is not.
 * Identity numbers go only into the request; nothing here logs a URL or a number (docs/data-protection.md).
 */
export interface HttpProviderOptions {
  baseUrl: string
  appId: string
  secretKey: string
  /** Per attempt. */
  timeoutMs?: number
  /** Attempts after the first, on 5xx, timeouts and network errors. */
  retries?: number
  /** The first back-off; doubled at each retry. */
  backoffMs?: number
  breaker?: CircuitBreaker
  sleep?: (ms: number) => Promise<void>
}

const COMPANY_TYPES: Readonly<Record<RegistrationClass, string>> = {
  RC: 'COMPANY',
  BN: 'BUSINESS_NAME',
  IT: 'INCORPORATED_TRUSTEES',
  LP: 'LIMITED_PARTNERSHIP',
  LLP: 'LIMITED_LIABILITY_PARTNERSHIP',
}

interface ProviderRequest {
  path: string
  query: Record<string, string>
  /** What the business sees in a failure's comment. */
  what: string
  compare: (entity: Record<string, unknown>) => string | null
}

/** Lower case words, punctuation dropped, the usual company-name abbreviations made one. */
export function nameWords(value: unknown): string[] {
  const words =
    typeof value === 'string'
      ? value
          .toLowerCase()
          .normalize('NFKD')
          .replace(/[^a-z0-9]+/gu, ' ')
      : ''
  const same: Record<string, string> = { limited: 'ltd', company: 'co', incorporated: 'inc', nigeria: 'nig' }
  return words
    .split(' ')
    .filter(Boolean)
    .map((w) => same[w] ?? w)
}

/** A person matches when the declared first and last names are both among the provider's names (any order). */
function comparePerson(expected: string, what: string) {
  return (entity: Record<string, unknown>) => {
    const known = new Set([...nameWords(entity.first_name), ...nameWords(entity.middle_name), ...nameWords(entity.last_name)])
    const declared = nameWords(expected)
    if (declared.length === 0 || declared.some((w) => !known.has(w)))
      return `The name on the ${what} record does not match the declared name`
    return null
  }
}

function requestFor(subject: VerificationSubject): ProviderRequest | null {
  const expected = subjectName(subject)
  if (subject.kind === 'COMPANY') {
    const parsed = parseRegistrationNumber(subject.checkedValue.slice(0, subject.checkedValue.indexOf('|')))
    if (!parsed) return null
    return {
      path: '/api/v1/kyc/cac',
      query: { rc_number: parsed.number, company_type: COMPANY_TYPES[parsed.registrationClass] },
      what: 'company registry (CAC)',
      compare: (entity) => {
        if (nameWords(entity.company_name).join(' ') !== nameWords(expected).join(' '))
          return 'The company name registered with the CAC does not match the declared name'
        if (entity.rc_number != null && String(entity.rc_number).replace(/\D/gu, '') !== parsed.number)
          return 'The CAC record has a different registration number'
        return null
      },
    }
  }
  if (subject.kind === 'BVN') {
    return {
      path: '/api/v1/kyc/bvn/full',
      query: { bvn: subject.checkedValue },
      what: 'BVN',
      compare: comparePerson(expected, 'BVN'),
    }
  }
  const colon = subject.checkedValue.indexOf(':')
  if (subject.checkedValue.slice(0, colon) !== 'NATIONAL_ID_CARD') return null
  return {
    path: '/api/v1/kyc/nin',
    query: { nin: subject.checkedValue.slice(colon + 1) },
    what: 'NIN',
    compare: comparePerson(expected, 'NIN'),
  }
}

const NO_ANSWER: ProviderOutcome = { status: 'PENDING', billed: false }

class RetryableError extends Error {}

export function createHttpProvider(options: HttpProviderOptions): KycProviderAdapter {
  const timeoutMs = options.timeoutMs ?? 10_000
  const retries = options.retries ?? 2
  const backoffMs = options.backoffMs ?? 500
  const breaker = options.breaker ?? new CircuitBreaker({ failureThreshold: 5, cooldownMs: 60_000 })
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)))
  const base = options.baseUrl.replace(/\/+$/u, '')

  /** One attempt: the response of a 2xx or 4xx; a 5xx, timeout or network error throws RetryableError. */
  async function attempt(request: Pick<ProviderRequest, 'path' | 'query'>): Promise<Response> {
    const url = `${base}${request.path}?${new URLSearchParams(request.query).toString()}`
    let response: Response
    try {
      response = await fetch(url, {
        headers: { AppId: options.appId, Authorization: options.secretKey, Accept: 'application/json' },
        signal: AbortSignal.timeout(timeoutMs),
      })
    } catch (error) {
      const timedOut = error instanceof DOMException && error.name === 'TimeoutError'
      throw new RetryableError(timedOut ? `timed out after ${timeoutMs} ms` : 'network error')
    }
    if (response.status >= 500) {
      await response.body?.cancel()
      throw new RetryableError(`answered ${response.status}`)
    }
    return response
  }

  /** Attempts with back-off and the breaker: the response, or null when none came (the breaker was open, or every attempt failed). */
  async function call(request: Pick<ProviderRequest, 'path' | 'query'>, what: string): Promise<Response | null> {
    if (!breaker.tryAcquire()) return null
    let response: Response | undefined
    let lastError = ''
    for (let i = 0; i <= retries && !response; i++) {
      if (i > 0) await sleep(backoffMs * 2 ** (i - 1))
      try {
        response = await attempt(request)
      } catch (error) {
        lastError = error instanceof Error ? error.message : 'failed'
      }
    }
    if (!response) {
      breaker.recordFailure()
      logger.warn({ provider: 'DOJAH', what, error: lastError }, 'KYC provider call failed')
      return null
    }
    breaker.recordSuccess()
    return response
  }

  return {
    name: 'DOJAH',
    billable: true,
    async lookUpCompany(registrationNumber): Promise<CompanyLookupOutcome> {
      const parsed = parseRegistrationNumber(registrationNumber)
      if (!parsed) return { status: 'NOT_FOUND' }
      const type = parsed.registrationClass === 'BN' ? 'bn' : parsed.registrationClass === 'IT' ? 'it' : 'co'
      const response = await call(
        { path: '/api/v1/kyc/cac/advance', query: { rc: parsed.number, class: 'premium', type } },
        'company lookup',
      )
      if (!response) return { status: 'UNAVAILABLE' }
      if (response.status === 404 || response.status === 400 || response.status === 422) {
        await response.body?.cancel()
        return { status: 'NOT_FOUND' }
      }
      if (!response.ok) {
        await response.body?.cancel()
        logger.warn({ provider: 'DOJAH', status: response.status }, 'KYC provider refused the company lookup')
        return { status: 'UNAVAILABLE' }
      }
      const body = (await response.json().catch(() => null)) as { entity?: Record<string, unknown> } | null
      if (!body?.entity || typeof body.entity !== 'object') return { status: 'UNAVAILABLE' }
      return {
        status: 'FOUND',
        record: { ...companyRecordOf(body.entity), reference: response.headers.get('x-request-id') ?? undefined },
      }
    },
    async check(subject) {
      const request = requestFor(subject)
      if (!request) return NO_ANSWER
      const response = await call(request, `${subject.kind} check of ${subject.id}`)
      if (!response) return NO_ANSWER
      const reference = response.headers.get('x-request-id') ?? undefined
      if (response.status === 404)
        return { status: 'FAILED', comment: `The provider found no ${request.what} record for the number given`, reference }
      if (response.status === 400 || response.status === 422)
        return { status: 'FAILED', comment: `The provider refused the ${request.what} number as invalid`, reference }
      if (!response.ok) {
        await response.body?.cancel()
        logger.warn({ provider: 'DOJAH', kind: subject.kind, status: response.status }, 'KYC provider refused the call')
        return NO_ANSWER
      }
      const body = (await response.json().catch(() => null)) as { entity?: Record<string, unknown> } | null
      if (!body?.entity || typeof body.entity !== 'object') {
        logger.warn({ provider: 'DOJAH', kind: subject.kind }, 'KYC provider answered without an entity')
        return NO_ANSWER
      }
      const mismatch = request.compare(body.entity)
      return mismatch ? { status: 'FAILED', comment: mismatch, reference } : { status: 'VERIFIED', reference }
    },
  }
}

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '')
const numberOf = (value: unknown) => {
  const n = typeof value === 'number' ? value : Number(text(value).replace(/[^0-9.]/gu, ''))
  return Number.isFinite(n) && text(value) !== '' ? n : null
}
const field = (record: Record<string, unknown>, ...names: string[]) => {
  for (const n of names) if (record[n] !== undefined && record[n] !== null && record[n] !== '') return record[n]
  return undefined
}

/**
 * One affiliate of Dojah's CAC Advance answer. Dojah's published sample shows the entity's fields (`Name_of_Company`,
 * `Number_of_Affiliates`…) but not an affiliate's, so each is read under the spellings CAC data is known by: a person's
 * `surname`/`firstname`/`othername` (or a `name`), a company's `corporateName`; the role in `affiliateType` (or
 * `Affiliate_Type`, `designation`), a director when it says DIRECTOR, a shareholder when it says SHAREHOLDER or
 * SUBSCRIBER or holds shares; the shares as `percentage`, else `numSharesAlloted`/`Number_of_Shares`/`shares` out of
 * the affiliates' total.
 */
function affiliateOf(raw: Record<string, unknown>) {
  const corporate = text(field(raw, 'corporateName', 'Corporate_Name', 'companyName'))
  const person = [
    text(field(raw, 'firstname', 'Firstname', 'first_name')),
    text(field(raw, 'othername', 'Other_Name', 'middle_name')),
    text(field(raw, 'surname', 'Surname', 'last_name')),
  ]
    .filter(Boolean)
    .join(' ')
  const name = corporate || person || text(field(raw, 'name', 'Name'))
  const role = text(field(raw, 'affiliateType', 'Affiliate_Type', 'designation', 'Designation')).toUpperCase()
  const percentage = numberOf(field(raw, 'percentage', 'Percentage', 'percentageOfShares'))
  const shares = numberOf(field(raw, 'numSharesAlloted', 'Number_of_Shares', 'shares', 'Shares'))
  return {
    name,
    kind: corporate ? ('COMPANY' as const) : ('PERSON' as const),
    director: role.includes('DIRECTOR'),
    shareholder: role.includes('SHAREHOLDER') || role.includes('SUBSCRIBER') || (shares ?? 0) > 0 || (percentage ?? 0) > 0,
    percentage,
    shares,
  }
}

export function companyRecordOf(entity: Record<string, unknown>): Omit<CompanyRegistryRecord, 'reference'> {
  const list = field(entity, 'Affiliates', 'affiliates', 'affiliatesData')
  const affiliates = (Array.isArray(list) ? list : [])
    .filter((a): a is Record<string, unknown> => !!a && typeof a === 'object')
    .map(affiliateOf)
    .filter((a) => a.name)
  const holders = affiliates.filter((a) => a.shareholder)
  const totalShares = holders.reduce((sum, a) => sum + (a.shares ?? 0), 0)
  return {
    companyName: text(field(entity, 'Name_of_Company', 'company_name', 'companyName')) || null,
    directors: affiliates.filter((a) => a.director).map((a) => ({ name: a.name })),
    shareholders: holders.map((a) => ({
      name: a.name,
      kind: a.kind,
      percentage:
        a.percentage ?? (totalShares > 0 && a.shares !== null ? Math.round((a.shares / totalShares) * 10_000) / 100 : 0),
    })),
  }
}
