import type { ComponentPropsWithoutRef } from 'react'
import type { FieldValues } from 'react-hook-form'
import { cx } from './cx'
import { FieldShell, fieldStyles as styles, useFieldControl, type FieldBaseProps } from './field'

export interface TextAreaFieldProps<TValues extends FieldValues = FieldValues>
  extends
    FieldBaseProps<TValues>,
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
  const { shellProps, bindControl } = useFieldControl<TValues>({ name, rules, id, hint, required })
  return (
    <FieldShell {...shellProps} label={label} className={className}>
      <textarea
        rows={rows}
        {...textareaProps}
        {...bindControl({ onChange, onBlur })}
        className={cx(styles.control, textareaClassName)}
      />
    </FieldShell>
  )
}
