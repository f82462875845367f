import type { ParsedUrlQuery } from 'node:querystring'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { httpEvents } from '@/lib/http/events'
import { SYSTEM_ROLES } from '@/lib/permissions/roles'
import { business, BUSINESS_ID } from '@/tests/components/business-fixtures'
import { polyfillDialog } from '@/tests/components/dialog-polyfill'
import { apiError, mockApi, renderWithClient, route } from '@/tests/components/mock-api'
import { mockRouter } from '@/tests/components/router-mock'
import { ManageBusinessUsers } from '../manage-business-users'

const router = mockRouter({
  pathname: '/s/businesses/manage-users',
  query: {} as ParsedUrlQuery,
  isReady: true,
  push: vi.fn(async () => true),
  replace: vi.fn(async (..._args: unknown[]) => true),
})
vi.mock('next/router', () => import('@/tests/components/router-mock'))

polyfillDialog()

const owner = new Set<string>(SYSTEM_ROLES.find((r) => r.name === 'BUSINESS_OWNER')!.permissions)
const member = new Set<string>(SYSTEM_ROLES.find((r) => r.name === 'BUSINESS_MEMBER')!.permissions)
const ME = '55555555-5555-4555-8555-555555555555'

const user = (id: string, firstName: string, role: string, extra: Record<string, unknown> = {}) => ({
  id,
  businessId: BUSINESS_ID,
  userId: id === 'm1' ? ME : `${id}-user`,
  email: `${firstName.toLowerCase()}@example.ng`,
  firstName,
  lastName: 'Okafor',
  role,
  isActive: true,
  status: 'ACTIVE',
  createdAt: '2026-01-14T10:00:00.000Z',
  ...extra,
})
const USERS = [
  user('m1', 'Ngozi', 'BUSINESS_OWNER'),
  user('m2', 'Chidi', 'BUSINESS_MEMBER', { status: 'PENDING_ACTIVATION' }),
  user('m3', 'Tayo', 'BUSINESS_MEMBER', { isActive: false }),
]
const page = (content: unknown[]) => ({
  data: { content, pageNumber: 1, pageSize: 10, totalElements: content.length, totalPages: 1 },
})

let api: ReturnType<typeof mockApi>
let toasts: string[]
let offToast: () => void
beforeEach(() => {
  router.query = { businessId: BUSINESS_ID }
  router.replace.mockClear()
  toasts = []
  offToast = httpEvents.on('toast', ({ message }) => toasts.push(message))
})
afterEach(() => {
  api.restore()
  offToast()
})

const base = [
  route('GET', `/businesses/${BUSINESS_ID}`, { data: business() }),
  route('GET', `/businesses/${BUSINESS_ID}/users`, page(USERS)),
  route('GET', '/existing-profile/requests', {
    data: [
      {
        id: 'r1',
        businessId: BUSINESS_ID,
        requester: { id: 'u9', email: 'amaka@example.ng', firstName: 'Amaka', lastName: 'Obi' },
        message: 'I keep the books',
        status: 'PENDING',
        createdAt: '2026-02-01T09:00:00.000Z',
        decidedAt: null,
      },
    ],
  }),
]

