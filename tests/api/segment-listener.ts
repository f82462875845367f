import { createServer, type Server } from 'node:http'
import { afterAll, beforeAll } from 'vitest'

/**
 * A local Segment-compatible Tracking API (POST /v1/batch, Basic auth with the write key), configured as the marketing
 * sink through the environment (MARKETING_PROVIDER=segment), so the app under test, in process or on a real server,
 * sends it its batches.
 */
export interface ReceivedBatch {
  path: string
  authorization: string | undefined
  batch: Record<string, unknown>[]
}

export const received: ReceivedBatch[] = []
/** Statuses to answer next, in order (then 200). */
export const answerNext: number[] = []

export const SEGMENT_WRITE_KEY = 'wk_api_test'

/**
 * Starts the listener before the file's tests and points MARKETING_* at it (the app reads its configuration on first
 * use, after this; a real server starts on the file's first request), and stops it after them.
 */
export function useSegmentListener(): void {
  let server: Server | undefined
  beforeAll(async () => {
    received.length = 0
    answerNext.length = 0
    const listener = createServer((req, res) => {
      const chunks: Buffer[] = []
      req.on('data', (c: Buffer) => chunks.push(c))
      req.on('end', () => {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { batch: Record<string, unknown>[] }
        received.push({ path: req.url ?? '', authorization: req.headers.authorization, batch: body.batch })
        const status = answerNext.shift() ?? 200
        res.writeHead(status, { 'content-type': 'application/json' })
        res.end(status === 200 ? '{"success":true}' : '{}')
      })
    })
    await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve))
    server = listener
    const address = listener.address()
    Object.assign(process.env, {
      MARKETING_PROVIDER: 'segment',
      MARKETING_URL: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`,
      MARKETING_WRITE_KEY: SEGMENT_WRITE_KEY,
      MARKETING_FLUSH_AT: '2',
      MARKETING_FLUSH_INTERVAL_MS: '60000',
    })
  })
  afterAll(async () => {
    const listener = server
    if (!listener) return
    listener.closeAllConnections()
    await new Promise<void>((resolve) => listener.close(() => resolve()))
  })
}

export async function waitForBatches(count: number, ms = 10_000): Promise<void> {
  const end = Date.now() + ms
  while (received.length < count) {
    if (Date.now() > end) throw new Error(`expected ${count} batches, got ${received.length}`)
    await new Promise((r) => setTimeout(r, 20))
  }
}
