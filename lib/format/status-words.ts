/**
 * A status code as words inside a sentence ("The business is approved"), for messages people read: the server's
 * refusals and exports never show `APPROVED`. The API's status fields keep the codes. REJECTED reads "declined" as
 * everywhere in the product (docs/domain.md#status-words).
 */
const WORDS: Readonly<Record<string, string>> = {
  REJECTED: 'declined',
  IN_REVIEW: 'in review',
  SUPERSEDED: 'replaced by a newer upload',
  PENDING_ACTIVATION: 'waiting for activation',
}

/** `APPROVED` → "approved", `IN_REVIEW` → "in review", `REJECTED` → "declined"; `labels` overrides (e.g. "live"). */
export function statusWords(status: string, labels: Readonly<Record<string, string>> = {}): string {
  const label = labels[status]
  if (label) return label.toLowerCase()
  return WORDS[status] ?? status.replace(/[_-]+/g, ' ').trim().toLowerCase()
}

/** The same, capitalised for a cell or a label on its own: `PENDING` → "Pending", `REJECTED` → "Declined". */
export function statusLabelWords(status: string, labels: Readonly<Record<string, string>> = {}): string {
  const words = statusWords(status, labels)
  return words.charAt(0).toUpperCase() + words.slice(1)
}
