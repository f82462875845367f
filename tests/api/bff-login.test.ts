import type { NextApiRequest, NextApiResponse } from 'next'
import { describe, expect, it } from 'vitest'
import { handlePortalLogin } from '@/server/bff/handlers'
import { signedInUser } from './helpers'

/** Calls POST /api/login as Next would, and returns what the browser would receive. */
async function postLogin(headers: Record<string, string>, token: string) {
  const answer: { status?: number; body?: unknown; cookies: string[] } = { cookies: [] }
  const res = {
    status(code: number) {
      answer.status = code
      return res
    },
    json(body: unknown) {
      answer.body = body
      return res
    },
    setHeader(name: string, value: string[]) {
      if (name.toLowerCase() === 'set-cookie') answer.cookies = value
      return res
    },
  }
  const req = {
    method: 'POST',
    headers: { host: 'portal.example.ng', ...headers },
    body: { user_auth_data: { access_token: token } },
    socket: {},
  }
  await handlePortalLogin(req as unknown as NextApiRequest, res as unknown as NextApiResponse)
  return answer
}

describe('POST /api/login (BFF)', () => {
  it('refuses a same-site request whose Origin is another site, and one naming no origin at all', async () => {
    const { token } = await signedInUser()
    const sibling = await postLogin({ 'sec-fetch-site': 'same-site', origin: 'https://evil.example.ng' }, token)
    expect(sibling.status).toBe(403)
    expect(sibling.cookies).toEqual([])
    expect((await postLogin({ 'sec-fetch-site': 'same-site', referer: 'https://evil.example.ng/page' }, token)).status).toBe(403)
    expect((await postLogin({ 'sec-fetch-site': 'same-origin', origin: 'https://evil.example.ng' }, token)).status).toBe(403)
    expect((await postLogin({ origin: 'null' }, token)).status).toBe(403)
    expect((await postLogin({}, token)).status).toBe(403)
  })

  it('sets the session cookie for the portal’s own page (matching Origin, or Referer without Origin)', async () => {
    const { token } = await signedInUser()
    const own = await postLogin({ 'sec-fetch-site': 'same-origin', origin: 'https://portal.example.ng' }, token)
    expect(own.status).toBe(200)
    expect(own.cookies.some((c) => c.startsWith('kyc_portal_session='))).toBe(true)
    expect((await postLogin({ referer: 'https://portal.example.ng/auth/login' }, token)).status).toBe(200)
  })
})
