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

/**
 * Keys whose values name or reach a person (a person's name, e-mail, phone) in the records kept as JSON in audit
 * rows. Audit rows seal them under the row's subject key like identity numbers, so erasing the person leaves them
 * unreadable; unlike identity numbers, readers of the log see them in clear while the subject exists.
 */
export const PERSONAL_NAME_KEYS: ReadonlySet<string> = new Set([
  'firstName',
  'lastName',
  'middleName',
  'email',
  'phone',
  'contactName',
  'contactEmail',
  'contactPhone',
  // The public position of a politically exposed person (or of the PEP a relative or associate is close to) names them.
  'pepPosition',
])
