import { screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import type { BusinessRisk } from '@/lib/contracts/risk'
import { mockApi, page, renderWithClient, route } from '@/tests/components/admin-api-mock'
import { BusinessRiskSection } from '../business-risk-section'

const BUSINESS = '44444444-4444-4444-8444-444444444444'

const HIGH: BusinessRisk = {
  tier: 'HIGH',
  computedTier: 'HIGH',
  score: 62,
  modelVersion: 2,
  factors: [
    {
      code: 'SECTOR',
      label: 'Sector',
      points: 30,
      detail: 'Financial Services is a higher-risk sector',
      source: 'businesses.category',
    },
    {
      code: 'PEP_DECLARED',
      label: 'Politically exposed person',
      points: 32,
      detail: 'Ada Obi declared a PEP',
      source: 'means_of_ids.pep_status',
    },
  ],
  assessedAt: '2026-11-29T09:00:00.000Z',
  reason: 'KYC_SUBMITTED',
  firstApproval: { approvedBy: 'Aisha Bello', approvedAt: '2026-11-29T10:00:00.000Z' },
}

let api: ReturnType<typeof mockApi>
afterEach(() => api.restore())

describe('BusinessRiskSection', () => {
  it('shows the tier, what it asks, each factor with its points and source, the senior approval awaited and the history', async () => {
    api = mockApi(
      route('GET', `/businesses/${BUSINESS}/risk`, { data: HIGH }),
      route('GET', `/businesses/${BUSINESS}/risk/history`, {
        data: page([
          {
            id: '1',
            tier: 'HIGH',
            score: 62,
            modelVersion: 2,
            factors: [],
            reason: 'KYC_SUBMITTED',
            assessedAt: HIGH.assessedAt,
          },
        ]),
      }),
    )
    renderWithClient(<BusinessRiskSection businessId={BUSINESS} />)
    const section = await screen.findByRole('region', { name: 'Risk' })
    expect(await within(section).findByText('High risk')).toBeInTheDocument()
    expect(within(section).getByText(/a senior manager \(not the first approver\) must approve/)).toBeInTheDocument()
    expect(within(section).getByRole('note')).toHaveTextContent('Approved by Aisha Bello on')
    const row = within(section).getByRole('row', { name: /Sector/ })
    expect(row).toHaveTextContent('Financial Services is a higher-risk sector')
    expect(row).toHaveTextContent('+30')
    expect(within(section).getByRole('row', { name: /Total/ })).toHaveTextContent('62')
    expect(await within(section).findByText(/High \(62 points, model version 2\), kyc submitted/)).toBeInTheDocument()
  })

  it('says when the business has not been assessed yet', async () => {
    api = mockApi(route('GET', `/businesses/${BUSINESS}/risk`, { data: null }))
    renderWithClient(<BusinessRiskSection businessId={BUSINESS} />)
    expect(await screen.findByText(/Not assessed yet/)).toBeInTheDocument()
  })
})
