import { screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { BusinessSummary } from '@/lib/contracts/business-reports'
import { mockApi, renderWithClient, route } from '@/tests/components/admin-api-mock'
import { mockRouter } from '@/tests/components/router-mock'
import { BusinessCharts } from '../business-charts'

mockRouter({
  pathname: '/s/admin/reports',
  query: { riskTier: 'HIGH,PROHIBITED' } as Record<string, string>,
  isReady: true,
  replace: vi.fn(async () => true),
  push: vi.fn(),
  events: { on: vi.fn(), off: vi.fn() },
})
vi.mock('next/router', () => import('@/tests/components/router-mock'))

const SUMMARY: BusinessSummary = {
  from: '2026-01-01T00:00:00.000Z',
  to: '2026-11-30T00:00:00.000Z',
  total: 3,
  byStatus: [{ key: 'PENDING', label: 'Pending', count: 3 }],
  byType: [],
  byCategory: [],
  byState: [],
  byProduct: [],
  byRiskTier: [
    { key: 'LOW', label: 'Low', count: 0 },
    { key: 'MEDIUM', label: 'Medium', count: 0 },
    { key: 'HIGH', label: 'High', count: 2 },
    { key: 'PROHIBITED', label: 'Prohibited', count: 1 },
    { key: 'NOT_ASSESSED', label: 'Not assessed', count: 0 },
  ],
  byMonth: [],
}

let api: ReturnType<typeof mockApi>
afterEach(() => api.restore())

describe('BusinessCharts', () => {
  it('asks the summary for the tier filter in the address and draws the businesses by risk tier with their numbers', async () => {
    api = mockApi(route('GET', '/reports/businesses/summary', { data: SUMMARY }))
    renderWithClient(<BusinessCharts />)
    const bars = await screen.findByRole('list', { name: 'By risk tier' })
    expect(
      within(bars)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['High2', 'Prohibited1'])
    expect(api.calls.find((c) => c.path === '/reports/businesses/summary')!.query.getAll('riskTier')).toEqual([
      'HIGH',
      'PROHIBITED',
    ])
  })
})
