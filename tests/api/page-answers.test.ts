import type { IncomingMessage } from 'node:http'
import { Socket } from 'node:net'
import { describe, expect, it } from 'vitest'
import { getConfig } from '@/lib/config/env'
import { sessionCookieName } from '@/lib/session/keys'
import { sealPortalSession } from '@/lib/session/portal-session'
import { readPageAnswers } from '@/server/bff/page-answers'
import { fileApiBaseUrl } from './api-server'
import { api, apiServerKind, signedInUser } from './helpers'

/** The portal session cookie `/api/login` sets. */
async function sessionCookie(session: { id: string; userId: string; expiresAt: Date }): Promise<string> {
  const config = getConfig()
  const sealed = await sealPortalSession(config, {
    sessionId: session.id,
    userId: session.userId,
    isStaff: false,
    expiresAt: session.expiresAt.getTime(),
  })
  return `${sessionCookieName(config.isProduction)}=${sealed}`
}

/** The page request a browser sends with that cookie. */
async function pageRequest(session: { id: string; userId: string; expiresAt: Date }): Promise<IncomingMessage> {
  const cookie = await sessionCookie(session)
  const socket = new Socket()
  Object.defineProperty(socket, 'remoteAddress', { value: '127.0.0.1' })
  return { headers: { cookie }, socket } as unknown as IncomingMessage
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

  it('asks a plan again with what it has answered: reads that need an id from the first round come in the second', async () => {
    const { session, token, businessIds } = await signedInUser({ businesses: [{}] })
    const rounds: string[][] = []
    const answers = await readPageAnswers(await pageRequest(session), (answered) => {
      rounds.push(Object.keys(answered))
      const me = answered['/accounts/me'] as { id: string } | undefined
      return me ? ['/accounts/me', `/businesses/${businessIds[0]}`] : ['/accounts/me']
    })
    // Asked after each round until nothing new is wanted; a path already asked is not asked again.
    expect(rounds).toEqual([[], ['/accounts/me'], ['/accounts/me', `/businesses/${businessIds[0]}`]])
    expect(Object.keys(answers)).toEqual(['/accounts/me', `/businesses/${businessIds[0]}`])
    const path = `/businesses/${businessIds[0]}`
    expect(answers[path]).toEqual(await (await api(path, { token })).json())
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

describe.runIf(apiServerKind)('the dashboard page through the server', () => {
  it('carries the answers in its HTML, for this visitor only, and is never stored', async () => {
    const { session, token, businessIds } = await signedInUser({ businesses: [{}] })
    const other = await signedInUser({ businesses: [{}] })
    const origin = new URL(await fileApiBaseUrl(apiServerKind!)).origin
    const open = async (businessId: string) => {
      const response = await fetch(`${origin}/s/businesses/dashboard-details?businessId=${businessId}`, {
        headers: { cookie: await sessionCookie(session) },
        redirect: 'manual',
      })
      const html = await response.text()
      const data = JSON.parse(/<script id="__NEXT_DATA__"[^>]*>(.*?)<\/script>/s.exec(html)![1]!) as {
        props: { pageProps: { answers: Record<string, unknown> } }
      }
      return { response, html, answers: data.props.pageProps.answers }
    }
    const mine = await open(businessIds[0]!)
    expect(mine.response.status).toBe(200)
    expect(mine.response.headers.get('cache-control')).toContain('no-store')
    const path = `/businesses/${businessIds[0]}`
    expect(mine.answers[path]).toEqual(await (await api(path, { token })).json())
    expect(mine.html).toContain('data-testid="business-status-explanation"')
    const theirs = await open(other.businessIds[0]!)
    expect(Object.keys(theirs.answers).filter((p) => p.startsWith('/businesses'))).toEqual([])
  })
})
