import { screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { RegulatoryReturns } from '@/lib/contracts/regulatory-returns'
import { mockApi, renderWithClient, route } from '@/tests/components/admin-api-mock'
import { mockRouter } from '@/tests/components/router-mock'
import { RegulatoryReturnsTab } from '../regulatory-returns-tab'

mockRouter({
  pathname: '/s/admin/reports',
  query: { tab: 'returns', from: '2026-01-01', to: '2026-06-30' } as Record<string, string>,
  isReady: true,
  replace: vi.fn(async () => true),
  push: vi.fn(),
  events: { on: vi.fn(), off: vi.fn() },
})
vi.mock('next/router', () => import('@/tests/components/router-mock'))

const RETURNS: RegulatoryReturns = {
  period: { from: '2026-01-01', to: '2026-06-30' },
  generatedAt: '2026-11-30T10:00:00.000Z',
  onboardedByTier: [
    { tier: 'LOW', businesses: 12 },
    { tier: 'MEDIUM', businesses: 4 },
    { tier: 'HIGH', businesses: 2 },
    { tier: 'PROHIBITED', businesses: 0 },
    { tier: 'NONE', businesses: 1 },
  ],
  peps: { onboarded: 2, seniorApproved: 1, withoutSeniorApproval: 1, eddComplete: 1, eddIncomplete: 1 },
  screeningHits: { raised: 9, open: 3, falseMatches: 5, trueMatches: 1 },
  trueMatchesReported: { reported: 1, notReported: 0 },
  periodicReviews: { due: 6, done: 4, overdue: 2 },
  deferralsOutstanding: { outstanding: 3, overdue: 1 },
}

let api: ReturnType<typeof mockApi>
afterEach(() => api.restore())

describe('RegulatoryReturnsTab', () => {
  it('counts the period in the address and shows every figure, the tiers also as bars', async () => {
    api = mockApi(route('GET', '/reports/regulatory-returns', { data: RETURNS }))
    renderWithClient(<RegulatoryReturnsTab />)
    const bars = await screen.findByRole('list', { name: 'Businesses onboarded in the period, by risk tier' })
    expect(
      within(bars)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Low12', 'Medium4', 'High2', 'Prohibited0', 'Not assessed1'])
    const call = api.calls.find((c) => c.path === '/reports/regulatory-returns')!
    expect(Object.fromEntries(call.query)).toEqual({ from: '2026-01-01', to: '2026-06-30' })
    expect(screen.getByRole('row', { name: /True matches reported to the NFIU/ })).toHaveTextContent('1')
    expect(screen.getByRole('row', { name: /Overdue/ })).toHaveTextContent('2')
    expect(screen.getByLabelText('From')).toHaveValue('2026-01-01')
  })
})
