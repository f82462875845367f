import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'

// The app reads its configuration on first use: point the CRM at this file's Salesforce stand-in before the helpers load.
const port = vi.hoisted(() => {
  const chosen = 20000 + Math.floor(Math.random() * 20000)
  process.env.CRM_PROVIDER = 'salesforce'
  process.env.CRM_URL = `http://127.0.0.1:${chosen}`
  process.env.CRM_CLIENT_ID = 'portal-client'
  process.env.CRM_CLIENT_SECRET = 'portal-secret'
  return chosen
})

import { salesforceCrm, SALESFORCE_API_VERSION, soqlLikeContains } from '@/server/integrations/crm/salesforce-crm'
import { api, errorsOf, signedInUser } from './helpers'

/**
 * A local listener speaking the part of Salesforce's REST contract the adapter uses: the OAuth2 token endpoint
 * (client credentials), SOQL `query` with `Name LIKE '%…%'` and `LIMIT`, and `sobjects/Opportunity/{id}`; errors as
 * Salesforce sends them (a list of `{ message, errorCode }`, 401 INVALID_SESSION_ID for a stale token).
 */
const ACCOUNTS = [
  {
    Id: '001000000000001AAA',
    Name: 'Halvorsen Agro Ltd',
    AccountNumber: 'RC1000001',
    Type: 'Customer',
    Industry: 'Agriculture',
    BillingStreet: '3 Creek Road',
    BillingCity: 'Lagos',
    BillingState: 'Lagos',
    BillingCountry: 'Nigeria',
    Phone: '+2348030000001',
  },
  {
    Id: '001000000000002AAA',
    Name: "Halvorsen O'Brien & Sons",
    AccountNumber: null,
    Type: null,
    Industry: null,
    BillingStreet: null,
    BillingCity: null,
    BillingState: null,
    BillingCountry: null,
    Phone: null,
  },
  {
    Id: '001000000000003AAA',
    Name: 'Halvorsen 100% Foods',
    AccountNumber: null,
    Type: null,
    Industry: null,
    BillingStreet: null,
    BillingCity: null,
    BillingState: null,
    BillingCountry: null,
    Phone: null,
  },
]
const OPPORTUNITY = {
  attributes: { type: 'Opportunity' },
  Id: '006000000000001AAA',
  AccountId: '001000000000001AAA',
  Name: 'Collections account',
  StageName: 'Prospecting',
  Amount: 2500000.5,
  CloseDate: '2027-01-15',
  Product_Code__c: 'COLLECT',
}

const state = { tokens: new Set<string>(), issued: 0, queries: [] as string[], failNext: 0, slowMs: 0 }

/** SOQL string literal back to text (the reverse of the adapter's escaping), LIKE wildcards kept as written. */
function likePattern(soql: string): RegExp | null {
  const match = /Name LIKE '((?:[^'\\]|\\.)*)'/.exec(soql)
  if (!match) return null
  let pattern = ''
  const literal = match[1]!
  for (let i = 0; i < literal.length; i++) {
    const c = literal[i]!
    if (c === '\\') {
      const next = literal[++i]!
      pattern += next === 'n' ? '\n' : next.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
    } else if (c === '%') pattern += '.*'
    else if (c === '_') pattern += '.'
    else pattern += c.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
  }
  return new RegExp(`^${pattern}$`, 'i')
}

function send(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' })
  res.end(JSON.stringify(body))
}

