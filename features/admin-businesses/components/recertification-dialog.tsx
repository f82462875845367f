import { useEffect, useId, useState } from 'react'
import { ConfirmDialog } from '@/components/ui/confirm-dialog'
import sharedStyles from '@/styles/staff-screens.module.css'
import ownStyles from './admin.module.css'

const styles = { ...sharedStyles, ...ownStyles }

/** Tomorrow, `YYYY-MM-DD` in the browser's day: the earliest date the API accepts. */
export function earliestRecertificationDate(now = new Date()): string {
  const tomorrow = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1)
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${tomorrow.getFullYear()}-${pad(tomorrow.getMonth() + 1)}-${pad(tomorrow.getDate())}`
}

export interface RecertificationDialogProps {
  open: boolean
  businessName: string
  current: string | null
  busy?: boolean
  onConfirm: (date: string) => void
  onCancel: () => void
}

/** Moves an approved business's recertification date (after today). */
export function RecertificationDialog({ open, businessName, current, busy, onConfirm, onCancel }: RecertificationDialogProps) {
  const id = useId()
  const min = earliestRecertificationDate()
  const [date, setDate] = useState(current ?? '')
  const [error, setError] = useState<string | null>(null)
  useEffect(() => {
    if (open) {
      setDate(current && current >= min ? current : '')
      setError(null)
    }
  }, [open, current, min])
  return (
    <ConfirmDialog
      open={open}
      title={`Recertification date of ${businessName}`}
      description="The business is blocked once this date passes until it recertifies its KYC. Its owners are reminded 3 days before."
      confirmLabel="Save the date"
      busy={busy}
      onCancel={onCancel}
      onConfirm={() => {
        if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return setError('Choose a date')
        if (date < min) return setError('Choose a date after today')
        onConfirm(date)
      }}
    >
      <div className={styles.field}>
        <label htmlFor={`${id}-date`}>New recertification date</label>
        <input
          id={`${id}-date`}
          type="date"
          min={min}
          value={date}
          required
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(e) => {
            setDate(e.target.value)
            setError(null)
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
