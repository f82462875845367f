import { eq } from 'drizzle-orm'
import { NextRequest } from 'next/server'
import { describe, expect, it } from 'vitest'
import { getConfig } from '@/lib/config/env'
import { sessionCookieName } from '@/lib/session/keys'
import { sealPortalSession } from '@/lib/session/portal-session'
import { proxy } from '@/proxy'
import { getDb } from '@/server/db/client'
import { users } from '@/server/db/schema'
import { api, signedInUser } from './helpers'

/** A page request as the browser sends it, with the portal session cookie `/api/login` would have set. */
async function openPage(path: string, session: { id: string; userId: string; expiresAt: Date }) {
  const config = getConfig()
  const cookie = await sealPortalSession(config, {
    sessionId: session.id,
    userId: session.userId,
    isStaff: false,
    expiresAt: session.expiresAt.getTime(),
  })
  return proxy(
    new NextRequest(`http://localhost:3000${path}`, {
      headers: { cookie: `${sessionCookieName(config.isProduction)}=${cookie}` },
    }),
  )
}

describe('page check (proxy.ts)', () => {
  it('opens /s/ pages with a live session, and sends a copied cookie to sign in once the session is logged out', async () => {
    const { session, token } = await signedInUser({ businesses: [{}] })
    const before = await openPage('/s/businesses', session)
    expect(before.headers.get('location')).toBeNull()
    expect(before.headers.get('x-middleware-next')).toBe('1')

    expect((await api('/accounts/logout', { method: 'POST', token })).status).toBe(200)
    const after = await openPage('/s/businesses?tab=kyc', session)
    expect(after.status).toBe(307)
    expect(new URL(after.headers.get('location')!).pathname).toBe('/auth/login')
    expect(new URL(after.headers.get('location')!).searchParams.get('from')).toBe('/s/businesses?tab=kyc')
  })

  it('refuses a session of a user who has been disabled since', async () => {
    const { session, user } = await signedInUser()
    await (await getDb()).update(users).set({ status: 'DISABLED' }).where(eq(users.id, user.id))
    expect((await openPage('/profile', session)).status).toBe(307)
  })

  it('answers the evidence key at its well-known path with the API (a rewrite here, not in next.config.ts)', async () => {
    const response = await proxy(new NextRequest('http://localhost:3000/.well-known/kyc-evidence-key.pem'))
    expect(new URL(response.headers.get('x-middleware-rewrite')!).pathname).toBe('/api/v1/evidence/signing-key')
    // No page headers: the API sets its own.
    expect(response.headers.get('content-security-policy')).toBeNull()
  })
})
