import type { ComponentPropsWithoutRef } from 'react'
import type { FieldValues } from 'react-hook-form'
import { cx } from './cx'
import { FieldErrorMessage, RequiredMark, fieldStyles as styles, useFieldControl, type FieldBaseProps } from './field'

export interface CheckboxFieldProps<TValues extends FieldValues = FieldValues>
  extends
    FieldBaseProps<TValues>,
    Omit<ComponentPropsWithoutRef<'input'>, 'name' | 'type' | 'id' | 'className' | 'children' | 'required'> {}

/**
 * A single checkbox bound to the surrounding form by `name`: the value is a boolean (e.g. "I accept the terms":
 * `z.literal(true, { message: '…' })`). For a group of checkboxes sharing one name, pass `value` on each.
 */
export function CheckboxField<TValues extends FieldValues = FieldValues>({
  name,
  label,
  hint,
  required,
  rules,
  id,
  className,
  onChange,
  onBlur,
  ...inputProps
}: CheckboxFieldProps<TValues>) {
  const { error, controlId, hintId, errorId, bindControl } = useFieldControl<TValues>({ name, rules, id, hint, required })
  return (
    <div className={cx(styles.field, className)}>
      <div className={styles.checkRow}>
        <input {...inputProps} {...bindControl({ onChange, onBlur })} type="checkbox" className={styles.checkbox} />
        <div className={styles.checkText}>
          <label htmlFor={controlId} className={styles.checkLabel}>
            {label}
            {required && <RequiredMark />}
          </label>
          {hint && (
            <p id={hintId} className={styles.hint}>
              {hint}
            </p>
          )}
          <FieldErrorMessage id={errorId} message={error} />
        </div>
      </div>
    </div>
  )
}
