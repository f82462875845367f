import { useState, type ComponentPropsWithoutRef, type ReactNode } from 'react'
import type { FieldValues } from 'react-hook-form'
import { cx } from './cx'
import { FieldShell, fieldStyles as styles, useFieldControl, type FieldBaseProps } from './field'
import { VisuallyHidden } from './visually-hidden'

export type TextFieldType = 'text' | 'email' | 'tel' | 'password' | 'number' | 'url' | 'search'

export interface TextFieldProps<TValues extends FieldValues = FieldValues>
  extends
    FieldBaseProps<TValues>,
    Omit<ComponentPropsWithoutRef<'input'>, 'name' | 'type' | 'id' | 'className' | 'children' | 'required' | 'prefix'> {
  /** `text` by default. `password` gets a Show/Hide toggle (turn off with `revealable={false}`). */
  type?: TextFieldType
  /** Fixed text before the input, e.g. `+234` or `₦` (decorative; say it in the label or hint too). */
  prefix?: ReactNode
  /** Fixed text after the input, e.g. `%`. */
  suffix?: ReactNode
  /** For `type="password"`: offer a Show/Hide button. Default true. */
  revealable?: boolean
  /** Class of the `<input>`. */
  inputClassName?: string
}

const DEFAULT_INPUT_MODE: Partial<Record<TextFieldType, ComponentPropsWithoutRef<'input'>['inputMode']>> = {
  email: 'email',
  tel: 'tel',
  number: 'decimal',
  url: 'url',
}

const DEFAULT_AUTOCOMPLETE: Partial<Record<TextFieldType, string>> = { email: 'email', tel: 'tel' }

/** A text-like `<input>` bound to the surrounding react-hook-form form by `name`. */
export function TextField<TValues extends FieldValues = FieldValues>({
  name,
  label,
  hint,
  required,
  rules,
  id,
  className,
  type = 'text',
  prefix,
  suffix,
  revealable = true,
  inputClassName,
  onChange,
  onBlur,
  ...inputProps
}: TextFieldProps<TValues>) {
  const { controlId, shellProps, bindControl } = useFieldControl<TValues>({ name, rules, id, hint, required })
  const [revealed, setRevealed] = useState(false)
  const toggle = type === 'password' && revealable
  const input = (
    <input
      inputMode={DEFAULT_INPUT_MODE[type]}
      autoComplete={DEFAULT_AUTOCOMPLETE[type]}
      {...inputProps}
      {...bindControl({ onChange, onBlur })}
      type={toggle && revealed ? 'text' : type}
      className={cx(styles.control, inputClassName)}
    />
  )
  return (
    <FieldShell {...shellProps} label={label} className={className}>
      {prefix || suffix || toggle ? (
        <div className={styles.group}>
          {prefix && (
            <span className={styles.addon} aria-hidden="true">
              {prefix}
            </span>
          )}
          {input}
          {suffix && (
            <span className={styles.addon} aria-hidden="true">
              {suffix}
            </span>
          )}
          {toggle && (
            <button type="button" className={styles.toggle} aria-controls={controlId} onClick={() => setRevealed((r) => !r)}>
              {revealed ? 'Hide' : 'Show'} <VisuallyHidden>password</VisuallyHidden>
            </button>
          )}
        </div>
      ) : (
        input
      )}
    </FieldShell>
  )
}
