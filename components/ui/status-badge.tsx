import type { ReactNode } from 'react'
import { cx } from './cx'
import styles from './status-badge.module.css'

export type StatusTone = 'success' | 'danger' | 'warning' | 'info' | 'neutral'

interface StatusStyle {
  tone: StatusTone
  label?: string
}

/** Known statuses. Anything else is shown humanised (`PENDING_ACTIVATION` → "Pending activation") in neutral. */
export const STATUS_STYLES: Readonly<Record<string, StatusStyle>> = {
  APPROVED: { tone: 'success' },
  COMPLETED: { tone: 'success' },
  ACTIVE: { tone: 'success' },
  VERIFIED: { tone: 'success' },
  ENABLED: { tone: 'success' },
  DECLINED: { tone: 'danger' },
  // The API says REJECTED; the product says "Declined" everywhere.
  REJECTED: { tone: 'danger', label: 'Declined' },
  FAILED: { tone: 'danger' },
  BLOCKED: { tone: 'danger' },
  PENDING: { tone: 'warning' },
  PENDING_ACTIVATION: { tone: 'warning' },
  PENDING_APPROVAL: { tone: 'warning' },
  DEFERRED: { tone: 'warning' },
  EXPIRED: { tone: 'warning' },
  SUSPENDED: { tone: 'warning' },
  IN_REVIEW: { tone: 'info', label: 'In review' },
  SUBMITTED: { tone: 'info' },
  PROCESSING: { tone: 'info' },
  IN_PROGRESS: { tone: 'info' },
  DRAFT: { tone: 'neutral' },
  REMOVED: { tone: 'neutral' },
  ARCHIVED: { tone: 'neutral' },
  INACTIVE: { tone: 'neutral' },
  DISABLED: { tone: 'neutral' },
  CANCELLED: { tone: 'neutral' },
}

/** `IN_REVIEW` → "In review"; `REJECTED` → "Declined". */
export function statusLabel(status: string): string {
  const known = STATUS_STYLES[status.toUpperCase()]?.label
  if (known) return known
  const words = status.replace(/[_-]+/g, ' ').trim().toLowerCase()
  return words.charAt(0).toUpperCase() + words.slice(1)
}

export function statusTone(status: string): StatusTone {
  return STATUS_STYLES[status.toUpperCase()]?.tone ?? 'neutral'
}

export interface StatusBadgeProps {
  /** The API's status code, e.g. `PENDING`, `IN_REVIEW`, `REJECTED`. Case-insensitive. */
  status: string
  /** Overrides the text (the tone still follows `status`). */
  label?: string
  /** Overrides the tone. */
  tone?: StatusTone
  className?: string
}

/** Icon shapes differ per tone, so the status never depends on colour alone (the text says it too). */
const ICONS: Record<StatusTone, ReactNode> = {
  success: (
    <path
      d="M2.5 6.5l2.5 2.5 4.5-5.5"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    />
  ),
  danger: <path d="M3 3l6 6M9 3l-6 6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />,
  warning: (
    <>
      <circle cx="6" cy="6" r="5" fill="none" stroke="currentColor" strokeWidth="1.6" />
      <path d="M6 3.2V6l2 1.4" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
    </>
  ),
  info: <circle cx="6" cy="6" r="4.5" fill="none" stroke="currentColor" strokeWidth="2" strokeDasharray="3 2" />,
  neutral: <circle cx="6" cy="6" r="3" fill="currentColor" />,
}

export function StatusBadge({ status, label, tone, className }: StatusBadgeProps) {
  const t = tone ?? statusTone(status)
  return (
    <span className={cx(styles.badge, styles[t], className)} data-status={status.toUpperCase()} data-tone={t}>
      <svg aria-hidden="true" focusable="false" className={styles.icon} viewBox="0 0 12 12">
        {ICONS[t]}
      </svg>
      {label ?? statusLabel(status)}
    </span>
  )
}
