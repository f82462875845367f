import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import type { BusinessRisk } from '@/lib/contracts/risk'
import { apiError, mockApi, page, renderWithClient, route } from '@/tests/components/admin-api-mock'
import { polyfillDialog } from '@/tests/components/dialog-polyfill'
import { BusinessRiskSection } from '../business-risk-section'

polyfillDialog()

const BUSINESS = '44444444-4444-4444-8444-444444444444'
const AUTHORIZATION = '55555555-5555-4555-8555-555555555555'

const MEDIUM: BusinessRisk = {
  tier: 'MEDIUM',
  computedTier: 'MEDIUM',
  score: 25,
  modelVersion: 1,
  factors: [{ code: 'SECTOR', label: 'Sector', points: 25, detail: 'Oil and Gas', source: 'businesses.category' }],
  assessedAt: '2026-11-29T09:00:00.000Z',
  reason: 'KYC_SUBMITTED',
}

const reads = (risk: BusinessRisk | null, pending: unknown[] = []) => [
  route('GET', `/businesses/${BUSINESS}/risk`, { data: risk }),
  route('GET', `/businesses/${BUSINESS}/risk/history`, { data: page([]) }),
  route('GET', '/authorizations/pending?resource=business_risk', { data: pending }),
]

const pendingOverride = {
  id: AUTHORIZATION,
  type: 'RISK_TIER_OVERRIDE',
  resource: 'business_risk',
  resourceId: BUSINESS,
  target: 'Adebayo Foods Limited',
  what: 'override the risk tier of Adebayo Foods Limited to high',
  maker: { id: 'x', name: 'Olumide Adekunle' },
  createdAt: '2026-11-29T11:00:00.000Z',
  mine: true,
  visible: true,
}

let api: ReturnType<typeof mockApi>
afterEach(() => api.restore())

describe('Override tier', () => {
  it('asks for a tier and a reason, posts the override and says it waits for a second person', async () => {
    let posted: unknown
    let answered = false
    api = mockApi(
      route('POST', `/businesses/${BUSINESS}/risk/override`, (call) => {
        posted = call.body
        answered = true
        return { status: 202, data: { id: AUTHORIZATION, type: 'RISK_TIER_OVERRIDE', status: 'PENDING' } }
      }),
      (call) => (call.path === '/authorizations/pending' ? { data: answered ? [pendingOverride] : [] } : undefined),
      ...reads(MEDIUM),
    )
    renderWithClient(<BusinessRiskSection businessId={BUSINESS} canOverride />)
    const opener = await screen.findByRole('button', { name: 'Override tier' })
    opener.focus()
    fireEvent.click(opener)
    const dialog = await screen.findByRole('dialog', { name: 'Override the risk tier' })
    const tier = within(dialog).getByLabelText(/New tier/)
    expect(tier).toHaveFocus()
    // The tier in force is not offered.
    expect(within(tier).queryByRole('option', { name: 'Medium' })).toBeNull()

    fireEvent.click(within(dialog).getByRole('button', { name: 'Request the override' }))
    expect(await within(dialog).findByText('must be LOW, MEDIUM or HIGH')).toBeInTheDocument()
    expect(within(dialog).getByText(/A reason has at least 3 characters/)).toBeInTheDocument()
    expect(posted).toBeUndefined()

    fireEvent.change(tier, { target: { value: 'HIGH' } })
    fireEvent.change(within(dialog).getByLabelText(/Reason/), { target: { value: 'Cash-intensive trade the score misses' } })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Request the override' }))
    await waitFor(() => expect(posted).toEqual({ tier: 'HIGH', reason: 'Cash-intensive trade the score misses' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(await screen.findByText(/Sent for approval/)).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Override tier' })).toBeNull()
    expect(opener).not.toBeInTheDocument()
  })

  it('shows a refusal of the API in the dialog', async () => {
    api = mockApi(
      route(
        'POST',
        `/businesses/${BUSINESS}/risk/override`,
        apiError(409, 'CONFLICT', 'A request to override this tier is already waiting'),
      ),
      ...reads(MEDIUM),
    )
    renderWithClient(<BusinessRiskSection businessId={BUSINESS} canOverride />)
    fireEvent.click(await screen.findByRole('button', { name: 'Override tier' }))
    const dialog = await screen.findByRole('dialog', { name: 'Override the risk tier' })
    fireEvent.change(within(dialog).getByLabelText(/New tier/), { target: { value: 'LOW' } })
    fireEvent.change(within(dialog).getByLabelText(/Reason/), { target: { value: 'Long relationship' } })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Request the override' }))
    expect(await within(dialog).findByText(/already waiting/)).toBeInTheDocument()
  })

  it('shows a pending override request on the business and offers no second one', async () => {
    api = mockApi(...reads(MEDIUM, [pendingOverride]))
    renderWithClient(<BusinessRiskSection businessId={BUSINESS} canOverride />)
    expect(await screen.findByText(/A request to override the risk tier of Adebayo Foods Limited to high/)).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'See the request' })).toHaveAttribute(
      'href',
      `/s/admin/authorizations/details?id=${AUTHORIZATION}`,
    )
    expect(screen.queryByRole('button', { name: 'Override tier' })).toBeNull()
  })

  it('explains why a prohibited or an unassessed business cannot be overridden', async () => {
    api = mockApi(...reads({ ...MEDIUM, tier: 'PROHIBITED', computedTier: 'PROHIBITED' }))
    const { unmount } = renderWithClient(<BusinessRiskSection businessId={BUSINESS} canOverride />)
    expect(await screen.findByText(/a true sanctions match makes the business prohibited/)).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Override tier' })).toBeNull()
    unmount()
    api.restore()

    api = mockApi(...reads(null))
    renderWithClient(<BusinessRiskSection businessId={BUSINESS} canOverride />)
    expect(
      await screen.findByText(/cannot be overridden yet: the business is assessed when its KYC is submitted/),
    ).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Override tier' })).toBeNull()
  })

  it('offers no override to staff without the permission', async () => {
    api = mockApi(...reads(MEDIUM))
    renderWithClient(<BusinessRiskSection businessId={BUSINESS} />)
    expect(await screen.findByText(/Standard due diligence/)).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Override tier' })).toBeNull()
  })
})
