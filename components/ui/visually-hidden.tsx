import type { ComponentPropsWithRef } from 'react'
import { cx } from './cx'
import styles from './visually-hidden.module.css'

export type VisuallyHiddenProps = ComponentPropsWithRef<'span'>

/** Text for screen readers only: off screen, still in the accessibility tree. */
export function VisuallyHidden({ className, ...rest }: VisuallyHiddenProps) {
  return <span {...rest} className={cx(styles.root, className)} />
}
