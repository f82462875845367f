import { getConfig } from '@/lib/config/env'
import { getDb } from '@/server/db/client'
import { onShutdown } from '@/server/lifecycle/graceful-shutdown'
import { createDatabaseSink } from './database-sink'
import { createSegmentSink } from './segment-sink'
import type { MarketingSink } from './types'

export type { ContactCall, IdentifyCall, MarketingIdentity, MarketingSink, SinkReceipt, TrackCall } from './types'
export { PAGE_VIEWED } from './types'

const globalForMarketing = globalThis as unknown as { __marketingSink?: MarketingSink }

/**
 * The configured sink (MARKETING_PROVIDER): `database` (default) records every call in `marketing_events`;
 * `segment` queues them for a Segment-compatible Tracking API (one queue per process, sent before the process exits).
 */
export function getMarketingSink(): MarketingSink {
  if (globalForMarketing.__marketingSink) return globalForMarketing.__marketingSink
  const config = getConfig().marketing
  if (config.provider === 'segment') {
    const sink = createSegmentSink({
      url: config.url,
      writeKey: config.writeKey,
      flushAt: config.flushAt,
      flushIntervalMs: config.flushIntervalMs,
    })
    process.once('beforeExit', () => void sink.flush())
    // A graceful shutdown exits explicitly ('beforeExit' never comes): the queue is sent first.
    onShutdown('marketing queue', () => sink.flush())
    globalForMarketing.__marketingSink = sink
  } else {
    globalForMarketing.__marketingSink = createDatabaseSink(getDb)
  }
  return globalForMarketing.__marketingSink
}

/** Replaces the process's sink (tests); `undefined` goes back to the configured one. Answers the previous one. */
export function setMarketingSink(sink: MarketingSink | undefined): MarketingSink | undefined {
  const previous = globalForMarketing.__marketingSink
  globalForMarketing.__marketingSink = sink
  return previous
}
