import { useId, type ChangeEvent, type FocusEvent, type ReactNode } from 'react'
import {
  get,
  useFormContext,
  useFormState,
  type FieldError,
  type FieldPath,
  type FieldValues,
  type RegisterOptions,
} from 'react-hook-form'
import { cx } from './cx'
import styles from './field.module.css'
import { VisuallyHidden } from './visually-hidden'

/** Props every form field shares. `TValues` types `name` when given (`<TextField<SignupValues> name="email" …/>`). */
export interface FieldBaseProps<TValues extends FieldValues = FieldValues> {
  /** The react-hook-form path of the value (dotted for nested and array values: `directors.0.email`). */
  name: FieldPath<TValues>
  /** Visible label (required: every field has a visible `<label>`). */
  label: ReactNode
  /** Help shown under the label, linked by `aria-describedby`. */
  hint?: ReactNode
  /** Shows the required marker and sets `aria-required`. Validation itself is the schema's (or `rules`') job. */
  required?: boolean
  /** react-hook-form `register` options, for forms without a resolver (and `valueAsNumber`, `setValueAs`, …). */
  rules?: RegisterOptions<TValues, FieldPath<TValues>>
  /** Id of the control; generated when absent. */
  id?: string
  /** Class of the field's wrapper. */
  className?: string
}

/** The message of a field error, whatever its shape (field, array `root`, or a message-less rule). */
export function errorMessageOf(error: unknown): string | undefined {
  if (!error || typeof error !== 'object') return undefined
  const e = error as Partial<FieldError> & { root?: FieldError }
  if (typeof e.message === 'string' && e.message) return e.message
  if (e.root?.message) return e.root.message
  if (typeof e.type === 'string') return 'This field is not valid'
  return undefined
}

/**
 * Wires a control to the surrounding `FormProvider`: `register` output, the field's error (read from
 * `formState.errors` by dotted path, re-rendering only when this field's state changes) and the ids that link
 * the label, hint and error.
 */
export function useFieldControl<TValues extends FieldValues>({
  name,
  rules,
  id,
  hint,
  required,
}: Pick<FieldBaseProps<TValues>, 'name' | 'rules' | 'id' | 'hint' | 'required'>) {
  const { register, control } = useFormContext<TValues>()
  const { errors } = useFormState({ control, name })
  const error = errorMessageOf(get(errors, name))
  const autoId = useId()
  const controlId = id ?? `field${autoId.replace(/[^\w-]/g, '')}`
  const hintId = hint ? `${controlId}-hint` : undefined
  const errorId = error ? `${controlId}-error` : undefined
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined
  const registration = register(name, rules)
  const a11y = {
    id: controlId,
    'aria-invalid': error ? (true as const) : undefined,
    'aria-describedby': describedBy,
    'aria-required': required ? (true as const) : undefined,
  }
  return {
    registration,
    error,
    controlId,
    hintId,
    errorId,
    a11y,
    /** What `FieldShell` needs besides `label` and `className`. */
    shellProps: { controlId, hint, hintId, error, errorId, required },
    /** Props for the control: ids and aria, the registration, and the caller's own handlers run after the form's. */
    bindControl<E extends Element>(
      handlers: { onChange?: (event: ChangeEvent<E>) => void; onBlur?: (event: FocusEvent<E>) => void } = {},
    ) {
      return {
        ...a11y,
        ...registration,
        onChange: (event: ChangeEvent<E>) => {
          void registration.onChange(event)
          handlers.onChange?.(event)
        },
        onBlur: (event: FocusEvent<E>) => {
          void registration.onBlur(event)
          handlers.onBlur?.(event)
        },
      }
    },
  }
}

export function RequiredMark() {
  return (
    <span aria-hidden="true" className={styles.required}>
      *
    </span>
  )
}

export function FieldErrorMessage({ id, message }: { id: string | undefined; message: string | undefined }) {
  if (!message || !id) return null
  return (
    <p id={id} className={styles.error}>
      <svg aria-hidden="true" className={styles.errorIcon} viewBox="0 0 16 16" focusable="false">
        <circle cx="8" cy="8" r="7" fill="currentColor" />
        <path d="M8 4v5M8 11.2v.8" stroke="#fff" strokeWidth="1.8" strokeLinecap="round" />
      </svg>
      <span>
        <VisuallyHidden>Error:</VisuallyHidden> {message}
      </span>
    </p>
  )
}

export interface FieldShellProps {
  controlId: string
  label: ReactNode
  hint?: ReactNode
  hintId?: string
  error?: string
  errorId?: string
  required?: boolean
  className?: string
  children: ReactNode
}

/** Label, hint, control and error, stacked. */
export function FieldShell({ controlId, label, hint, hintId, error, errorId, required, className, children }: FieldShellProps) {
  return (
    <div className={cx(styles.field, className)}>
      <label htmlFor={controlId} className={styles.label}>
        {label}
        {required && <RequiredMark />}
      </label>
      {hint && (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      )}
      {children}
      <FieldErrorMessage id={errorId} message={error} />
    </div>
  )
}

export { styles as fieldStyles }
