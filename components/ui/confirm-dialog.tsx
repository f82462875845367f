import { useRef, type ReactNode } from 'react'
import { Button } from './button'
import { Modal } from './modal'

export interface ConfirmDialogProps {
  open: boolean
  title: ReactNode
  /** What will happen; describes the dialog. */
  description?: ReactNode
  /** Extra content (e.g. a reason field) between the description and the buttons. */
  children?: ReactNode
  /** "Confirm" by default; say the action ("Decline business"). */
  confirmLabel?: string
  /** "Cancel" by default. */
  cancelLabel?: string
  /** Red confirm button; focus starts on Cancel. */
  destructive?: boolean
  /** The action is running: the confirm button shows a spinner, nothing else can be pressed, Escape is ignored. */
  busy?: boolean
  /** Screen-reader text while busy; "Working…" by default. */
  busyText?: string
  /** Called by the confirm button. Close the dialog (set `open` false) when the action is done. */
  onConfirm: () => void
  /** Called by Cancel, Escape, × and a backdrop click (never while busy). */
  onCancel: () => void
}

/** A yes/no question in a modal `alertdialog`. */
export function ConfirmDialog({
  open,
  title,
  description,
  children,
  confirmLabel = 'Confirm',
  cancelLabel = 'Cancel',
  destructive = false,
  busy = false,
  busyText = 'Working…',
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const cancelRef = useRef<HTMLButtonElement>(null)
  const confirmRef = useRef<HTMLButtonElement>(null)
  return (
    <Modal
      open={open}
      onClose={onCancel}
      title={title}
      description={description}
      size="sm"
      role="alertdialog"
      dismissible={!busy}
      // With extra content (a reason field) focus its first control; otherwise Cancel when destructive.
      initialFocusRef={children ? undefined : destructive ? cancelRef : confirmRef}
      footer={
        <>
          <Button ref={cancelRef} variant="secondary" onClick={onCancel} disabled={busy}>
            {cancelLabel}
          </Button>
          <Button
            ref={confirmRef}
            variant={destructive ? 'danger' : 'primary'}
            onClick={onConfirm}
            loading={busy}
            loadingText={busyText}
          >
            {confirmLabel}
          </Button>
        </>
      }
    >
      {children}
    </Modal>
  )
}
