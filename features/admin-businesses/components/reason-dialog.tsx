import { useEffect, useId, useState } from 'react'
import { ConfirmDialog } from '@/components/ui/confirm-dialog'
import {
  ARCHIVE_REASON_MAX_LENGTH as REASON_MAX_LENGTH,
  ARCHIVE_REASON_MIN_LENGTH as REASON_MIN_LENGTH,
} from '@/lib/contracts/review-values'
import sharedStyles from '@/styles/staff-screens.module.css'
import ownStyles from './admin.module.css'

const styles = { ...sharedStyles, ...ownStyles }

export interface ReasonDialogProps {
  open: boolean
  title: string
  description: string
  confirmLabel: string
  destructive?: boolean
  busy?: boolean
  onConfirm: (reason: string) => void
  onCancel: () => void
}

/** A confirmation that needs a reason (archive, unarchive): the same bounds as the API, checked before sending. */
export function ReasonDialog({
  open,
  title,
  description,
  confirmLabel,
  destructive,
  busy,
  onConfirm,
  onCancel,
}: ReasonDialogProps) {
  const id = useId()
  const [reason, setReason] = useState('')
  const [error, setError] = useState<string | null>(null)
  useEffect(() => {
    if (open) {
      setReason('')
      setError(null)
    }
  }, [open])
  const confirm = () => {
    const text = reason.trim()
    if (text.length < REASON_MIN_LENGTH) return setError(`Give a reason (at least ${REASON_MIN_LENGTH} characters)`)
    if (text.length > REASON_MAX_LENGTH) return setError(`A reason has at most ${REASON_MAX_LENGTH} characters`)
    onConfirm(text)
  }
  return (
    <ConfirmDialog
      open={open}
      title={title}
      description={description}
      confirmLabel={confirmLabel}
      destructive={destructive}
      busy={busy}
      onConfirm={confirm}
      onCancel={onCancel}
    >
      <div className={styles.field}>
        <label htmlFor={`${id}-reason`}>
          Reason <span aria-hidden="true">*</span>
        </label>
        <textarea
          id={`${id}-reason`}
          rows={3}
          value={reason}
          required
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          maxLength={REASON_MAX_LENGTH}
          onChange={(e) => {
            setReason(e.target.value)
            if (error) setError(null)
          }}
        />
        {error && (
          <p id={`${id}-error`} role="alert" className={styles.error}>
            {error}
          </p>
        )}
      </div>
    </ConfirmDialog>
  )
}
