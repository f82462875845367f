import { useMutation } from '@tanstack/react-query'
import { useState } from 'react'
import { Button } from '@/components/ui/button'
import { notify } from '@/components/ui/toasts'
import { documentLabel } from '@/lib/contracts/kyc-document-values'
import type { KycDocument } from '@/lib/contracts/kyc-documents'
import { getApiErrors } from '@/lib/http/errors'
import { PERMISSIONS } from '@/lib/permissions/names'
import { ReviewCommentDialog } from './review-comment-dialog'
import styles from './review.module.css'

type Action = 'APPROVED' | 'REJECTED' | 'REUPLOAD'

export interface DocumentReviewActionsProps {
  /** A current document of the business (`GET /kyc/documents/{kycDetailsId}`, the checklist, the CAC review). */
  document: KycDocument
  /** Sends the decision or the re-upload request and answers the document as it is now (`reviewKycDocument`). */
  review: (documentId: string, input: { action: Action; comment: string }) => Promise<KycDocument>
  /** The signed-in staff member's permission names: buttons they may not use are not shown. */
  permissions: readonly string[]
  /** The signed-in user's id: whoever uploaded the document never reviews it. */
  currentUserId?: string
  /** Four-eyes known to the screen: the viewer registered the business or belongs to it. */
  isOwnRecord?: boolean
  /**
   * After a successful change, with the document as it is now: the screen refreshes its own queries here (the action
   * stays pending until a returned promise settles).
   */
  onChanged?: (document: KycDocument) => unknown
}

const hasOpenRequest = (d: KycDocument) => !!d.reuploadRequestedAt && !d.reuploadResolvedAt

/**
 * Staff actions on one KYC document: ask the business to upload it again (with the reason it reads), and, while it is
 * PENDING, approve or reject it (a reason needed). CAC forms are decided by CAN_APPROVE_CAC_DOCUMENT holders, other
 * documents by CAN_APPROVE_BUSINESS holders; either may ask for a re-upload. Each action is confirmed first.
 */
export function DocumentReviewActions({
  document,
  review,
  permissions,
  currentUserId,
  isOwnRecord = false,
  onChanged,
}: DocumentReviewActionsProps) {
  const [action, setAction] = useState<Action | null>(null)
  const [serverError, setServerError] = useState<string | null>(null)
  const held = new Set(permissions)
  const canRequest = held.has(PERMISSIONS.CAN_APPROVE_BUSINESS) || held.has(PERMISSIONS.CAN_APPROVE_CAC_DOCUMENT)
  const canDecide = held.has(
    document.documentType.isCac ? PERMISSIONS.CAN_APPROVE_CAC_DOCUMENT : PERMISSIONS.CAN_APPROVE_BUSINESS,
  )
  const own = isOwnRecord || (!!currentUserId && document.uploadedBy === currentUserId)
  // A shareholder's document names its shareholder: two corporates' certificates must not read alike.
  const name = documentLabel(document)

  const mutation = useMutation({
    mutationFn: (input: { action: Action; comment: string }) => review(document.id, input),
    onSuccess: async (updated, input) => {
      setAction(null)
      notify(
        input.action === 'REUPLOAD'
          ? `The business is asked to upload ${name} again.`
          : input.action === 'APPROVED'
            ? `${name} is approved.`
            : `${name} is declined; the business has the reason.`,
        { type: 'success' },
      )
      await onChanged?.(updated)
    },
    onError: (error) => {
      const field = getApiErrors(error).find((e) => e.field === 'comment' || e.field === 'reason')
      setServerError(field?.message ?? null)
    },
  })

  if (!canRequest && !canDecide) return null
  if (own) {
    return (
      <p className={styles.note} role="note" data-four-eyes>
        You uploaded this document, registered the business or belong to it, so another reviewer reviews it: four-eyes.
      </p>
    )
  }

  const open = (next: Action) => {
    setServerError(null)
    setAction(next)
  }
  const showDecision = canDecide && document.status === 'PENDING'
  const showRequest = canRequest && !hasOpenRequest(document)

  return (
    <div className={styles.stack}>
      {hasOpenRequest(document) && <p className={styles.muted}>Re-upload asked: {document.reuploadReason}</p>}
      {(showDecision || showRequest) && (
        <div className={styles.actions}>
          {showDecision && (
            <>
              <Button size="sm" onClick={() => open('APPROVED')} aria-label={`Approve ${name}`}>
                Approve
              </Button>
              <Button size="sm" variant="danger" onClick={() => open('REJECTED')} aria-label={`Decline ${name}`}>
                Decline
              </Button>
            </>
          )}
          {showRequest && (
            <Button size="sm" variant="secondary" onClick={() => open('REUPLOAD')} aria-label={`Request a new upload of ${name}`}>
              Request re-upload
            </Button>
          )}
        </div>
      )}
      <ReviewCommentDialog
        open={action !== null}
        title={action === 'REUPLOAD' ? `Ask for ${name} again?` : action === 'APPROVED' ? `Approve ${name}?` : `Decline ${name}?`}
        description={
          action === 'REUPLOAD'
            ? 'The business is e-mailed the reason and sees it on its documents page until it uploads a new file.'
            : action === 'APPROVED'
              ? 'The business is told by e-mail.'
              : 'The business is e-mailed the reason and uploads a corrected document.'
        }
        confirmLabel={action === 'REUPLOAD' ? 'Request re-upload' : action === 'APPROVED' ? 'Approve' : 'Decline'}
        destructive={action === 'REJECTED'}
        commentLabel={
          action === 'REUPLOAD' ? 'What is wrong with the document' : action === 'APPROVED' ? 'Comment' : 'Reason for declining'
        }
        required={action !== 'APPROVED'}
        minLength={action === 'REUPLOAD' ? 5 : 1}
        busy={mutation.isPending}
        serverError={serverError}
        onConfirm={(comment) => action && mutation.mutate({ action, comment })}
        onCancel={() => setAction(null)}
      />
    </div>
  )
}
