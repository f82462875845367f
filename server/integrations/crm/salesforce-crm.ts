import type { CrmAccount, CrmOpportunity } from '@/lib/contracts/crm'
import { AppError } from '@/server/http/app-error'
import type { CrmDirectory } from './types'

/** The REST API version the adapter speaks (`/services/data/v60.0/...`). */
export const SALESFORCE_API_VERSION = 'v60.0'
/** How long one call to Salesforce may take before the portal answers 502. */
export const SALESFORCE_TIMEOUT_MS = 10_000

export interface SalesforceOptions {
  /** The org's base URL (`https://example.my.salesforce.com`), no trailing slash. */
  url: string
  clientId: string
  clientSecret: string
  timeoutMs?: number
}

/**
 * A SOQL string literal's content, for `Name LIKE '%…%'`: quote and backslash escaped as SOQL requires, control
 * characters as their escapes, and the LIKE wildcards `%` and `_` escaped so they match themselves.
 */
export function soqlLikeContains(text: string): string {
  const escaped = text.replace(/[\\'"%_\n\r\t\b\f]/g, (c) => {
    switch (c) {
      case '\n':
        return '\\n'
      case '\r':
        return '\\r'
      case '\t':
        return '\\t'
      case '\b':
        return '\\b'
      case '\f':
        return '\\f'
      default:
        return `\\${c}`
    }
  })
  return `'%${escaped}%'`
}

interface SalesforceAccount {
  Id: string
  Name: string
  AccountNumber?: string | null
  Type?: string | null
  Industry?: string | null
  BillingStreet?: string | null
  BillingCity?: string | null
  BillingState?: string | null
  BillingCountry?: string | null
  Phone?: string | null
}

interface SalesforceOpportunity {
  Id: string
  AccountId?: string | null
  Name: string
  StageName: string
  Amount?: number | null
  CloseDate?: string | null
  Product_Code__c?: string | null
}

const ACCOUNT_FIELDS = 'Id, Name, AccountNumber, Type, Industry, BillingStreet, BillingCity, BillingState, BillingCountry, Phone'

const upstream = (message: string) => new AppError('UPSTREAM_FAILED', `The CRM (Salesforce) ${message}`)

/** Salesforce's error body is a list of `{ message, errorCode }`; its first message, or the status. */
async function describeFailure(response: Response): Promise<string> {
  const text = await response.text().catch(() => '')
  try {
    const body = JSON.parse(text) as unknown
    const first = Array.isArray(body) ? (body[0] as { message?: unknown; errorCode?: unknown } | undefined) : undefined
    const single = body as { error_description?: unknown; error?: unknown }
    const message = first?.message ?? single?.error_description ?? single?.error
    if (typeof message === 'string' && message) return `answered ${response.status}: ${message.slice(0, 200)}`
  } catch {
    // not JSON: the status says enough
  }
  return `answered ${response.status}`
}

/**
 * The production CRM: a Salesforce org's REST API. Signs in with the OAuth2 client-credentials flow
 * (`POST /services/oauth2/token`), keeps the token until Salesforce refuses it (then signs in once more), searches
 * accounts with SOQL (`/services/data/vXX.X/query?q=`) and reads an opportunity from
 * `/services/data/vXX.X/sobjects/Opportunity/{id}`. Every call has a timeout; a failure, a timeout or an answer of
 * the wrong shape is UPSTREAM_FAILED (502) naming Salesforce.
 */
export function salesforceCrm(options: SalesforceOptions): CrmDirectory {
  const timeoutMs = options.timeoutMs ?? SALESFORCE_TIMEOUT_MS
  let session: Promise<{ token: string; instanceUrl: string }> | null = null

  async function call(url: string, init: RequestInit): Promise<Response> {
    try {
      return await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs), redirect: 'error' })
    } catch (error) {
      if ((error as Error)?.name === 'TimeoutError') throw upstream(`did not answer within ${timeoutMs / 1000} s`)
      throw upstream('could not be reached')
    }
  }

  async function signIn() {
    const response = await call(`${options.url}/services/oauth2/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams({
        grant_type: 'client_credentials',
        client_id: options.clientId,
        client_secret: options.clientSecret,
      }).toString(),
    })
    if (!response.ok) throw upstream(`refused the sign-in: ${await describeFailure(response)}`)
    const body = (await response.json().catch(() => null)) as { access_token?: unknown; instance_url?: unknown } | null
    if (typeof body?.access_token !== 'string' || !body.access_token) throw upstream('sent a sign-in answer without a token')
    const instanceUrl = typeof body.instance_url === 'string' && body.instance_url ? body.instance_url : options.url
    return { token: body.access_token, instanceUrl: instanceUrl.replace(/\/+$/, '') }
  }

  /** GET a REST path with the cached token; on 401 signs in again once. Answers the parsed JSON, or null on 404. */
  async function getJson(path: string): Promise<unknown> {
    for (let attempt = 0; attempt < 2; attempt++) {
      session ??= signIn()
      let current: { token: string; instanceUrl: string }
      try {
        current = await session
      } catch (error) {
        session = null
        throw error
      }
      const response = await call(`${current.instanceUrl}${path}`, {
        headers: { authorization: `Bearer ${current.token}`, accept: 'application/json' },
      })
      if (response.status === 401 && attempt === 0) {
        session = null
        continue
      }
      if (response.status === 404) return null
      if (!response.ok) throw upstream(await describeFailure(response))
      const body = (await response.json().catch(() => undefined)) as unknown
      if (body === undefined) throw upstream('sent an answer that is not JSON')
      return body
    }
    throw upstream('refused the token it had just issued')
  }

  const base = `/services/data/${SALESFORCE_API_VERSION}`

  return {
    name: 'salesforce',
    async searchAccounts(name, limit) {
      const soql = `SELECT ${ACCOUNT_FIELDS} FROM Account WHERE Name LIKE ${soqlLikeContains(name)} ORDER BY Name LIMIT ${Math.trunc(limit)}`
      const body = (await getJson(`${base}/query?q=${encodeURIComponent(soql)}`)) as { records?: unknown } | null
      if (!body || !Array.isArray(body.records)) throw upstream('sent a search answer without records')
      return (body.records as SalesforceAccount[]).map((a): CrmAccount => ({
        id: String(a.Id),
        name: String(a.Name ?? ''),
        regNo: a.AccountNumber ?? null,
        typeHint: a.Type ?? null,
        categoryHint: a.Industry ?? null,
        address: {
          line1: a.BillingStreet ?? null,
          city: a.BillingCity ?? null,
          state: a.BillingState ?? null,
          country: a.BillingCountry ?? null,
        },
        // Account has no standard e-mail field: the form asks for it.
        email: null,
        phone: a.Phone ?? null,
      }))
    },
    async getOpportunity(id) {
      const body = (await getJson(`${base}/sobjects/Opportunity/${encodeURIComponent(id)}`)) as SalesforceOpportunity | null
      if (!body) throw new AppError('NOT_FOUND', `The CRM has no opportunity ${id}`)
      if (typeof body.Id !== 'string' || typeof body.Name !== 'string') throw upstream('sent an opportunity of the wrong shape')
      return {
        id: body.Id,
        accountId: body.AccountId ?? '',
        name: body.Name,
        stage: String(body.StageName ?? ''),
        amountKobo: typeof body.Amount === 'number' ? Math.round(body.Amount * 100) : null,
        productCode: body.Product_Code__c ?? null,
        closeDate: body.CloseDate ?? null,
      } satisfies CrmOpportunity
    },
  }
}
