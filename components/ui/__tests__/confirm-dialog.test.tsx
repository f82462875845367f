import { fireEvent, render, screen } from '@testing-library/react'
import { useState } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { polyfillDialog } from '@/tests/components/dialog-polyfill'
import { ConfirmDialog } from '../confirm-dialog'
import { Modal } from '../modal'

polyfillDialog()

function Harness({
  destructive = false,
  busy = false,
  onConfirm = () => {},
}: {
  destructive?: boolean
  busy?: boolean
  onConfirm?: () => void
}) {
  const [open, setOpen] = useState(false)
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Decline business
      </button>
      <ConfirmDialog
        open={open}
        title="Decline Acme Ltd?"
        description="The business owner is told by e-mail."
        confirmLabel="Decline"
        destructive={destructive}
        busy={busy}
        onConfirm={onConfirm}
        onCancel={() => setOpen(false)}
      />
    </>
  )
}

describe('ConfirmDialog', () => {
  it('opens as a modal labelled by its title, moves focus in and returns it to the opener on cancel', () => {
    render(<Harness destructive />)
    const opener = screen.getByRole('button', { name: 'Decline business' })
    opener.focus()
    fireEvent.click(opener)

    const dialog = screen.getByRole('alertdialog', { name: 'Decline Acme Ltd?' })
    expect(dialog).toHaveAttribute('open')
    expect(dialog).toHaveAccessibleDescription('The business owner is told by e-mail.')
    // Destructive: focus starts on the safe choice.
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus()
    expect(screen.getByRole('button', { name: 'Decline' })).toHaveClass('danger')

    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }))
    expect(dialog).not.toHaveAttribute('open')
    expect(screen.queryByRole('alertdialog')).toBeNull()
    expect(opener).toHaveFocus()
  })

  it('closes on Escape and gives focus back', () => {
    render(<Harness />)
    const opener = screen.getByRole('button', { name: 'Decline business' })
    opener.focus()
    fireEvent.click(opener)
    // Not destructive: focus starts on the confirm button.
    const confirm = screen.getByRole('button', { name: 'Decline' })
    expect(confirm).toHaveFocus()
    expect(confirm).toHaveClass('primary')

    fireEvent.keyDown(confirm, { key: 'Escape' })
    expect(screen.queryByRole('alertdialog')).toBeNull()
    expect(opener).toHaveFocus()
  })

  it('calls onConfirm from the confirm button', () => {
    const onConfirm = vi.fn()
    render(<Harness onConfirm={onConfirm} />)
    fireEvent.click(screen.getByRole('button', { name: 'Decline business' }))
    fireEvent.click(screen.getByRole('button', { name: 'Decline' }))
    expect(onConfirm).toHaveBeenCalledOnce()
  })

  it('while busy: spinner on confirm, nothing else pressable, Escape ignored', () => {
    const onConfirm = vi.fn()
    render(<Harness busy onConfirm={onConfirm} />)
    fireEvent.click(screen.getByRole('button', { name: 'Decline business' }))
    const confirm = screen.getByRole('button', { name: /Decline Working…/ })
    expect(confirm).toBeDisabled()
    expect(confirm).toHaveAttribute('aria-busy', 'true')
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled()
    expect(screen.getByRole('button', { name: 'Close' })).toBeDisabled()
    fireEvent.keyDown(screen.getByRole('alertdialog'), { key: 'Escape' })
    expect(screen.getByRole('alertdialog')).toHaveAttribute('open')
    fireEvent.click(confirm)
    expect(onConfirm).not.toHaveBeenCalled()
  })
})

describe('Modal', () => {
  function ModalHarness({ onClose }: { onClose?: () => void }) {
    const [open, setOpen] = useState(false)
    return (
      <>
        <button type="button" onClick={() => setOpen(true)}>
          Edit address
        </button>
        <Modal
          open={open}
          title="Edit address"
          onClose={() => {
            onClose?.()
            setOpen(false)
          }}
          footer={<button type="button">Save</button>}
        >
          <label>
            Street <input />
          </label>
        </Modal>
      </>
    )
  }

  it('focuses the first field, closes with the × button, a backdrop click and Escape', () => {
    const onClose = vi.fn()
    render(<ModalHarness onClose={onClose} />)
    const opener = screen.getByRole('button', { name: 'Edit address' })
    opener.focus()
    fireEvent.click(opener)
    const dialog = screen.getByRole('dialog', { name: 'Edit address' })
    expect(screen.getByRole('textbox', { name: 'Street' })).toHaveFocus()

    fireEvent.click(screen.getByRole('button', { name: 'Close' }))
    expect(onClose).toHaveBeenCalledTimes(1)
    expect(opener).toHaveFocus()

    fireEvent.click(opener)
    fireEvent.pointerDown(dialog)
    fireEvent.click(dialog)
    expect(onClose).toHaveBeenCalledTimes(2)

    fireEvent.click(opener)
    // A click inside the content does not close it.
    fireEvent.pointerDown(screen.getByRole('textbox', { name: 'Street' }))
    fireEvent.click(screen.getByRole('textbox', { name: 'Street' }))
    expect(onClose).toHaveBeenCalledTimes(2)
    fireEvent.keyDown(screen.getByRole('textbox', { name: 'Street' }), { key: 'Escape' })
    expect(onClose).toHaveBeenCalledTimes(3)
  })

  it('still opens where showModal() is missing', () => {
    const proto = HTMLDialogElement.prototype as Partial<HTMLDialogElement>
    const saved = proto.showModal
    proto.showModal = undefined
    try {
      render(<ModalHarness />)
      fireEvent.click(screen.getByRole('button', { name: 'Edit address' }))
      expect(screen.getByRole('dialog', { name: 'Edit address' })).toHaveAttribute('open')
      expect(screen.getByRole('textbox', { name: 'Street' })).toHaveFocus()
    } finally {
      proto.showModal = saved
    }
  })
})
