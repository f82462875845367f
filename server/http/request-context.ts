import { randomUUID } from 'node:crypto'
import { getConnInfo } from '@hono/node-server/conninfo'
import { createMiddleware } from 'hono/factory'
import { getConfig } from '@/lib/config/env'
import { clientAddress } from '@/lib/config/trusted-proxies'
import { logger } from '@/server/logger'
import type { AppContext, AppEnv } from './context'

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/

/**
 * The address the throttles and the audit trail use: the socket's, or, when the socket is one of TRUSTED_PROXIES,
 * the first untrusted address of X-Forwarded-For from the right (lib/config/trusted-proxies.ts).
 */
export function clientIp(c: AppContext, trustedProxies = getConfig().trustedProxies): string | null {
  let socketAddress: string | null
  try {
    socketAddress = getConnInfo(c).remote.address ?? null
  } catch {
    socketAddress = null // app.request() in tests has no socket
  }
  return clientAddress({ socketAddress, forwardedFor: c.req.header('x-forwarded-for'), trustedProxies })
}

/**
 * Request id (kept from X-Request-Id when sane, else generated; always echoed), a logger child carrying it,
 * the client IP, and one access log line per request.
 */
export const requestContext = createMiddleware<AppEnv>(async (c, next) => {
  const incoming = c.req.header('x-request-id')
  const requestId = incoming && REQUEST_ID.test(incoming) ? incoming : randomUUID()
  const log = logger.child({ requestId })
  c.set('requestId', requestId)
  c.set('logger', log)
  c.set('ip', clientIp(c))
  c.set('actor', undefined)
  c.header('X-Request-Id', requestId)
  const started = performance.now()
  await next()
  c.header('X-Request-Id', requestId)
  log.info(
    {
      method: c.req.method,
      path: new URL(c.req.url).pathname,
      status: c.res.status,
      ms: Math.round((performance.now() - started) * 10) / 10,
      // Once: the auth guard binds userId to this child; a route that set the actor without it has it written here.
      userId: log.bindings().userId ? undefined : c.get('actor')?.userId,
    },
    'request',
  )
})
