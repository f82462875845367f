import { randomInt } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { describe, expect, it, vi } from 'vitest'

// The app reads its configuration on first use: the proxy list must be in place before the helpers build the app.
vi.hoisted(() => {
  process.env.TRUSTED_PROXIES = 'loopback'
})

import { getDb } from '@/server/db/client'
import { loginAttempts } from '@/server/db/schema'
import { auditRowsOfEmail } from './audit-fixtures'
import { api, apiServerKind, inProcessApp } from './helpers'
import { PASSWORD, signUpAndActivate } from './throttle-fixtures'

/**
 * TRUSTED_PROXIES=loopback, as for a reverse proxy on the same host: every request below reaches the API from
 * 127.0.0.1 (the real server's socket under API_TEST_SERVER, the node-server bindings in process) carrying the
 * X-Forwarded-For such a proxy sends on. The client is the right-most untrusted entry; what the client wrote to the
 * left of it changes nothing (docs/security.md#behind-a-proxy).
 */
function viaProxy(path: string, forwardedFor: string, json: unknown) {
  const headers = { 'x-forwarded-for': forwardedFor, 'content-type': 'application/json' }
  const init = { method: 'POST', headers, body: JSON.stringify(json) }
  if (apiServerKind) return api(path, init)
  return inProcessApp().request(`/api/v1${path}`, init, { incoming: { socket: { remoteAddress: '127.0.0.1' } } })
}

const someClient = () => `198.51.100.${randomInt(1, 250)}`

describe('client addresses behind a trusted proxy', () => {
  it('records a sign-in under the address the proxy saw, not the proxy nor what the client claimed', async () => {
    const account = await signUpAndActivate()
    const client = someClient()
    const res = await viaProxy('/accounts/login', `203.0.113.66, ${client}`, {
      email: account.email,
      password: 'Wrong-Passw0rd-1',
    })
    expect(res.status).toBe(401)

    const db = await getDb()
    const attempts = await db.select().from(loginAttempts).where(eq(loginAttempts.email, account.email))
    expect(attempts.map((a) => a.ip)).toEqual([client])
    const trail = (await auditRowsOfEmail('LOGIN_FAILED', account.email)).map((a) => ({ ip: a.ip }))
    expect(trail).toEqual([{ ip: client }])
  })

  it('throttles each client behind the proxy apart, and a spoofed left-most entry does not escape the lock', async () => {
    const account = await signUpAndActivate()
    const guesser = someClient()
    const owner = `192.0.2.${randomInt(1, 250)}`
    const login = (forwardedFor: string, password: string) =>
      viaProxy('/accounts/login', forwardedFor, { email: account.email, password })

    for (let i = 0; i < 5; i++) {
      // A fresh made-up address on the left each time: the proxy's entry on the right is what counts.
      expect((await login(`10.9.${i}.1, ${guesser}`, `Wrong-${i}-Passw0rd`)).status).toBe(401)
    }
    expect((await login(`172.16.0.1, ${guesser}`, PASSWORD)).status).toBe(429)
    expect((await login(guesser, PASSWORD)).status).toBe(429)
    // Another client behind the same proxy is not the guesser.
    expect((await login(owner, PASSWORD)).status).toBe(200)
  })
})
