import { createServer, type IncomingMessage, type Server } from 'node:http'
import { afterEach, describe, expect, it } from 'vitest'
import { createSegmentSink, type SegmentSinkOptions } from '@/server/integrations/marketing/segment-sink'

/**
 * The Segment sink against a local HTTP listener that speaks the Tracking API's batch contract
 * (POST /v1/batch, Basic auth with the write key as user name, `{ batch: [...] }`, 200 on success).
 */
interface Received {
  path: string
  authorization: string | undefined
  contentType: string | undefined
  bytes: number
  body: { batch: Record<string, unknown>[]; sentAt?: string }
}

const servers: Server[] = []
afterEach(async () => {
  await Promise.all(
    servers.splice(0).map((s) => new Promise<void>((resolve) => (s.closeAllConnections(), s.close(() => resolve())))),
  )
})

/** A listener answering each request with the next status of `statuses` (then 200); it records what it got. */
async function trackingApi(statuses: (number | { status: number; retryAfter: string })[] = []) {
  const received: Received[] = []
  const server = createServer((req: IncomingMessage, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      const raw = Buffer.concat(chunks)
      received.push({
        path: req.url ?? '',
        authorization: req.headers.authorization,
        contentType: req.headers['content-type'],
        bytes: raw.byteLength,
        body: JSON.parse(raw.toString('utf8')) as Received['body'],
      })
      const next = statuses.shift() ?? 200
      const status = typeof next === 'number' ? next : next.status
      if (typeof next !== 'number') res.setHeader('Retry-After', next.retryAfter)
      res.writeHead(status, { 'content-type': 'application/json' })
      res.end(status === 200 ? '{"success":true}' : '{"error":"unavailable"}')
    })
  })
  servers.push(server)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`
  return { url, received }
}

const quiet = { warn: () => undefined, error: () => undefined }
const sinkFor = (url: string, options: Partial<SegmentSinkOptions> = {}) =>
  createSegmentSink({ url, writeKey: 'wk_test', flushIntervalMs: 60_000, retryBaseMs: 5, logger: quiet, ...options })

const identity = { userId: null, anonymousId: 'anon-1', email: null, channel: null }
const UUID = /^[0-9a-f-]{36}$/

async function until(check: () => boolean, ms = 3000) {
  const end = Date.now() + ms
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out waiting for the listener')
    await new Promise((r) => setTimeout(r, 10))
  }
}

describe('Segment-compatible marketing sink', () => {
  it('sends identify and track calls as one batch once flushAt calls are queued, with Basic auth', async () => {
    const api = await trackingApi()
    const sink = sinkFor(`${api.url}/`, { flushAt: 3 })
    await sink.identify({ ...identity, userId: 'user-1', email: 'ada@example.com', traits: { plan: 'gold' } })
    await sink.track({ ...identity, event: 'Signup Started', path: null, properties: { step: 1 } })
    expect(api.received).toHaveLength(0)
    expect(sink.pending()).toBe(2)
    await sink.track({ ...identity, event: 'Page Viewed', path: '/products', properties: null, channel: 'partner-x' })
    await until(() => api.received.length === 1)

    const [request] = api.received
    expect(request!.path).toBe('/v1/batch')
    expect(request!.authorization).toBe(`Basic ${Buffer.from('wk_test:').toString('base64')}`)
    expect(request!.contentType).toBe('application/json')
    const [identify, track, page] = request!.body.batch
    expect(identify).toMatchObject({ type: 'identify', userId: 'user-1', traits: { plan: 'gold', email: 'ada@example.com' } })
    expect(identify).not.toHaveProperty('anonymousId')
    expect(track).toMatchObject({ type: 'track', anonymousId: 'anon-1', event: 'Signup Started', properties: { step: 1 } })
    expect(page).toMatchObject({
      type: 'track',
      event: 'Page Viewed',
      properties: { path: '/products' },
      context: { campaign: { source: 'partner-x' } },
    })
    for (const message of request!.body.batch) {
      expect(message.messageId).toMatch(UUID)
      expect(new Date(message.timestamp as string).toISOString()).toBe(message.timestamp)
    }
    expect(new Set(request!.body.batch.map((m) => m.messageId)).size).toBe(3)
    expect(sink.pending()).toBe(0)
  })

  it('sends what is queued flushIntervalMs after the first call', async () => {
    const api = await trackingApi()
    const sink = sinkFor(api.url, { flushAt: 100, flushIntervalMs: 30 })
    await sink.track({ ...identity, event: 'Lonely', path: null, properties: null })
    await until(() => api.received.length === 1)
    expect(api.received[0]!.body.batch.map((m) => m.event)).toEqual(['Lonely'])
  })

  it('splits the queue so no body is larger than maxBatchBytes', async () => {
    const api = await trackingApi()
    const sink = sinkFor(api.url, { flushAt: 1000, maxBatchBytes: 2000 })
    for (let i = 0; i < 10; i++)
      await sink.track({ ...identity, event: `E${i}`, path: null, properties: { pad: 'x'.repeat(400) } })
    await sink.flush()
    expect(api.received.length).toBeGreaterThan(2)
    for (const request of api.received) expect(request.bytes).toBeLessThanOrEqual(2000)
    expect(api.received.flatMap((r) => r.body.batch.map((m) => m.event))).toEqual(Array.from({ length: 10 }, (_, i) => `E${i}`))
  })

  it('drops a single call over 32 KB and keeps the others', async () => {
    const api = await trackingApi()
    const sink = sinkFor(api.url, { flushAt: 1000 })
    await sink.track({ ...identity, event: 'Huge', path: null, properties: { pad: 'x'.repeat(33 * 1024) } })
    await sink.track({ ...identity, event: 'Small', path: null, properties: null })
    await sink.flush()
    expect(api.received.flatMap((r) => r.body.batch.map((m) => m.event))).toEqual(['Small'])
  })

  it('retries a batch after a 503 and a 429 (Retry-After) with the same messages, then stops', async () => {
    const api = await trackingApi([503, { status: 429, retryAfter: '0' }])
    const sink = sinkFor(api.url, { flushAt: 1000 })
    await sink.identify({ ...identity, email: 'ada@example.com', traits: null })
    await sink.flush()
    expect(api.received).toHaveLength(3)
    const ids = api.received.map((r) => r.body.batch[0]!.messageId)
    expect(new Set(ids).size).toBe(1)
  })

  it('gives up after maxRetries on a server that keeps failing, and does not retry a 400', async () => {
    const failing = await trackingApi([500, 500, 500, 500])
    const sink = sinkFor(failing.url, { flushAt: 1000, maxRetries: 2 })
    await sink.track({ ...identity, event: 'Doomed', path: null, properties: null })
    await sink.flush()
    expect(failing.received).toHaveLength(3)

    const refusing = await trackingApi([400])
    const other = sinkFor(refusing.url, { flushAt: 1000 })
    await other.track({ ...identity, event: 'Bad', path: null, properties: null })
    await other.flush()
    expect(refusing.received).toHaveLength(1)
  })

  it('never throws into the caller when the API cannot be reached, and retries network errors', async () => {
    let attempts = 0
    const counting: typeof fetch = async () => {
      attempts++
      throw new TypeError('fetch failed')
    }
    const sink = sinkFor('http://127.0.0.1:9', { flushAt: 1, maxRetries: 3, fetch: counting })
    await expect(sink.track({ ...identity, event: 'Offline', path: null, properties: null })).resolves.toEqual({ id: null })
    await expect(sink.flush()).resolves.toBeUndefined()
    expect(attempts).toBe(4)
  })

  it('sends a contact as an identify with name, e-mail and source', async () => {
    const api = await trackingApi()
    const sink = sinkFor(api.url, { flushAt: 1 })
    await sink.contact({
      userId: null,
      email: 'ngozi@example.ng',
      name: 'Ngozi Eze',
      source: 'support-inquiry',
      properties: null,
    })
    await until(() => api.received.length === 1)
    expect(api.received[0]!.body.batch[0]).toMatchObject({
      type: 'identify',
      anonymousId: expect.stringMatching(UUID),
      traits: { email: 'ngozi@example.ng', name: 'Ngozi Eze', source: 'support-inquiry' },
    })
  })
})
