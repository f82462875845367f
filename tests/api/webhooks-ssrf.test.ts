import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AuthorizationDetail } from '@/lib/contracts/authorizations'
import type { Page } from '@/lib/contracts/pagination'
import type { CreatedWebhookEndpoint, WebhookDelivery, WebhookEndpoint } from '@/lib/contracts/webhooks'
import { getDb } from '@/server/db/client'
import { authorizations, webhookEndpoints } from '@/server/db/schema'
import { dispatchDueWebhooks } from '@/server/modules/webhooks/dispatcher'
import { newWebhookSecret } from '@/server/modules/webhooks/signature'
import { api, errorsOf, signedInUser } from './helpers'
import { businessReadyForApproval } from './review-fixtures'
import { auditRows, json, post, put } from './staff-review-fixtures'

/**
 * Webhooks reach public addresses only (issue 32, finding 4; docs/security.md#webhooks). This file runs without
 * WEBHOOK_LOCAL_RECEIVERS, as production does: nothing inside the network is reachable, however it is spelled.
 */

type User = Awaited<ReturnType<typeof signedInUser>>
let maker: User
let checker: User
let approver: User

/** A public address (an IP literal, so no DNS is needed to save it). Nothing is ever sent to it in these tests. */
const PUBLIC = '93.184.215.14'

