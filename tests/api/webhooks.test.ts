import { createHmac, randomUUID } from 'node:crypto'
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'

// The receivers below listen on loopback: the development escape hatch lets webhooks reach it (never in production;
// tests/api/webhooks-ssrf.test.ts runs without it). Set before the app reads its configuration.
vi.hoisted(() => {
  process.env.WEBHOOK_LOCAL_RECEIVERS = 'loopback'
})

import type { AuthorizationDetail } from '@/lib/contracts/authorizations'
import type { Page } from '@/lib/contracts/pagination'
import { WEBHOOK_MAX_ATTEMPTS } from '@/lib/contracts/webhook-values'
import type { CreatedWebhookEndpoint, WebhookDelivery, WebhookEndpoint } from '@/lib/contracts/webhooks'
import { getDb } from '@/server/db/client'
import { webhookEndpoints } from '@/server/db/schema'
import { dispatchDueWebhooks } from '@/server/modules/webhooks/dispatcher'
import { verifyWebhookSignature } from '@/server/modules/webhooks/signature'
import { configChecker } from './four-eyes'
import { api, errorsOf, signedInUser } from './helpers'
import { requestDeferral } from './kyc-document-fixtures'
import { businessReadyForApproval } from './review-fixtures'
import { auditRows, businessWithCacDocuments, businessWithKyc, json, post, put } from './staff-review-fixtures'

type User = Awaited<ReturnType<typeof signedInUser>>
let admin: User
let approver: User
let officer: User

/**
 * A webhook receiver on loopback, as a client would write one: it reads the raw body and checks the signature with
 * its secret (set once the endpoint is created). `answers` are the status codes of the next calls (then 200).
 */
interface Receiver {
  url: string
  secret: string
  answers: number[]
  /** How far the timestamp may be from this receiver's clock; tests that move the dispatcher's clock widen it. */
  toleranceSeconds: number
  calls: { headers: IncomingHttpHeaders; body: string; signatureValid: boolean }[]
}
const servers: Server[] = []

