import { randomUUID } from 'node:crypto'
import { getConnInfo } from '@hono/node-server/conninfo'
import { createMiddleware } from 'hono/factory'
import { isIP } from 'node:net'
import { getConfig } from '@/lib/config/env'
import { logger } from '@/server/logger'
import type { AppContext, AppEnv } from './context'

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/

/**
 * The address the throttles and the audit trail use: the socket's, or, when TRUST_PROXY says a reverse proxy
 * sits in front, the last X-Forwarded-For entry (the one that proxy appended; earlier ones are the client's word).
 */
export function clientIp(c: AppContext, trustProxy = getConfig().trustProxy): string | null {
  if (trustProxy) {
    const header = c.req.header('x-forwarded-for')
    const forwarded = header ? withoutPort(header.split(',').at(-1)!.trim()) : null
    if (forwarded && isIP(forwarded)) return forwarded
    // Falling back to the proxy's own address would make every client one key for the throttles.
    if (header)
      c.get('logger')?.warn({ forwarded: header.slice(0, 200) }, 'TRUST_PROXY is set but X-Forwarded-For has no address')
  }
  try {
    return getConnInfo(c).remote.address ?? null
  } catch {
    return null // app.request() in tests has no socket
  }
}

/** `203.0.113.5:54321` and `[2001:db8::1]:443` (as some proxies append them) without the port. */
function withoutPort(entry: string): string {
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(entry)
  if (bracketed) return bracketed[1]!
  const v4WithPort = /^(\d{1,3}(?:\.\d{1,3}){3}):\d+$/.exec(entry)
  return v4WithPort ? v4WithPort[1]! : entry
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
      userId: c.get('actor')?.userId,
    },
    'request',
  )
})
