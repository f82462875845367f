/** The tones a status badge can take (the same set as components/ui/status-badge). */
export type StatusTone = 'success' | 'danger' | 'warning' | 'info' | 'neutral'

/** Where a status's next action is taken; screens turn it into a link with lib/navigation/paths. */
export type StatusTarget = 'KYC' | 'KYC_PREVIEW' | 'DOCUMENTS' | 'DASHBOARD' | 'PRODUCTS'

/** What every screen shows for one status: the badge, the sentence under it and what to do next (if anything). */
export interface StatusView<Code extends string = string> {
  code: Code
  label: string
  tone: StatusTone
  explanation: string
  next: { label: string; target: StatusTarget } | null
}
