import { randomUUID } from 'node:crypto'
import { getConnInfo } from '@hono/node-server/conninfo'
import { createMiddleware } from 'hono/factory'
import { getConfig } from '@/lib/config/env'
import { clientAddress } from '@/lib/config/trusted-proxies'
import { logger, type Logger } from '@/server/logger'
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
 * The request's logger, made on first use. A pino child costs tens of microseconds (more with the redaction paths
 * of server/logger.ts) and binding the user to it as much again, on every request, while most requests write no line
 * at all at the levels production runs at (the access line is `info`). Until something logs, `setBindings` is only
 * remembered; the child then gets the same bindings, in the same order, as if made at the start.
 */
function lazyRequestLogger(requestId: string) {
  const state: { instance?: Logger; bindings: Record<string, unknown> } = { bindings: { requestId } }
  const instance = () => (state.instance ??= logger.child(state.bindings))
  const setBindings = (bindings: Record<string, unknown>) => {
    if (state.instance) state.instance.setBindings(bindings)
    else state.bindings = { ...state.bindings, ...bindings }
  }
  const proxy = new Proxy({} as Logger, {
    get(_target, property) {
      if (property === 'setBindings') return setBindings
      if (property === 'bindings' && !state.instance) return () => ({ ...state.bindings })
      const child = instance()
      const value = Reflect.get(child, property, child) as unknown
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(child) : value
    },
  })
  return { proxy, isUserBound: () => 'userId' in state.bindings || !!state.instance?.bindings().userId }
}

/**
 * Request id (kept from X-Request-Id when sane, else generated; always echoed), a logger child carrying it,
 * the client IP, and one access log line per request.
 */
export const requestContext = createMiddleware<AppEnv>(async (c, next) => {
  const incoming = c.req.header('x-request-id')
  const requestId = incoming && REQUEST_ID.test(incoming) ? incoming : randomUUID()
  const log = lazyRequestLogger(requestId)
  c.set('requestId', requestId)
  c.set('logger', log.proxy)
  c.set('ip', clientIp(c))
  c.set('actor', undefined)
  c.header('X-Request-Id', requestId)
  const started = performance.now()
  await next()
  c.header('X-Request-Id', requestId)
  if (!logger.isLevelEnabled('info')) return
  log.proxy.info(
    {
      method: c.req.method,
      path: new URL(c.req.url).pathname,
      status: c.res.status,
      ms: Math.round((performance.now() - started) * 10) / 10,
      // Once: the auth guard binds userId to this child; a route that set the actor without it has it written here.
      userId: log.isUserBound() ? undefined : c.get('actor')?.userId,
    },
    'request',
  )
})
