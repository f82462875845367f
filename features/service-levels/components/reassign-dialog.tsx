import { useQuery } from '@tanstack/react-query'
import { useId, useState } from 'react'
import { ConfirmDialog } from '@/components/ui/confirm-dialog'
import { ReasonField } from '@/components/ui/reason-field'
import { QUEUE_LABELS, type Queue } from '@/lib/contracts/service-level-values'
import { formatDay } from '@/lib/format/day'
import { describeError } from '@/lib/http/errors'
import { useAssignItems } from '../api/assignment-calls'
import { serviceLevelQueries } from '../api/service-level-queries'
import styles from './service-levels.module.css'

export interface ReassignDialogProps {
  queue: Queue
  itemId: string
  itemName: string
  currentAssigneeId: string | null
  onDone: (assigneeName: string) => void
  onCancel: () => void
}

/** Gives an escalated item to someone who may decide it, with the reason (audited). */
export function ReassignDialog({ queue, itemId, itemName, currentAssigneeId, onDone, onCancel }: ReassignDialogProps) {
  const assignees = useQuery(serviceLevelQueries.assignees(queue))
  const assign = useAssignItems(queue)
  const [userId, setUserId] = useState('')
  const [reason, setReason] = useState('')
  const [error, setError] = useState<{ field: 'userId' | 'reason' | 'root'; message: string } | null>(null)
  const ids = { select: useId(), error: useId() }
  const choices = (assignees.data ?? []).filter((a) => a.id !== currentAssigneeId)

  const confirm = async () => {
    if (!userId) return setError({ field: 'userId', message: 'Choose who takes it.' })
    if (reason.trim().length < 3) return setError({ field: 'reason', message: 'Give a reason (at least 3 characters).' })
    try {
      await assign.mutateAsync({ itemIds: [itemId], userId, reason: reason.trim() })
      onDone(choices.find((a) => a.id === userId)?.name ?? 'them')
    } catch (caught) {
      setError({ field: 'root', message: describeError(caught) })
    }
  }

  return (
    <ConfirmDialog
      open
      title={`Reassign ${itemName}`}
      description={`${QUEUE_LABELS[queue]}: the new assignee is told, and the change is recorded with your reason.`}
      confirmLabel="Reassign"
      busy={assign.isPending}
      busyText="Reassigning…"
      onConfirm={() => void confirm()}
      onCancel={onCancel}
    >
      <div className={styles.field}>
        <label className={styles.label} htmlFor={ids.select}>
          New assignee
        </label>
        <select
          id={ids.select}
          className={styles.control}
          value={userId}
          aria-invalid={error?.field === 'userId' || undefined}
          aria-describedby={error?.field === 'userId' ? ids.error : undefined}
          onChange={(event) => {
            setUserId(event.target.value)
            setError(null)
          }}
        >
          <option value="">{assignees.isPending ? 'Loading…' : 'Choose a person'}</option>
          {choices.map((a) => (
            <option key={a.id} value={a.id} disabled={!!a.awayUntil}>
              {a.awayUntil ? `${a.name} (away until ${formatDay(a.awayUntil)})` : a.name}
            </option>
          ))}
        </select>
        {error?.field === 'userId' && (
          <p id={ids.error} className={styles.error} role="alert">
            {error.message}
          </p>
        )}
      </div>
      <ReasonField
        label="Reason"
        value={reason}
        maxLength={500}
        error={error?.field === 'reason' || error?.field === 'root' ? error.message : null}
        onChange={(value) => {
          setReason(value)
          setError(null)
        }}
      />
    </ConfirmDialog>
  )
}
