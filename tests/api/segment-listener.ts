import { createServer, type Server } from 'node:http'

/**
 * A local Segment-compatible Tracking API (POST /v1/batch, Basic auth with the write key), started on import and
 * configured as the marketing sink through the environment (MARKETING_PROVIDER=segment), so the app under test, in
 * process or `next start`, sends it its batches. Import it before `./helpers` (which builds the app).
 */
export interface ReceivedBatch {
  path: string
  authorization: string | undefined
  batch: Record<string, unknown>[]
}

export const received: ReceivedBatch[] = []
/** Statuses to answer next, in order (then 200). */
export const answerNext: number[] = []

const server: Server = createServer((req, res) => {
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
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
const address = server.address()
export const listenerUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`

export const SEGMENT_WRITE_KEY = 'wk_api_test'
Object.assign(process.env, {
  MARKETING_PROVIDER: 'segment',
  MARKETING_URL: listenerUrl,
  MARKETING_WRITE_KEY: SEGMENT_WRITE_KEY,
  MARKETING_FLUSH_AT: '2',
  MARKETING_FLUSH_INTERVAL_MS: '60000',
})

export function closeListener(): Promise<void> {
  return new Promise((resolve) => {
    server.closeAllConnections()
    server.close(() => resolve())
  })
}

export async function waitForBatches(count: number, ms = 10_000): Promise<void> {
  const end = Date.now() + ms
  while (received.length < count) {
    if (Date.now() > end) throw new Error(`expected ${count} batches, got ${received.length}`)
    await new Promise((r) => setTimeout(r, 20))
  }
}