async function startReceiver(): Promise<Receiver> {
  const receiver: Receiver = { url: '', secret: '', answers: [], toleranceSeconds: 300, calls: [] }
  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8')
      const signatureValid = verifyWebhookSignature({
        secret: receiver.secret,
        timestamp: String(req.headers['webhook-timestamp']),
        body,
        signature: String(req.headers['webhook-signature']),
        toleranceSeconds: receiver.toleranceSeconds,
      })
      receiver.calls.push({ headers: req.headers, body, signatureValid })
      res.writeHead(signatureValid ? (receiver.answers.shift() ?? 200) : 401).end()
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  servers.push(server)
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks/kyc`
  return receiver
}

beforeAll(async () => {
  ;[admin, approver, officer] = await Promise.all([
    signedInUser({ staffRole: 'SUPER_ADMIN' }),
    signedInUser({ staffRole: 'APPROVER' }),
    signedInUser({ staffRole: 'ONBOARDING_OFFICER' }),
  ])
})
afterAll(async () => {
  for (const s of servers) {
    s.closeAllConnections()
    await new Promise((resolve) => s.close(resolve))
  }
})

/**
 * Registers an endpoint as a manager does under four-eyes (FOUR_EYES_CONFIG, on in tests): the request answers 202,
 * a second person approves it, then the manager renews the signing secret, which is answered once.
 */
async function register(receiver: Receiver, eventTypes: string[], extra: Record<string, unknown> = {}) {
  const pending = await json<AuthorizationDetail>(
    await post('/webhooks', admin.token, { url: receiver.url, eventTypes, description: 'Core banking', ...extra }),
    202,
  )
  const { token } = await configChecker()
  const decided = await json<AuthorizationDetail>(await put(`/authorizations/${pending.id}`, token, { decision: 'APPROVED' }))
  const created = await json<CreatedWebhookEndpoint>(await post(`/webhooks/${decided.resourceId}/secret`, admin.token, {}))
  receiver.secret = created.secret
  return created
}

/** A change under four-eyes: 202, approved by a second person; answers the endpoint as it then stands. */
async function change(id: string, values: Record<string, unknown>) {
  const pending = await json<AuthorizationDetail>(await put(`/webhooks/${id}`, admin.token, values), 202)
  const { token } = await configChecker()
  await json(await put(`/authorizations/${pending.id}`, token, { decision: 'APPROVED' }))
  return (await json<WebhookEndpoint[]>(await api('/webhooks', { token: admin.token }))).find((e) => e.id === id)!
}

const deliveriesOf = async (endpointId: string) =>
  (await json<Page<WebhookDelivery>>(await api(`/webhooks/${endpointId}/deliveries?pageSize=50`, { token: admin.token }))).content

/** Runs the dispatcher as the server's timer would, at `at` (a later time lets back-offs pass). */
const dispatchAt = async (at: Date) => dispatchDueWebhooks({ db: await getDb(), now: () => at })

describe('webhook endpoints', () => {
  it('registers an endpoint showing its secret once, lists and changes it without the secret, and audits it', async () => {
    const receiver = await startReceiver()
    const created = await register(receiver, ['business.decided', 'business.decided', 'deferral.decided'])
    expect(created).toMatchObject({
      url: receiver.url,
      description: 'Core banking',
      eventTypes: ['business.decided', 'deferral.decided'],
      active: true,
      createdBy: admin.user.id,
    })
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/)

    const listed = await json<WebhookEndpoint[]>(await api('/webhooks', { token: admin.token }))
    const { secret, ...shown } = created
    expect(listed.find((e) => e.id === created.id)).toEqual(shown)
    expect(JSON.stringify(listed)).not.toContain(secret)

    // At rest the secret is field-encrypted.
    const db = await getDb()
    const stored = (await db.execute(sql`SELECT secret FROM webhook_endpoints WHERE id = ${created.id}`)) as unknown as {
      rows: { secret: string }[]
    }
    const raw = stored.rows[0]
    expect(raw!.secret).toMatch(/^v1:/)
    expect(raw!.secret).not.toContain(secret)

    const changed = await change(created.id, { url: receiver.url, eventTypes: ['onboarding.decided'], active: false })
    expect(changed).toMatchObject({ eventTypes: ['onboarding.decided'], active: false, description: '' })
    const audits = await auditRows(created.id)
    expect(audits.map((a) => a.action).sort()).toEqual(['CREATE', 'RENEW_SECRET', 'UPDATE'])
    expect(JSON.stringify(audits)).not.toContain(secret)

    expect((await api(`/webhooks/${created.id}`, { method: 'DELETE', token: admin.token })).status).toBe(204)
    expect((await api(`/webhooks/${created.id}`, { method: 'DELETE', token: admin.token })).status).toBe(404)
    // Its delivery log is kept (tests/api/webhooks-ssrf.test.ts follows one through the removal).
    expect((await api(`/webhooks/${created.id}/deliveries`, { token: admin.token })).status).toBe(200)
    expect(await auditRows(created.id, 'DELETE')).toHaveLength(1)
  })

  it('refuses a URL that is not https (http only to the local receivers outside production), no events, and non-managers', async () => {
    for (const url of ['http://93.184.215.14/kyc', 'ftp://127.0.0.1/x', 'https://user:pw@93.184.215.14/']) {
      const res = await post('/webhooks', admin.token, { url, eventTypes: ['business.decided'] })
      expect(res.status, url).toBe(400)
      expect((await errorsOf(res))[0]!.field, url).toBe('url')
    }
    const none = await post('/webhooks', admin.token, { url: 'https://93.184.215.14/kyc', eventTypes: [] })
    expect(await errorsOf(none)).toEqual([expect.objectContaining({ field: 'eventTypes', message: 'choose at least one event' })])
    const https = await post('/webhooks', admin.token, { url: 'https://93.184.215.14/kyc', eventTypes: ['business.decided'] })
    expect(https.status).toBe(202)
    const { token } = await configChecker()
    const { resourceId: id } = await json<AuthorizationDetail>(
      await put(`/authorizations/${((await https.json()) as { id: string }).id}`, token, { decision: 'APPROVED' }),
    )
    await getDb().then((db) => db.update(webhookEndpoints).set({ active: false }).where(eq(webhookEndpoints.id, id!)))

    for (const user of [approver, officer]) {
      expect((await api('/webhooks', { token: user.token })).status).toBe(403)
      expect(
        (await post('/webhooks', user.token, { url: 'https://x.example.com', eventTypes: ['business.decided'] })).status,
      ).toBe(403)
      expect((await post(`/webhooks/deliveries/${randomUUID()}/retry`, user.token, {})).status).toBe(403)
    }
    expect((await api('/webhooks')).status).toBe(401)
  })
})

describe('webhook deliveries', () => {
  it('a business decision is delivered signed to a receiver on loopback, which verifies it; another endpoint’s event types filter it out', async () => {
    const receiver = await startReceiver()
    const other = await startReceiver()
    const endpoint = await register(receiver, ['business.decided'])
    const otherEndpoint = await register(other, ['deferral.decided', 'document.decided'])
    const { business } = await businessReadyForApproval()

    const decided = await put(`/businesses/${business.id}/approve`, approver.token, { decision: 'APPROVED', comment: 'All good' })
    expect(decided.status).toBe(200)
    // Enqueued with the decision, before any send.
    const [queued] = await deliveriesOf(endpoint.id)
    expect(queued).toMatchObject({ eventType: 'business.decided', status: 'PENDING', attempts: 0, attemptLog: [] })
    expect(await deliveriesOf(otherEndpoint.id)).toEqual([])

    const at = new Date()
    await dispatchAt(at)
    expect(receiver.calls).toHaveLength(1)
    const call = receiver.calls[0]!
    expect(call.signatureValid).toBe(true)
    expect(call.headers['content-type']).toBe('application/json')
    expect(call.headers['webhook-id']).toBe(queued!.id)
    expect(call.headers['webhook-signature']).toMatch(/^v1=[0-9a-f]{64}$/)
    expect(Number(call.headers['webhook-timestamp'])).toBe(Math.floor(at.getTime() / 1000))
    const payload = JSON.parse(call.body) as Record<string, unknown>
    expect(payload).toEqual({
      id: queued!.eventId,
      type: 'business.decided',
      createdAt: expect.any(String),
      data: { businessId: business.id, approvalStatus: 'APPROVED', decidedBy: approver.user.id, decidedAt: expect.any(String) },
    })
    // Known answer: the signature is HMAC-SHA256, keyed by the secret, of `<timestamp>.<body>`, recomputed here.
    const timestamp = String(call.headers['webhook-timestamp'])
    expect(call.headers['webhook-signature']).toBe(
      `v1=${createHmac('sha256', receiver.secret).update(`${timestamp}.${call.body}`).digest('hex')}`,
    )
    // The timestamp is covered: the same signature under another timestamp (well within the tolerance) fails.
    expect(
      verifyWebhookSignature({
        secret: receiver.secret,
        timestamp: String(Number(timestamp) + 1),
        body: call.body,
        signature: String(call.headers['webhook-signature']),
        nowSeconds: Number(timestamp),
      }),
    ).toBe(false)
    // A tampered body does not verify with the same headers.
    expect(
      verifyWebhookSignature({
        secret: receiver.secret,
        timestamp: String(call.headers['webhook-timestamp']),
        body: call.body.replace('APPROVED', 'DECLINED'),
        signature: String(call.headers['webhook-signature']),
      }),
    ).toBe(false)
    // So does a replay ten minutes later.
    expect(
      verifyWebhookSignature({
        secret: receiver.secret,
        timestamp: String(call.headers['webhook-timestamp']),
        body: call.body,
        signature: String(call.headers['webhook-signature']),
        nowSeconds: Math.floor(at.getTime() / 1000) + 600,
      }),
    ).toBe(false)

    const [delivered] = await deliveriesOf(endpoint.id)
    expect(delivered).toMatchObject({ status: 'DELIVERED', attempts: 1, lastResponseCode: 200, lastError: null })
    expect(delivered!.attemptLog).toEqual([
      { attemptedAt: at.toISOString(), responseCode: 200, error: null, durationMs: expect.any(Number) },
    ])
    expect(other.calls).toEqual([])
  })

  it("connects to the address checked at the send (resolved once, pinned), with the URL's host in the Host header", async () => {
    const receiver = await startReceiver()
    const endpoint = await register(receiver, ['business.decided'])
    // The endpoint's host is now a name (the test's resolver knows it; the system's does not).
    const port = new URL(receiver.url).port
    await getDb().then((db) =>
      db
        .update(webhookEndpoints)
        .set({ url: `http://receiver.kyc.test:${port}/hooks/kyc` })
        .where(eq(webhookEndpoints.id, endpoint.id)),
    )
    const { business } = await businessReadyForApproval()
    expect((await put(`/businesses/${business.id}/approve`, approver.token, { decision: 'APPROVED' })).status).toBe(200)
    const lookups: string[] = []
    await dispatchDueWebhooks({
      db: await getDb(),
      lookup: async (host) => {
        lookups.push(host)
        return [{ address: '127.0.0.1', family: 4 }]
      },
    })
    // One resolution for the check; the connection used its answer instead of asking DNS again.
    expect(lookups).toEqual(['receiver.kyc.test'])
    expect(receiver.calls).toHaveLength(1)
    expect(receiver.calls[0]!.headers.host).toBe(`receiver.kyc.test:${port}`)
    expect(receiver.calls[0]!.signatureValid).toBe(true)
    expect((await deliveriesOf(endpoint.id))[0]).toMatchObject({ status: 'DELIVERED', lastResponseCode: 200 })
  })

  it('retries after a 500 with back-off, and delivers', async () => {
    const receiver = await startReceiver()
    const endpoint = await register(receiver, ['document.decided'])
    receiver.answers = [500]
    receiver.toleranceSeconds = Number.POSITIVE_INFINITY
    const { kycDetailsId, certificate, cac2 } = await businessWithCacDocuments()
    expect((await put(`/kyc/cac-documents-approval/${kycDetailsId}`, approver.token, { decision: 'APPROVED' })).status).toBe(200)
    const t0 = new Date()
    await dispatchAt(t0)
    let deliveries = await deliveriesOf(endpoint.id)
    // One per CAC document decided (the TIN certificate is not one).
    expect(deliveries.map((d) => (d.payload.data as { documentId: string }).documentId).sort()).toEqual(
      [certificate.id, cac2.id].sort(),
    )
    // The first sent met the 500 and waits for its next attempt; the second was delivered.
    expect(deliveries.map((d) => [d.status, d.attempts, d.lastResponseCode]).sort()).toEqual([
      ['DELIVERED', 1, 200],
      ['PENDING', 1, 500],
    ])
    const failedOnce = deliveries.find((d) => d.status === 'PENDING')!
    expect(failedOnce).toMatchObject({ lastError: 'answered 500' })
    expect(new Date(failedOnce.nextAttemptAt).getTime()).toBe(t0.getTime() + 30_000)

    // Not yet due: nothing is sent again.
    const callsBefore = receiver.calls.length
    await dispatchAt(new Date(t0.getTime() + 29_000))
    expect(receiver.calls.length).toBe(callsBefore)

    await dispatchAt(new Date(t0.getTime() + 30_000))
    deliveries = await deliveriesOf(endpoint.id)
    expect(deliveries.map((d) => d.status)).toEqual(['DELIVERED', 'DELIVERED'])
    const retried = deliveries.find((d) => d.id === failedOnce.id)!
    expect(retried.attemptLog.map((a) => a.responseCode)).toEqual([500, 200])
    expect(receiver.calls.every((c) => c.signatureValid)).toBe(true)
    expect(receiver.calls.map((c) => (JSON.parse(c.body) as { data: { status: string } }).data.status)).toContain('APPROVED')
  })

  it('fails after the last attempt; staff retry it (409 while it is pending or delivered)', async () => {
    const receiver = await startReceiver()
    const endpoint = await register(receiver, ['business.decided'])
    receiver.answers = Array(WEBHOOK_MAX_ATTEMPTS).fill(503)
    receiver.toleranceSeconds = Number.POSITIVE_INFINITY
    const { business } = await businessReadyForApproval()
    expect(
      (await put(`/businesses/${business.id}/approve`, approver.token, { decision: 'DECLINED', comment: 'Wrong RC' })).status,
    ).toBe(200)
    const [queued] = await deliveriesOf(endpoint.id)
    expect((await post(`/webhooks/deliveries/${queued!.id}/retry`, admin.token, {})).status).toBe(409)

    let at = new Date()
    for (let i = 0; i < WEBHOOK_MAX_ATTEMPTS; i++) {
      await dispatchAt(at)
      at = new Date(at.getTime() + 30 * 60_000)
    }
    const [failed] = await deliveriesOf(endpoint.id)
    expect(failed).toMatchObject({ status: 'FAILED', attempts: WEBHOOK_MAX_ATTEMPTS, lastResponseCode: 503 })
    expect(failed!.attemptLog).toHaveLength(WEBHOOK_MAX_ATTEMPTS)
    // Failed: no more attempts.
    await dispatchAt(new Date(at.getTime() + 24 * 3600_000))
    expect(receiver.calls).toHaveLength(WEBHOOK_MAX_ATTEMPTS)

    const retry = await json<WebhookDelivery>(await post(`/webhooks/deliveries/${failed!.id}/retry`, admin.token, {}))
    expect(retry).toMatchObject({ status: 'PENDING', attempts: 0 })
    expect(await auditRows(failed!.id, 'RETRY')).toHaveLength(1)
    await dispatchAt(new Date())
    const [delivered] = await deliveriesOf(endpoint.id)
    expect(delivered).toMatchObject({ status: 'DELIVERED', attempts: 1 })
    expect(delivered!.attemptLog).toHaveLength(WEBHOOK_MAX_ATTEMPTS + 1)
    expect((await post(`/webhooks/deliveries/${failed!.id}/retry`, admin.token, {})).status).toBe(409)
    expect((await post(`/webhooks/deliveries/${randomUUID()}/retry`, admin.token, {})).status).toBe(404)
  })

  it('a deferral decision is delivered to its subscribers: ids, status and due date, never the reason', async () => {
    const receiver = await startReceiver()
    const endpoint = await register(receiver, ['deferral.decided'])
    const setup = await businessWithKyc()
    const deferral = await requestDeferral(setup.owner.token, setup.business.id, 'TIN_CERTIFICATE', 14)
    const comment = 'Rejected: the TIN is already on file with Ada Obi'
    expect((await put(`/deferrals/approval/${deferral.id}`, approver.token, { decision: 'REJECTED', comment })).status).toBe(200)
    await dispatchAt(new Date())
    expect(receiver.calls).toHaveLength(1)
    expect(receiver.calls[0]!.signatureValid).toBe(true)
    expect((JSON.parse(receiver.calls[0]!.body) as { type: string; data: unknown }).data).toEqual({
      deferralId: deferral.id,
      businessId: setup.business.id,
      documentTypeId: expect.any(String),
      status: 'REJECTED',
      dueDate: null,
      decidedBy: approver.user.id,
      decidedAt: expect.any(String),
    })
    expect(receiver.calls[0]!.body).not.toContain('Ada Obi')
    expect((await deliveriesOf(endpoint.id))[0]).toMatchObject({ eventType: 'deferral.decided', status: 'DELIVERED' })
  })

  it('an inactive endpoint is sent nothing', async () => {
    const receiver = await startReceiver()
    const endpoint = await register(receiver, ['business.decided'], { active: false })
    const { business } = await businessReadyForApproval()
    expect((await put(`/businesses/${business.id}/approve`, approver.token, { decision: 'APPROVED' })).status).toBe(200)
    await dispatchAt(new Date())
    expect(await deliveriesOf(endpoint.id)).toEqual([])
    expect(receiver.calls).toEqual([])
  })
})
