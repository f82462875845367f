/**
 * Next calls `register()` once when a server process starts (`next start`, the standalone `server.js`, `next dev`),
 * never during `next build`. With NEXT_MANUAL_SIG_HANDLE set, Next leaves SIGTERM and SIGINT to the portal, which
 * drains requests and closes the database before exiting (docs/architecture.md#shutdown); without it Next's own
 * handler closes the listener and exits 143. In a production server, calls to /api/v1 are then handed to the API's
 * handler past Next's router (server/lifecycle/api-direct.ts, API_DIRECT).
 */
export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return
  // NODE_ENV is set by Next itself: production under `next start` and server.js, development under `next dev`.
  const production = process.env.NODE_ENV === 'production'
  if (!process.env.NEXT_MANUAL_SIG_HANDLE && !production) return
  const { getConfig } = await import('@/lib/config/env')
  const config = getConfig() // a bad configuration stops the server here, at start
  // `next start` and server.js only: `next dev` compiles the page on demand, elsewhere.
  if (production && config.apiDirect) {
    const { installDirectApi } = await import('@/server/lifecycle/api-direct')
    installDirectApi()
  }
  if (!config.manualSignalHandling) return
  const { installGracefulShutdown } = await import('@/server/lifecycle/graceful-shutdown')
  installGracefulShutdown({
    timeoutMs: config.shutdownTimeoutMs,
    readyDelayMs: config.shutdownReadyDelayMs,
    unlessHandled: true,
  })
}
