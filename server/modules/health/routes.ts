import { z } from '@hono/zod-openapi'
import { sql } from 'drizzle-orm'
import { getConfig } from '@/lib/config/env'
import { getDatabaseHandle } from '@/server/db/client'
import { access } from '@/server/http/access'
import { optionalActor } from '@/server/http/auth'
import type { AppContext } from '@/server/http/context'
import { createRouter, json, routesTagged } from '@/server/http/openapi'
import { getBlobStorage } from '@/server/integrations/blob/blob-storage'
import { isShuttingDown } from '@/server/lifecycle/graceful-shutdown'
import { isWarm, warmUpOnce } from '@/server/lifecycle/warm-up'

const route = routesTagged('Health')

const livenessSchema = z.object({ status: z.literal('ok') })
const readinessSchema = z.object({
  status: z.enum(['ok', 'unavailable']),
  checks: z.record(z.string(), z.object({ status: z.enum(['ok', 'unavailable']), detail: z.string().optional() })),
})

export const healthRoutes = createRouter()

// GET /health – the process answers (liveness); touches nothing else
healthRoutes.openapi(
  route.get('/health', {
    ...access.public(),
    summary: 'Liveness',
    responses: { 200: json(livenessSchema, 'The process is up') },
  }),
  (c) => c.json({ status: 'ok' as const }, 200),
)

/** This instance's own listener, from the socket the probe came in on (null in process, where there is none). */
function ownOrigin(c: AppContext): string | null {
  const socket = (c.env as { incoming?: { socket?: { localAddress?: string; localPort?: number } } } | undefined)?.incoming
    ?.socket
  if (!socket?.localAddress || !socket.localPort) return null
  const address = socket.localAddress.replace(/^::ffff:/, '')
  return `http://${address.includes(':') ? `[${address}]` : address}:${socket.localPort}`
}

/** Details (the database kind) only for signed-in staff: anyone else learns up or down, nothing about the stack. */
async function mayReadDetails(c: AppContext): Promise<boolean> {
  return (await optionalActor(c))?.isStaff ?? false
}

// GET /health/ready – the database and blob storage answer (the database kind only for signed-in staff); 503 while
// the instance shuts down
healthRoutes.openapi(
  route.get('/health/ready', {
    ...access.public(),
    summary: 'Readiness: dependencies reachable',
    description:
      'Anyone may probe it; `detail` (the database kind) is only shown to signed-in staff (Bearer token). 503 with `checks.warmUp` until the instance has loaded its main pages and routes once (the first probe starts that), so the first user is not the one who waits. 503 with `checks.shutdown` from the moment the instance starts shutting down (SIGTERM), so a load balancer stops sending it requests before it stops accepting them.',
    responses: {
      200: json(readinessSchema, 'Ready'),
      503: json(readinessSchema, 'A dependency is unreachable, or the instance is shutting down'),
    },
  }),
  async (c) => {
    // Draining: requests still in flight (or arriving during SHUTDOWN_READY_DELAY_MS) are served, but no new ones.
    if (isShuttingDown())
      return c.json({ status: 'unavailable' as const, checks: { shutdown: { status: 'unavailable' as const } } }, 503)
    let database: { status: 'ok' | 'unavailable'; detail?: string }
    try {
      const { db, kind } = await getDatabaseHandle()
      await db.execute(sql`select 1`)
      database = (await mayReadDetails(c)) ? { status: 'ok', detail: kind } : { status: 'ok' }
    } catch (error) {
      c.get('logger').warn({ err: error }, 'readiness: database unavailable')
      database = { status: 'unavailable' }
    }
    let blobStorage: { status: 'ok' | 'unavailable'; detail?: string }
    try {
      await getBlobStorage().ping()
      blobStorage = { status: 'ok' }
    } catch (error) {
      c.get('logger').warn({ err: error }, 'readiness: blob storage unavailable')
      blobStorage = { status: 'unavailable' }
    }
    // Started by the first probe (not at import: `next build` loads this module too); never awaited here.
    const waitsForWarmUp = getConfig().readyWarmUp
    if (waitsForWarmUp && !isWarm()) void warmUpOnce({ origin: ownOrigin(c), logger: c.get('logger') })
    const warmUp = { status: !waitsForWarmUp || isWarm() ? ('ok' as const) : ('unavailable' as const) }
    const checks = { database, blobStorage, warmUp }
    const ready = database.status === 'ok' && blobStorage.status === 'ok' && warmUp.status === 'ok'
    return ready ? c.json({ status: 'ok' as const, checks }, 200) : c.json({ status: 'unavailable' as const, checks }, 503)
  },
)
