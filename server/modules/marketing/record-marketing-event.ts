import type { MarketingEvent } from '@/lib/contracts/marketing'
import type { Executor } from '@/server/db/client'
import { marketingEvents } from '@/server/db/schema'

export async function recordMarketingEvent(options: { db: Executor; event: MarketingEvent; userId: string | null }) {
  const { event } = options
  const [row] = await options.db
    .insert(marketingEvents)
    .values({
      type: event.type,
      event: event.event ?? null,
      path: event.path ?? null,
      email: event.email ?? null,
      userId: options.userId,
      anonymousId: event.anonymousId ?? null,
      channel: event.channel ?? null,
      properties: event.properties ?? null,
    })
    .returning({ id: marketingEvents.id })
  return { id: row!.id }
}
