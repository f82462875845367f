import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

/**
 * A local listener speaking Dojah's documented KYC contract (server/integrations/kyc-provider/http-provider.ts): GET
 * `/api/v1/kyc/cac`, `/api/v1/kyc/bvn/full`, `/api/v1/kyc/nin`, `AppId` and `Authorization` headers, `{ entity }`
 * answers, 404 for an unknown number, 401 for wrong credentials. `records` holds what it knows; `failNext` answers
 * the next N calls with 500; `delayMs` holds every answer back (timeouts).
 */
export interface FakeDojah {
  url: string
  requests: { path: string; query: Record<string, string>; appId?: string; authorization?: string }[]
  records: {
    cac: Record<string, { company_name: string; rc_number: string; type_of_entity: string }>
    bvn: Record<string, { first_name: string; middle_name?: string; last_name: string }>
    nin: Record<string, { first_name: string; middle_name?: string; last_name: string }>
    /** CAC Advance (`/api/v1/kyc/cac/advance`), keyed `<type>:<rc>`: the entity with its `Affiliates`. */
    cacAdvance?: Record<string, Record<string, unknown>>
  }
  failNext: number
  delayMs: number
  close: () => Promise<void>
}

export const FAKE_APP_ID = 'app-123'
export const FAKE_SECRET = 'test_sk_abcdef'

export async function startFakeDojah(): Promise<FakeDojah> {
  const fake: FakeDojah = {
    url: '',
    requests: [],
    records: { cac: {}, bvn: {}, nin: {}, cacAdvance: {} },
    failNext: 0,
    delayMs: 0,
    close: async () => {},
  }
  const answer = (req: IncomingMessage): [number, unknown, Record<string, string>?] => {
    const url = new URL(req.url ?? '/', 'http://localhost')
    const query = Object.fromEntries(url.searchParams)
    fake.requests.push({
      path: url.pathname,
      query,
      appId: req.headers.appid as string | undefined,
      authorization: req.headers.authorization,
    })
    if (fake.failNext > 0) {
      fake.failNext -= 1
      return [500, { error: 'Internal server error' }]
    }
    if (req.method !== 'GET') return [405, { error: 'Method not allowed' }]
    if (req.headers.appid !== FAKE_APP_ID || req.headers.authorization !== FAKE_SECRET) return [401, { error: 'Unauthorized' }]
    const ref = { 'x-request-id': `req-${fake.requests.length}` }
    let entity: unknown
    if (url.pathname === '/api/v1/kyc/cac') {
      if (!/^\d+$/.test(query.rc_number ?? '') || !query.company_type) return [400, { error: 'Invalid rc_number' }]
      entity = fake.records.cac[`${query.company_type}:${query.rc_number}`]
    } else if (url.pathname === '/api/v1/kyc/cac/advance') {
      if (!/^\d+$/.test(query.rc ?? '') || query.class !== 'premium' || !query.type) return [400, { error: 'Invalid rc' }]
      entity = fake.records.cacAdvance?.[`${query.type}:${query.rc}`]
    } else if (url.pathname === '/api/v1/kyc/bvn/full') {
      if (!/^\d{11}$/.test(query.bvn ?? '')) return [400, { error: 'Invalid BVN' }]
      entity = fake.records.bvn[query.bvn!]
    } else if (url.pathname === '/api/v1/kyc/nin') {
      if (!/^\d{11}$/.test(query.nin ?? '')) return [400, { error: 'Invalid NIN' }]
      entity = fake.records.nin[query.nin!]
    } else return [404, { error: 'Not found' }]
    return entity ? [200, { entity }, ref] : [404, { error: 'No record found' }, ref]
  }
  const server: Server = createServer((req, res) => {
    const [status, body, headers] = answer(req)
    const send = () => {
      if (res.destroyed) return
      res.writeHead(status, { 'content-type': 'application/json', ...headers })
      res.end(JSON.stringify(body))
    }
    if (fake.delayMs > 0) setTimeout(send, fake.delayMs)
    else send()
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  fake.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections()
      server.close(() => resolve())
    })
  return fake
}
