/**
 * Bench-only entry: the business API on a throwaway PGlite database, with an access token for the demo super admin.
 *
 *   node --import tsx bench/api-server.ts [port]
 *
 * Prints one line `{"ready":true,"port":…,"token":"…","dataDir":"…"}` on stdout once it answers. Stops (and deletes its
 * data dir) on SIGTERM, SIGINT or when stdin closes, so it cannot outlive the process that spawned it.
 */
import { createStopper, freePort, prepareBenchEnvironment, superadminToken } from './server-kit'

const portArg = process.argv[2]
const port = portArg ? Number.parseInt(portArg, 10) : await freePort()
if (!Number.isInteger(port) || port < 1 || port > 65535) throw new Error(`Invalid port: ${portArg}`)

const dataDir = prepareBenchEnvironment({ prefix: 'kyc-bench-', port })

const { serve } = await import('@hono/node-server')
const { createApp } = await import('@/server/app')
const { getDatabaseHandle } = await import('@/server/db/client')
const { seedOnOpen } = await import('@/server/seed/seed-on-open')
seedOnOpen()

let server: ReturnType<typeof serve> | undefined
const stop = createStopper(dataDir, () => server)
process.stdin.on('end', () => void stop(0)).resume()

try {
  await getDatabaseHandle() // migrates and seeds the demo users
  const accessToken = await superadminToken()

  const app = createApp()
  server = serve({ fetch: app.fetch, port, hostname: '127.0.0.1' }, (info) => {
    process.stdout.write(`${JSON.stringify({ ready: true, port: info.port, token: accessToken, dataDir })}\n`)
  })
  server.on('error', (error) => {
    console.error(error)
    void stop(1)
  })
} catch (error) {
  console.error(error)
  await stop(1)
}
