import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createLogger, setLogger } from '@/server/logger'
import { api, apiServerKind, signedInUser } from './helpers'

// The request's logger is made on first use (server/http/request-context.ts): the lines must be as before.
const logged: string[] = []
beforeAll(() => setLogger(createLogger({ level: 'info', destination: { write: (line: string) => void logged.push(line) } })))
afterAll(() => setLogger(undefined))

const lines = () => logged.map((l) => JSON.parse(l) as Record<string, unknown>)

describe.skipIf(!!apiServerKind)('the access log line', () => {
  it('names the request id and, for a signed-in call, the user once, first among the bindings', async () => {
    const { user, token } = await signedInUser({ staffRole: 'APPROVER' })
    logged.length = 0
    const res = await api('/businesses?pageSize=1', { token, headers: { 'x-request-id': 'req-log-1' } })
    expect(res.status).toBe(200)
    const line = lines().find((l) => l.msg === 'request' && l.requestId === 'req-log-1')!
    expect(line).toMatchObject({ method: 'GET', path: '/api/v1/businesses', status: 200, userId: user.id, service: 'kyc-portal' })
    expect(logged.find((l) => l.includes('req-log-1'))!.match(/"userId"/g)).toHaveLength(1)
    expect(Object.keys(line).indexOf('requestId')).toBeLessThan(Object.keys(line).indexOf('userId'))
  })

  it('has no user for an anonymous call', async () => {
    logged.length = 0
    expect((await api('/health', { headers: { 'x-request-id': 'req-log-2' } })).status).toBe(200)
    const line = lines().find((l) => l.msg === 'request' && l.requestId === 'req-log-2')!
    expect(line).toMatchObject({ path: '/api/v1/health', status: 200 })
    expect(line).not.toHaveProperty('userId')
  })
})
