/**
 * Next calls `register()` once when a server process starts (`next start`, the standalone `server.js`, `next dev`),
 * never during `next build`. With NEXT_MANUAL_SIG_HANDLE set, Next leaves SIGTERM and SIGINT to the portal, which
 * drains requests and closes the database before exiting (docs/architecture.md#shutdown); without it Next's own
 * handler closes the listener and exits 143.
 */
export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs' || !process.env.NEXT_MANUAL_SIG_HANDLE) return
  const { getConfig } = await import('@/lib/config/env')
  const config = getConfig() // a bad configuration stops the server here, at start
  if (!config.manualSignalHandling) return
  const { installGracefulShutdown } = await import('@/server/lifecycle/graceful-shutdown')
  installGracefulShutdown({
    timeoutMs: config.shutdownTimeoutMs,
    readyDelayMs: config.shutdownReadyDelayMs,
    unlessHandled: true,
  })
}
