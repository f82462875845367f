import { StatusBadge, type StatusTone } from '@/components/ui/status-badge'
import { DUE_STATUS_LABELS, type DueStatusValue } from '@/lib/contracts/service-level-values'
import { formatDay } from '@/lib/format/day'

const TONES: Record<DueStatusValue, StatusTone> = { OVERDUE: 'danger', DUE_SOON: 'warning', ON_TIME: 'success' }

/** The Lagos day an item is due by: `dueAt` is 24:00 Lagos (23:00 UTC), the start of the next day (docs/service-levels.md#due-times). */
export function dueDay(dueAt: string): string {
  return new Date(new Date(dueAt).getTime() - 1 + 3_600_000).toISOString().slice(0, 10)
}

/** "Overdue" / "Due soon" / "On time" in words, with its colour and icon, and the day it is due by. */
export function DueBadge({ dueAt, dueStatus }: { dueAt: string | null; dueStatus: DueStatusValue | null }) {
  if (!dueAt || !dueStatus) return <span>—</span>
  return (
    <span>
      <StatusBadge status={dueStatus} label={DUE_STATUS_LABELS[dueStatus]} tone={TONES[dueStatus]} />{' '}
      <span>by {formatDay(dueDay(dueAt))}</span>
    </span>
  )
}

/** The list filter's choices. */
export const DUE_FILTER_OPTIONS = (Object.keys(DUE_STATUS_LABELS) as DueStatusValue[]).map((value) => ({
  value,
  label: DUE_STATUS_LABELS[value],
}))
