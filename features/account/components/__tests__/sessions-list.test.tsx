import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { UserSession } from '@/lib/contracts/sessions'
import { httpEvents } from '@/lib/http/events'
import { paths } from '@/lib/navigation/paths'
import { polyfillDialog } from '@/tests/components/dialog-polyfill'
import { apiError, mockApi, renderWithClient, route } from '@/tests/components/mock-api'
import { mockRouter } from '@/tests/components/router-mock'
import { SessionsList } from '../sessions-list'

const router = mockRouter({ pathname: '/profile', query: {}, isReady: true })
vi.mock('next/router', () => import('@/tests/components/router-mock'))

polyfillDialog()

const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000).toISOString()
const session = (id: string, overrides: Partial<UserSession> = {}): UserSession => ({
  id,
  device: 'Chrome on Android',
  ip: '198.51.100.7',
  createdAt: minutesAgo(120),
  lastSeenAt: minutesAgo(1),
  authMethod: 'PASSWORD',
  current: false,
  ...overrides,
})
const THIS = session('11111111-1111-4111-8111-111111111111', { device: 'Firefox on Windows', ip: '203.0.113.9', current: true })
const PHONE = session('22222222-2222-4222-8222-222222222222', { lastSeenAt: minutesAgo(5) })
const TABLET = session('33333333-3333-4333-8333-333333333333', {
  device: 'Safari on iOS',
  ip: '192.0.2.44',
  lastSeenAt: minutesAgo(60 * 26),
  authMethod: 'SSO',
})
const pageOf = (content: UserSession[]) => ({
  content,
  pageNumber: 1,
  pageSize: 50,
  totalElements: content.length,
  totalPages: 1,
})

let api: ReturnType<typeof mockApi>
let toasts: string[]
let offToast: () => void
beforeEach(() => {
  toasts = []
  offToast = httpEvents.on('toast', ({ message }) => toasts.push(message))
})
afterEach(() => {
  api.restore()
  offToast()
  router.replace.mockClear()
})

