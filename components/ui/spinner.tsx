import { cx } from './cx'
import styles from './spinner.module.css'
import { VisuallyHidden } from './visually-hidden'

export type SpinnerSize = 'sm' | 'md' | 'lg'

export interface SpinnerProps {
  size?: SpinnerSize
  /**
   * Text announced to screen readers (the spinner becomes a `role="status"` live region).
   * Without it the spinner is decorative (`aria-hidden`), e.g. inside a button that says what it is doing.
   */
  label?: string
  className?: string
}

export function Spinner({ size = 'md', label, className }: SpinnerProps) {
  if (!label) {
    return <span aria-hidden="true" className={cx(styles.circle, styles[size], className)} />
  }
  return (
    <span role="status" className={cx(styles.root, className)}>
      <span aria-hidden="true" className={cx(styles.circle, styles[size])} />
      <VisuallyHidden>{label}</VisuallyHidden>
    </span>
  )
}
