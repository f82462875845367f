import type { ParsedUrlQuery } from 'node:querystring'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ApprovalsQueue } from '@/features/onboarding/components/approvals-queue'
import { OnboardingPreview } from '@/features/onboarding/components/onboarding-preview'
import { PERMISSIONS } from '@/lib/permissions/names'
import { polyfillDialog } from '@/tests/components/dialog-polyfill'
import { mockApi, renderWithClient, route } from '@/tests/components/mock-api'
import { FILE_ID, onboarding, ONBOARDING_ID, page } from '@/tests/components/products-fixtures'
import { mockRouter } from '@/tests/components/router-mock'

const router = mockRouter({
  pathname: '/s/admin/approvals/products',
  query: {} as ParsedUrlQuery,
  isReady: true,
  push: vi.fn(async () => true),
  replace: vi.fn(async (..._args: unknown[]) => true),
})
vi.mock('next/router', () => import('@/tests/components/router-mock'))
polyfillDialog()

const APPROVER = new Set<string>([PERMISSIONS.CAN_APPROVE_ONBOARD_PRODUCT, PERMISSIONS.CAN_READ_BUSINESS])
const inReview = onboarding({
  status: 'IN_REVIEW',
  editable: false,
  submittedAt: '2026-02-03T09:00:00.000Z',
  missingRequired: [],
  answers: [
    { key: 'settlement_account', value: '0123456789', file: null, updatedAt: '' },
    {
      key: 'shop_front_photo',
      value: null,
      file: {
        id: FILE_ID,
        fileName: 'shop.pdf',
        contentType: 'application/pdf',
        sizeBytes: 2048,
        url: `/api/v1/files/${FILE_ID}`,
      },
      updatedAt: '',
    },
  ],
})

let api: ReturnType<typeof mockApi>
beforeEach(() => {
  router.query = {}
  router.replace.mockClear()
})
afterEach(() => api.restore())

describe('the approvals queue', () => {
  it('lists applications in review by default, and every status on request', async () => {
    api = mockApi(route('GET', '/onboarding-products/approvals', { data: page([inReview]) }))
    renderWithClient(<ApprovalsQueue />)
    const link = await screen.findByRole('link', { name: 'Review Adebayo Foods Limited: POS terminal acquiring' })
    expect(link).toHaveAttribute('href', `/s/admin/approvals/product-preview?id=${ONBOARDING_ID}`)
    expect(api.calls[0]!.url).toBe('/onboarding-products/approvals?pageNumber=1&pageSize=10&status=IN_REVIEW')
    api.restore()

    router.query = { status: 'ALL' }
    api = mockApi(route('GET', '/onboarding-products/approvals', { data: page([]) }))
    renderWithClient(<ApprovalsQueue />)
    await waitFor(() => expect(api.calls).toHaveLength(1))
    expect(api.calls[0]!.url).toBe(
      '/onboarding-products/approvals?pageNumber=1&pageSize=10&status=PENDING&status=IN_REVIEW&status=APPROVED&status=DECLINED&status=COMPLETED&status=REMOVED',
    )
  })
})

