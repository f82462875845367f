import { once } from 'node:events'
import { connect, type Socket } from 'node:net'

/**
 * A client of clamd, ClamAV's daemon, over TCP: INSTREAM (the bytes sent in length-prefixed chunks, the verdict
 * answered) and VERSION. Written on node:net rather than taken from npm: `clamscan`, the maintained package, works
 * without its binaries but writes to the socket without waiting for it to drain, prints socket errors with
 * console.error, and leaves its promise and socket open when a daemon accepts the connection and then stops
 * answering; here one deadline covers connect, send and verdict, and the socket is destroyed at it.
 */
export interface ClamdAddress {
  host: string
  port: number
  /** The whole exchange: connecting, sending every chunk, and the daemon's answer. */
  timeoutMs: number
}

export type ClamdVerdict = { infected: false } | { infected: true; signature: string }

/** clamd could not be reached, did not answer in time, or answered something other than a verdict. */
export class ClamdUnavailable extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options)
    this.name = 'ClamdUnavailable'
  }
}

/** clamd's own limit per chunk is its StreamMaxLength (25 MB by default); small chunks keep the socket's buffer small. */
const CHUNK_BYTES = 64 * 1024

/** Scans `content` as clamd reads it: nothing is held beyond the chunk being sent. */
export async function scanStream(
  options: ClamdAddress & { content: AsyncIterable<Uint8Array> | Iterable<Uint8Array> },
): Promise<ClamdVerdict> {
  const reply = await exchange(options, async (socket, signal) => {
    await send(socket, Buffer.from('zINSTREAM\0'), signal)
    for await (const piece of options.content) {
      for (let at = 0; at < piece.byteLength; at += CHUNK_BYTES) {
        const chunk = piece.subarray(at, at + CHUNK_BYTES)
        const length = Buffer.alloc(4)
        length.writeUInt32BE(chunk.byteLength)
        await send(socket, length, signal)
        await send(socket, chunk, signal)
      }
    }
    await send(socket, Buffer.alloc(4), signal)
  })
  // `stream: OK`, `stream: Eicar-Signature FOUND`, or `<reason> ERROR` (a size limit, a database being reloaded).
  if (/^stream: OK$/.test(reply)) return { infected: false }
  const found = /^stream: (.+) FOUND$/.exec(reply)
  if (found) return { infected: true, signature: found[1]! }
  throw new ClamdUnavailable(`clamd at ${options.host}:${options.port} did not scan the file: ${reply || '(no answer)'}`)
}

/** The engine and signature database clamd runs (`ClamAV 1.4.6/27000/Mon Nov 30 09:00:00 2026`). */
export async function clamdVersion(options: ClamdAddress): Promise<string> {
  const reply = await exchange(options, (socket, signal) => send(socket, Buffer.from('zVERSION\0'), signal))
  if (!reply.startsWith('ClamAV ')) throw new ClamdUnavailable(`clamd at ${options.host}:${options.port} answered ${reply}`)
  return reply
}

async function send(socket: Socket, bytes: Uint8Array, signal: AbortSignal): Promise<void> {
  if (!socket.write(bytes)) await once(socket, 'drain', { signal })
}

/** One command on its own connection (the z-form: NUL-terminated); clamd answers and closes. */
function exchange(address: ClamdAddress, write: (socket: Socket, signal: AbortSignal) => Promise<void>): Promise<string> {
  const { host, port, timeoutMs } = address
  return new Promise((resolve, reject) => {
    const socket = connect({ host, port })
    const stop = new AbortController()
    const chunks: Buffer[] = []
    let settled = false
    const settle = () => {
      settled = true
      clearTimeout(deadline)
      stop.abort()
      socket.destroy()
    }
    const fail = (reason: string, cause?: unknown) => {
      if (settled) return
      settle()
      reject(new ClamdUnavailable(`clamd at ${host}:${port}: ${reason}`, { cause }))
    }
    const deadline = setTimeout(() => fail(`no answer within ${timeoutMs} ms`), timeoutMs)
    socket.on('data', (chunk: Buffer) => chunks.push(chunk))
    socket.on('error', (error) => fail(error.message, error))
    socket.on('end', () => {
      if (settled) return
      settle()
      resolve(Buffer.concat(chunks).toString('utf8').replace(/\0+$/, '').trim())
    })
    socket.once('connect', () => {
      // clamd may answer (a size limit) and close before every chunk is sent: its answer is what counts.
      write(socket, stop.signal).catch((error: unknown) => {
        if (!socket.readableEnded) fail((error as Error).message, error)
      })
    })
  })
}
