import { screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { BusinessSummary } from '@/lib/contracts/business-reports'
import { mockApi, renderWithClient, route } from '@/tests/components/admin-api-mock'
import { mockRouter } from '@/tests/components/router-mock'
import { BusinessSummaryScreen } from '../business-summary'

mockRouter({
  pathname: '/s/admin/businesses/registered/summary',
  query: {} as Record<string, string>,
  isReady: true,
  replace: vi.fn(async () => true),
  push: vi.fn(),
  events: { on: vi.fn(), off: vi.fn() },
})
vi.mock('next/router', () => import('@/tests/components/router-mock'))
// chart.js draws on a canvas jsdom lacks; the figures are the table's (the chart is lazy-loaded, next/dynamic).
vi.mock('../summary-charts', () => ({ CountsChart: () => null, MonthlyChart: () => null }))

const SUMMARY: BusinessSummary = {
  from: '2026-01-01T00:00:00.000Z',
  to: '2026-11-30T00:00:00.000Z',
  total: 10,
  byStatus: [
    { key: 'PENDING', label: 'Pending', count: 4 },
    { key: 'APPROVED', label: 'Approved', count: 6 },
    { key: 'DECLINED', label: 'Declined', count: 0 },
  ],
  byType: [],
  byCategory: [],
  byState: [],
  byProduct: [],
  byRiskTier: [
    { key: 'LOW', label: 'Low', count: 5 },
    { key: 'MEDIUM', label: 'Medium', count: 2 },
    { key: 'HIGH', label: 'High', count: 1 },
    { key: 'PROHIBITED', label: 'Prohibited', count: 0 },
    { key: 'NOT_ASSESSED', label: 'Not assessed', count: 2 },
  ],
  byMonth: [{ month: '2026-11', registered: 10, approved: 6 }],
}

let api: ReturnType<typeof mockApi>
afterEach(() => api.restore())

describe('BusinessSummaryScreen', () => {
  it('shows the businesses by risk tier in a table of every tier beside its chart, not assessed included', async () => {
    api = mockApi(route('GET', '/reports/businesses/summary', { data: SUMMARY }))
    renderWithClient(<BusinessSummaryScreen />)
    const panel = await screen.findByRole('region', { name: 'By risk tier' })
    const table = within(panel).getByRole('table', { name: 'By risk tier' })
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((r) => r.textContent)
    expect(rows).toEqual(['Low5', 'Medium2', 'High1', 'Prohibited0', 'Not assessed2'])
  })
})
