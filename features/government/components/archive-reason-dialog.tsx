import { useEffect, useState } from 'react'
import { ConfirmDialog } from '@/components/ui/confirm-dialog'
import { ReasonField } from '@/components/ui/reason-field'
import { ARCHIVE_REASON_MAX_LENGTH, ARCHIVE_REASON_MIN_LENGTH } from '@/lib/contracts/review-values'
import styles from './government.module.css'

export interface ArchiveReasonDialogProps {
  /** The entity to archive or unarchive; null closes the dialog. */
  pending: { name: string; archive: boolean } | null
  busy: boolean
  onConfirm: (reason: string) => void
  onCancel: () => void
}

/** Archive or unarchive an entity: a confirmation with the reason the API requires, checked with the same bounds. */
export function ArchiveReasonDialog({ pending, busy, onConfirm, onCancel }: ArchiveReasonDialogProps) {
  const [reason, setReason] = useState('')
  const [error, setError] = useState<string | null>(null)
  useEffect(() => {
    setReason('')
    setError(null)
  }, [pending])
  const archive = pending?.archive ?? true
  const confirm = () => {
    const text = reason.trim()
    if (text.length < ARCHIVE_REASON_MIN_LENGTH)
      return setError(`Give a reason (at least ${ARCHIVE_REASON_MIN_LENGTH} characters)`)
    onConfirm(text)
  }
  return (
    <ConfirmDialog
      open={pending !== null}
      title={`${archive ? 'Archive' : 'Unarchive'} ${pending?.name ?? ''}`}
      description={
        archive
          ? 'The entity leaves the active list and its representatives, documents and products can no longer change.'
          : 'The entity returns to the active list and its records can change again.'
      }
      confirmLabel={archive ? 'Archive entity' : 'Unarchive entity'}
      destructive={archive}
      busy={busy}
      onConfirm={confirm}
      onCancel={onCancel}
    >
      <ReasonField
        label="Reason"
        value={reason}
        onChange={(value) => {
          setReason(value)
          if (error) setError(null)
        }}
        error={error}
        maxLength={ARCHIVE_REASON_MAX_LENGTH}
        className={styles.field}
        errorClassName={styles.error}
      />
    </ConfirmDialog>
  )
}
