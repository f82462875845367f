import type { StatusTone } from '@/components/ui/status-badge'
import type { RiskModelStatus } from '@/lib/contracts/risk-values'

/** A model version's status as the screens show it. */
export const VERSION_STATUS_WORDS: Record<RiskModelStatus, { label: string; tone: StatusTone }> = {
  ACTIVE: { label: 'In force', tone: 'success' },
  PROPOSED: { label: 'Proposed', tone: 'info' },
  SUPERSEDED: { label: 'Superseded', tone: 'neutral' },
  WITHDRAWN: { label: 'Withdrawn', tone: 'neutral' },
}
