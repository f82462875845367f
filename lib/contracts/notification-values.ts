/** What a notification is about (docs/notifications.md#kinds). */
export const NOTIFICATION_KINDS = ['ASSIGNED', 'MENTION', 'ESCALATION', 'SCREENING_HIT', 'DECISION'] as const
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number]

export const NOTIFICATION_KIND_LABELS: Record<NotificationKind, string> = {
  ASSIGNED: 'Assigned to you',
  MENTION: 'Mentions of you',
  ESCALATION: 'Escalations',
  SCREENING_HIT: 'New screening candidates',
  DECISION: 'Decisions on your requests',
}

/** The screen a notification opens: the browser builds its link with `paths`, the digest with `portalLinks`. */
export const NOTIFICATION_TARGETS = [
  'business-review',
  'business-screening',
  'authorization',
  'business-dashboard',
  'support-inquiries',
] as const
export type NotificationTarget = (typeof NOTIFICATION_TARGETS)[number]

/** The bell asks for the unread count this often while the tab is visible (and on focus). */
export const NOTIFICATION_POLL_MS = 60_000

/** At most one e-mail digest per user in this span. */
export const DIGEST_INTERVAL_MS = 3_600_000

/** A mention: `@` then a handle, `firstname.lastname` in lower case (docs/notifications.md#mentions). */
export const MENTION_PATTERN = /(^|[^\w.@])@([a-z0-9][a-z0-9_-]*(?:\.[a-z0-9][a-z0-9_-]*)*)/gi

/** A user's handle from their names: lower case, letters and digits, first and last joined by a dot. */
export function mentionHandle(firstName: string, lastName: string): string {
  const part = (s: string) =>
    s
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '')
  return [part(firstName), part(lastName)].filter(Boolean).join('.')
}

/** The handles a comment mentions, in order, each once (lower case). */
export function mentionedHandles(text: string): string[] {
  const seen = new Set<string>()
  for (const match of text.matchAll(MENTION_PATTERN)) seen.add(match[2]!.toLowerCase().replace(/\.+$/, ''))
  return [...seen]
}
