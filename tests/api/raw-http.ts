import { createServer, type Server } from 'node:http'
import { connect } from 'node:net'

/** One request written byte by byte as a client would, and what came back (or how the connection failed). */
export interface RawRequest {
  method: string
  path: string
  /** Sent exactly as given, in order; repeat a name to duplicate a header. Host and Connection: close are added. */
  headers?: [string, string][]
  /** Written after the headers, with a Content-Length unless one is given or `chunked` frames it. */
  body?: Uint8Array | string
  /** Frame the body as Transfer-Encoding: chunked, in pieces of this many bytes. */
  chunked?: number
}

export type RawAnswer =
  | { kind: 'answer'; status: number; headers: Record<string, string>; body: string }
  | { kind: 'failed'; error: string; received: string }

function decodeChunked(data: Buffer): Buffer {
  const parts: Buffer[] = []
  let at = 0
  for (;;) {
    const lineEnd = data.indexOf('\r\n', at)
    if (lineEnd < 0) break
    const size = Number.parseInt(data.subarray(at, lineEnd).toString('latin1'), 16)
    if (!size) break
    parts.push(data.subarray(lineEnd + 2, lineEnd + 2 + size))
    at = lineEnd + 2 + size + 2
  }
  return Buffer.concat(parts)
}

function parseAnswer(data: Buffer): RawAnswer {
  const headEnd = data.indexOf('\r\n\r\n')
  if (headEnd < 0) return { kind: 'failed', error: 'no complete answer', received: data.toString('latin1').slice(0, 200) }
  const [statusLine, ...lines] = data.subarray(0, headEnd).toString('latin1').split('\r\n')
  const headers: Record<string, string> = {}
  for (const line of lines) {
    const colon = line.indexOf(':')
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim()
  }
  const rest = data.subarray(headEnd + 4)
  const body = headers['transfer-encoding']?.includes('chunked') ? decodeChunked(rest) : rest
  return { kind: 'answer', status: Number(statusLine!.split(' ')[1]), headers, body: body.toString('utf8') }
}

/** Sends one request over a fresh TCP connection and reads the whole answer (the connection is closed after it). */
export function sendRaw(baseUrl: string, request: RawRequest): Promise<RawAnswer> {
  const url = new URL(baseUrl)
  return new Promise((resolve) => {
    const socket = connect(Number(url.port), url.hostname)
    const received: Buffer[] = []
    let settled = false
    const finish = (answer: RawAnswer) => {
      if (settled) return
      settled = true
      socket.destroy()
      resolve(answer)
    }
    socket.setTimeout(30_000, () =>
      finish({ kind: 'failed', error: 'timeout', received: Buffer.concat(received).toString('latin1').slice(0, 200) }),
    )
    socket.on('data', (chunk) => received.push(chunk))
    socket.on('end', () => finish(parseAnswer(Buffer.concat(received))))
    socket.on('error', (error: NodeJS.ErrnoException) =>
      finish({
        kind: 'failed',
        error: error.code ?? error.message,
        received: Buffer.concat(received).toString('latin1').slice(0, 200),
      }),
    )
    socket.on('connect', async () => {
      const headers: [string, string][] = [['Host', url.host], ...(request.headers ?? []), ['Connection', 'close']]
      const body = typeof request.body === 'string' ? Buffer.from(request.body) : request.body
      if (request.chunked) headers.push(['Transfer-Encoding', 'chunked'])
      else if (body && !headers.some(([name]) => name.toLowerCase() === 'content-length'))
        headers.push(['Content-Length', String(body.byteLength)])
      const head = `${request.method} ${url.pathname.replace(/\/$/, '')}${request.path} HTTP/1.1\r\n${headers.map(([k, v]) => `${k}: ${v}\r\n`).join('')}\r\n`
      const write = (data: Uint8Array | string) =>
        new Promise<void>((done) => (socket.write(data) ? done() : socket.once('drain', () => done())))
      try {
        await write(head)
        if (body && request.chunked) {
          for (let at = 0; at < body.byteLength; at += request.chunked) {
            const piece = body.subarray(at, at + request.chunked)
            await write(`${piece.byteLength.toString(16)}\r\n`)
            await write(piece)
            await write('\r\n')
          }
          await write('0\r\n\r\n')
        } else if (body) {
          for (let at = 0; at < body.byteLength; at += 64 * 1024) await write(body.subarray(at, at + 64 * 1024))
        } else if (request.chunked) {
          await write('0\r\n\r\n')
        }
      } catch {
        // a write error surfaces as the socket's error event
      }
    })
  })
}

/**
 * The Next mount (pages/api/v1/[[...path]].ts: @hono/node-server's listener with overrideGlobalObjects: false) served
 * by a plain Node HTTP server, for transport tests when the suite runs in process.
 */
export async function serveNextMount(): Promise<{ baseUrl: string; close: () => Promise<void> }> {
  const { default: handler } = await import('@/pages/api/v1/[[...path]]')
  const server: Server = createServer((req, res) => void handler(req, res))
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  const port = typeof address === 'object' && address ? address.port : 0
  return {
    baseUrl: `http://127.0.0.1:${port}/api/v1`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
