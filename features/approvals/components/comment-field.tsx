import { COMMENT_MAX_LENGTH } from '@/lib/contracts/review-values'
import sharedStyles from '@/styles/staff-screens.module.css'
import ownStyles from './approvals.module.css'

const styles = { ...sharedStyles, ...ownStyles }

export interface CommentFieldProps {
  id: string
  /** The id of the error line, which describes the box while there is an error. */
  errorId: string
  label: string
  rows: number
  value: string
  required?: boolean
  error: string | null
  /** Called with the new text; the caller clears its error. */
  onChange: (value: string) => void
}

/** A reviewer's comment box (at most COMMENT_MAX_LENGTH characters) with its error line. */
export function CommentField({ id, errorId, label, rows, value, required, error, onChange }: CommentFieldProps) {
  return (
    <div className={styles.field}>
      <label htmlFor={id}>{label}</label>
      <textarea
        id={id}
        rows={rows}
        value={value}
        maxLength={COMMENT_MAX_LENGTH}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        onChange={(e) => onChange(e.target.value)}
      />
      {error && (
        <p id={errorId} role="alert" className={styles.error}>
          {error}
        </p>
      )}
    </div>
  )
}
