import { QueryClientProvider } from '@tanstack/react-query'
import { fireEvent, screen, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { FeeCharge, FeeClient, FeeRecord } from '@/lib/contracts/fees'
import { mockApi, renderWithClient, route } from '@/tests/components/admin-api-mock'
import { mockRouter } from '@/tests/components/router-mock'
import { FeesTab } from '../fees-tab'

const router = mockRouter({
  pathname: '/s/admin/reports',
  query: { tab: 'fees' } as Record<string, string>,
  isReady: true,
  replace: vi.fn(async () => true),
  push: vi.fn(),
  events: { on: vi.fn(), off: vi.fn() },
})
vi.mock('next/router', () => import('@/tests/components/router-mock'))

const CLIENT: FeeClient = {
  id: '11111111-1111-4111-8111-111111111111',
  name: 'Payments',
  code: 'PAY',
  description: null,
  isActive: true,
}
const charge = (n: number): FeeCharge => ({
  id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  chargedAt: '2026-05-02T10:15:00.000Z',
  businessName: `Business ${n}`,
  businessId: null,
  divisionId: CLIENT.id,
  divisionName: CLIENT.name,
  serviceType: 'BVN',
  serviceName: 'BVN verification',
  providerCode: 'MANUAL',
  amount: 150,
  noFee: false,
})
const fee = (n: number): FeeRecord => ({
  id: `00000000-0000-4000-9000-${String(n).padStart(12, '0')}`,
  divisionId: CLIENT.id,
  divisionName: `Client ${n}`,
  serviceDetailId: '22222222-2222-4222-8222-222222222222',
  serviceType: 'BVN',
  serviceName: 'BVN verification',
  providerCode: 'MANUAL',
  amount: 100 + n,
  effectiveFrom: '2030-01-01',
  active: true,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
})
/** Page `pageNumber` of 12 rows, 10 a page. */
const pageOf = <T,>(make: (n: number) => T, pageNumber: number) => {
  const first = (pageNumber - 1) * 10 + 1
  const count = Math.min(10, 12 - first + 1)
  return {
    content: Array.from({ length: count }, (_, i) => make(first + i)),
    pageNumber,
    pageSize: 10,
    totalElements: 12,
    totalPages: 2,
  }
}
const noTotals = { rows: [], total: { charges: 0, amount: 0 } }

let api: ReturnType<typeof mockApi>
beforeEach(() => {
  router.query = { tab: 'fees' }
  router.replace.mockClear()
  api = mockApi(
    route('GET', '/fees/clients', { data: [CLIENT] }),
    route('GET', '/kyc-service-details', { data: [] }),
    route('GET', '/fees/reports/aggregates', { data: noTotals }),
    route('GET', '/fees/reports/aggregates/kyc', { data: noTotals }),
    route('POST', '/fees/reports', (call) => ({ data: pageOf(charge, (call.body as { pageNumber: number }).pageNumber) })),
    route('GET', '/fees/search', (call) => ({ data: pageOf(fee, Number(call.query.get('pageNumber'))) })),
  )
})
afterEach(() => api.restore())

const lastCall = (method: string, path: string) => api.calls.filter((c) => c.method === method && c.path === path).at(-1)!

describe('Fees tab', () => {
  it('pages the charges in the URL (chargesPage): page 2 asks the API for page 2 and shows it', async () => {
    const view = renderWithClient(<FeesTab canEdit={false} />)
    const charges = await screen.findByRole('table', { name: 'Charges' })
    expect(await within(charges).findByText('Business 1')).toBeInTheDocument()
    expect(lastCall('POST', '/fees/reports').body).toMatchObject({ pageNumber: 1, pageSize: 10 })

    const pages = screen.getByRole('navigation', { name: 'Charges: pages' })
    expect(within(pages).queryByRole('combobox')).not.toBeInTheDocument()
    fireEvent.click(within(pages).getByRole('button', { name: 'Next page' }))
    expect(router.replace).toHaveBeenLastCalledWith(
      expect.objectContaining({ query: { tab: 'fees', chargesPage: '2' } }),
      undefined,
      expect.anything(),
    )

    router.query = { tab: 'fees', chargesPage: '2' }
    view.rerender(
      <QueryClientProvider client={view.client}>
        <FeesTab canEdit={false} />
      </QueryClientProvider>,
    )
    expect(await screen.findByText('Business 11')).toBeInTheDocument()
    expect(lastCall('POST', '/fees/reports').body).toMatchObject({ pageNumber: 2, pageSize: 10 })
    // The other list on the tab stays on its own first page.
    expect(lastCall('GET', '/fees/search').query.get('pageNumber')).toBe('1')

    // A filter starts the charges again at page 1.
    fireEvent.change(within(screen.getByRole('search', { name: 'Filter charges' })).getByRole('combobox', { name: 'Client' }), {
      target: { value: CLIENT.id },
    })
    expect(router.replace).toHaveBeenLastCalledWith(
      expect.objectContaining({ query: { tab: 'fees', client: CLIENT.id } }),
      undefined,
      expect.anything(),
    )
  })

  it('pages the fee configuration in the URL (feePage) on its own', async () => {
    router.query = { tab: 'fees', feePage: '2' }
    renderWithClient(<FeesTab canEdit={false} />)
    const fees = await screen.findByRole('table', { name: 'Fees' })
    expect(await within(fees).findByText('Client 11')).toBeInTheDocument()
    expect(lastCall('GET', '/fees/search').query.get('pageNumber')).toBe('2')
    expect(lastCall('GET', '/fees/search').query.get('pageSize')).toBe('10')
    expect(lastCall('POST', '/fees/reports').body).toMatchObject({ pageNumber: 1 })

    fireEvent.click(
      within(screen.getByRole('navigation', { name: 'Fees: pages' })).getByRole('button', { name: 'Previous page' }),
    )
    expect(router.replace).toHaveBeenLastCalledWith(
      expect.objectContaining({ query: { tab: 'fees' } }),
      undefined,
      expect.anything(),
    )
  })
})
