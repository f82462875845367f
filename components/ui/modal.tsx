import { useEffect, useId, useRef, type ReactNode, type RefObject } from 'react'
import { cx } from './cx'
import styles from './modal.module.css'

export type ModalSize = 'sm' | 'md' | 'lg'

export interface ModalProps {
  /** Controlled: the dialog shows while true. */
  open: boolean
  /** Asked to close (Escape, the × button, a backdrop click). Set `open` to false in it. */
  onClose: () => void
  /** Heading of the dialog; labels it (`aria-labelledby`). */
  title: ReactNode
  /** Optional line under the title; describes the dialog (`aria-describedby`). */
  description?: ReactNode
  children?: ReactNode
  /** Actions row at the bottom (buttons). Put the primary action last. */
  footer?: ReactNode
  size?: ModalSize
  /** Element focused on open. Default: the first `[data-autofocus]` element, else the first focusable in the body, then the footer, else the dialog. */
  initialFocusRef?: RefObject<HTMLElement | null>
  /** Escape, × and backdrop close it. Set false while busy. Default true. */
  dismissible?: boolean
  /** A click on the backdrop closes it (when dismissible). Default true. */
  closeOnBackdropClick?: boolean
  /** Hide the × button (Escape still closes when dismissible). */
  hideCloseButton?: boolean
  /** `alertdialog` for confirmations that interrupt. Default `dialog`. */
  role?: 'dialog' | 'alertdialog'
  className?: string
}

const FOCUSABLE =
  'a[href], area[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"]), [contenteditable="true"]'

/**
 * A modal dialog on the native `<dialog>` (`showModal()`: the page behind is inert, Tab stays inside).
 * Focus moves in on open and returns to the element that had it on close.
 */
export function Modal({
  open,
  onClose,
  title,
  description,
  children,
  footer,
  size = 'md',
  initialFocusRef,
  dismissible = true,
  closeOnBackdropClick = true,
  hideCloseButton = false,
  role = 'dialog',
  className,
}: ModalProps) {
  const dialogRef = useRef<HTMLDialogElement>(null)
  const bodyRef = useRef<HTMLDivElement>(null)
  const footerRef = useRef<HTMLDivElement>(null)
  const pressedOnBackdrop = useRef(false)
  const titleId = useId()
  const descriptionId = useId()
  // Latest values for the effect without re-running it (it runs once per opening).
  const latest = useRef({ initialFocusRef })
  latest.current = { initialFocusRef }

  useEffect(() => {
    const dialog = dialogRef.current
    if (!open || !dialog) return
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null
    if (!dialog.hasAttribute('open')) {
      if (typeof dialog.showModal === 'function') dialog.showModal()
      else dialog.setAttribute('open', '')
    }
    const target =
      latest.current.initialFocusRef?.current ??
      dialog.querySelector<HTMLElement>('[data-autofocus]') ??
      bodyRef.current?.querySelector<HTMLElement>(FOCUSABLE) ??
      footerRef.current?.querySelector<HTMLElement>(FOCUSABLE) ??
      dialog
    target.focus()
    return () => {
      if (dialog.hasAttribute('open')) {
        if (typeof dialog.close === 'function') dialog.close()
        else dialog.removeAttribute('open')
      }
      if (opener?.isConnected) opener.focus()
    }
  }, [open])

  return (
    <dialog
      ref={dialogRef}
      role={role === 'alertdialog' ? 'alertdialog' : undefined}
      aria-modal="true"
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      tabIndex={-1}
      className={cx(styles.dialog, size !== 'md' && styles[size], className)}
      onKeyDown={(e) => {
        if (e.key !== 'Escape') return
        // Handled here (the native close request is cancelled by preventDefault) so a controlled dialog
        // closes only through `open`, and a non-dismissible one stays.
        e.preventDefault()
        e.stopPropagation()
        if (dismissible) onClose()
      }}
      onCancel={(e) => {
        // Other close requests (e.g. Android back): keep the dialog controlled.
        e.preventDefault()
        if (dismissible) onClose()
      }}
      onPointerDown={(e) => {
        pressedOnBackdrop.current = e.target === e.currentTarget
      }}
      onClick={(e) => {
        const onBackdrop = e.target === e.currentTarget && pressedOnBackdrop.current
        pressedOnBackdrop.current = false
        if (onBackdrop && dismissible && closeOnBackdropClick) onClose()
      }}
    >
      {open && (
        <div className={styles.panel}>
          <div className={styles.header}>
            <h2 id={titleId} className={styles.title}>
              {title}
            </h2>
            {!hideCloseButton && (
              <button type="button" className={styles.close} aria-label="Close" disabled={!dismissible} onClick={onClose}>
                <svg aria-hidden="true" focusable="false" width="20" height="20" viewBox="0 0 20 20">
                  <path d="M5 5l10 10M15 5L5 15" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
                </svg>
              </button>
            )}
          </div>
          <div ref={bodyRef} className={styles.body}>
            {description && (
              <p id={descriptionId} className={styles.description}>
                {description}
              </p>
            )}
            {children}
          </div>
          {footer && (
            <div ref={footerRef} className={styles.footer}>
              {footer}
            </div>
          )}
        </div>
      )}
    </dialog>
  )
}
