import { subscribe } from 'node:diagnostics_channel'
import type { IncomingMessage, Server, ServerResponse } from 'node:http'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import { logger } from '@/server/logger'

/**
 * The API v1 straight to its page's handler, past Next's router (docs/architecture.md#the-signed-in-hot-path-and-its-caches).
 *
 * Under `next start` and the standalone `server.js` every call to /api/v1 went through Next's router server before it
 * reached pages/api/v1/[[...path]].ts: URL parsing and normalisation, the redirects of next.config.ts, the page
 * matcher, the page's route module (`prepare`, tracing spans, `apiResolver`'s request and response helpers), none of
 * which the Hono app uses. On a signed-in read that was about a tenth of the CPU (bench/results/issue-36-load.md).
 *
 * Here the process's HTTP server, learnt from Node's `http.server.request.start` diagnostics channel (published just
 * before the server emits `request`, so the first request is served this way too), gets one `request` listener in
 * front of Next's: a call whose path is plainly an API path goes to the same handler Next would call (the compiled
 * page module, loaded with `require` from the same file, so the same module instance as Next's, with the same
 * database, caches and scheduled jobs), with what Next does to such a call before it: the `x-forwarded-*` request
 * headers Next fills in, and the response compression of `next start` (`compress`, on unless next.config.ts turns it
 * off). Anything else goes to Next as before, and so does any path Next would normalise or redirect first: a
 * trailing slash, `//`, a backslash, `.` or `..` segments, percent-encoding (Next answers 400 to a malformed one).
 * proxy.ts never ran for /api/v1 (its matcher leaves it out), and the security headers are the app's own.
 */

const API_PATH = /^\/api\/v1(?:\/[A-Za-z0-9_~-][A-Za-z0-9._~-]*)*$/

/** True for a request URL (path and query) this module serves itself; everything else is Next's. */
export function isDirectApiUrl(url: string | undefined): boolean {
  if (!url) return false
  const query = url.indexOf('?')
  const path = query === -1 ? url : url.slice(0, query)
  return API_PATH.test(path) && !path.includes('..')
}

type Handler = (req: IncomingMessage, res: ServerResponse) => unknown
type Middleware = (req: IncomingMessage, res: ServerResponse, next: () => void) => void

interface DirectApi {
  handler: Handler
  compress: Middleware | null
  releaseCompressionStream: (res: ServerResponse) => void
}

/**
 * Loads the compiled API page and Next's compression as `next start` would; null when there is no build to load.
 * The page is an async module (top-level await below it): its exports are awaited, as Next's `requirePage` does.
 */
async function loadDirectApi(distDir: string): Promise<DirectApi | null> {
  const load = createRequire(join(distDir, 'package.json'))
  try {
    const page = (await load(join(distDir, 'server', 'pages', 'api', 'v1', '[[...path]].js'))) as { default?: unknown }
    const serverFiles = load(join(distDir, 'required-server-files.json')) as { config?: { compress?: boolean } }
    if (typeof page.default !== 'function') throw new Error('the page module has no default handler')
    const compression = load('next/dist/compiled/compression') as () => Middleware
    const { releaseCompressionStream } = load('next/dist/server/lib/release-compression-stream') as {
      releaseCompressionStream: DirectApi['releaseCompressionStream']
    }
    return {
      handler: page.default as Handler,
      compress: serverFiles.config?.compress === false ? null : compression(),
      releaseCompressionStream,
    }
  } catch (error) {
    logger.warn({ err: error }, 'API v1 served through Next: its compiled page could not be loaded')
    return null
  }
}

/** What Next's base server sets on every request before routing it (next/dist/server/base-server.js). */
function fillForwardedHeaders(req: IncomingMessage, server: Server) {
  const headers = req.headers
  const proto = headers['x-forwarded-proto']
  const isHttps = proto ? proto === 'https' : !!(req.socket as { encrypted?: boolean }).encrypted
  const address = server.address()
  const port = address && typeof address === 'object' ? address.port : undefined
  headers['x-forwarded-host'] ??= headers.host
  headers['x-forwarded-port'] ??= port ? String(port) : isHttps ? '443' : '80'
  headers['x-forwarded-proto'] ??= isHttps ? 'https' : 'http'
  headers['x-forwarded-for'] ??= req.socket.remoteAddress
}

function serveDirectly(server: Server, api: DirectApi, req: IncomingMessage, res: ServerResponse) {
  fillForwardedHeaders(req, server)
  if (api.compress) {
    api.compress(req, res, () => {})
    // As Next does: a client that hangs up before the end would leave the zlib stream open.
    res.once('close', () => {
      if (!res.writableFinished) api.releaseCompressionStream(res)
    })
  }
  Promise.resolve()
    .then(() => api.handler(req, res))
    .catch((error: unknown) => {
      logger.error({ err: error }, 'API v1 handler failed')
      if (!res.headersSent) {
        res.statusCode = 500
        res.end('Internal Server Error')
      } else res.destroy()
    })
}

function takeOver(server: Server, loading: Promise<DirectApi | null>) {
  let api: DirectApi | null | undefined
  void loading.then((loaded) => (api = loaded))
  const nextListeners = server.listeners('request') as Handler[]
  server.removeAllListeners('request')
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    // Until the page has loaded (the first request or so), and for good when it could not be, Next serves.
    if (api && isDirectApiUrl(req.url)) return serveDirectly(server, api, req, res)
    for (const listener of nextListeners) listener.call(server, req, res)
  })
}

const globalForDirect = globalThis as unknown as { __apiDirectInstalled?: boolean }

/**
 * Installs the direct path in a production server process (instrumentation.ts); `distDir` is Next's build folder.
 * Idempotent. A process without the compiled page (a broken build) keeps Next's path.
 */
export function installDirectApi(distDir: string = join(process.cwd(), '.next')): void {
  if (globalForDirect.__apiDirectInstalled) return
  globalForDirect.__apiDirectInstalled = true
  const taken = new WeakSet<Server>()
  let loading: Promise<DirectApi | null> | undefined
  subscribe('http.server.request.start', (message) => {
    const { server } = message as { server: Server }
    if (taken.has(server)) return
    taken.add(server)
    takeOver(server, (loading ??= loadDirectApi(distDir)))
  })
}
