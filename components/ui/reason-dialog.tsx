import { useState, type ReactNode } from 'react'
import { ConfirmDialog } from '@/components/ui/confirm-dialog'
import { ReasonField } from '@/components/ui/reason-field'
import { REASON_MAX_LENGTH, REASON_MIN_LENGTH } from '@/lib/contracts/authorization-values'
import { describeError } from '@/lib/http/errors'

export interface ReasonDialogProps {
  open: boolean
  title: string
  description: ReactNode
  confirmLabel: string
  label?: string
  destructive?: boolean
  /** Shown between the description and the reason field. */
  children?: ReactNode
  fieldClassName?: string
  errorClassName?: string
  /** Resolves when done (the dialog closes); a rejection shows its message under the field. */
  onConfirm: (reason: string) => Promise<unknown>
  onCancel: () => void
}

/**
 * Asks for the reason a change needs (a four-eyes request, a decline's comment) before the call is made, with the
 * authorization's bounds; a refusal from the API shows its message under the field.
 */
export function ReasonDialog({
  label = 'Reason',
  children,
  fieldClassName,
  errorClassName,
  onConfirm,
  onCancel,
  ...dialog
}: ReasonDialogProps) {
  const [reason, setReason] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const close = () => {
    setReason('')
    setError(null)
    onCancel()
  }
  const confirm = async () => {
    const text = reason.trim()
    if (text.length < REASON_MIN_LENGTH) {
      setError(`Give a reason (at least ${REASON_MIN_LENGTH} characters).`)
      return
    }
    setBusy(true)
    try {
      await onConfirm(text)
      setReason('')
      setError(null)
    } catch (caught) {
      setError(describeError(caught))
    } finally {
      setBusy(false)
    }
  }
  return (
    <ConfirmDialog {...dialog} busy={busy} busyText="Sending…" onConfirm={() => void confirm()} onCancel={close}>
      {children}
      <ReasonField
        label={label}
        value={reason}
        maxLength={REASON_MAX_LENGTH}
        error={error}
        className={fieldClassName}
        errorClassName={errorClassName}
        onChange={(value) => {
          setReason(value)
          setError(null)
        }}
      />
    </ConfirmDialog>
  )
}
