/**
 * The paths of a form's fields, read off its default values: a nested plain object is a group (`address.line1`).
 * Forms hand them to `applyApiErrors` so an API error naming one of them lands on that field.
 */
export function fieldPathsOf(values: object, prefix = ''): string[] {
  return Object.entries(values).flatMap(([key, value]) =>
    value !== null && typeof value === 'object' && !Array.isArray(value)
      ? fieldPathsOf(value as object, `${prefix}${key}.`)
      : [`${prefix}${key}`],
  )
}