describe('an application whose business is not approved yet', () => {
  const waiting = { ...inReview, business: { ...inReview.business, approvalStatus: 'PENDING' as const } }

  it('the queue says it cannot be approved yet, and why', async () => {
    api = mockApi(route('GET', '/onboarding-products/approvals', { data: page([waiting, inReview]) }))
    renderWithClient(<ApprovalsQueue />)
    const rows = await screen.findAllByRole('row', { name: /Adebayo Foods Limited/ })
    expect(within(rows[0]!).getByText(/^Cannot be approved yet\. The business must be approved first/)).toBeInTheDocument()
    expect(within(rows[1]!).queryByText(/Cannot be approved yet/)).not.toBeInTheDocument()
  })

  it('the preview offers no Approve, says why, links the business and still allows a decline', async () => {
    api = mockApi(route('GET', `/onboarding-products/details/${ONBOARDING_ID}`, { data: waiting }))
    renderWithClient(<OnboardingPreview id={ONBOARDING_ID} permissions={APPROVER} />)
    expect(await screen.findByRole('button', { name: 'Decline' })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument()
    expect(screen.getByRole('note')).toHaveTextContent('The business must be approved first: its own review is not finished.')
    expect(screen.getByRole('link', { name: 'Adebayo Foods Limited' })).toHaveAttribute(
      'href',
      `/s/admin/approvals/business/business-preview?id=${waiting.business.id}`,
    )
  })
})

describe('the application preview', () => {
  it("shows the business's standing, the answers and the file, and approves after confirmation", async () => {
    api = mockApi(
      route('GET', `/onboarding-products/details/${ONBOARDING_ID}`, { data: inReview }),
      route('PUT', `/onboarding-products/approve/${ONBOARDING_ID}`, { data: { ...inReview, status: 'APPROVED' } }),
    )
    renderWithClient(<OnboardingPreview id={ONBOARDING_ID} permissions={APPROVER} />)
    const business = await screen.findByRole('region', { name: 'Adebayo Foods Limited' })
    expect(within(business).getByText('RC1234567')).toBeInTheDocument()
    expect(within(business).getByText('Approved')).toBeInTheDocument()
    const answers = screen.getByRole('list', { name: 'Answers' })
    expect(within(answers).getByText('0123456789')).toBeInTheDocument()
    expect(within(answers).getByRole('button', { name: 'Open shop.pdf' })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Remove' })).not.toBeInTheDocument()

    fireEvent.click(screen.getByRole('button', { name: 'Approve' }))
    const dialog = await screen.findByRole('alertdialog', { name: 'Approve Adebayo Foods Limited for POS terminal acquiring?' })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve' }))
    await waitFor(() => expect(api.calls.some((c) => c.method === 'PUT')).toBe(true))
    expect(api.calls.find((c) => c.method === 'PUT')!.body).toEqual({ decision: 'APPROVED' })
  })

  it('needs a reason to decline, and shows why an approval was refused', async () => {
    api = mockApi(
      route('GET', `/onboarding-products/details/${ONBOARDING_ID}`, { data: inReview }),
      route('PUT', `/onboarding-products/approve/${ONBOARDING_ID}`, (call) =>
        (call.body as { decision: string }).decision === 'APPROVED'
          ? {
              status: 409,
              data: { errors: [{ code: 'PRECONDITION_FAILED', message: 'The business must be approved first (it is pending)' }] },
            }
          : { data: { ...inReview, status: 'DECLINED' } },
      ),
    )
    renderWithClient(<OnboardingPreview id={ONBOARDING_ID} permissions={APPROVER} />)
    fireEvent.click(await screen.findByRole('button', { name: 'Approve' }))
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Approve' }))
    expect(await screen.findByText('The business must be approved first (it is pending)')).toBeInTheDocument()

    fireEvent.click(screen.getByRole('button', { name: 'Decline' }))
    const dialog = await screen.findByRole('alertdialog')
    fireEvent.click(within(dialog).getByRole('button', { name: 'Decline' }))
    expect(await within(dialog).findByText('Say why the application is declined')).toBeInTheDocument()
    expect(api.calls.filter((c) => c.method === 'PUT')).toHaveLength(1)
    fireEvent.change(within(dialog).getByLabelText('Reason (the business sees it)'), { target: { value: 'Blurred photo' } })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Decline' }))
    await waitFor(() => expect(api.calls.filter((c) => c.method === 'PUT')).toHaveLength(2))
    expect(api.calls.filter((c) => c.method === 'PUT')[1]!.body).toEqual({ decision: 'DECLINED', comment: 'Blurred photo' })
  })

  it('offers mark as live for an approved application, and nothing to someone without the permissions', async () => {
    api = mockApi(route('GET', `/onboarding-products/details/${ONBOARDING_ID}`, { data: { ...inReview, status: 'APPROVED' } }))
    const { unmount } = renderWithClient(
      <OnboardingPreview id={ONBOARDING_ID} permissions={new Set([...APPROVER, PERMISSIONS.CAN_REMOVE_ONBOARDED_PRODUCT])} />,
    )
    expect(await screen.findByRole('button', { name: 'Mark as live' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Remove' })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument()
    unmount()

    renderWithClient(<OnboardingPreview id={ONBOARDING_ID} permissions={new Set([PERMISSIONS.CAN_READ_BUSINESS])} />)
    expect(await screen.findByRole('list', { name: 'Answers' })).toBeInTheDocument()
    expect(screen.queryByRole('region', { name: 'Decision' })).not.toBeInTheDocument()
  })
})