async function handle(req: IncomingMessage, res: ServerResponse) {
  const url = new URL(req.url!, `http://127.0.0.1:${port}`)
  const chunks: Buffer[] = []
  for await (const chunk of req) chunks.push(chunk as Buffer)
  const body = Buffer.concat(chunks).toString()
  if (state.slowMs) await new Promise((r) => setTimeout(r, state.slowMs))
  if (req.method === 'POST' && url.pathname === '/services/oauth2/token') {
    const form = new URLSearchParams(body)
    if (
      form.get('grant_type') !== 'client_credentials' ||
      form.get('client_id') !== 'portal-client' ||
      form.get('client_secret') !== 'portal-secret'
    )
      return send(res, 400, { error: 'invalid_client', error_description: 'invalid client credentials' })
    const token = `token-${++state.issued}`
    state.tokens.add(token)
    return send(res, 200, { access_token: token, instance_url: `http://127.0.0.1:${port}`, token_type: 'Bearer' })
  }
  const token = req.headers.authorization?.replace(/^Bearer /, '')
  if (!token || !state.tokens.has(token))
    return send(res, 401, [{ message: 'Session expired or invalid', errorCode: 'INVALID_SESSION_ID' }])
  if (state.failNext > 0) {
    state.failNext--
    res.writeHead(503, { 'content-type': 'text/plain' })
    return res.end('Service Unavailable')
  }
  const base = `/services/data/${SALESFORCE_API_VERSION}`
  if (req.method === 'GET' && url.pathname === `${base}/query`) {
    const q = url.searchParams.get('q') ?? ''
    state.queries.push(q)
    const pattern = likePattern(q)
    const limit = Number(/LIMIT (\d+)$/.exec(q)?.[1] ?? 2000)
    if (!pattern || !q.startsWith('SELECT ') || !q.includes(' FROM Account '))
      return send(res, 400, [{ message: 'MALFORMED_QUERY', errorCode: 'MALFORMED_QUERY' }])
    const records = ACCOUNTS.filter((a) => pattern.test(a.Name))
      .sort((a, b) => a.Name.localeCompare(b.Name))
      .slice(0, limit)
      .map((a) => ({ attributes: { type: 'Account', url: `${base}/sobjects/Account/${a.Id}` }, ...a }))
    return send(res, 200, { totalSize: records.length, done: true, records })
  }
  if (req.method === 'GET' && url.pathname === `${base}/sobjects/Opportunity/${OPPORTUNITY.Id}`)
    return send(res, 200, OPPORTUNITY)
  if (req.method === 'GET' && url.pathname.startsWith(`${base}/sobjects/Opportunity/`))
    return send(res, 404, [{ errorCode: 'NOT_FOUND', message: 'The requested resource does not exist' }])
  return send(res, 404, [{ errorCode: 'NOT_FOUND', message: 'The requested resource does not exist' }])
}

let server: Server
beforeAll(async () => {
  server = createServer((req, res) => void handle(req, res))
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
})
afterAll(async () => {
  server.closeAllConnections()
  await new Promise((resolve) => server.close(resolve))
})
beforeEach(() => {
  state.failNext = 0
  state.slowMs = 0
})

