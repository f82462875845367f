import { createMiddleware } from 'hono/factory'
import type { AppEnv } from './context'
import { respondWithError } from './errors'

/** After the limit is passed, the rest of the body is read and thrown away up to here, so the client can read the 413. */
const DRAIN_MAX_BYTES = 64 * 1024 * 1024
const DRAIN_MAX_MS = 5_000

const METHODS_WITHOUT_BODY = new Set(['GET', 'HEAD'])

type BodyRead = { kind: 'complete'; bytes: Uint8Array<ArrayBuffer> } | { kind: 'too-large' }

async function readAtMost(stream: ReadableStream<Uint8Array>, maxBytes: number): Promise<BodyRead> {
  const reader = stream.getReader()
  const chunks: Uint8Array[] = []
  let total = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    total += value.byteLength
    if (total > maxBytes) {
      await drain(reader, total)
      return { kind: 'too-large' }
    }
    chunks.push(value)
  }
  const bytes = new Uint8Array(total)
  let offset = 0
  for (const chunk of chunks) {
    bytes.set(chunk, offset)
    offset += chunk.byteLength
  }
  return { kind: 'complete', bytes }
}

/**
 * Reads and discards what is left of an oversized body (bounded in bytes and time). Answering while the client is
 * still sending makes the server close the socket under it, and most clients then report a reset, not the 413.
 */
async function drain(reader: ReadableStreamDefaultReader<Uint8Array>, alreadyRead: number) {
  const deadline = Date.now() + DRAIN_MAX_MS
  let total = alreadyRead
  try {
    while (total <= DRAIN_MAX_BYTES) {
      // A client that stops sending must not hold the answer longer than the deadline.
      const left = deadline - Date.now()
      if (left <= 0) break
      let timer: NodeJS.Timeout | undefined
      const stalled = new Promise<'stalled'>((resolve) => (timer = setTimeout(() => resolve('stalled'), left)))
      const read = await Promise.race([reader.read(), stalled]).finally(() => clearTimeout(timer))
      if (read === 'stalled') break
      if (read.done) return
      total += read.value.byteLength
    }
    await reader.cancel()
  } catch {
    // the client went away; nothing left to answer
  }
}

/**
 * Limits request bodies for every shape Node receives them in: with Content-Length, chunked, or with neither (a
 * browser's body-less DELETE). The body is read once, counted as it arrives, and handed on as a plain buffered
 * Request, because the Next mount's lightweight request cannot be re-wrapped by `new Request(raw, …)` (Hono's own
 * bodyLimit does that and throws there). Bodies here are small (JSON, or one upload of a few MB), so buffering is fine.
 */
export function limitRequestBody(options: {
  maxBytesFor: (request: { contentType: string; method: string; path: string }) => number
}) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const raw = c.req.raw
    if (METHODS_WITHOUT_BODY.has(raw.method)) return next()
    const maxBytes = options.maxBytesFor({
      contentType: (c.req.header('content-type') ?? '').toLowerCase(),
      method: raw.method,
      path: c.req.path,
    })
    const tooLarge = () => {
      c.header('Connection', 'close')
      return respondWithError(c, 'PAYLOAD_TOO_LARGE', [
        { code: 'PAYLOAD_TOO_LARGE', message: `Request body is larger than ${maxBytes} bytes`, field: 'body' },
      ])
    }
    const declared = Number(c.req.header('content-length') ?? Number.NaN)
    const body = raw.body
    if (Number.isFinite(declared) && declared > maxBytes) {
      if (body && declared <= DRAIN_MAX_BYTES) await drain(body.getReader(), 0)
      return tooLarge()
    }
    if (!body) return next()
    const read = await readAtMost(body, maxBytes)
    if (read.kind === 'too-large') return tooLarge()
    const headers = new Headers(raw.headers)
    headers.delete('transfer-encoding')
    headers.set('content-length', String(read.bytes.byteLength))
    c.req.raw = new Request(c.req.url, {
      method: raw.method,
      headers,
      body: read.bytes.byteLength ? read.bytes : null,
    })
    return next()
  })
}
