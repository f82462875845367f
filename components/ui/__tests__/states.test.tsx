import { fireEvent, render, screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { EmptyState } from '../empty-state'
import { ErrorState } from '../error-state'
import { Skeleton } from '../skeleton'
import { Spinner } from '../spinner'

describe('EmptyState, ErrorState, Skeleton, Spinner', () => {
  it('EmptyState shows a heading, description and action', () => {
    render(
      <EmptyState
        title="No businesses yet"
        description="Create one to start."
        action={<a href="/new">Create</a>}
        headingLevel={3}
      />,
    )
    expect(screen.getByRole('heading', { level: 3, name: 'No businesses yet' })).toBeInTheDocument()
    expect(screen.getByText('Create one to start.')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Create' })).toBeInTheDocument()
  })

  it('ErrorState is an alert whose button calls onRetry', () => {
    const onRetry = vi.fn()
    render(<ErrorState message="The server did not answer." onRetry={onRetry} />)
    expect(screen.getByRole('alert')).toHaveTextContent('Something went wrong')
    expect(screen.getByRole('alert')).toHaveTextContent('The server did not answer.')
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }))
    expect(onRetry).toHaveBeenCalledOnce()
  })

  it('Skeleton is busy, hides its shapes and says "Loading…"', () => {
    const { container } = render(<Skeleton count={4} />)
    const status = screen.getByRole('status')
    expect(status).toHaveAttribute('aria-busy', 'true')
    expect(status).toHaveTextContent('Loading…')
    expect(container.querySelectorAll('[aria-hidden="true"]')).toHaveLength(4)
  })

  it('Spinner is decorative unless labelled', () => {
    const { rerender } = render(<Spinner />)
    expect(screen.queryByRole('status')).toBeNull()
    rerender(<Spinner label="Uploading" />)
    expect(screen.getByRole('status')).toHaveTextContent('Uploading')
  })
})
