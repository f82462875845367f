import { act, render, screen, waitFor } from '@testing-library/react'
import mitt from 'next/dist/shared/lib/mitt'
import type { Router } from 'next/router'
import { afterEach, describe, expect, it } from 'vitest'
import { clearStepToasts, notify, repeatedMessage, Toasts, useToastsClearedOnNavigation } from '../toasts'

function Shell({ events }: { events: Router['events'] }) {
  useToastsClearedOnNavigation(events)
  return <Toasts />
}

const toastTexts = () => screen.queryAllByRole('alert').map((toast) => toast.textContent)

async function mount() {
  const events = mitt() as Router['events']
  render(<Shell events={events} />)
  // The container is loaded after hydration; notify waits for it.
  await waitFor(() => expect(document.querySelector('.Toastify')).not.toBeNull())
  return events
}

afterEach(async () => {
  const { toast } = await import('react-toastify')
  act(() => toast.dismiss())
  await waitFor(() => expect(screen.queryAllByRole('alert')).toHaveLength(0))
})

describe('Toasts', () => {
  it('shows at most three at once: a fourth closes the oldest', async () => {
    await mount()
    for (const message of ['Saved one', 'Saved two', 'Saved three', 'Saved four']) notify(message, { type: 'success' })
    await waitFor(() => expect(toastTexts()).toContain('Saved four'))
    await waitFor(() => expect(toastTexts()).toHaveLength(3))
    expect(toastTexts()).not.toContain('Saved one')
  })

  it('merges a repeated message into one toast with a count', async () => {
    await mount()
    notify('The server did not answer', { type: 'error' })
    await waitFor(() => expect(toastTexts()).toEqual(['The server did not answer']))
    notify('The server did not answer', { type: 'error' })
    notify('The server did not answer', { type: 'error' })
    await waitFor(() => expect(toastTexts()).toEqual([repeatedMessage('The server did not answer', 3)]))
    expect(repeatedMessage('The server did not answer', 3)).toBe('The server did not answer (3 times)')
  })

  it('closes error and warning toasts when the page changes, keeps a success that explains the next page', async () => {
    const events = await mount()
    notify('Saved', { type: 'success' })
    notify('You cannot do that', { type: 'error' })
    notify('Check the dates', { type: 'warning' })
    await waitFor(() => expect(toastTexts()).toHaveLength(3))
    // A shallow change (a table's filters in the URL) is the same page: nothing closes.
    act(() => events.emit('routeChangeStart', '/s/admin/businesses?status=PENDING', { shallow: true }))
    expect(toastTexts()).toHaveLength(3)
    act(() => events.emit('routeChangeStart', '/s/businesses', { shallow: false }))
    await waitFor(() => expect(toastTexts()).toEqual(['Saved']))
  })

  it('closes on a page change the toasts asked for while a new container was still mounting', async () => {
    // A container mounted and gone (the toasts' loader is ready), then a new one: toasts asked for at once wait in
    // react-toastify's queue until it has subscribed.
    const first = render(<Shell events={mitt() as Router['events']} />)
    await waitFor(() => expect(document.querySelector('.Toastify')).not.toBeNull())
    first.unmount()
    const events = mitt() as Router['events']
    render(<Shell events={events} />)
    notify('Saved', { type: 'success' })
    notify('You cannot do that', { type: 'error' })
    notify('Check the dates', { type: 'warning' })
    await waitFor(() => expect(toastTexts()).toHaveLength(3))
    act(() => events.emit('routeChangeStart', '/s/businesses', { shallow: false }))
    await waitFor(() => expect(toastTexts()).toEqual(['Saved']))
  })

  it('shows at the bottom, clear of the account menu, badges and actions at the top of a screen', async () => {
    await mount()
    notify('Company details saved.', { type: 'success' })
    await waitFor(() => expect(toastTexts()).toEqual(['Company details saved.']))
    expect(document.querySelector('.Toastify__toast-container')).toHaveClass('Toastify__toast-container--bottom-right')
  })

  it("closes the step's success and error toasts when the step changes, keeps a notice", async () => {
    await mount()
    notify('Company details saved.', { type: 'success' })
    notify('The address could not be saved', { type: 'error' })
    notify('Your session ends in 2 minutes', { type: 'info' })
    await waitFor(() => expect(toastTexts()).toHaveLength(3))
    act(() => clearStepToasts())
    await waitFor(() => expect(toastTexts()).toEqual(['Your session ends in 2 minutes']))
  })

  it('does not show a success asked for just before the step changed (the save that moves on)', async () => {
    await mount()
    notify('Company details saved.', { type: 'success' })
    clearStepToasts()
    notify('Address added.', { type: 'success' })
    await waitFor(() => expect(toastTexts()).toEqual(['Address added.']))
  })
})
