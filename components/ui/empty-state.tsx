import type { ReactNode } from 'react'
import { cx } from './cx'
import styles from './state-message.module.css'

export type HeadingLevel = 2 | 3 | 4 | 5 | 6

export interface EmptyStateProps {
  title: string
  description?: ReactNode
  /** A button or link, e.g. "Clear filters" or "Add a director". */
  action?: ReactNode
  /** Level of the title heading; 2 by default (DataTable: its `stateHeadingLevel`). */
  headingLevel?: HeadingLevel
  className?: string
}

export function EmptyState({ title, description, action, headingLevel = 2, className }: EmptyStateProps) {
  const Heading = `h${headingLevel}` as const
  return (
    <div className={cx(styles.root, className)}>
      <svg aria-hidden="true" focusable="false" className={styles.icon} viewBox="0 0 40 40">
        <rect x="6" y="9" width="28" height="24" rx="3" fill="none" stroke="currentColor" strokeWidth="2" />
        <path d="M6 17h28M14 24h12" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      </svg>
      <Heading className={styles.title}>{title}</Heading>
      {description && <p className={styles.description}>{description}</p>}
      {action && <div className={styles.action}>{action}</div>}
    </div>
  )
}
