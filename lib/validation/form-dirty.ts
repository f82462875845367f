/**
 * Spec section 5: a form is dirty if any field has changed.
 *
 * Values are compared deeply, as plain form values:
 * - `undefined`, `null` and `''` count as the same "empty" value, at any depth, and a missing key equals a key
 *   holding an empty value: an optional field that starts `undefined` and is typed into and cleared again is not a
 *   change. Anything else is compared strictly: `' '` differs from `''`, `0` from `'0'` and from `''`, `false`
 *   from `undefined`, `[]` from `undefined`.
 * - Numbers with `===`, except that NaN equals NaN.
 * - Dates by their time (two invalid dates are equal).
 * - Arrays by length and element by element, in order.
 * - Plain objects (`{}` literals or null-prototype) key by key over the union of their keys.
 * - Any other object (File, Blob, class instances) only by identity.
 * Cyclic values are not supported.
 */
export function formValuesEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true
  if (isEmpty(a) && isEmpty(b)) return true
  if (typeof a === 'number' && typeof b === 'number') return Number.isNaN(a) && Number.isNaN(b)
  if (a instanceof Date && b instanceof Date) {
    const [x, y] = [a.getTime(), b.getTime()]
    return x === y || (Number.isNaN(x) && Number.isNaN(y))
  }
  if (Array.isArray(a) && Array.isArray(b)) {
    return a.length === b.length && a.every((item, i) => formValuesEqual(item, b[i]))
  }
  if (isPlainObject(a) && isPlainObject(b)) {
    const keys = new Set([...Object.keys(a), ...Object.keys(b)])
    for (const key of keys) if (!formValuesEqual(a[key], b[key])) return false
    return true
  }
  return false
}

/** True when any field of `current` differs from `initial` (see `formValuesEqual` for what counts as a change). */
export function isFormDirty(initial: unknown, current: unknown): boolean {
  return !formValuesEqual(initial, current)
}

/**
 * The top-level fields that changed, in the order they first appear (fields of `initial`, then fields only in
 * `current`), compared as `formValuesEqual` does. Useful for sending only what changed.
 */
export function changedFields(initial: Readonly<Record<string, unknown>>, current: Readonly<Record<string, unknown>>): string[] {
  const keys = new Set([...Object.keys(initial), ...Object.keys(current)])
  return [...keys].filter((key) => !formValuesEqual(initial[key], current[key]))
}

function isEmpty(value: unknown): boolean {
  return value === undefined || value === null || value === ''
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false
  const proto: unknown = Object.getPrototypeOf(value)
  return proto === Object.prototype || proto === null
}
