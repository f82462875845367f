import { useState, type ReactNode } from 'react'
import { ConfirmDialog } from '@/components/ui/confirm-dialog'
import { ReasonField } from '@/components/ui/reason-field'
import { REASON_MAX_LENGTH, REASON_MIN_LENGTH } from '@/lib/contracts/authorization-values'
import { describeError } from '@/lib/http/errors'

/** A confirmation that asks for the reason a four-eyes request needs; a refusal shows its message under the field. */
export function ReasonConfirm({
  open,
  title,
  description,
  confirmLabel,
  children,
  onConfirm,
  onCancel,
}: {
  open: boolean
  title: string
  description: ReactNode
  confirmLabel: string
  children?: ReactNode
  onConfirm: (reason: string) => Promise<unknown>
  onCancel: () => void
}) {
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
    <ConfirmDialog
      open={open}
      title={title}
      description={description}
      confirmLabel={confirmLabel}
      busy={busy}
      busyText="Sending…"
      onConfirm={() => void confirm()}
      onCancel={close}
    >
      {children}
      <ReasonField
        label="Reason"
        value={reason}
        maxLength={REASON_MAX_LENGTH}
        error={error}
        onChange={(value) => {
          setReason(value)
          setError(null)
        }}
      />
    </ConfirmDialog>
  )
}
