import { fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { mockApi, renderWithClient, route } from '@/tests/components/mock-api'
import { CommentThread } from '../comment-thread'

vi.mock('next/router', () => import('@/tests/components/router-mock'))

const BUSINESS = '44444444-4444-4444-8444-444444444444'
const CHINEDU = { id: '55555555-5555-4555-8555-555555555555', name: 'Chinedu Eze', handle: 'chinedu.eze' }

let api: ReturnType<typeof mockApi>
afterEach(() => api.restore())

function mockThread() {
  api = mockApi(
    route('GET', `/businesses/attachment/${BUSINESS}`, { data: [] }),
    route('GET', `/businesses/attachment/${BUSINESS}/mentionable`, (call) => ({
      data: 'chinedu.eze'.startsWith(call.query.get('q') ?? '') ? [CHINEDU] : [],
    })),
    route('PUT', `/businesses/attachment/${BUSINESS}`, (call) => ({
      data: {
        id: 'c1',
        businessId: BUSINESS,
        author: { id: 'me', name: 'Aisha Bello' },
        comment: (call.body as { comment: string }).comment,
        decision: null,
        createdAt: '2026-03-03T10:00:00.000Z',
        mentions: {
          notified: [CHINEDU],
          notNotified: [
            {
              handle: 'ibrahim.musa',
              reason: 'NOT_A_READER',
              message: '@ibrahim.musa may not read this business, so was not notified',
            },
          ],
        },
      },
    })),
  )
}

const type = (box: HTMLTextAreaElement, value: string) => {
  fireEvent.change(box, { target: { value } })
  box.setSelectionRange(value.length, value.length)
  fireEvent.keyUp(box, { key: value.at(-1) })
}

describe('mentions in the comment box', () => {
  it('typing @ and letters lists colleagues who may read the business; Enter inserts the handle', async () => {
    mockThread()
    renderWithClient(<CommentThread businessId={BUSINESS} canComment />)
    const box = (await screen.findByRole('textbox', { name: 'Add a comment' })) as HTMLTextAreaElement
    type(box, 'Please check @chin')
    const option = await screen.findByRole('option', { name: /Chinedu Eze/ })
    expect(option).toHaveAttribute('aria-selected', 'true')
    expect(box).toHaveAttribute('aria-activedescendant', option.id)
    expect(screen.getByText('1 colleague matches: up and down to choose, Enter to insert')).toBeInTheDocument()
    fireEvent.keyDown(box, { key: 'Enter' })
    await waitFor(() => expect(box).toHaveValue('Please check @chinedu.eze '))
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument()
    expect(api.calls.find((c) => c.path.endsWith('/mentionable'))!.query.get('q')).toBe('chin')
  })

  it('Escape closes the list without inserting; after sending, the writer is told whom it notified and whom not', async () => {
    mockThread()
    renderWithClient(<CommentThread businessId={BUSINESS} canComment />)
    const box = (await screen.findByRole('textbox', { name: 'Add a comment' })) as HTMLTextAreaElement
    type(box, '@chi')
    await screen.findByRole('option', { name: /Chinedu Eze/ })
    fireEvent.keyDown(box, { key: 'Escape' })
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument()
    expect(box).toHaveValue('@chi')

    type(box, '@chinedu.eze and @ibrahim.musa, please look')
    fireEvent.click(screen.getByRole('button', { name: 'Add comment' }))
    expect(await screen.findByText('Notified Chinedu Eze.')).toBeInTheDocument()
    expect(screen.getByText('@ibrahim.musa may not read this business, so was not notified.')).toBeInTheDocument()
  })
})