const servers: Server[] = []
/** A listener on loopback that counts what reaches it: an internal service a webhook must never touch. */
async function internalService() {
  const hits: string[] = []
  const server = createServer((req, res) => {
    hits.push(req.url ?? '')
    res.writeHead(200).end('secret internal answer')
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  servers.push(server)
  return { hits, port: (server.address() as AddressInfo).port }
}

beforeAll(async () => {
  ;[maker, checker, approver] = await Promise.all([
    signedInUser({ staffRole: 'SUPER_ADMIN' }),
    signedInUser({ staffRole: 'SUPER_ADMIN' }),
    signedInUser({ staffRole: 'APPROVER' }),
  ])
})
afterAll(async () => {
  for (const s of servers) {
    s.closeAllConnections()
    await new Promise((resolve) => s.close(resolve))
  }
})

const endpointsListed = async () => json<WebhookEndpoint[]>(await api('/webhooks', { token: maker.token }))
const decide = (id: string, token = checker.token) => put(`/authorizations/${id}`, token, { decision: 'APPROVED' })

/** Registers through four-eyes: the maker asks (202), the checker approves, the maker renews the secret to learn it. */
async function registerApproved(url: string, eventTypes = ['business.decided']) {
  const pending = await json<AuthorizationDetail>(await post('/webhooks', maker.token, { url, eventTypes }), 202)
  const decided = await json<AuthorizationDetail>(await decide(pending.id))
  return json<CreatedWebhookEndpoint>(await post(`/webhooks/${decided.resourceId}/secret`, maker.token, {}))
}

describe('saving an endpoint', () => {
  it('refuses hosts that are not public, however they are spelled, and names that resolve to them', async () => {
    const before = await endpointsListed()
    const refused = [
      'https://127.0.0.1/hook',
      'https://localhost/hook', // a name that resolves to loopback
      'https://2130706433/hook', // 127.0.0.1 as a decimal number
      'https://0x7f.0.0.1/hook', // hex
      'https://0177.0.0.1/hook', // octal
      'https://127.1/hook', // short form
      'https://0.0.0.0/hook',
      'https://169.254.169.254/latest/meta-data/', // cloud metadata
      'https://10.1.2.3/hook',
      'https://172.16.5.4/hook',
      'https://192.168.1.10/hook',
      'https://100.64.0.7/hook', // carrier-grade NAT
      'https://[::1]/hook',
      'https://[::ffff:127.0.0.1]/hook', // IPv4-mapped IPv6
      'https://[::ffff:a9fe:a9fe]/hook', // 169.254.169.254, mapped, in hex
      'https://[fd00::1]/hook', // unique local
      'https://[fe80::1]/hook', // link-local
      'https://hooks.invalid/kyc', // does not resolve
    ]
    for (const url of refused) {
      const res = await post('/webhooks', maker.token, { url, eventTypes: ['business.decided'] })
      expect(res.status, url).toBe(400)
      expect((await errorsOf(res))[0], url).toMatchObject({ field: 'url' })
    }
    // Nothing was registered or asked for.
    expect(await endpointsListed()).toEqual(before)
    const db = await getDb()
    expect(await db.select().from(authorizations).where(eq(authorizations.makerId, maker.user.id))).toEqual([])
  })

  it('allows https on ports 443 and 8443 only', async () => {
    for (const url of [`https://${PUBLIC}:8080/hook`, `https://${PUBLIC}:22/hook`, `http://${PUBLIC}/hook`]) {
      const res = await post('/webhooks', maker.token, { url, eventTypes: ['business.decided'] })
      expect(res.status, url).toBe(400)
      expect((await errorsOf(res))[0], url).toMatchObject({ field: 'url' })
    }
    for (const url of [`https://${PUBLIC}/ports-443`, `https://${PUBLIC}:8443/ports-8443`]) {
      const res = await post('/webhooks', maker.token, { url, eventTypes: ['deferral.decided'] })
      expect(res.status, url).toBe(202)
      await decide(((await res.json()) as { id: string }).id, checker.token).then((r) => r.body?.cancel())
    }
  })
})

describe('four-eyes on endpoints', () => {
  it('creation and change wait for a second person; the secret is shown to the manager who renews it, never in the authorization', async () => {
    const url = `https://${PUBLIC}/four-eyes`
    const res = await post('/webhooks', maker.token, { url, eventTypes: ['business.decided'], description: 'Core banking' })
    const pending = await json<AuthorizationDetail>(res, 202)
    expect(pending).toMatchObject({ type: 'WEBHOOK_CREATE', status: 'PENDING', resource: 'webhook_endpoint' })
    expect((await endpointsListed()).map((e) => e.url)).not.toContain(url)

    // The maker cannot approve their own request.
    expect((await decide(pending.id, maker.token)).status).toBe(403)
    const approved = await json<AuthorizationDetail>(await decide(pending.id))
    expect(approved.status).toBe('APPROVED')
    const listed = (await endpointsListed()).find((e) => e.id === approved.resourceId)
    expect(listed).toMatchObject({ url, description: 'Core banking', eventTypes: ['business.decided'], active: true })
    const created = await auditRows(approved.resourceId!, 'CREATE')
    expect(created[0]!.after).toMatchObject({ authorizationId: pending.id, makerId: maker.user.id, checkerId: checker.user.id })

    const renewed = await json<CreatedWebhookEndpoint>(await post(`/webhooks/${approved.resourceId}/secret`, maker.token, {}))
    expect(renewed.secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/)
    const authorizationText = await (await api(`/authorizations/${pending.id}`, { token: checker.token })).text()
    expect(authorizationText).not.toContain(renewed.secret)
    expect(await auditRows(approved.resourceId!, 'RENEW_SECRET')).toHaveLength(1)

    // A change waits too; the URL it proposes is checked before it is recorded.
    const internal = await put(`/webhooks/${approved.resourceId}`, maker.token, {
      url: 'https://169.254.169.254/',
      eventTypes: ['business.decided'],
    })
    expect(internal.status).toBe(400)
    const change = await json<AuthorizationDetail>(
      await put(`/webhooks/${approved.resourceId}`, maker.token, { url, eventTypes: ['business.decided'], active: false }),
      202,
    )
    expect(change.type).toBe('WEBHOOK_UPDATE')
    expect((await endpointsListed()).find((e) => e.id === approved.resourceId)?.active).toBe(true)
    await json(await decide(change.id))
    expect((await endpointsListed()).find((e) => e.id === approved.resourceId)?.active).toBe(false)
  })
})

describe('sending', () => {
  /** An endpoint whose host passed the check when it was saved and points elsewhere now (as after a DNS change). */
  async function endpointNowPointingAt(url: string) {
    const db = await getDb()
    const [row] = await db
      .insert(webhookEndpoints)
      .values({ url, eventTypes: ['business.decided'], secret: newWebhookSecret(), active: true })
      .returning()
    return row!
  }

  it('checks the address again at each send: an endpoint now inside the network is not reached, and the log says only "not delivered"', async () => {
    const service = await internalService()
    const direct = await endpointNowPointingAt(`http://127.0.0.1:${service.port}/admin`)
    const renamed = await endpointNowPointingAt(`https://hooks.partner.test:443/kyc`)
    const { business } = await businessReadyForApproval()
    expect((await put(`/businesses/${business.id}/approve`, approver.token, { decision: 'APPROVED' })).status).toBe(200)

    const lookups: string[] = []
    await dispatchDueWebhooks({
      db: await getDb(),
      // The partner's name now resolves to a private address (DNS rebinding).
      lookup: async (host) => {
        lookups.push(host)
        return [{ address: '10.0.0.5', family: 4 }]
      },
    })
    expect(service.hits).toEqual([])
    expect(lookups).toEqual(['hooks.partner.test'])
    for (const endpoint of [direct, renamed]) {
      const page = await json<Page<WebhookDelivery>>(await api(`/webhooks/${endpoint.id}/deliveries`, { token: maker.token }))
      expect(page.content).toHaveLength(1)
      expect(page.content[0]).toMatchObject({
        status: 'PENDING',
        attempts: 1,
        lastResponseCode: null,
        lastError: 'not delivered',
      })
      expect(page.content[0]!.attemptLog).toEqual([
        { attemptedAt: expect.any(String), responseCode: null, error: 'not delivered', durationMs: 0 },
      ])
    }
  })
})

describe('removing an endpoint', () => {
  it('keeps its delivery log; nothing more is sent and its pending deliveries fail', async () => {
    const endpoint = await registerApproved(`https://${PUBLIC}/removed`)
    const { business } = await businessReadyForApproval()
    expect((await put(`/businesses/${business.id}/approve`, approver.token, { decision: 'APPROVED' })).status).toBe(200)
    const deliveries = async () =>
      (await json<Page<WebhookDelivery>>(await api(`/webhooks/${endpoint.id}/deliveries`, { token: maker.token }))).content
    const [queued] = await deliveries()
    expect(queued).toMatchObject({ status: 'PENDING' })

    expect((await api(`/webhooks/${endpoint.id}`, { method: 'DELETE', token: maker.token })).status).toBe(204)
    expect((await endpointsListed()).map((e) => e.id)).not.toContain(endpoint.id)
    expect(await deliveries()).toEqual([
      { ...queued, status: 'FAILED', lastError: 'endpoint removed', nextAttemptAt: expect.any(String) },
    ])
    expect((await post(`/webhooks/deliveries/${queued!.id}/retry`, maker.token, {})).status).toBe(409)
    expect((await api(`/webhooks/${endpoint.id}`, { method: 'DELETE', token: maker.token })).status).toBe(404)
    expect((await post(`/webhooks/${endpoint.id}/secret`, maker.token, {})).status).toBe(404)
    expect(
      (await put(`/webhooks/${endpoint.id}`, maker.token, { url: `https://${PUBLIC}/x`, eventTypes: ['business.decided'] }))
        .status,
    ).toBe(404)
    // A later decision is not queued for it.
    const next = await businessReadyForApproval()
    expect((await put(`/businesses/${next.business.id}/approve`, approver.token, { decision: 'APPROVED' })).status).toBe(200)
    expect(await deliveries()).toHaveLength(1)
    expect(await auditRows(endpoint.id, 'DELETE')).toHaveLength(1)
  })
})
