import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { DeferralDetails } from '@/features/staff-documents/components/deferral-details'
import { DeferralQueue } from '@/features/staff-documents/components/deferral-queue'
import { mockApi, page, renderWithClient, route, STAFF_ID } from '@/tests/components/admin-api-mock'
import { polyfillDialog } from '@/tests/components/dialog-polyfill'
import { mockRouter } from '@/tests/components/router-mock'
import { deferralDetail, roleOf, staffDeferral } from '@/tests/components/staff-documents-fixtures'

const router = mockRouter({
  pathname: '/s/admin/approvals/deferral',
  query: {} as Record<string, string>,
  isReady: true,
  replace: vi.fn(async () => true),
  push: vi.fn(),
})
vi.mock('next/router', () => import('@/tests/components/router-mock'))
polyfillDialog()

let api: ReturnType<typeof mockApi>
afterEach(() => {
  api?.restore()
  router.query = {}
})

const TYPES = [{ id: 'f0000000-0000-4000-8000-000000000001', code: 'TIN_CERTIFICATE', name: 'TIN certificate' }]

describe('deferrals queue', () => {
  it('lists requests with their status (overdue in red words), filters in the URL, and approves the selected ones together', async () => {
    const pending = staffDeferral()
    const mine = staffDeferral({ requestedBy: STAFF_ID })
    const overdue = staffDeferral({
      status: 'APPROVED',
      displayStatus: 'OVERDUE',
      isOverdue: true,
      dueDate: '2026-02-01T10:00:00.000Z',
    })
    router.query = { status: 'PENDING', documentTypeId: TYPES[0]!.id }
    api = mockApi(
      route('GET', '/deferrals', { data: page([pending, mine, overdue]) }),
      route('GET', '/kyc-document-types', { data: TYPES }),
      route('PUT', '/deferrals/approval', { data: { succeeded: 1, failed: 0, results: [{ id: pending.id, status: 200 }] } }),
    )
    renderWithClient(<DeferralQueue permissions={roleOf('APPROVER')} currentUserId={STAFF_ID} memberOf={[]} />)

    expect(await screen.findByRole('link', { name: pending.business.name })).toHaveAttribute(
      'href',
      `/s/admin/approvals/deferral/details?id=${pending.id}`,
    )
    expect(within(screen.getByRole('row', { name: new RegExp(overdue.business.name) })).getByText('Overdue')).toBeInTheDocument()
    const status = screen.getByRole('combobox', { name: 'Status' })
    expect(
      within(status)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['All', 'Pending', 'Approved', 'Declined', 'Overdue', 'Fulfilled'])
    const listCall = api.calls.find((c) => c.path === '/deferrals')!
    expect(listCall.query.get('status')).toBe('PENDING')
    expect(listCall.query.get('documentTypeId')).toBe(TYPES[0]!.id)

    // The requester's own request cannot be selected (four-eyes), nor a decided one.
    expect(screen.queryByRole('checkbox', { name: `Select ${mine.business.name}: TIN certificate` })).not.toBeInTheDocument()
    expect(screen.queryByRole('checkbox', { name: `Select ${overdue.business.name}: TIN certificate` })).not.toBeInTheDocument()
    fireEvent.click(screen.getByRole('checkbox', { name: `Select ${pending.business.name}: TIN certificate` }))
    fireEvent.click(screen.getByRole('button', { name: 'Approve selected' }))
    fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Approve all' }))
    await waitFor(() =>
      expect(api.calls.find((c) => c.method === 'PUT')?.body).toEqual({ ids: [pending.id], decision: 'APPROVED' }),
    )
    await waitFor(() => expect(screen.queryByText('1 deferral selected')).not.toBeInTheDocument())
  })

  it('readers without CAN_APPROVE_DEFERRAL only look', async () => {
    api = mockApi(
      route('GET', '/deferrals', { data: page([staffDeferral()]) }),
      route('GET', '/kyc-document-types', { data: TYPES }),
    )
    renderWithClient(<DeferralQueue permissions={roleOf('ONBOARDING_OFFICER')} currentUserId={STAFF_ID} memberOf={[]} />)
    expect(await screen.findByRole('link', { name: /^Review the deferral of/ })).toHaveTextContent('View')
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Approve selected' })).not.toBeInTheDocument()
  })
})

