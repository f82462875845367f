import type { ParsedUrlQuery } from 'node:querystring'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { business, BUSINESS_ID } from '@/tests/components/business-fixtures'
import { mockApi, renderWithClient, route } from '@/tests/components/mock-api'
import { mockRouter } from '@/tests/components/router-mock'
import { ExistingProfilePanel } from '../existing-profile-panel'
import { MyBusinesses } from '../my-businesses'

const router = mockRouter({
  pathname: '/s/businesses',
  query: {} as ParsedUrlQuery,
  isReady: true,
  push: vi.fn(async () => true),
  replace: vi.fn(async (..._args: unknown[]) => true),
})
vi.mock('next/router', () => import('@/tests/components/router-mock'))

let api: ReturnType<typeof mockApi>
beforeEach(() => {
  router.query = {}
  router.push.mockClear()
  router.replace.mockClear()
  sessionStorage.clear()
})
afterEach(() => api.restore())

describe('MyBusinesses', () => {
  it('leads a user without a business to register one', async () => {
    api = mockApi(route('GET', '/businesses/user-businesses/me', { data: [] }))
    renderWithClient(<MyBusinesses />)
    expect(await screen.findByRole('heading', { name: 'You have no business yet' })).toBeInTheDocument()
    for (const link of screen.getAllByRole('link', { name: 'Register a business' }))
      expect(link).toHaveAttribute('href', '/s/businesses/create-business')
  })

  it('lists the businesses with their status and KYC state; opening one chooses it and goes to its dashboard', async () => {
    const other = business({
      id: '66666666-6666-4666-8666-666666666666',
      name: 'Kano Grains',
      regNo: 'BN7654321',
      approvalStatus: 'APPROVED',
      kycDetailsCompleted: true,
      role: 'BUSINESS_MEMBER',
    })
    api = mockApi(
      route('GET', '/businesses/user-businesses/me', {
        data: [{ ...business({ blocked: true }), role: 'BUSINESS_OWNER' }, other],
      }),
    )
    renderWithClient(<MyBusinesses />)

    const list = await screen.findByRole('list', { name: 'Your businesses' })
    const [first, second] = within(list).getAllByRole('listitem')
    // Blocked wins over pending (lib/status businessStatus); the KYC says "submitted", never "completed".
    expect(within(first!).getByText('KYC not submitted')).toBeInTheDocument()
    expect(within(first!).getByText('Blocked')).toBeInTheDocument()
    expect(first).toHaveTextContent('RC1234567 · Your role: Owner')
    expect(within(second!).getByText('Approved')).toBeInTheDocument()
    expect(within(second!).getByText('KYC approved')).toBeInTheDocument()

    fireEvent.click(within(first!).getByRole('button', { name: 'Open Adebayo Foods Limited' }))
    await waitFor(() => expect(router.push).toHaveBeenCalledWith(`/s/businesses/dashboard-details?businessId=${BUSINESS_ID}`))
    expect(sessionStorage.getItem('businessId')).toBe(BUSINESS_ID)
  })

  it('searches through the searchable endpoint with the key kept in the URL', async () => {
    router.query = { searchKey: 'kano' }
    api = mockApi(route('GET', '/businesses/searchable-user-businesses/me', { data: [] }))
    renderWithClient(<MyBusinesses />)
    expect(await screen.findByRole('heading', { name: 'No business matches your search' })).toBeInTheDocument()
    expect(api.calls[0]!.url).toBe('/businesses/searchable-user-businesses/me?searchKey=kano')

    fireEvent.change(screen.getByLabelText('Search by name or registration number'), { target: { value: 'RC12' } })
    await waitFor(() => expect(router.replace).toHaveBeenCalled())
    expect(router.replace.mock.calls.at(-1)![0]).toMatchObject({ query: { searchKey: 'RC12' } })
  })
})

describe('ExistingProfilePanel', () => {
  it('finds a business by registration number, shows only its masked name, and asks its owners for access', async () => {
    api = mockApi(
      route('GET', '/existing-profile', { data: { exists: true, maskedName: 'Ad***** Fo*** Li*****' } }),
      route('POST', '/existing-profile', {
        status: 201,
        data: { id: 'r1', status: 'PENDING', maskedName: 'Ad***** Fo*** Li*****' },
      }),
    )
    renderWithClient(<ExistingProfilePanel />)
    fireEvent.change(await screen.findByLabelText(/^Registration number or business e-mail/), { target: { value: 'RC1234567' } })
    fireEvent.click(screen.getByRole('button', { name: 'Find the business' }))

    expect(await screen.findByText('Ad***** Fo*** Li*****')).toBeInTheDocument()
    expect(api.calls[0]!.url).toBe('/existing-profile?identifier=RC1234567&type=business')
    fireEvent.change(screen.getByLabelText(/^Message to the owners/), { target: { value: 'I am the accountant' } })
    fireEvent.click(screen.getByRole('button', { name: 'Ask for access' }))

    expect(await screen.findByRole('status')).toHaveTextContent('Request sent. The owners of Ad***** Fo*** Li***** will decide')
    expect(api.calls.find((c) => c.method === 'POST')).toMatchObject({
      url: '/existing-profile?type=business',
      body: { identifier: 'RC1234567', message: 'I am the accountant' },
    })
  })

  it('says when nothing matches and offers to register it', async () => {
    api = mockApi(route('GET', '/existing-profile', { data: { exists: false, maskedName: null } }))
    renderWithClient(<ExistingProfilePanel />)
    fireEvent.change(await screen.findByLabelText(/^Registration number or business e-mail/), {
      target: { value: 'info@nobody.ng' },
    })
    fireEvent.click(screen.getByRole('button', { name: 'Find the business' }))
    expect(await screen.findByText(/No business matches “info@nobody.ng”/)).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Register it' })).toHaveAttribute('href', '/s/businesses/create-business')
    expect(screen.queryByRole('button', { name: 'Ask for access' })).not.toBeInTheDocument()
  })
})
