import { screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { SYSTEM_ROLES } from '@/lib/permissions'
import { BusinessDashboard } from '../business-dashboard'
import { outstandingItems } from '../outstanding'
import { apiError, business, BUSINESS_ID, CATEGORIES, mockApi, renderWithClient, route, TYPES } from './api-mock'

vi.mock('next/router', () => ({ useRouter: () => ({ pathname: '/s/businesses/dashboard-details', query: {}, isReady: true, push: vi.fn() }) }))

const owner = new Set<string>(SYSTEM_ROLES.find((r) => r.name === 'BUSINESS_OWNER')!.permissions)
const member = new Set<string>(SYSTEM_ROLES.find((r) => r.name === 'BUSINESS_MEMBER')!.permissions)
const reference = [route('GET', '/business-types', { data: TYPES }), route('GET', '/business-categories', { data: CATEGORIES })]

let api: ReturnType<typeof mockApi>
afterEach(() => {
  api.restore()
  sessionStorage.clear()
})

describe('BusinessDashboard', () => {
  it('shows the business, what is outstanding, its products and how many users it has', async () => {
    api = mockApi(
      ...reference,
      route('GET', `/businesses/${BUSINESS_ID}`, { data: business() }),
      route('GET', `/businesses/${BUSINESS_ID}/products`, { data: [] }),
      route('GET', `/businesses/${BUSINESS_ID}/users`, { data: { content: [], pageNumber: 1, pageSize: 1, totalElements: 3, totalPages: 3 } }),
    )
    renderWithClient(<BusinessDashboard businessId={BUSINESS_ID} permissions={owner} />)

    expect(await screen.findByRole('heading', { name: 'Adebayo Foods Limited' })).toBeInTheDocument()
    expect(screen.getByText('KYC not completed')).toBeInTheDocument()
    expect(await screen.findByText('Private Limited Company')).toBeInTheDocument()
    const outstanding = await screen.findByRole('list', { name: 'Outstanding' })
    await within(outstanding).findByText('No products yet')
    expect(within(outstanding).getAllByRole('listitem').map((li) => li.querySelector('strong')?.textContent)).toEqual([
      'Complete your KYC',
      'Pending approval',
      'No products yet',
    ])
    expect(within(outstanding).getByRole('link', { name: 'Continue KYC' })).toHaveAttribute('href', `/s/businesses/dashboard-details/kyc?businessId=${BUSINESS_ID}`)
    expect(within(outstanding).getByRole('link', { name: 'Browse products' })).toHaveAttribute('href', '/s/products')
    expect(await screen.findByText('3 users')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Manage users' })).toHaveAttribute('href', `/s/businesses/manage-users?businessId=${BUSINESS_ID}`)
    expect(api.calls.some((c) => c.url.startsWith(`/businesses/${BUSINESS_ID}/users?`) && c.url.includes('pageSize=1'))).toBe(true)
  })

  it('shows why a business is blocked, and does not count users for a member who may not read them', async () => {
    api = mockApi(
      ...reference,
      route('GET', `/businesses/${BUSINESS_ID}`, {
        data: business({ approvalStatus: 'APPROVED', kycDetailsCompleted: true, blocked: true, blockedReasons: ['Recertification was due on 2020-01-01'], recertificationDate: '2020-01-01' }),
      }),
      route('GET', `/businesses/${BUSINESS_ID}/products`, { data: [{ id: 'p1', name: 'Payment gateway', status: 'APPROVED' }] }),
    )
    renderWithClient(<BusinessDashboard businessId={BUSINESS_ID} permissions={member} />)

    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('This business is blocked')
    expect(alert).toHaveTextContent('Recertification was due on 2020-01-01')
    expect(await screen.findByText('Payment gateway')).toBeInTheDocument()
    const outstanding = screen.getByRole('list', { name: 'Outstanding' })
    expect(within(outstanding).getByText('Recertification overdue')).toBeInTheDocument()
    expect(screen.queryByRole('link', { name: 'Manage users' })).not.toBeInTheDocument()
    expect(api.calls.some((c) => c.url.includes('/users'))).toBe(false)
  })

  it('answers a business that is not the user’s with a not-found state and forgets it as the chosen one', async () => {
    sessionStorage.setItem('businessId', BUSINESS_ID)
    api = mockApi(route('GET', `/businesses/${BUSINESS_ID}`, apiError(404, 'NOT_FOUND', 'Business not found')))
    renderWithClient(<BusinessDashboard businessId={BUSINESS_ID} permissions={owner} />)
    expect(await screen.findByRole('heading', { name: "We couldn't find this business" })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Choose a business' })).toHaveAttribute('href', '/s/businesses')
    expect(sessionStorage.getItem('businessId')).toBeNull()
  })
})

describe('outstandingItems', () => {
  const now = new Date(2026, 5, 1)
  const ids = (overrides: Record<string, unknown>, products: number | null = 1) =>
    outstandingItems(business(overrides) as Parameters<typeof outstandingItems>[0], products, now).map((i) => i.id)

  it('asks a declined business to correct and resubmit its KYC', () => {
    expect(ids({ approvalStatus: 'DECLINED', kycDetailsCompleted: true })).toEqual(['declined'])
  })
  it('waits for approval once the KYC is complete', () => {
    expect(ids({ kycDetailsCompleted: true })).toEqual(['approval'])
  })
  it('warns about recertification within 60 days and after the date', () => {
    expect(ids({ approvalStatus: 'APPROVED', kycDetailsCompleted: true, recertificationDate: '2026-07-15' })).toEqual(['recertification'])
    expect(ids({ approvalStatus: 'APPROVED', kycDetailsCompleted: true, recertificationDate: '2026-12-15' })).toEqual([])
    const overdue = outstandingItems(business({ approvalStatus: 'APPROVED', kycDetailsCompleted: true, recertificationDate: '2026-05-01' }) as Parameters<typeof outstandingItems>[0], 1, now)
    expect(overdue[0]).toMatchObject({ tone: 'danger', title: 'Recertification overdue' })
  })
  it('leads to the products only when the business has none (not while unknown)', () => {
    expect(ids({ approvalStatus: 'APPROVED', kycDetailsCompleted: true }, 0)).toEqual(['products'])
    expect(ids({ approvalStatus: 'APPROVED', kycDetailsCompleted: true }, null)).toEqual([])
  })
})
