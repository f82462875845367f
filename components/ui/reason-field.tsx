import { useId } from 'react'

export interface ReasonFieldProps {
  label: string
  value: string
  onChange: (value: string) => void
  /** Shown under the field as an alert, and marks it invalid. */
  error: string | null
  maxLength: number
  /** Default true; an optional comment is labelled so. */
  required?: boolean
  rows?: number
  className?: string
  errorClassName?: string
}

/** The free-text reason of a confirm dialog (a reveal, an erasure, a review comment): a labelled textarea with its error. */
export function ReasonField({
  label,
  value,
  onChange,
  error,
  maxLength,
  required = true,
  rows = 3,
  className,
  errorClassName,
}: ReasonFieldProps) {
  const ids = { reason: useId(), error: useId() }
  return (
    <div className={className}>
      <label htmlFor={ids.reason}>
        {label}
        {!required && ' (optional)'}
      </label>
      <textarea
        id={ids.reason}
        rows={rows}
        value={value}
        maxLength={maxLength}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? ids.error : undefined}
        onChange={(e) => onChange(e.target.value)}
      />
      {error && (
        <p id={ids.error} role="alert" className={errorClassName}>
          {error}
        </p>
      )}
    </div>
  )
}
