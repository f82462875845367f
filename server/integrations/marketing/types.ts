/**
 * The marketing adapter (docs/architecture.md#runtime-parts): identify, track and contact calls carrying user data.
 * The caller (server/modules/marketing) has already normalised the e-mail (`email` or `Email` -> lower-case
 * `email`), removed identity numbers and dropped the calls of users who opted out: a sink only delivers.
 */

/** Who a call is about: a signed-in user, or a visitor known by the browser's anonymous id. */
export interface MarketingIdentity {
  userId: string | null
  anonymousId: string | null
  /** Lower-case, already normalised. */
  email: string | null
  channel: string | null
}

export interface IdentifyCall extends MarketingIdentity {
  traits: Record<string, unknown> | null
}

export interface TrackCall extends MarketingIdentity {
  /** The event name; a page view is `Page Viewed` with its `path`. */
  event: string
  /** Set for a page view (the browser's `page(path)`). */
  path: string | null
  properties: Record<string, unknown> | null
}

/** Someone who wrote to the portal (the contact-us form): a contact for the marketing tool. */
export interface ContactCall {
  userId: string | null
  email: string
  name: string
  /** Where the contact came from, e.g. `support-inquiry`. */
  source: string
  properties: Record<string, unknown> | null
}

/** What a sink answers: the id of the recorded row (database sink), or null when it is delivered elsewhere. */
export interface SinkReceipt {
  id: string | null
}

export interface MarketingSink {
  readonly name: 'database' | 'segment'
  identify(call: IdentifyCall): Promise<SinkReceipt>
  track(call: TrackCall): Promise<SinkReceipt>
  contact(call: ContactCall): Promise<SinkReceipt>
  /** Sends whatever is queued (a no-op for sinks that deliver at once). */
  flush(): Promise<void>
}

export const PAGE_VIEWED = 'Page Viewed'
