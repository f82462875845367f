import { useEffect, useRef, type ComponentPropsWithoutRef } from 'react'
import { useFormContext, type FieldValues } from 'react-hook-form'
import { cx } from './cx'
import { FieldShell, fieldStyles as styles, useFieldControl, type FieldBaseProps } from './field'

export interface SelectOption {
  value: string
  label: string
  disabled?: boolean
}

export interface SelectFieldProps<TValues extends FieldValues = FieldValues>
  extends
    FieldBaseProps<TValues>,
    Omit<ComponentPropsWithoutRef<'select'>, 'name' | 'id' | 'className' | 'children' | 'required' | 'multiple'> {
  options: readonly SelectOption[]
  /** First option, with value `""` (e.g. "Select a state"). Leave the default value `""` to show it. */
  placeholder?: string
  /** Class of the `<select>`. */
  selectClassName?: string
}

/** A native `<select>` bound to the surrounding react-hook-form form by `name`. */
export function SelectField<TValues extends FieldValues = FieldValues>({
  name,
  label,
  hint,
  required,
  rules,
  id,
  className,
  options,
  placeholder,
  selectClassName,
  onChange,
  onBlur,
  ...selectProps
}: SelectFieldProps<TValues>) {
  const { shellProps, bindControl } = useFieldControl<TValues>({ name, rules, id, hint, required })
  const { getValues } = useFormContext<TValues>()
  const control = bindControl({ onChange, onBlur })
  const selectRef = useRef<HTMLSelectElement | null>(null)
  // The select is uncontrolled: a saved value set before its options arrived (a record opened by its address or
  // reloaded) shows the placeholder. Once the options are there, show the form's value.
  const optionValues = options.map((o) => o.value).join('\n')
  useEffect(() => {
    const value = getValues(name)
    if (selectRef.current && typeof value === 'string' && selectRef.current.value !== value) selectRef.current.value = value
  }, [optionValues, getValues, name])
  return (
    <FieldShell {...shellProps} label={label} className={className}>
      <select
        {...selectProps}
        {...control}
        ref={(element) => {
          selectRef.current = element
          control.ref(element)
        }}
        className={cx(styles.control, selectClassName)}
      >
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((o) => (
          <option key={o.value} value={o.value} disabled={o.disabled}>
            {o.label}
          </option>
        ))}
      </select>
    </FieldShell>
  )
}
