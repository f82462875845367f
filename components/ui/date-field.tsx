import type { ComponentPropsWithoutRef } from 'react'
import type { FieldValues } from 'react-hook-form'
import { cx } from './cx'
import { FieldShell, fieldStyles as styles, useFieldControl, type FieldBaseProps } from './field'

export interface DateFieldProps<TValues extends FieldValues = FieldValues>
  extends
    FieldBaseProps<TValues>,
    Omit<ComponentPropsWithoutRef<'input'>, 'name' | 'type' | 'id' | 'className' | 'children' | 'required' | 'min' | 'max'> {
  /** Earliest date, `YYYY-MM-DD`. */
  min?: string
  /** Latest date, `YYYY-MM-DD` (e.g. today for a date of birth or incorporation). */
  max?: string
  /** Class of the `<input>`. */
  inputClassName?: string
}

/**
 * A native `<input type="date">` bound to the surrounding form by `name`. The value is the `YYYY-MM-DD` string
 * (`""` when empty); convert in the schema (`z.iso.date()`), not here.
 */
export function DateField<TValues extends FieldValues = FieldValues>({
  name,
  label,
  hint,
  required,
  rules,
  id,
  className,
  inputClassName,
  onChange,
  onBlur,
  ...inputProps
}: DateFieldProps<TValues>) {
  const { shellProps, bindControl } = useFieldControl<TValues>({ name, rules, id, hint, required })
  return (
    <FieldShell {...shellProps} label={label} className={className}>
      <input {...inputProps} {...bindControl({ onChange, onBlur })} type="date" className={cx(styles.control, inputClassName)} />
    </FieldShell>
  )
}
