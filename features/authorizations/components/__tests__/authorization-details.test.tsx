import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { AuthorizationDetails } from '@/features/authorizations/components/authorization-details'
import type { AuthorizationDetail } from '@/lib/contracts/authorizations'
import { formatDateTime } from '@/lib/format/date'
import { PERMISSIONS as P } from '@/lib/permissions/names'
import { mockApi, OTHER_STAFF_ID, renderWithClient, route, STAFF_ID } from '@/tests/components/admin-api-mock'
import { polyfillDialog } from '@/tests/components/dialog-polyfill'
import { mockRouter } from '@/tests/components/router-mock'

vi.mock('next/router', () => import('@/tests/components/router-mock'))
mockRouter({ pathname: '/s/admin/authorizations/details', query: {}, isReady: true })
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
    const field = within(screen.getByRole('region', { name: 'Before and after' })).getByRole('group', { name: 'Permissions' })
    expect(field).toHaveTextContent('AddedCAN_READ_DEFERRALS')
    expect(field).toHaveTextContent('RemovedCAN_READ_USER')

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

  it('lays each field out on its own: the label as a heading, before and after side by side, lists one item a line', async () => {
    const mapping: AuthorizationDetail = {
      ...pending,
      type: 'DEFERRABLE_MAPPING',
      resource: 'deferrable_mapping',
      resourceId: null,
      target: 'Deferrable documents mapping',
      reason: null,
      diff: [
        {
          field: 'mapping',
          label: 'Deferrable documents by registration class',
          before: ['Business name: Form BN/1', 'Company: SCUML certificate'],
          after: ['Company: SCUML certificate', 'Company: TIN certificate'],
          added: ['Company: TIN certificate'],
          removed: ['Business name: Form BN/1'],
        },
      ],
    }
    api = mockApi(route('GET', `/authorizations/${ID}`, { data: mapping }))
    renderWithClient(<AuthorizationDetails id={ID} permissions={[P.CAN_UPDATE_AUTHORIZATION]} currentUserId={STAFF_ID} />)
    // One title: the target only repeated the type.
    const title = await screen.findByRole('heading', { level: 2, name: 'Deferrable documents mapping' })
    expect(title.textContent).toBe('Deferrable documents mapping')
    const field = screen.getByRole('group', { name: 'Deferrable documents by registration class' })
    expect(within(field).getByRole('heading', { level: 3 })).toHaveTextContent('Deferrable documents by registration class')
    // No table: nothing squeezes "After" into a narrow column.
    expect(screen.queryByRole('table')).not.toBeInTheDocument()
    expect(within(field).getByText('Before')).toBeInTheDocument()
    expect(within(field).getByText('After')).toBeInTheDocument()
    expect(
      within(field)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Business name: Form BN/1', 'Company: SCUML certificate', 'Company: TIN certificate', 'Business name: Form BN/1'])
  })

  it('writes the moment of the request once, in the date-time format, and links an approved creation to its record', async () => {
    const createdAt = '2026-11-29T01:38:00.000Z'
    api = mockApi(
      route('GET', `/authorizations/${ID}`, {
        data: {
          ...pending,
          type: 'PRODUCT_CREATE',
          resource: 'product',
          resourceId: ROLE_ID,
          target: 'Escrow (ESC)',
          status: 'APPROVED',
          checker: { id: STAFF_ID, name: 'Bola Ade', email: 'bola@example.com' },
          decidedAt: createdAt,
          createdAt,
        },
      }),
    )
    renderWithClient(<AuthorizationDetails id={ID} permissions={[P.CAN_UPDATE_AUTHORIZATION]} currentUserId={STAFF_ID} />)
    expect(await screen.findByRole('heading', { level: 2, name: 'New product: Escrow (ESC)' })).toBeInTheDocument()
    const requested = screen.getByText('Requested', { selector: 'dt' }).nextElementSibling!
    expect(requested.textContent).toBe(formatDateTime(createdAt))
    expect(requested.textContent).not.toMatch(/\(|ago|Today/)
    expect(screen.getByRole('link', { name: 'Open the product' })).toHaveAttribute(
      'href',
      `/s/admin/product-config/details?id=${ROLE_ID}`,
    )
  })
})