describe('deferral details', () => {
  it('shows the request, its business and history, and declines only with a reason', async () => {
    const earlier = staffDeferral({ status: 'REJECTED', displayStatus: 'REJECTED', decisionComment: 'Upload it now.' })
    const deferral = deferralDetail({ history: [earlier] })
    api = mockApi(
      route('GET', `/deferrals/${deferral.id}`, { data: deferral }),
      route('PUT', `/deferrals/approval/${deferral.id}`, {
        data: { ...deferral, status: 'REJECTED', displayStatus: 'REJECTED' },
      }),
    )
    renderWithClient(
      <DeferralDetails deferralId={deferral.id} permissions={roleOf('APPROVER')} currentUserId={STAFF_ID} memberOf={[]} />,
    )

    expect(await screen.findByRole('heading', { name: 'TIN certificate' })).toBeInTheDocument()
    expect(screen.getByText(deferral.reason)).toBeInTheDocument()
    expect(screen.getByText(/by Ngozi Okafor/)).toBeInTheDocument()
    const history = screen.getByRole('table', { name: `Other deferrals of ${deferral.business.name}` })
    expect(within(history).getByText('Upload it now.')).toBeInTheDocument()
    expect(within(history).getByText('Declined')).toBeInTheDocument()

    const decision = screen.getByRole('region', { name: 'Decision' })
    expect(decision).toHaveTextContent('Approving gives the business 14 days from now')
    fireEvent.click(within(decision).getByRole('button', { name: 'Decline' }))
    const dialog = screen.getByRole('alertdialog')
    fireEvent.click(within(dialog).getByRole('button', { name: 'Decline' }))
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Write the reason')
    fireEvent.change(within(dialog).getByLabelText('Reason for declining'), { target: { value: 'The TIN is quick to get.' } })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Decline' }))
    await waitFor(() =>
      expect(api.calls.find((c) => c.method === 'PUT')?.body).toEqual({
        decision: 'REJECTED',
        comment: 'The TIN is quick to get.',
      }),
    )
  })

  it('four-eyes for the requester; nothing to decide once decided; overdue says the business is blocked', async () => {
    const mine = deferralDetail({ requestedBy: STAFF_ID })
    api = mockApi(route('GET', `/deferrals/${mine.id}`, { data: mine }))
    const { unmount } = renderWithClient(
      <DeferralDetails deferralId={mine.id} permissions={roleOf('APPROVER')} currentUserId={STAFF_ID} memberOf={[]} />,
    )
    const decision = await screen.findByRole('region', { name: 'Decision' })
    expect(within(decision).getByRole('note')).toHaveTextContent('four-eyes')
    expect(within(decision).queryByRole('button')).not.toBeInTheDocument()
    unmount()
    api.restore()

    const overdue = deferralDetail({
      status: 'APPROVED',
      displayStatus: 'OVERDUE',
      isOverdue: true,
      dueDate: '2026-02-01T10:00:00.000Z',
      decidedAt: '2026-01-18T10:00:00.000Z',
      decidedByName: 'Chinedu Eze',
    })
    api = mockApi(route('GET', `/deferrals/${overdue.id}`, { data: overdue }))
    renderWithClient(
      <DeferralDetails deferralId={overdue.id} permissions={roleOf('APPROVER')} currentUserId={STAFF_ID} memberOf={[]} />,
    )
    expect(await screen.findByText('Overdue: the business is blocked until it uploads the document.')).toBeInTheDocument()
    expect(screen.getByText('This request is overdue: nothing to decide.')).toBeInTheDocument()
    expect(screen.getByText('None: this is its first request.')).toBeInTheDocument()
  })
})
