import { randomUUID } from 'node:crypto'
import { logger as defaultLogger, type Logger } from '@/server/logger'
import type { ContactCall, IdentifyCall, MarketingIdentity, MarketingSink, SinkReceipt, TrackCall } from './types'

/**
 * The production marketing sink: a Segment-compatible HTTP Tracking API.
 *
 * Calls are queued and sent as `POST {url}/v1/batch` with the write key as the Basic-auth user name and the body
 * `{ batch: [{ type, userId | anonymousId, traits | event + properties, timestamp, messageId }], sentAt }`
 * (https://segment.com/docs/connections/sources/catalog/libraries/server/http-api/#batch). The queue is sent when it
 * holds `flushAt` calls or `flushIntervalMs` after the first queued call, split so no body exceeds 500 KB (the
 * API's batch limit; one call over 32 KB, its per-call limit, is dropped and logged). A 5xx, a 429 or a network
 * error is retried with exponential back-off (Retry-After honoured up to the maximum wait); any other answer drops
 * the batch with a log line. Nothing here ever throws into the request that made the call.
 */
export interface SegmentSinkOptions {
  /** The API's base URL, e.g. https://api.segment.io. */
  url: string
  writeKey: string
  /** Send when this many calls are queued. */
  flushAt?: number
  /** Send this long after the first call queued since the last send. */
  flushIntervalMs?: number
  maxBatchBytes?: number
  maxMessageBytes?: number
  /** Attempts after the first one. */
  maxRetries?: number
  retryBaseMs?: number
  retryMaxMs?: number
  /** Calls kept while the API is unreachable; beyond this the oldest are dropped. */
  maxQueue?: number
  fetch?: typeof fetch
  now?: () => Date
  logger?: Pick<Logger, 'warn' | 'error'>
}

type SegmentMessage = {
  type: 'identify' | 'track'
  userId?: string
  anonymousId?: string
  traits?: Record<string, unknown>
  event?: string
  properties?: Record<string, unknown>
  context?: Record<string, unknown>
  timestamp: string
  messageId: string
}

export const SEGMENT_DEFAULTS = {
  flushAt: 20,
  flushIntervalMs: 10_000,
  maxBatchBytes: 500 * 1024,
  maxMessageBytes: 32 * 1024,
  maxRetries: 5,
  retryBaseMs: 500,
  retryMaxMs: 30_000,
  maxQueue: 10_000,
} as const

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

function who(identity: Pick<MarketingIdentity, 'userId' | 'anonymousId'>): { userId?: string; anonymousId?: string } {
  if (identity.userId) return { userId: identity.userId }
  // The API needs one of the two; a call with neither gets a fresh anonymous id.
  return { anonymousId: identity.anonymousId ?? randomUUID() }
}

function withDefined(values: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(values).filter(([, v]) => v !== null && v !== undefined))
}

