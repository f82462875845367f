import type { ReactNode } from 'react'
import { Button } from '@/components/ui/button'
import { Modal } from '@/components/ui/modal'

export interface EditorModalProps {
  open: boolean
  onClose: () => void
  title: string
  description: string
  /** The id of the form inside, which the send button submits. */
  formId: string
  /** While the form is sending, the modal stays open and both buttons wait. */
  submitting: boolean
  submitLabel: string
  children: ReactNode
}

/** The modal a role or staff-user editor opens in: its form, then Cancel and the button that sends the request. */
export function EditorModal({ open, onClose, title, description, formId, submitting, submitLabel, children }: EditorModalProps) {
  return (
    <Modal
      open={open}
      onClose={onClose}
      title={title}
      description={description}
      size="lg"
      dismissible={!submitting}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={submitting}>
            Cancel
          </Button>
          <Button type="submit" form={formId} loading={submitting} loadingText="Sending…">
            {submitLabel}
          </Button>
        </>
      }
    >
      {children}
    </Modal>
  )
}
