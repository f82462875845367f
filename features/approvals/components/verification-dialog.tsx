import type { ReactNode } from 'react'
import { ReviewCommentDialog } from '@/components/review/review-comment-dialog'

/** What the dialog says for each outcome of a check. */
export interface VerificationOutcomeTexts {
  failed: { description: string; confirmLabel: string; commentLabel: string }
  verified: { description: string; confirmLabel: string }
}

export interface VerificationDialogProps {
  open: boolean
  title: ReactNode
  /** Recording a failure: the confirm button is destructive and the reason is required. */
  failing: boolean
  texts: VerificationOutcomeTexts
  busy: boolean
  serverError: string | null
  onConfirm: (comment: string) => void
  onCancel: () => void
}

/** Confirms a staff member's verified/failed result for a check, with a comment (a reason when it failed). */
export function VerificationDialog({ failing, texts, ...rest }: VerificationDialogProps) {
  return (
    <ReviewCommentDialog
      {...rest}
      description={failing ? texts.failed.description : texts.verified.description}
      confirmLabel={failing ? texts.failed.confirmLabel : texts.verified.confirmLabel}
      commentLabel={failing ? texts.failed.commentLabel : 'Comment'}
      destructive={failing}
      required={failing}
    />
  )
}
