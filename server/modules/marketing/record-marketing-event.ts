import type { MarketingEvent } from '@/lib/contracts/marketing'
import type { Executor } from '@/server/db/client'
import { marketingEvents } from '@/server/db/schema'
import { PERSONAL_VALUE_KEYS } from '@/server/crypto/personal-keys'

/** An identity number given as a bare value: 11 digits (BVN, NIN), as the analytics module might pick up from a form. */
const IDENTITY_NUMBER = /^\s*\d{11}\s*$/

/** Event properties without identity numbers: personal keys dropped at any depth, bare 11-digit values too. */
function withoutIdentityNumbers(value: unknown): unknown {
  if (Array.isArray(value))
    return value.filter((v) => !(typeof v === 'string' && IDENTITY_NUMBER.test(v))).map(withoutIdentityNumbers)
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>)
        .filter(([k, v]) => !PERSONAL_VALUE_KEYS.has(k) && !(typeof v === 'string' && IDENTITY_NUMBER.test(v)))
        .map(([k, v]) => [k, withoutIdentityNumbers(v)]),
    )
  }
  return value
}

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
      // Marketing never carries identity numbers (docs/data-protection.md).
      properties: event.properties ? withoutIdentityNumbers(event.properties) : null,
    })
    .returning({ id: marketingEvents.id })
  return { id: row!.id }
}
