import pino, { type Logger } from 'pino'
import { getConfig } from '@/lib/config/env'

export type { Logger }

let instance: Logger | undefined

function createLogger(): Logger {
  return pino({
    level: getConfig().logLevel,
    base: { service: 'kyc-portal' },
    timestamp: pino.stdTimeFunctions.isoTime,
    redact: {
      paths: ['req.headers.authorization', 'req.headers.cookie', '*.password', '*.passwordHash', '*.token'],
      censor: '[redacted]',
    },
  })
}

/**
 * Structured JSON logs; request handlers log through a child carrying the request id. Created on first use, so
 * importing server code never parses the configuration (a bad environment is reported by whoever starts).
 */
export const logger: Logger = new Proxy({} as Logger, {
  get(_target, property) {
    instance ??= createLogger()
    const value = Reflect.get(instance, property, instance) as unknown
    return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(instance) : value
  },
})
