import type { FieldValues, Path, UseFormSetError } from 'react-hook-form'
import { fieldErrors } from './errors'

/**
 * Puts the API's per-field errors on the form's fields (the interceptor already toasts the first message).
 * Returns true when at least one field got a message.
 */
export function applyApiErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly string[],
): boolean {
  let applied = false
  for (const [field, message] of Object.entries(fieldErrors(error))) {
    if (!fields.includes(field)) continue
    setError(field as Path<T>, { type: 'server', message }, { shouldFocus: !applied })
    applied = true
  }
  return applied
}
