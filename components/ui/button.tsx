import type { ComponentPropsWithRef } from 'react'
import styles from './button.module.css'
import { cx } from './cx'
import { Spinner } from './spinner'
import { useWaitForUploads, WAIT_FOR_UPLOAD_REASON } from './uploads-in-progress'
import { VisuallyHidden } from './visually-hidden'

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
 * Forwards `ref` (React 19 ref-as-prop) and every native prop. A submit button inside a `Form` whose uploader is
 * still sending a file is disabled and says why ("Wait for the upload to finish").
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
  const uploads = useWaitForUploads()
  const waiting = type === 'submit' && uploads.waiting
  const button = (
    <button
      {...rest}
      type={type}
      disabled={disabled || loading || waiting}
      aria-busy={loading || undefined}
      aria-describedby={waiting ? cx(rest['aria-describedby'], uploads.reasonId) : rest['aria-describedby']}
      className={buttonClassName({ variant, size, fullWidth, className: cx(loading && styles.loading, className) })}
    >
      {loading && <Spinner size="sm" />}
      {children}
      {loading && ' '}
      {loading && <VisuallyHidden>{loadingText}</VisuallyHidden>}
    </button>
  )
  // Always a fragment, so the button is not remounted (and does not lose focus) when the reason comes and goes.
  return (
    <>
      {button}
      {waiting && (
        <span id={uploads.reasonId} className={styles.reason}>
          {WAIT_FOR_UPLOAD_REASON}
        </span>
      )}
    </>
  )
}