describe('Signed-in sessions (profile)', () => {
  it('lists each session with its device, address and last use in words, the current one marked', async () => {
    api = mockApi(route('GET', '/accounts/sessions', { data: pageOf([THIS, PHONE, TABLET]) }))
    renderWithClient(<SessionsList />)

    const section = screen.getByRole('region', { name: 'Signed-in sessions' })
    expect(within(section).getByRole('status')).toHaveTextContent('Loading your sessions')
    const list = await within(section).findByRole('list', { name: 'Signed-in sessions' })
    const rows = within(list).getAllByRole('listitem')
    expect(rows.map((r) => within(r).getByRole('heading').textContent)).toEqual([
      'Firefox on Windows',
      'Chrome on Android',
      'Safari on iOS',
    ])
    expect(within(rows[0]!).getByText('This device')).toBeInTheDocument()
    expect(within(rows[1]!).queryByText('This device')).not.toBeInTheDocument()
    expect(within(rows[0]!).getByText('203.0.113.9')).toBeInTheDocument()
    expect(within(rows[0]!).getByText('Now')).toBeInTheDocument()
    expect(within(rows[1]!).getByText('5 minutes ago')).toBeInTheDocument()
    expect(within(rows[2]!).getByText('1 day ago')).toBeInTheDocument()
    expect(rows[2]).toHaveTextContent('with single sign-on')
    // Every button says which session it signs out.
    expect(within(rows[1]!).getByRole('button', { name: 'Sign out Chrome on Android, last used 5 minutes ago' })).toBeVisible()
    expect(within(rows[0]!).getByRole('button', { name: 'Sign out this device' })).toBeVisible()
    expect(api.calls.map((c) => c.url)).toEqual(['/accounts/sessions?pageSize=50'])
  })

  it('signs one session out after confirmation and reads the list again', async () => {
    let signedOut = false
    api = mockApi(
      route('DELETE', `/accounts/sessions/${PHONE.id}`, () => ((signedOut = true), { status: 204 })),
      route('GET', '/accounts/sessions', () => ({ data: pageOf(signedOut ? [THIS] : [THIS, PHONE]) })),
    )
    renderWithClient(<SessionsList />)

    fireEvent.click(await screen.findByRole('button', { name: /^Sign out Chrome on Android/ }))
    const dialog = await screen.findByRole('alertdialog', { name: 'Sign out Chrome on Android?' })
    // Destructive: focus starts on Cancel.
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus()
    fireEvent.click(within(dialog).getByRole('button', { name: 'Sign out' }))

    await waitFor(() => expect(screen.queryByText('Chrome on Android')).not.toBeInTheDocument())
    expect(signedOut).toBe(true)
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument())
    // Only this device is left: nothing "else" to sign out.
    expect(screen.queryByRole('button', { name: 'Sign out everywhere else' })).not.toBeInTheDocument()
  })

  it('cancelling the confirmation signs nothing out', async () => {
    api = mockApi(route('GET', '/accounts/sessions', { data: pageOf([THIS, PHONE]) }))
    renderWithClient(<SessionsList />)
    fireEvent.click(await screen.findByRole('button', { name: /^Sign out Chrome on Android/ }))
    const dialog = await screen.findByRole('alertdialog')
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument())
    expect(api.calls.filter((c) => c.method !== 'GET')).toEqual([])
  })

  it('signs out everywhere else after confirmation', async () => {
    let revoked = false
    api = mockApi(
      route('POST', '/accounts/sessions/revoke-others', () => {
        revoked = true
        return { data: { revoked: 2, message: 'Signed out 2 other sessions.' } }
      }),
      route('GET', '/accounts/sessions', () => ({ data: pageOf(revoked ? [THIS] : [THIS, PHONE, TABLET]) })),
    )
    renderWithClient(<SessionsList />)

    fireEvent.click(await screen.findByRole('button', { name: 'Sign out everywhere else' }))
    const dialog = await screen.findByRole('alertdialog', { name: 'Sign out everywhere else?' })
    expect(dialog).toHaveTextContent('(2 listed)')
    fireEvent.click(within(dialog).getByRole('button', { name: 'Sign out everywhere else' }))

    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(1))
    expect(revoked).toBe(true)
    expect(screen.getByText('This device')).toBeInTheDocument()
  })

  it('signing out this device ends the session here and goes to the sign-in page', async () => {
    api = mockApi(
      route('GET', '/accounts/sessions', { data: pageOf([THIS, PHONE]) }),
      route('POST', '/api/logout', { data: { message: 'You are signed out.' } }),
    )
    renderWithClient(<SessionsList />)
    fireEvent.click(await screen.findByRole('button', { name: 'Sign out this device' }))
    const dialog = await screen.findByRole('alertdialog', { name: 'Sign out of this device?' })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Sign out' }))
    await waitFor(() => expect(router.replace).toHaveBeenCalledWith(paths.auth.login()))
    expect(api.calls.map((c) => `${c.method} ${c.path}`)).toContain('POST /api/logout')
    expect(api.calls.some((c) => c.method === 'DELETE')).toBe(false)
  })

  it('shows the error with a retry when the list cannot be read', async () => {
    let fail = true
    api = mockApi(
      route('GET', '/accounts/sessions', () =>
        fail ? apiError(500, 'INTERNAL', 'Something went wrong on our side (request abc).') : { data: pageOf([THIS]) },
      ),
    )
    renderWithClient(<SessionsList />)
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('Your sessions could not be loaded')
    expect(alert).toHaveTextContent('Something went wrong on our side (request abc).')
    fail = false
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }))
    expect(await screen.findByText('Firefox on Windows')).toBeInTheDocument()
  })

  it('says so when there is no session to list', async () => {
    api = mockApi(route('GET', '/accounts/sessions', { data: pageOf([]) }))
    renderWithClient(<SessionsList />)
    expect(await screen.findByRole('heading', { name: 'No signed-in sessions' })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Sign out everywhere else' })).not.toBeInTheDocument()
  })

  it('tells the API error when a session had already ended, and reads the list again', async () => {
    api = mockApi(
      route('DELETE', `/accounts/sessions/${PHONE.id}`, apiError(404, 'NOT_FOUND', 'No such session: it may have ended already')),
      route('GET', '/accounts/sessions', { data: pageOf([THIS, PHONE]) }),
    )
    renderWithClient(<SessionsList />)
    fireEvent.click(await screen.findByRole('button', { name: /^Sign out Chrome on Android/ }))
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Sign out' }))
    await waitFor(() => expect(toasts).toContain('No such session: it may have ended already'))
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument())
    expect(api.calls.filter((c) => c.method === 'GET').length).toBeGreaterThanOrEqual(2)
  })
})