describe('CRM through the Salesforce adapter (CRM_PROVIDER=salesforce)', () => {
  it('searches accounts with an escaped SOQL LIKE and maps them; the limit reaches the query', async () => {
    const officer = await signedInUser({ staffRole: 'ONBOARDING_OFFICER' })
    const res = await api('/crm/search-accounts?accountName=halvorsen&sizeLimit=2', { token: officer.token })
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual([
      {
        id: '001000000000003AAA',
        name: 'Halvorsen 100% Foods',
        regNo: null,
        typeHint: null,
        categoryHint: null,
        address: { line1: null, city: null, state: null, country: null },
        email: null,
        phone: null,
      },
      {
        id: '001000000000001AAA',
        name: 'Halvorsen Agro Ltd',
        regNo: 'RC1000001',
        typeHint: 'Customer',
        categoryHint: 'Agriculture',
        address: { line1: '3 Creek Road', city: 'Lagos', state: 'Lagos', country: 'Nigeria' },
        email: null,
        phone: '+2348030000001',
      },
    ])
    expect(state.queries.at(-1)).toBe(
      "SELECT Id, Name, AccountNumber, Type, Industry, BillingStreet, BillingCity, BillingState, BillingCountry, Phone FROM Account WHERE Name LIKE '%halvorsen%' ORDER BY Name LIMIT 2",
    )

    const quote = await api(`/crm/search-accounts?accountName=${encodeURIComponent("o'brien")}`, { token: officer.token })
    expect(((await quote.json()) as { name: string }[]).map((a) => a.name)).toEqual(["Halvorsen O'Brien & Sons"])
    expect(state.queries.at(-1)).toContain("Name LIKE '%o\\'brien%'")
    const percent = await api(`/crm/search-accounts?accountName=${encodeURIComponent('0% F')}`, { token: officer.token })
    expect(((await percent.json()) as { name: string }[]).map((a) => a.name)).toEqual(['Halvorsen 100% Foods'])
    expect(state.queries.at(-1)).toContain("Name LIKE '%0\\% F%'")
  })

  it('reads an opportunity (amount in kobo); an unknown id is 404', async () => {
    const officer = await signedInUser({ staffRole: 'ONBOARDING_OFFICER' })
    const res = await api(`/crm/opportunities/${OPPORTUNITY.Id}`, { token: officer.token })
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({
      id: OPPORTUNITY.Id,
      accountId: '001000000000001AAA',
      name: 'Collections account',
      stage: 'Prospecting',
      amountKobo: 250000050,
      productCode: 'COLLECT',
      closeDate: '2027-01-15',
    })
    const missing = await api('/crm/opportunities/006000000000999AAA', { token: officer.token })
    expect(missing.status).toBe(404)
    expect((await errorsOf(missing))[0]!.message).toBe('The CRM has no opportunity 006000000000999AAA')
  })

  it('signs in again once when Salesforce refuses a stale token', async () => {
    const officer = await signedInUser({ staffRole: 'ONBOARDING_OFFICER' })
    expect((await api('/crm/search-accounts?accountName=agro', { token: officer.token })).status).toBe(200)
    const issuedBefore = state.issued
    state.tokens.clear()
    const res = await api('/crm/search-accounts?accountName=agro', { token: officer.token })
    expect(res.status).toBe(200)
    expect(((await res.json()) as { name: string }[]).map((a) => a.name)).toEqual(['Halvorsen Agro Ltd'])
    expect(state.issued).toBe(issuedBefore + 1)
  })

  it('answers 502 naming Salesforce when it fails', async () => {
    const officer = await signedInUser({ staffRole: 'ONBOARDING_OFFICER' })
    state.failNext = 1
    const res = await api('/crm/search-accounts?accountName=agro', { token: officer.token })
    expect(res.status).toBe(502)
    expect(await errorsOf(res)).toEqual([{ code: 'UPSTREAM_FAILED', message: 'The CRM (Salesforce) answered 503' }])
  })
})

describe('salesforceCrm adapter', () => {
  it('escapes quotes, backslashes, wildcards and line breaks in the LIKE literal', () => {
    expect(soqlLikeContains("a'b\\c%d_e\nf")).toBe("'%a\\'b\\\\c\\%d\\_e\\nf%'")
  })

  it('gives up after its timeout with 502', async () => {
    state.slowMs = 500
    const crm = salesforceCrm({
      url: `http://127.0.0.1:${port}`,
      clientId: 'portal-client',
      clientSecret: 'portal-secret',
      timeoutMs: 100,
    })
    await expect(crm.searchAccounts('agro', 5)).rejects.toMatchObject({
      code: 'UPSTREAM_FAILED',
      message: 'The CRM (Salesforce) did not answer within 0.1 s',
    })
  })

  it('reports refused credentials and an unreachable CRM as 502', async () => {
    const wrong = salesforceCrm({ url: `http://127.0.0.1:${port}`, clientId: 'portal-client', clientSecret: 'nope' })
    await expect(wrong.getOpportunity(OPPORTUNITY.Id)).rejects.toMatchObject({
      code: 'UPSTREAM_FAILED',
      message: 'The CRM (Salesforce) refused the sign-in: answered 400: invalid client credentials',
    })
    const away = salesforceCrm({ url: 'http://127.0.0.1:1', clientId: 'x', clientSecret: 'y' })
    await expect(away.searchAccounts('agro', 5)).rejects.toMatchObject({
      code: 'UPSTREAM_FAILED',
      message: 'The CRM (Salesforce) could not be reached',
    })
  })
})
