import { useEffect, useState, type ReactNode } from 'react'
import { ConfirmDialog } from '@/components/ui/confirm-dialog'
import { ReasonField } from '@/components/ui/reason-field'
import styles from './review.module.css'

export interface ReviewCommentDialogProps {
  open: boolean
  title: ReactNode
  /** What will happen, and to whom. */
  description?: ReactNode
  confirmLabel: string
  /** A negative decision: red button, and the comment is required. */
  destructive?: boolean
  commentLabel: string
  /** The comment must be given (negative decisions, re-upload reasons). */
  required?: boolean
  /** Shortest accepted comment when required (characters, after trimming). */
  minLength?: number
  maxLength?: number
  busy?: boolean
  /** A message from the server about the comment (its 400 on `comment` or `reason`). */
  serverError?: string | null
  onConfirm: (comment: string) => void
  onCancel: () => void
}

/**
 * Confirms a review decision and takes its comment: required for every negative decision (the business reads it),
 * optional otherwise. The check here mirrors the server's, which has the last word.
 */
export function ReviewCommentDialog({
  open,
  title,
  description,
  confirmLabel,
  destructive = false,
  commentLabel,
  required = false,
  minLength = 1,
  maxLength = 2000,
  busy = false,
  serverError,
  onConfirm,
  onCancel,
}: ReviewCommentDialogProps) {
  const [comment, setComment] = useState('')
  const [error, setError] = useState<string | null>(null)
  // A server message stands until the comment is edited.
  const [serverErrorSeen, setServerErrorSeen] = useState(false)
  useEffect(() => setServerErrorSeen(false), [serverError])
  useEffect(() => {
    if (!open) {
      setComment('')
      setError(null)
    }
  }, [open])
  const shown = error ?? (serverErrorSeen ? null : (serverError ?? null))

  const confirm = () => {
    const text = comment.trim()
    if (required && text.length < minLength) {
      setError(
        text ? `Write at least ${minLength} characters: the business reads it.` : 'Write the reason: the business reads it.',
      )
      return
    }
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
      busyText="Saving…"
      onConfirm={confirm}
      onCancel={onCancel}
    >
      <ReasonField
        label={commentLabel}
        value={comment}
        maxLength={maxLength}
        required={required}
        rows={4}
        error={shown}
        className={styles.field}
        errorClassName={styles.error}
        onChange={(value) => {
          setComment(value)
          setError(null)
          setServerErrorSeen(true)
        }}
      />
    </ConfirmDialog>
  )
}
