/** Keys whose values are identity numbers (or dates of birth) wherever a record is kept as JSON (audits, drafts). */
export const PERSONAL_VALUE_KEYS: ReadonlySet<string> = new Set([
  'bvn',
  'idNumber',
  'nin',
  'dateOfBirth',
  'checkedValue',
  // Blind indexes identify a person as well as the number does.
  'bvnIndex',
  'idNumberIndex',
])
