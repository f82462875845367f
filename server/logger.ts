import pino, { type DestinationStream, type Logger } from 'pino'
import { getConfig } from '@/lib/config/env'

export type { Logger }

// The process's logger, on globalThis like its other singletons (the API tests forget them between files).
const globalForLogger = globalThis as unknown as { __logger?: Logger }

/** Keys whose values never reach a log line, at the top of a logged object or up to three levels down. */
const SECRET_KEYS = [
  'password',
  'passwordHash',
  'newPassword',
  'currentPassword',
  'token',
  'accessToken',
  'refreshToken',
  'secret',
  'cookie',
  'authorization',
  'bvn',
  'idNumber',
  'nin',
  'dateOfBirth',
  'checkedValue',
  'uploadUrl',
  'downloadUrl',
  'sasUrl',
]

export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  'headers.authorization',
  'headers.cookie',
  ...SECRET_KEYS.flatMap((k) => [k, `*.${k}`, `*.*.${k}`, `*.*.*.${k}`]),
]

/** A storage URL carrying a SAS (`sig=`): kept to its origin and path, the query (the grant) dropped. */
const SAS_URL = /https?:\/\/[^\s"']*[?&]sig=[^\s"']*/gi

function withoutSasUrls(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return value.replace(SAS_URL, (url) => `${url.split('?')[0]}?[redacted]`)
  if (depth > 6 || !value || typeof value !== 'object' || value instanceof Error) return value
  if (Array.isArray(value)) return value.map((v) => withoutSasUrls(v, depth + 1))
  return Object.fromEntries(Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, withoutSasUrls(v, depth + 1)]))
}

const LEVEL_NAMES: Record<number, string> = { 10: 'TRACE', 20: 'DEBUG', 30: 'INFO', 40: 'WARN', 50: 'ERROR', 60: 'FATAL' }
// Said by the line's own words (or by every line), so the pretty format leaves them out.
const SHOWN_APART = new Set([
  'level',
  'time',
  'msg',
  'service',
  'method',
  'path',
  'status',
  'ms',
  'requestId',
  'userId',
  'pid',
  'hostname',
])

/**
 * One JSON log entry as one short line for a terminal: `14:05:09 INFO  GET /api/v1/businesses 200 12ms user=…`
 * for a request, `14:05:09 WARN  <message> {other fields}` otherwise. Not for production (LOG_FORMAT).
 */
export function prettyLine(json: string): string {
  let entry: Record<string, unknown>
  try {
    entry = JSON.parse(json) as Record<string, unknown>
  } catch {
    return json.trimEnd()
  }
  const time = typeof entry.time === 'string' ? entry.time.slice(11, 19) : ''
  const level = (LEVEL_NAMES[entry.level as number] ?? String(entry.level)).padEnd(5)
  const request =
    typeof entry.method === 'string' && typeof entry.path === 'string'
      ? `${entry.method} ${entry.path} ${String(entry.status)} ${String(entry.ms)}ms`
      : null
  const words = [time, level, request ?? String(entry.msg ?? '')]
  if (entry.userId) words.push(`user=${String(entry.userId)}`)
  const rest = Object.fromEntries(Object.entries(entry).filter(([k]) => !SHOWN_APART.has(k)))
  if (Object.keys(rest).length) words.push(JSON.stringify(rest))
  return words.join(' ')
}

/** Writes `prettyLine` of each entry to `out` (stdout by default). */
export function prettyDestination(out: { write: (text: string) => unknown } = process.stdout): DestinationStream {
  return { write: (json: string) => void out.write(`${prettyLine(json)}\n`) }
}

/** The portal's logger; `destination` for tests. Redacts secrets and identity numbers (docs/data-protection.md). */
export function createLogger(options: { level: string; destination?: DestinationStream; format?: 'json' | 'pretty' }): Logger {
  return pino(
    {
      level: options.level,
      base: { service: 'kyc-portal' },
      timestamp: pino.stdTimeFunctions.isoTime,
      redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
      formatters: { log: (object) => withoutSasUrls(object) as Record<string, unknown> },
      hooks: {
        logMethod(args, method) {
          // The message too: `logger.info('uploaded to https://...?sig=...')`.
          method.apply(
            this,
            args.map((a) => (typeof a === 'string' ? (withoutSasUrls(a) as string) : a)) as Parameters<typeof method>,
          )
        },
      },
    },
    options.format === 'pretty' ? prettyDestination(options.destination) : options.destination,
  )
}

/**
 * Structured JSON logs; request handlers log through a child carrying the request id. Created on first use, so
 * importing server code never parses the configuration (a bad environment is reported by whoever starts).
 */
export const logger: Logger = new Proxy({} as Logger, {
  get(_target, property) {
    const instance = (globalForLogger.__logger ??= createLogger({ level: getConfig().logLevel, format: getConfig().logFormat }))
    const value = Reflect.get(instance, property, instance) as unknown
    return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(instance) : value
  },
})

/** Replaces the process's logger (tests: one writing to a destination they read); `undefined` goes back to the configured one. */
export function setLogger(replacement: Logger | undefined): void {
  globalForLogger.__logger = replacement
}