export function createSegmentSink(options: SegmentSinkOptions): MarketingSink & { pending(): number } {
  const settings = { ...SEGMENT_DEFAULTS, ...withDefined({ ...options }) } as Required<SegmentSinkOptions>
  const endpoint = `${options.url.replace(/\/+$/, '')}/v1/batch`
  const authorization = `Basic ${Buffer.from(`${options.writeKey}:`).toString('base64')}`
  const doFetch = options.fetch ?? fetch
  const now = options.now ?? (() => new Date())
  const log = options.logger ?? defaultLogger
  const encoder = new TextEncoder()

  let queue: SegmentMessage[] = []
  let timer: NodeJS.Timeout | undefined
  let sending: Promise<void> = Promise.resolve()

  function enqueue(message: Omit<SegmentMessage, 'timestamp' | 'messageId'>): SinkReceipt {
    const full: SegmentMessage = { ...message, timestamp: now().toISOString(), messageId: randomUUID() }
    if (encoder.encode(JSON.stringify(full)).byteLength > settings.maxMessageBytes) {
      log.warn({ type: full.type, event: full.event, messageId: full.messageId }, 'marketing call over 32 KB dropped')
      return { id: null }
    }
    queue.push(full)
    if (queue.length > settings.maxQueue) {
      const dropped = queue.length - settings.maxQueue
      queue = queue.slice(dropped)
      log.warn({ dropped }, 'marketing queue full; oldest calls dropped')
    }
    if (queue.length >= settings.flushAt) void flush()
    else if (!timer) {
      timer = setTimeout(() => void flush(), settings.flushIntervalMs)
      timer.unref()
    }
    return { id: null }
  }

  /** The queue split into bodies of at most maxBatchBytes. */
  function batches(messages: SegmentMessage[]): SegmentMessage[][] {
    const envelope = encoder.encode(JSON.stringify({ batch: [], sentAt: now().toISOString() })).byteLength
    const out: SegmentMessage[][] = []
    let current: SegmentMessage[] = []
    let size = envelope
    for (const message of messages) {
      const bytes = encoder.encode(JSON.stringify(message)).byteLength + 1
      if (current.length && size + bytes > settings.maxBatchBytes) {
        out.push(current)
        current = []
        size = envelope
      }
      current.push(message)
      size += bytes
    }
    if (current.length) out.push(current)
    return out
  }

  function retryWait(attempt: number, retryAfter: string | null): number {
    const seconds = retryAfter ? Number(retryAfter) : NaN
    if (Number.isFinite(seconds) && seconds >= 0) return Math.min(seconds * 1000, settings.retryMaxMs)
    return Math.min(settings.retryBaseMs * 2 ** attempt, settings.retryMaxMs)
  }

  async function send(batch: SegmentMessage[]): Promise<void> {
    for (let attempt = 0; ; attempt++) {
      let status: number | 'network'
      let retryAfter: string | null = null
      try {
        const res = await doFetch(endpoint, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization },
          body: JSON.stringify({ batch, sentAt: now().toISOString() }),
        })
        await res.arrayBuffer().catch(() => undefined)
        if (res.ok) return
        status = res.status
        retryAfter = res.headers.get('retry-after')
      } catch {
        status = 'network'
      }
      const retryable = status === 'network' || status === 429 || status >= 500
      if (!retryable) {
        log.error({ status, calls: batch.length }, 'marketing API refused a batch; dropped')
        return
      }
      if (attempt >= settings.maxRetries) {
        log.error({ status, calls: batch.length, attempts: attempt + 1 }, 'marketing API unavailable; batch dropped')
        return
      }
      log.warn({ status, attempt: attempt + 1 }, 'marketing API batch failed; retrying')
      await sleep(retryWait(attempt, retryAfter))
    }
  }

  /** Sends everything queued; resolves when it has been delivered or given up. Never rejects. */
  function flush(): Promise<void> {
    if (timer) {
      clearTimeout(timer)
      timer = undefined
    }
    const taken = queue
    queue = []
    sending = sending.then(async () => {
      for (const batch of batches(taken)) {
        try {
          await send(batch)
        } catch (error) {
          log.error({ err: error }, 'marketing batch failed unexpectedly; dropped')
        }
      }
    })
    return sending
  }

  return {
    name: 'segment',
    pending: () => queue.length,
    identify: async (call: IdentifyCall) =>
      enqueue({
        type: 'identify',
        ...who(call),
        traits: withDefined({ ...call.traits, email: call.email }),
        ...(call.channel ? { context: { campaign: { source: call.channel } } } : {}),
      }),
    track: async (call: TrackCall) =>
      enqueue({
        type: 'track',
        ...who(call),
        event: call.event,
        properties: withDefined({ ...call.properties, path: call.path, email: call.email }),
        ...(call.channel ? { context: { campaign: { source: call.channel } } } : {}),
      }),
    // A contact is an identify with the person's name and where they wrote from.
    contact: async (call: ContactCall) =>
      enqueue({
        type: 'identify',
        ...who({ userId: call.userId, anonymousId: null }),
        traits: withDefined({ ...call.properties, email: call.email, name: call.name, source: call.source }),
      }),
    flush,
  }
}
