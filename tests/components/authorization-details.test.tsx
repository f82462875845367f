import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { AuthorizationDetails } from '@/features/authorizations/components/authorization-details'
import type { AuthorizationDetail } from '@/lib/contracts/authorizations'
import { PERMISSIONS as P } from '@/lib/permissions'
import { mockApi, OTHER_STAFF_ID, renderWithClient, route, STAFF_ID } from './admin-api-mock'
import { polyfillDialog } from './dialog-polyfill'

vi.mock('next/router', () => ({ useRouter: () => ({ pathname: '/s/admin/authorizations/details', query: {}, isReady: true }) }))
polyfillDialog()

const ID = 'cccccccc-cccc-4ccc-8ccc-cccccccccccc'
const ROLE_ID = 'dddddddd-dddd-4ddd-8ddd-dddddddddddd'

const pending: AuthorizationDetail = {
  id: ID,
  type: 'ROLE_UPDATE',
  resource: 'role',
  resourceId: ROLE_ID,
  target: 'Readers',
  status: 'PENDING',
  reason: 'They review deferrals now',
  proposal: {},
  maker: { id: OTHER_STAFF_ID, name: 'Ada Obi', email: 'ada@example.com' },
  checker: null,
  comment: null,
  createdAt: new Date(Date.now() - 3_600_000).toISOString(),
  decidedAt: null,
  stale: false,
  warnings: [],
  diff: [
    {
      field: 'permissions',
      label: 'Permissions',
      before: [P.CAN_READ_BUSINESS, P.CAN_READ_USER],
      after: [P.CAN_READ_BUSINESS, P.CAN_READ_DEFERRALS],
      added: [P.CAN_READ_DEFERRALS],
      removed: [P.CAN_READ_USER],
    },
  ],
}

let api: ReturnType<typeof mockApi>
afterEach(() => api?.restore())

describe('authorization details', () => {
  it('shows the reason and the diff; the checker declines only with a comment', { timeout: 20_000 }, async () => {
    let decided: unknown
    api = mockApi(
      route('GET', `/authorizations/${ID}`, () => ({ data: decided ? { ...pending, status: 'DECLINED' } : pending })),
      route('PUT', `/authorizations/${ID}`, (call) => {
        decided = call.body
        return { data: { ...pending, status: 'DECLINED', comment: 'Not yet' } }
      }),
    )
    renderWithClient(<AuthorizationDetails id={ID} permissions={[P.CAN_UPDATE_AUTHORIZATION]} currentUserId={STAFF_ID} />)
    expect(await screen.findByText('They review deferrals now')).toBeInTheDocument()
    const row = within(screen.getByRole('region', { name: 'Before and after' })).getByRole('row', { name: /Permissions/ })
    expect(row).toHaveTextContent('Added: CAN_READ_DEFERRALS')
    expect(row).toHaveTextContent('Removed: CAN_READ_USER')

    fireEvent.click(screen.getByRole('button', { name: 'Decline' }))
    const dialog = await screen.findByRole('alertdialog', { name: 'Decline this change?' })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Decline' }))
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Give a reason')
    expect(api.calls.some((c) => c.method === 'PUT')).toBe(false)

    fireEvent.change(within(dialog).getByLabelText('Comment (why you decline)'), { target: { value: 'Not yet' } })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Decline' }))
    await waitFor(() => expect(decided).toEqual({ decision: 'DECLINED', comment: 'Not yet' }))
  })

  it('never offers the maker a decision on their own request', async () => {
    api = mockApi(route('GET', `/authorizations/${ID}`, { data: { ...pending, maker: { ...pending.maker, id: STAFF_ID } } }))
    renderWithClient(<AuthorizationDetails id={ID} permissions={[P.CAN_UPDATE_AUTHORIZATION]} currentUserId={STAFF_ID} />)
    expect(await screen.findByText('You requested this change, so another administrator must decide it.')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument()
  })

  it('warns that a stale request cannot be approved', async () => {
    api = mockApi(route('GET', `/authorizations/${ID}`, { data: { ...pending, stale: true } }))
    renderWithClient(<AuthorizationDetails id={ID} permissions={[P.CAN_UPDATE_AUTHORIZATION]} currentUserId={STAFF_ID} />)
    expect(await screen.findByText(/The record changed after this was requested/)).toBeInTheDocument()
  })

  it('shows the checker of a new staff account the existing staff it resembles, under what changes', async () => {
    const warning =
      'Ada Obi (ada@example.com), who requested this account, already has a staff account with the same name. Check this is not a second account for the same person.'
    api = mockApi(
      route('GET', `/authorizations/${ID}`, {
        data: {
          ...pending,
          type: 'USER_CREATE',
          resource: 'user',
          resourceId: null,
          target: 'ada+2@example.com',
          warnings: [warning],
        },
      }),
    )
    renderWithClient(<AuthorizationDetails id={ID} permissions={[P.CAN_UPDATE_AUTHORIZATION]} currentUserId={STAFF_ID} />)
    const section = (await screen.findByRole('heading', { name: 'What changes' })).closest('section')!
    expect(within(section).getByText(warning)).toBeInTheDocument()
  })
})
