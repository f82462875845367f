import { fireEvent, render, screen } from '@testing-library/react'
import { createRef } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { Button, buttonClassName } from '../button'

describe('Button', () => {
  it('is a type="button" by default, forwards native props and the ref', () => {
    const ref = createRef<HTMLButtonElement>()
    const onClick = vi.fn()
    render(
      <Button ref={ref} onClick={onClick} data-testid="b" variant="danger" size="lg">
        Delete
      </Button>,
    )
    const button = screen.getByRole('button', { name: 'Delete' })
    expect(button).toHaveAttribute('type', 'button')
    expect(button).toHaveAttribute('data-testid', 'b')
    expect(button).toHaveClass('button', 'danger', 'lg')
    expect(ref.current).toBe(button)
    fireEvent.click(button)
    expect(onClick).toHaveBeenCalledOnce()
  })

  it('when loading, is disabled, busy and says so to screen readers', () => {
    const onClick = vi.fn()
    render(
      <Button type="submit" loading loadingText="Saving…" onClick={onClick}>
        Save
      </Button>,
    )
    const button = screen.getByRole('button', { name: /Save/ })
    expect(button).toBeDisabled()
    expect(button).toHaveAttribute('aria-busy', 'true')
    expect(button).toHaveAccessibleName('Save Saving…')
    expect(button).toHaveAttribute('type', 'submit')
    fireEvent.click(button)
    expect(onClick).not.toHaveBeenCalled()
  })

  it('exposes its classes for links styled as buttons', () => {
    expect(buttonClassName({ variant: 'secondary', size: 'sm', fullWidth: true })).toBe('button secondary sm fullWidth')
  })
})