describe('ManageBusinessUsers', () => {
  it('lists the users with their role and status, marks the signed-in user and searches through the URL', async () => {
    api = mockApi(...base)
    renderWithClient(<ManageBusinessUsers businessId={BUSINESS_ID} permissions={owner} currentUserId={ME} />)

    const table = await screen.findByRole('table', { name: 'Business users' })
    await within(table).findByText('tayo@example.ng')
    const rows = within(table).getAllByRole('row')
    expect(rows).toHaveLength(4)
    expect(within(rows[1]!).getByRole('rowheader')).toHaveTextContent('Ngozi Okafor (you)')
    expect(within(rows[1]!).getByText('Owner')).toBeInTheDocument()
    expect(within(rows[2]!).getByText('Invitation sent')).toBeInTheDocument()
    expect(within(rows[3]!).getByText('Deactivated')).toBeInTheDocument()
    expect(within(rows[3]!).getByRole('button', { name: 'Reactivate Tayo Okafor' })).toBeInTheDocument()
    expect(screen.getByText('Adebayo Foods Limited')).toBeInTheDocument()

    fireEvent.change(screen.getByLabelText('Search by name or e-mail'), { target: { value: 'chidi' } })
    fireEvent.submit(screen.getByRole('search'))
    await waitFor(() => expect(router.replace).toHaveBeenCalled())
    expect(router.replace.mock.calls.at(-1)![0]).toMatchObject({ query: { businessId: BUSINESS_ID, searchKey: 'chidi' } })
  })

  it('refuses to demote the last owner: the API’s reason is toasted and the list stays', async () => {
    api = mockApi(
      ...base,
      route(
        'PUT',
        '/businesses/user/m1',
        apiError(409, 'CONFLICT', 'A business must keep at least one active owner. Make someone else an owner first.'),
      ),
    )
    renderWithClient(<ManageBusinessUsers businessId={BUSINESS_ID} permissions={owner} currentUserId={ME} />)

    fireEvent.click(await screen.findByRole('button', { name: 'Make member Ngozi Okafor' }))
    const dialog = await screen.findByRole('alertdialog', { name: 'Make Ngozi Okafor a member?' })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Make member' }))

    await waitFor(() =>
      expect(toasts).toContain('A business must keep at least one active owner. Make someone else an owner first.'),
    )
    expect(api.calls.find((c) => c.method === 'PUT')).toMatchObject({
      url: '/businesses/user/m1',
      body: { role: 'BUSINESS_MEMBER' },
    })
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument())
  })

  it('removes a user after confirmation and refreshes the list', async () => {
    let removed = false
    api = mockApi(
      route('DELETE', '/businesses/user/m2', () => ((removed = true), { status: 204 })),
      route('GET', `/businesses/${BUSINESS_ID}/users`, () => page(removed ? USERS.filter((u) => u.id !== 'm2') : USERS)),
      ...base,
    )
    renderWithClient(<ManageBusinessUsers businessId={BUSINESS_ID} permissions={owner} currentUserId={ME} />)

    fireEvent.click(await screen.findByRole('button', { name: 'Remove Chidi Okafor' }))
    const dialog = await screen.findByRole('alertdialog', { name: 'Remove Chidi Okafor?' })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove user' }))
    await waitFor(() => expect(screen.queryByText('chidi@example.ng')).not.toBeInTheDocument())
    expect(removed).toBe(true)
  })

  it('invites someone by e-mail from the dialog', async () => {
    api = mockApi(
      ...base,
      route('POST', '/businesses/user', (call) => ({
        status: 201,
        data: user('m9', 'Bisi', 'BUSINESS_OWNER', {
          email: (call.body as { email: string }).email,
          status: 'PENDING_ACTIVATION',
        }),
      })),
    )
    renderWithClient(<ManageBusinessUsers businessId={BUSINESS_ID} permissions={owner} currentUserId={ME} />)

    fireEvent.click(await screen.findByRole('button', { name: 'Invite a user' }))
    const dialog = await screen.findByRole('dialog', { name: 'Invite a user' })
    fireEvent.change(within(dialog).getByLabelText(/^E-mail address/), { target: { value: 'bisi@example.ng' } })
    fireEvent.change(within(dialog).getByLabelText(/^Role/), { target: { value: 'BUSINESS_OWNER' } })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send invitation' }))

    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Invite a user' })).not.toBeInTheDocument())
    expect(api.calls.find((c) => c.method === 'POST')!.body).toEqual({
      businessId: BUSINESS_ID,
      email: 'bisi@example.ng',
      role: 'BUSINESS_OWNER',
    })
  })

  it('shows pending access requests and accepts one', async () => {
    api = mockApi(...base, route('PUT', '/existing-profile/requests/r1', { data: {} }))
    renderWithClient(<ManageBusinessUsers businessId={BUSINESS_ID} permissions={owner} currentUserId={ME} />)

    const requests = await screen.findByRole('list', { name: 'Pending access requests' })
    expect(within(requests).getByText(/I keep the books/)).toBeInTheDocument()
    fireEvent.click(within(requests).getByRole('button', { name: 'Accept Amaka Obi' }))
    await waitFor(() => expect(api.calls.find((c) => c.method === 'PUT')).toMatchObject({ body: { decision: 'ACCEPTED' } }))
  })

  it('tells a member that only owners manage users, without asking the API for them', async () => {
    api = mockApi(...base)
    renderWithClient(<ManageBusinessUsers businessId={BUSINESS_ID} permissions={member} currentUserId={ME} />)
    expect(await screen.findByRole('heading', { name: "Only the business's owners manage its users" })).toBeInTheDocument()
    expect(api.calls.some((c) => c.url.includes('/users') || c.url.includes('/existing-profile'))).toBe(false)
  })
})
