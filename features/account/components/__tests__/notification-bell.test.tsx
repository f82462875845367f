import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Notification } from '@/lib/contracts/notifications'
import { mockApi, renderWithClient, route } from '@/tests/components/mock-api'
import { NotificationBell } from '../notification-bell'

vi.mock('next/router', () => import('@/tests/components/router-mock'))

const BUSINESS = '44444444-4444-4444-8444-444444444444'
const note = (id: string, overrides: Partial<Notification> = {}): Notification => ({
  id,
  kind: 'MENTION',
  title: 'Tunde Bakare mentioned you on Acme Ltd',
  body: '@aisha.bello please check the directors',
  businessId: BUSINESS,
  target: { type: 'business-review', id: BUSINESS },
  createdAt: new Date().toISOString(),
  readAt: null,
  ...overrides,
})
const FIRST = note('11111111-1111-4111-8111-111111111111')
const READ = note('22222222-2222-4222-8222-222222222222', {
  kind: 'DECISION',
  title: 'Your request was approved',
  body: null,
  businessId: null,
  target: { type: 'authorization', id: '55555555-5555-4555-8555-555555555555' },
  readAt: new Date().toISOString(),
})

let api: ReturnType<typeof mockApi>
afterEach(() => api.restore())

function withNotifications(unread: number, items: Notification[]) {
  api = mockApi(
    route('GET', '/notifications/unread-count', () => ({ data: { unread } })),
    route('GET', '/notifications', { data: { items, nextCursor: null } }),
    route('POST', `/notifications/${FIRST.id}/read`, () => {
      unread = 0
      return { data: { ...FIRST, readAt: new Date().toISOString() } }
    }),
    route('POST', '/notifications/read-all', () => {
      unread = 0
      return { data: { marked: 1 } }
    }),
  )
}

describe('NotificationBell', () => {
  it('names the unread count ("Notifications, 3 unread"), and just "Notifications" when there is none', async () => {
    withNotifications(3, [])
    const view = renderWithClient(<NotificationBell />)
    expect(await screen.findByRole('button', { name: 'Notifications, 3 unread' })).toHaveAttribute('aria-expanded', 'false')
    view.unmount()
    api.restore()
    withNotifications(0, [])
    renderWithClient(<NotificationBell />)
    await waitFor(() => expect(api.calls.some((c) => c.path === '/notifications/unread-count')).toBe(true))
    expect(await screen.findByRole('button', { name: 'Notifications' })).toBeInTheDocument()
  })

  it('loads the list only when opened; each links to its item, unread ones say so; Escape closes back onto the bell', async () => {
    withNotifications(1, [FIRST, READ])
    renderWithClient(<NotificationBell />)
    const bell = await screen.findByRole('button', { name: 'Notifications, 1 unread' })
    expect(api.calls.some((c) => c.path === '/notifications')).toBe(false)
    fireEvent.click(bell)
    expect(bell).toHaveAttribute('aria-expanded', 'true')
    const list = await screen.findByRole('list', { name: 'Notifications' })
    const links = within(list).getAllByRole('link')
    expect(links[0]).toHaveAccessibleName('Unread: Tunde Bakare mentioned you on Acme Ltd')
    expect(links[0]).toHaveAttribute('href', `/s/admin/approvals/business/business-preview?id=${BUSINESS}`)
    expect(links[1]).toHaveAccessibleName('Your request was approved')
    expect(links[1]).toHaveAttribute('href', '/s/admin/authorizations/details?id=55555555-5555-4555-8555-555555555555')
    expect(screen.getByRole('link', { name: 'All notifications' })).toHaveAttribute('href', '/s/notifications')
    expect(api.calls.find((c) => c.path === '/notifications')!.query.get('pageSize')).toBe('8')

    fireEvent.keyDown(list, { key: 'Escape' })
    expect(bell).toHaveAttribute('aria-expanded', 'false')
    expect(bell).toHaveFocus()
  })

  it('opening one marks it read; "Mark all read" marks them all and the count follows', async () => {
    withNotifications(1, [FIRST, READ])
    renderWithClient(<NotificationBell />)
    fireEvent.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }))
    const list = await screen.findByRole('list', { name: 'Notifications' })
    fireEvent.click(within(list).getAllByRole('link')[0]!)
    await waitFor(() =>
      expect(api.calls.some((c) => c.method === 'POST' && c.path === `/notifications/${FIRST.id}/read`)).toBe(true),
    )
    expect(await screen.findByRole('button', { name: 'Notifications' })).toBeInTheDocument()

    fireEvent.click(screen.getByRole('button', { name: 'Notifications' }))
    fireEvent.click(await screen.findByRole('button', { name: 'Mark all read' }))
    await waitFor(() => expect(api.calls.some((c) => c.method === 'POST' && c.path === '/notifications/read-all')).toBe(true))
  })

  it('says so when there is nothing', async () => {
    withNotifications(0, [])
    renderWithClient(<NotificationBell />)
    fireEvent.click(await screen.findByRole('button', { name: 'Notifications' }))
    expect(await screen.findByText(/Nothing new/)).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Mark all read' })).toBeDisabled()
  })
})
