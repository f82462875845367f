import type { ComponentPropsWithoutRef } from 'react'
import type { FieldValues } from 'react-hook-form'
import { cx } from './cx'
import { FieldShell, fieldStyles as styles, useFieldControl, type FieldBaseProps } from './field'

export interface TextAreaFieldProps<TValues extends FieldValues = FieldValues>
  extends FieldBaseProps<TValues>,
    Omit<ComponentPropsWithoutRef<'textarea'>, 'name' | 'id' | 'className' | 'children' | 'required'> {
  /** Class of the `<textarea>`. */
  textareaClassName?: string
}

/** A `<textarea>` (4 rows by default) bound to the surrounding react-hook-form form by `name`. */
export function TextAreaField<TValues extends FieldValues = FieldValues>({
  name,
  label,
  hint,
  required,
  rules,
  id,
  className,
  textareaClassName,
  rows = 4,
  onChange,
  onBlur,
  ...textareaProps
}: TextAreaFieldProps<TValues>) {
  const { registration, error, controlId, hintId, errorId, a11y } = useFieldControl<TValues>({ name, rules, id, hint, required })
  return (
    <FieldShell
      controlId={controlId}
      label={label}
      hint={hint}
      hintId={hintId}
      error={error}
      errorId={errorId}
      required={required}
      className={className}
    >
      <textarea
        rows={rows}
        {...textareaProps}
        {...a11y}
        {...registration}
        onChange={(e) => {
          void registration.onChange(e)
          onChange?.(e)
        }}
        onBlur={(e) => {
          void registration.onBlur(e)
          onBlur?.(e)
        }}
        className={cx(styles.control, textareaClassName)}
      />
    </FieldShell>
  )
}
