import { screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { BusinessDashboard } from '@/features/businesses/components/business-dashboard'
import { SYSTEM_ROLES } from '@/lib/permissions/roles'
import { business, CATEGORY, mockApi, renderWithClient, route, TYPE } from '@/tests/components/admin-api-mock'
import { mockRouter } from '@/tests/components/router-mock'

vi.mock('next/router', () => import('@/tests/components/router-mock'))
mockRouter({ pathname: '/s/businesses/dashboard-details', query: {}, isReady: true, push: vi.fn() })

const owner = new Set<string>(SYSTEM_ROLES.find((r) => r.name === 'BUSINESS_OWNER')!.permissions)
let api: ReturnType<typeof mockApi>
afterEach(() => api?.restore())

/** A staff decision as the business sees it: the decline's reason on its dashboard and in what it must do next. */
describe('the business dashboard after a staff decision', () => {
  it('shows a decline with its date and the reviewers’ reason, in the summary and the outstanding list', async () => {
    const reason = 'The CAC 7 does not list the director whose ID was given.'
    const b = business({
      name: 'Port Harcourt Marine',
      approvalStatus: 'DECLINED',
      kycDetailsCompleted: false,
      decision: { decision: 'DECLINED', comment: reason, decidedAt: '2026-03-04T10:00:00.000Z', decidedBy: 'Chinedu Eze' },
    })
    api = mockApi(
      route('GET', `/businesses/${b.id}`, { data: b }),
      route('GET', `/businesses/${b.id}/products`, { data: [] }),
      // The outstanding list is the server's (GET /businesses/{id}/outstanding words the decline with its reason).
      route('GET', `/businesses/${b.id}/outstanding`, {
        data: {
          kycProgress: [],
          items: [
            {
              code: 'BUSINESS_DECLINED',
              severity: 'danger',
              title: 'Your registration was declined',
              message: `The reviewers' reason: “${reason}”. Correct what it points to, then mark the KYC complete again to resubmit it.`,
              target: { kind: 'KYC_STEP', step: 'COMPANY_DETAILS' },
            },
          ],
        },
      }),
      route('GET', `/businesses/${b.id}/users`, {
        data: { content: [], pageNumber: 1, pageSize: 1, totalElements: 1, totalPages: 1 },
      }),
      route('GET', '/business-types', { data: [TYPE] }),
      route('GET', '/business-categories', { data: [CATEGORY] }),
    )
    renderWithClient(<BusinessDashboard businessId={b.id} permissions={owner} />)
    expect(await screen.findByRole('heading', { name: 'Port Harcourt Marine' })).toBeInTheDocument()
    expect(screen.getByText(/Declined on 04-Mar-2026/)).toBeInTheDocument()
    expect(screen.getByText(reason)).toBeInTheDocument()
    const outstanding = await screen.findByRole('list', { name: 'Outstanding' })
    expect(within(outstanding).getByText(/The reviewers' reason: “The CAC 7 does not list/)).toBeInTheDocument()
  })
})
