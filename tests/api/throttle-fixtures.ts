import { randomUUID } from 'node:crypto'
import { expect } from 'vitest'
import { inProcessApp, latestMail, linkTokenFrom } from './helpers'

export const PASSWORD = 'Sunny-Lagos-2026'
export const newEmail = () => `sec.${randomUUID().slice(0, 8)}@example.ng`

/** The reset code in a password-reset mail's text (10 digits). */
export function resetCodeFrom(text: string): string {
  const match = /\b(\d{10})\b/.exec(text)
  if (!match) throw new Error(`no reset code in: ${text}`)
  return match[1]!
}

/**
 * Calls the API in-process as a client at `ip` would: the node-server bindings carry the socket address the
 * throttles read (the shared `api()` helper has no socket, so every call of it comes from one unknown address).
 */
export function apiFrom(
  ip: string,
  path: string,
  init: { method?: string; token?: string; json?: unknown; headers?: Record<string, string> } = {},
) {
  const headers = new Headers(init.headers)
  if (init.token) headers.set('authorization', `Bearer ${init.token}`)
  if (init.json !== undefined) headers.set('content-type', 'application/json')
  return inProcessApp().request(
    `/api/v1${path}`,
    { method: init.method ?? 'GET', headers, body: init.json !== undefined ? JSON.stringify(init.json) : undefined },
    { incoming: { socket: { remoteAddress: ip } } },
  )
}

export async function signUpAndActivate(ip = '198.51.100.250') {
  const email = newEmail()
  const body = { firstName: 'Ngozi', lastName: 'Eze', email, phone: '0803 123 4567', password: PASSWORD }
  expect((await apiFrom(ip, '/accounts/signup', { method: 'POST', json: body })).status).toBe(202)
  const token = linkTokenFrom((await latestMail(email, 'activation'))!.text)
  expect((await apiFrom(ip, '/accounts/activate-account', { method: 'POST', json: { token } })).status).toBe(200)
  return { email, password: PASSWORD }
}

export const login = (ip: string, email: string, password: string) =>
  apiFrom(ip, '/accounts/login', { method: 'POST', json: { email, password } })
