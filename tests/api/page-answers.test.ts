import type { IncomingMessage } from 'node:http'
import { Socket } from 'node:net'
import { describe, expect, it } from 'vitest'
import { getConfig } from '@/lib/config/env'
import { sessionCookieName } from '@/lib/session/keys'
import { sealPortalSession } from '@/lib/session/portal-session'
import { readPageAnswers } from '@/server/bff/page-answers'
import { api, signedInUser } from './helpers'

/** The page request a browser sends with the portal session cookie `/api/login` set. */
async function pageRequest(session: { id: string; userId: string; expiresAt: Date }): Promise<IncomingMessage> {
  const config = getConfig()
  const cookie = await sealPortalSession(config, {
    sessionId: session.id,
    userId: session.userId,
    isStaff: false,
    expiresAt: session.expiresAt.getTime(),
  })
  const socket = new Socket()
  Object.defineProperty(socket, 'remoteAddress', { value: '127.0.0.1' })
  return { headers: { cookie: `${sessionCookieName(config.isProduction)}=${cookie}` }, socket } as unknown as IncomingMessage
}

const dashboardReads = (businessId: string) => [
  '/accounts/me',
  '/accounts/me/permissions',
  `/businesses/${businessId}`,
  `/businesses/${businessId}/outstanding`,
  `/businesses/${businessId}/products`,
]

describe('page answers (getServerSideProps of the dashboard)', () => {
  it("answers the visitor's first reads exactly as the API answers them", async () => {
    const { session, token, businessIds } = await signedInUser({ businesses: [{}] })
    const paths = dashboardReads(businessIds[0]!)
    const answers = await readPageAnswers(await pageRequest(session), paths)
    expect(Object.keys(answers)).toEqual(paths)
    for (const path of paths) expect(answers[path]).toEqual(await (await api(path, { token })).json())
  })

  it("leaves out what the visitor may not read: another business's calls are absent, the account's present", async () => {
    const { session } = await signedInUser({ businesses: [{}] })
    const other = await signedInUser({ businesses: [{}] })
    const answers = await readPageAnswers(await pageRequest(session), dashboardReads(other.businessIds[0]!))
    expect(Object.keys(answers)).toEqual(['/accounts/me', '/accounts/me/permissions'])
  })

  it('answers nothing once the session is logged out, and nothing outside the API', async () => {
    const { session, token, businessIds } = await signedInUser({ businesses: [{}] })
    const request = await pageRequest(session)
    expect(Object.keys(await readPageAnswers(request, ['//example.com/x', 'accounts/me', '/accounts/me']))).toEqual([
      '/accounts/me',
    ])
    expect((await api('/accounts/logout', { method: 'POST', token })).status).toBe(200)
    expect(await readPageAnswers(request, dashboardReads(businessIds[0]!))).toEqual({})
  })
})
