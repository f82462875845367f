import { fireEvent, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { BusinessDeferrals } from '@/features/deferrals/components/business-deferrals'
import type { Deferral } from '@/lib/contracts/deferrals'
import { apiError, mockApi, renderWithClient, route } from '@/tests/components/mock-api'

const BUSINESS_ID = '44444444-4444-4444-8444-444444444444'
let n = 0

function deferral(overrides: Partial<Deferral> = {}): Deferral {
  return {
    id: `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}`,
    businessId: BUSINESS_ID,
    documentType: { id: '11111111-1111-4111-8111-111111111111', code: 'CAC_2', name: 'CAC 2', isCac: true },
    days: 14,
    reason: 'Being reissued by the CAC',
    status: 'PENDING',
    displayStatus: 'PENDING',
    isOverdue: false,
    requestedBy: null,
    requestedAt: '2026-10-01T10:00:00.000Z',
    decidedBy: null,
    decidedAt: null,
    decisionComment: null,
    dueDate: null,
    fulfilledAt: null,
    ...overrides,
  }
}

let api: ReturnType<typeof mockApi> | undefined
afterEach(() => api?.restore())

describe('BusinessDeferrals', () => {
  it('lists the requests with their status, due date and decision, and pages through them', async () => {
    const page1 = [
      deferral({
        documentType: { id: 'a', code: 'TIN', name: 'TIN certificate', isCac: false },
        status: 'APPROVED',
        displayStatus: 'OVERDUE',
        isOverdue: true,
        dueDate: '2026-11-01T09:00:00Z',
        decisionComment: 'Upload it soon',
      }),
      deferral({ status: 'REJECTED', displayStatus: 'REJECTED', decisionComment: 'Provide it now' }),
      deferral({
        documentType: { id: 'b', code: 'MEMART', name: 'Memorandum', isCac: true },
        status: 'FULFILLED',
        displayStatus: 'FULFILLED',
        dueDate: '2026-10-20T00:00:00Z',
        fulfilledAt: '2026-10-10T00:00:00Z',
      }),
    ]
    api = mockApi(
      route('GET', `/deferrals/business-deferrals/${BUSINESS_ID}`, (call) =>
        call.url.includes('pageNumber=2')
          ? {
              data: {
                content: [deferral({ documentType: { id: 'c', code: 'BR', name: 'Board resolution', isCac: false } })],
                pageNumber: 2,
                pageSize: 10,
                totalElements: 11,
                totalPages: 2,
              },
            }
          : { data: { content: page1, pageNumber: 1, pageSize: 10, totalElements: 11, totalPages: 2 } },
      ),
    )
    renderWithClient(<BusinessDeferrals businessId={BUSINESS_ID} />)
    const list = await screen.findByRole('list', { name: 'Deferral requests' })
    const cards = within(list).getAllByRole('listitem')
    expect(within(cards[0]!).getByText('TIN certificate')).toBeInTheDocument()
    expect(within(cards[0]!).getByText('Overdue')).toHaveAttribute('data-tone', 'danger')
    expect(within(cards[0]!).getByText('01-Nov-2026')).toBeInTheDocument()
    expect(within(cards[0]!).getByText('Upload it soon')).toBeInTheDocument()
    // The API says REJECTED; the product says Declined.
    expect(within(cards[1]!).getByText('Declined')).toBeInTheDocument()
    expect(within(cards[2]!).getByText('Fulfilled')).toHaveAttribute('data-tone', 'success')

    fireEvent.click(screen.getByRole('button', { name: /next/i }))
    expect(await screen.findByText('Board resolution')).toBeInTheDocument()
  })

  it('says when there are none, and offers a retry when loading fails', async () => {
    api = mockApi(
      route('GET', `/deferrals/business-deferrals/${BUSINESS_ID}`, {
        data: { content: [], pageNumber: 1, pageSize: 10, totalElements: 0, totalPages: 0 },
      }),
    )
    const { unmount } = renderWithClient(<BusinessDeferrals businessId={BUSINESS_ID} />)
    expect(await screen.findByText('No deferral requests')).toBeInTheDocument()
    unmount()
    api.restore()
    api = mockApi(route('GET', `/deferrals/business-deferrals/${BUSINESS_ID}`, apiError(500, 'INTERNAL', 'Broken')))
    renderWithClient(<BusinessDeferrals businessId={BUSINESS_ID} />)
    expect(await screen.findByText("Couldn't load the deferrals")).toBeInTheDocument()
  })
})
