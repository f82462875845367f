import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { AdminBusinessList } from '@/features/admin-businesses/components/admin-business-list'
import { businessFilterDefinitions, toApiQuery } from '@/features/admin-businesses/model/business-list-filters'
import { SYSTEM_ROLES } from '@/lib/permissions/roles'
import {
  business,
  CATEGORY,
  mockApi,
  page,
  renderWithClient,
  route,
  STAFF_ID,
  TYPE,
  type Call,
} from '@/tests/components/admin-api-mock'
import { polyfillDialog } from '@/tests/components/dialog-polyfill'
import { mockRouter } from '@/tests/components/router-mock'

const router = mockRouter({
  pathname: '/s/admin/businesses',
  query: {} as Record<string, string>,
  isReady: true,
  replace: vi.fn(async () => true),
  push: vi.fn(),
})
vi.mock('next/router', () => import('@/tests/components/router-mock'))
polyfillDialog()

const roleOf = (name: string) => [...SYSTEM_ROLES.find((r) => r.name === name)!.permissions] as string[]
const reference = [
  route('GET', '/business-types', { data: [TYPE] }),
  route('GET', '/business-categories', { data: [CATEGORY] }),
  route('GET', '/products', {
    data: page([{ id: '55555555-5555-4555-8555-555555555555', name: 'Payment gateway', code: 'PAYGATE' }]),
  }),
]

let api: ReturnType<typeof mockApi>
afterEach(() => {
  api?.restore()
  router.query = {}
})

const listCalls = (calls: Call[]) => calls.filter((c) => c.method === 'GET' && c.path === '/businesses')

describe('business list filters', () => {
  it('offers every filter of spec section 3 and hides the ones a screen fixes', () => {
    const keys = businessFilterDefinitions({ currentUserId: STAFF_ID }).map((f) => f.key)
    const specSection3 =
      'businessName regNo approvalStatus kycDetailsCompleted typeId categoryId productId createdBy from to archiveStatus recentFirst'
    // Plus the risk tier in force (docs/risk.md#the-tier-in-the-lists), before the order.
    expect(keys).toEqual(specSection3.replace('recentFirst', 'riskTier recentFirst').split(' '))
    expect(businessFilterDefinitions({ currentUserId: STAFF_ID, hidden: ['approvalStatus'] }).map((f) => f.key)).not.toContain(
      'approvalStatus',
    )
  })

  it('turns the URL into the API query: archive "all" repeats the filter, the screen’s fixed filters win', () => {
    const query = toApiQuery(
      { pageNumber: 2, pageSize: 20, filters: { businessName: 'foods', archiveStatus: 'ALL', approvalStatus: 'PENDING' } },
      { approvalStatus: 'APPROVED' },
    )
    expect(query).toEqual([
      ['pageNumber', '2'],
      ['pageSize', '20'],
      ['businessName', 'foods'],
      ['archiveStatus', 'ACTIVE'],
      ['archiveStatus', 'ARCHIVED'],
      ['approvalStatus', 'APPROVED'],
    ])
  })
})

describe('the risk tier filter', () => {
  it('offers each tier, high or prohibited together, and not assessed; several go to the API repeated', () => {
    const filter = businessFilterDefinitions({ currentUserId: STAFF_ID }).find((f) => f.key === 'riskTier')!
    expect(filter.label).toBe('Risk tier')
    expect(filter.options?.map((o) => o.label)).toEqual([
      'Low',
      'Medium',
      'High',
      'Prohibited',
      'High or prohibited',
      'Not assessed',
    ])
    const query = toApiQuery({ pageNumber: 1, pageSize: 20, filters: { riskTier: 'HIGH,PROHIBITED' } })
    expect(query.filter(([key]) => key === 'riskTier')).toEqual([
      ['riskTier', 'HIGH'],
      ['riskTier', 'PROHIBITED'],
    ])
  })
})

