import type { FieldValues } from 'react-hook-form'
import { useFieldControl, type FieldBaseProps } from '@/components/ui/field'
import { COMMENT_MAX_LENGTH } from '@/lib/contracts/review-values'
import sharedStyles from '@/styles/staff-screens.module.css'
import ownStyles from './approvals.module.css'

const styles = { ...sharedStyles, ...ownStyles }

export interface CommentFieldProps<TValues extends FieldValues = FieldValues> extends Pick<
  FieldBaseProps<TValues>,
  'name' | 'required'
> {
  label: string
  rows: number
}

/**
 * A reviewer's comment box (at most COMMENT_MAX_LENGTH characters) bound to the surrounding `<Form>` by `name`, with
 * its error line (an alert: the reviewer is told at once why nothing was sent).
 */
export function CommentField<TValues extends FieldValues = FieldValues>({
  name,
  label,
  rows,
  required,
}: CommentFieldProps<TValues>) {
  const { controlId, error, errorId, bindControl } = useFieldControl<TValues>({ name })
  return (
    <div className={styles.field}>
      <label htmlFor={controlId}>{label}</label>
      <textarea {...bindControl()} rows={rows} maxLength={COMMENT_MAX_LENGTH} required={required} />
      {error && (
        <p id={errorId} role="alert" className={styles.error}>
          {error}
        </p>
      )}
    </div>
  )
}
