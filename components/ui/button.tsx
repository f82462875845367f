import type { ComponentPropsWithRef } from 'react'
import { cx } from './cx'
import { Spinner } from './spinner'
import { VisuallyHidden } from './visually-hidden'
import styles from './button.module.css'

export type ButtonVariant = 'primary' | 'secondary' | 'danger' | 'link'
export type ButtonSize = 'sm' | 'md' | 'lg'

export interface ButtonStyleOptions {
  variant?: ButtonVariant
  size?: ButtonSize
  fullWidth?: boolean
  className?: string
}

/** The classes of a button, for a `next/link` (or any element) that should look like one. */
export function buttonClassName({ variant = 'primary', size = 'md', fullWidth, className }: ButtonStyleOptions = {}): string {
  return cx(styles.button, styles[variant], styles[size], fullWidth && styles.fullWidth, className)
}

export interface ButtonProps extends ComponentPropsWithRef<'button'>, ButtonStyleOptions {
  /** Disables the button, shows a spinner and announces `loadingText`. */
  loading?: boolean
  /** Screen-reader text while loading; "Loading…" by default (e.g. "Saving…"). */
  loadingText?: string
}

/**
 * A native `<button>`, `type="button"` unless told otherwise (pass `type="submit"` in forms).
 * Forwards `ref` (React 19 ref-as-prop) and every native prop.
 */
export function Button({
  variant = 'primary',
  size = 'md',
  fullWidth,
  loading = false,
  loadingText = 'Loading…',
  disabled,
  className,
  type = 'button',
  children,
  ...rest
}: ButtonProps) {
  return (
    <button
      {...rest}
      type={type}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      className={buttonClassName({ variant, size, fullWidth, className: cx(loading && styles.loading, className) })}
    >
      {loading && <Spinner size="sm" />}
      {children}
      {loading && ' '}
      {loading && <VisuallyHidden>{loadingText}</VisuallyHidden>}
    </button>
  )
}