describe('AdminBusinessList', () => {
  it('shows each business’s risk tier in words and sends the tier filter from the URL', async () => {
    router.query = { riskTier: 'HIGH,PROHIBITED' }
    api = mockApi(
      ...reference,
      route('GET', '/businesses', {
        data: page([
          business({ name: 'Lekki Exchange', riskTier: 'HIGH' }),
          business({ name: 'Ikeja Bakery', riskTier: 'LOW' }),
          business({ name: 'Aba Shoes', riskTier: null }),
        ]),
      }),
    )
    renderWithClient(<AdminBusinessList variant="all" permissions={roleOf('AUDITOR')} currentUserId={STAFF_ID} />)
    await screen.findByRole('link', { name: 'Lekki Exchange' })
    expect(screen.getByRole('columnheader', { name: /^Status and risk/ })).toBeInTheDocument()
    const rowOf = (name: string) => screen.getByRole('link', { name }).closest('tr')!
    expect(within(rowOf('Lekki Exchange')).getByText('High risk')).toBeInTheDocument()
    expect(within(rowOf('Ikeja Bakery')).getByText('Low risk')).toBeInTheDocument()
    expect(within(rowOf('Aba Shoes')).getByText('Not assessed')).toBeInTheDocument()
    expect(listCalls(api.calls)[0]!.query.getAll('riskTier')).toEqual(['HIGH', 'PROHIBITED'])
    expect(screen.getByLabelText('Risk tier')).toHaveValue('HIGH,PROHIBITED')
  })

  it('lists businesses with the URL’s filters and archives one with a reason (officer)', async () => {
    const row = business({ name: 'Zenith Grains Limited' })
    router.query = { businessName: 'grains', archiveStatus: 'ALL' }
    api = mockApi(
      ...reference,
      route('GET', '/businesses', { data: page([row]) }),
      route('POST', `/archive/business/${row.id}`, { data: { ...row, archiveStatus: 'ARCHIVED' } }),
    )
    renderWithClient(<AdminBusinessList variant="all" permissions={roleOf('ONBOARDING_OFFICER')} currentUserId={STAFF_ID} />)

    const link = await screen.findByRole('link', { name: 'Zenith Grains Limited' })
    expect(link).toHaveAttribute('href', `/s/admin/approvals/business/business-preview?id=${row.id}`)
    const sent = listCalls(api.calls)[0]!.query
    expect(sent.get('businessName')).toBe('grains')
    expect(sent.getAll('archiveStatus')).toEqual(['ACTIVE', 'ARCHIVED'])
    expect(screen.getByRole('link', { name: 'Register a business' })).toHaveAttribute('href', '/s/admin/businesses/create')

    fireEvent.click(screen.getByRole('button', { name: 'Archive Zenith Grains Limited' }))
    const dialog = await screen.findByRole('alertdialog')
    fireEvent.click(within(dialog).getByRole('button', { name: 'Archive' }))
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Give a reason')
    expect(api.calls.some((c) => c.method === 'POST')).toBe(false)
    fireEvent.change(within(dialog).getByLabelText(/Reason/), { target: { value: 'Duplicate profile' } })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Archive' }))
    await waitFor(() => expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({ reason: 'Duplicate profile' }))
  })

  it('shows no action the user may not take (auditor): no archive, no register link', async () => {
    api = mockApi(...reference, route('GET', '/businesses', { data: page([business({ name: 'Kano Textiles' })]) }))
    renderWithClient(<AdminBusinessList variant="all" permissions={roleOf('AUDITOR')} currentUserId={STAFF_ID} />)
    await screen.findByRole('link', { name: 'Kano Textiles' })
    expect(screen.queryByRole('button', { name: /Archive/ })).not.toBeInTheDocument()
    expect(screen.queryByRole('link', { name: 'Register a business' })).not.toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Download CSV' })).toBeInTheDocument()
  })

  it('blocked list: asks the API for blocked businesses and shows why and since when', async () => {
    const row = business({
      name: 'Onitsha Motors',
      approvalStatus: 'APPROVED',
      blocked: true,
      blockedReasons: ['Recertification was due on 31-Jan-2026', 'Deferral for CAC 7 overdue since 10-Feb-2026'],
    })
    api = mockApi(...reference, route('GET', '/businesses', { data: page([row]) }))
    renderWithClient(<AdminBusinessList variant="blocked" permissions={roleOf('AUDITOR')} currentUserId={STAFF_ID} />)
    expect(await screen.findByText('Deferral for CAC 7 overdue since 10-Feb-2026')).toBeInTheDocument()
    expect(screen.getByText('Recertification was due on 31-Jan-2026')).toBeInTheDocument()
    expect(listCalls(api.calls)[0]!.query.get('blocked')).toBe('true')
  })

  it('registered list: approved only, with recertification dates that a reviewer may move', async () => {
    const row = business({
      name: 'Ibadan Foods',
      approvalStatus: 'APPROVED',
      approvedAt: '2026-01-10T10:00:00.000Z',
      recertificationDate: '2027-01-10',
    })
    api = mockApi(
      ...reference,
      route('GET', '/businesses', { data: page([row]) }),
      route('PUT', '/businesses/set-recertification-date', (c) => ({
        data: { ...row, recertificationDate: (c.body as { date: string }).date },
      })),
    )
    renderWithClient(<AdminBusinessList variant="registered" permissions={roleOf('APPROVER')} currentUserId={STAFF_ID} />)
    await screen.findByRole('link', { name: 'Ibadan Foods' })
    expect(listCalls(api.calls)[0]!.query.get('approvalStatus')).toBe('APPROVED')
    expect(screen.queryByLabelText('Approval status')).not.toBeInTheDocument()
    expect(screen.getByText('10-Jan-2027')).toBeInTheDocument()

    fireEvent.click(screen.getByRole('button', { name: 'Set recertification date of Ibadan Foods' }))
    const dialog = await screen.findByRole('alertdialog')
    fireEvent.change(within(dialog).getByLabelText('New recertification date'), { target: { value: '2028-03-01' } })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save the date' }))
    await waitFor(() =>
      expect(api.calls.find((c) => c.method === 'PUT')?.body).toEqual({ businessId: row.id, date: '2028-03-01' }),
    )
  })

  it('sorts by name, status and dates through the URL, and says so with aria-sort', async () => {
    router.query = { sort: 'name,asc', businessName: 'foods' }
    api = mockApi(...reference, route('GET', '/businesses', { data: page([business({ name: 'Ibadan Foods' })]) }))
    renderWithClient(<AdminBusinessList variant="all" permissions={roleOf('AUDITOR')} currentUserId={STAFF_ID} />)
    await screen.findByRole('link', { name: 'Ibadan Foods' })
    expect(listCalls(api.calls)[0]!.query.get('sort')).toBe('name,asc')
    expect(screen.getByRole('columnheader', { name: /^Business/ })).toHaveAttribute('aria-sort', 'ascending')
    for (const name of ['Status', 'Registered on'])
      expect(within(screen.getByRole('columnheader', { name: new RegExp(`^${name}`) })).getByRole('button')).toBeInTheDocument()

    router.replace.mockClear()
    fireEvent.click(within(screen.getByRole('columnheader', { name: /^Business/ })).getByRole('button'))
    expect(router.replace).toHaveBeenCalledWith(
      { pathname: '/s/admin/businesses', query: { sort: 'name,desc', businessName: 'foods' } },
      undefined,
      { shallow: true, scroll: false },
    )
    // A sort the API does not offer is not sent.
    api.restore()
    router.query = { sort: 'regNo,asc' }
    api = mockApi(...reference, route('GET', '/businesses', { data: page([business({ name: 'Kano Textiles' })]) }))
    renderWithClient(<AdminBusinessList variant="all" permissions={roleOf('AUDITOR')} currentUserId={STAFF_ID} />)
    await screen.findByRole('link', { name: 'Kano Textiles' })
    expect(listCalls(api.calls)[0]!.query.get('sort')).toBeNull()
  })

  it('registered list: the two dates it exists for, sortable, and the registration number under the name', async () => {
    router.query = { sort: 'recertificationDate,desc' }
    const row = business({
      name: 'Ibadan Foods',
      regNo: 'RC7654321',
      approvalStatus: 'APPROVED',
      approvedAt: '2026-01-10T10:00:00.000Z',
      recertificationDate: '2027-01-10',
    })
    api = mockApi(...reference, route('GET', '/businesses', { data: page([row]) }))
    renderWithClient(<AdminBusinessList variant="registered" permissions={roleOf('APPROVER')} currentUserId={STAFF_ID} />)
    const name = await screen.findByRole('rowheader', { name: /Ibadan Foods/ })
    expect(name).toHaveTextContent('RC7654321')
    expect(listCalls(api.calls)[0]!.query.get('sort')).toBe('recertificationDate,desc')
    expect(screen.getByRole('columnheader', { name: /^Recertification/ })).toHaveAttribute('aria-sort', 'descending')
    expect(screen.getByRole('columnheader', { name: /^Approved on/ })).not.toHaveAttribute('aria-sort')
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Business',
      'Status and risk',
      'Type and category',
      'Approved on',
      'Recertification',
      'Actions',
    ])
  })

  it('opens a review with the way back to this list and its filters', async () => {
    const row = business({ name: 'Zenith Grains Limited' })
    router.query = { businessName: 'grains' }
    Object.assign(router, { asPath: '/s/admin/businesses?businessName=grains' })
    api = mockApi(...reference, route('GET', '/businesses', { data: page([row]) }))
    renderWithClient(<AdminBusinessList variant="all" permissions={roleOf('AUDITOR')} currentUserId={STAFF_ID} />)
    const link = await screen.findByRole('link', { name: 'Zenith Grains Limited' })
    const href = new URL(link.getAttribute('href')!, 'http://x')
    expect(href.pathname).toBe('/s/admin/approvals/business/business-preview')
    expect(href.searchParams.get('id')).toBe(row.id)
    expect(href.searchParams.get('from')).toBe('/s/admin/businesses?businessName=grains')
    Object.assign(router, { asPath: undefined })
  })
})
