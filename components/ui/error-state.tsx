import type { ReactNode } from 'react'
import { Button } from './button'
import { cx } from './cx'
import type { HeadingLevel } from './empty-state'
import styles from './state-message.module.css'

export interface ErrorStateProps {
  /** Heading; "Something went wrong" by default. */
  title?: string
  /** What failed, in words a user understands (e.g. the API error's message). */
  message?: ReactNode
  /** Shows a retry button that calls it. */
  onRetry?: () => void
  /** "Try again" by default. */
  retryLabel?: string
  /** Retry in progress: the button shows a spinner and is disabled. */
  retrying?: boolean
  headingLevel?: HeadingLevel
  className?: string
}

/** A failed load, announced (`role="alert"`), with an optional retry. */
export function ErrorState({
  title = 'Something went wrong',
  message,
  onRetry,
  retryLabel = 'Try again',
  retrying = false,
  headingLevel = 2,
  className,
}: ErrorStateProps) {
  const Heading = `h${headingLevel}` as const
  return (
    <div role="alert" className={cx(styles.root, styles.error, className)}>
      <svg aria-hidden="true" focusable="false" className={styles.icon} viewBox="0 0 40 40">
        <path d="M20 5l17 30H3z" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinejoin="round" />
        <path d="M20 16v9M20 29.5v.5" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
      </svg>
      <Heading className={styles.title}>{title}</Heading>
      {message && <p className={styles.description}>{message}</p>}
      {onRetry && (
        <div className={styles.action}>
          <Button variant="secondary" onClick={onRetry} loading={retrying} loadingText="Retrying…">
            {retryLabel}
          </Button>
        </div>
      )}
    </div>
  )
}
