import pino, { type Logger } from 'pino'
import { getConfig } from '@/lib/config/env'

export type { Logger }

/** Structured JSON logs. Request handlers log through a child carrying the request id. */
export const logger: Logger = pino({
  level: getConfig().logLevel,
  base: { service: 'kyc-portal' },
  timestamp: pino.stdTimeFunctions.isoTime,
  redact: {
    paths: ['req.headers.authorization', 'req.headers.cookie', '*.password', '*.passwordHash', '*.token'],
    censor: '[redacted]',
  },
})
