import { useEffect, useState } from 'react'
import { Button } from '@/components/ui/button'
import { ConfirmDialog } from '@/components/ui/confirm-dialog'
import { ReasonField } from '@/components/ui/reason-field'
import type { RevealableField, RevealedIdentityNumber } from '@/lib/contracts/kyc'
import { REVEAL_REASON_MIN } from '@/lib/contracts/kyc-values'
import { describeError } from '@/lib/http/errors'
import styles from './review.module.css'

export interface RevealIdentityNumberProps {
  /** The masked value as answered (`*******5678`). */
  masked: string
  target: 'means-of-ids' | 'shareholders'
  recordId: string
  field: RevealableField
  /** What it is, for the button's and the dialog's names: "BVN of Ada Obi". */
  label: string
  /** The viewer may reveal (the business's owner or KYC editor, or staff with CAN_VIEW_SENSITIVE_KYC). */
  canReveal: boolean
  /** The audited call (`revealIdentityNumber` in lib/query/shared-queries.ts). */
  reveal: (input: RevealIdentityNumberInput) => Promise<RevealedIdentityNumber>
}

export interface RevealIdentityNumberInput {
  target: RevealIdentityNumberProps['target']
  recordId: string
  field: RevealIdentityNumberProps['field']
  reason: string
}

/**
 * A masked identity number with a "Reveal" action: a dialog asks why (the reason is audited with the viewer's name),
 * then shows the clear value in place until "Hide". Nothing is cached: each reveal is its own audited call.
 */
export function RevealIdentityNumber({ masked, target, recordId, field, label, canReveal, reveal }: RevealIdentityNumberProps) {
  const [open, setOpen] = useState(false)
  const [reason, setReason] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const [clear, setClear] = useState<string | null>(null)
  useEffect(() => {
    if (!open) {
      setReason('')
      setError(null)
    }
  }, [open])

  const confirm = async () => {
    const text = reason.trim()
    if (text.length < REVEAL_REASON_MIN) {
      setError(`Say why you need it, in at least ${REVEAL_REASON_MIN} characters: it is recorded.`)
      return
    }
    setBusy(true)
    try {
      const revealed = await reveal({ target, recordId, field, reason: text })
      setClear(revealed.value ?? '')
      setOpen(false)
    } catch (caught) {
      setError(describeError(caught))
    } finally {
      setBusy(false)
    }
  }

  return (
    <span className={styles.revealable}>
      <span data-testid="identity-number">{clear ?? masked}</span>
      {canReveal &&
        (clear === null ? (
          <Button variant="link" size="sm" onClick={() => setOpen(true)} aria-label={`Reveal ${label}`}>
            Reveal
          </Button>
        ) : (
          <Button variant="link" size="sm" onClick={() => setClear(null)} aria-label={`Hide ${label}`}>
            Hide
          </Button>
        ))}
      <ConfirmDialog
        open={open}
        title={`Reveal the ${label}`}
        description="The clear number is shown to you only. Your name, the time and your reason are recorded, and the business can see them."
        confirmLabel="Reveal"
        busy={busy}
        busyText="Revealing…"
        onConfirm={() => void confirm()}
        onCancel={() => setOpen(false)}
      >
        <ReasonField
          label="Why do you need it?"
          value={reason}
          maxLength={500}
          error={error}
          className={styles.field}
          errorClassName={styles.error}
          onChange={(value) => {
            setReason(value)
            setError(null)
          }}
        />
      </ConfirmDialog>
    </span>
  )
}
