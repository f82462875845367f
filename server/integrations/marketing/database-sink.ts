import type { Executor } from '@/server/db/client'
import { marketingEvents } from '@/server/db/schema'
import { PAGE_VIEWED, type MarketingSink } from './types'

/**
 * The built-in sink: every call becomes a `marketing_events` row (for reports), written with the caller's executor,
 * so a call made inside a transaction is recorded with it. Works with no outside service.
 */
export function createDatabaseSink(db: () => Executor | Promise<Executor>): MarketingSink {
  async function insert(values: typeof marketingEvents.$inferInsert) {
    const [row] = await (await db()).insert(marketingEvents).values(values).returning({ id: marketingEvents.id })
    return { id: row!.id }
  }
  return {
    name: 'database',
    identify: (call) =>
      insert({
        type: 'identify',
        email: call.email,
        userId: call.userId,
        anonymousId: call.anonymousId,
        channel: call.channel,
        properties: call.traits,
      }),
    track: (call) =>
      insert({
        // A page view keeps its own type and path, as the reports read them.
        type: call.path !== null && call.event === PAGE_VIEWED ? 'page' : 'track',
        event: call.path !== null && call.event === PAGE_VIEWED ? null : call.event,
        path: call.path,
        email: call.email,
        userId: call.userId,
        anonymousId: call.anonymousId,
        channel: call.channel,
        properties: call.properties,
      }),
    contact: (call) =>
      insert({
        type: 'contact',
        email: call.email,
        userId: call.userId,
        properties: { name: call.name, source: call.source, ...call.properties },
      }),
    flush: async () => undefined,
  }
}
