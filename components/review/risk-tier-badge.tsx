import { StatusBadge, type StatusTone } from '@/components/ui/status-badge'
import { RISK_TIER_LABELS, type RiskTier } from '@/lib/contracts/risk-values'

const TIER_TONES: Record<RiskTier, StatusTone> = { LOW: 'success', MEDIUM: 'info', HIGH: 'warning', PROHIBITED: 'danger' }

/** A business's risk tier in words ("High risk", "Not assessed"), coloured by tier but never by colour alone. */
export function RiskTierBadge({ tier, label }: { tier: RiskTier | null; label?: string }) {
  if (!tier) return <StatusBadge status="RISK_NOT_ASSESSED" label={label ?? 'Not assessed'} tone="neutral" />
  return <StatusBadge status={`RISK_${tier}`} label={label ?? `${RISK_TIER_LABELS[tier]} risk`} tone={TIER_TONES[tier]} />
}

/**
 * The lists' risk tier filter (`riskTier` in the URL and the API, docs/risk.md#the-tier-in-the-lists): one tier, not
 * assessed, or the two that ask most of the reviewers together (comma-separated in the URL, repeated in the API).
 */
export const RISK_TIER_FILTER = {
  key: 'riskTier',
  label: 'Risk tier',
  type: 'select' as const,
  placeholder: 'Any tier',
  options: [
    { value: 'LOW', label: 'Low' },
    { value: 'MEDIUM', label: 'Medium' },
    { value: 'HIGH', label: 'High' },
    { value: 'PROHIBITED', label: 'Prohibited' },
    { value: 'HIGH,PROHIBITED', label: 'High or prohibited' },
    { value: 'NOT_ASSESSED', label: 'Not assessed' },
  ],
}

/** `riskTier=HIGH,PROHIBITED` in the URL as the API's repeated parameter. */
export const riskTierParams = (value: string): Array<[string, string]> =>
  value
    .split(',')
    .filter(Boolean)
    .map((tier) => ['riskTier', tier])
