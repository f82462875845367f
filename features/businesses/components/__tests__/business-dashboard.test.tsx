import { fireEvent, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Outstanding, OutstandingItem } from '@/lib/contracts/outstanding'
import { paths } from '@/lib/navigation/paths'
import { SYSTEM_ROLES } from '@/lib/permissions/roles'
import { business, BUSINESS_ID, CATEGORIES, TYPES } from '@/tests/components/business-fixtures'
import { apiError, mockApi, renderWithClient, route } from '@/tests/components/mock-api'
import { mockRouter } from '@/tests/components/router-mock'
import { outstandingLink } from '../../model/outstanding'
import { BusinessDashboard } from '../business-dashboard'

vi.mock('next/router', () => import('@/tests/components/router-mock'))
mockRouter({ pathname: '/s/businesses/dashboard-details', query: {}, isReady: true, push: vi.fn() })

const owner = new Set<string>(SYSTEM_ROLES.find((r) => r.name === 'BUSINESS_OWNER')!.permissions)
const member = new Set<string>(SYSTEM_ROLES.find((r) => r.name === 'BUSINESS_MEMBER')!.permissions)
const reference = [route('GET', '/business-types', { data: TYPES }), route('GET', '/business-categories', { data: CATEGORIES })]
const page = <T,>(content: T[], totalElements = content.length) => ({
  content,
  pageNumber: 1,
  pageSize: 5,
  totalElements,
  totalPages: Math.ceil(totalElements / 5),
})
const DOC_TYPE_ID = '55555555-5555-4555-8555-555555555555'

const progress = (completeSteps: number): Outstanding['kycProgress'] =>
  (['COMPANY_DETAILS', 'ADDRESSES', 'MEANS_OF_ID', 'SHAREHOLDERS', 'DOCUMENTS'] as const).map((step, i) => ({
    step,
    complete: i < completeSteps,
    gaps: i < completeSteps ? 0 : 2,
  }))

const FRESH: Outstanding = {
  kycProgress: progress(1),
  items: [
    {
      code: 'DOCUMENT_REJECTED',
      severity: 'danger',
      title: 'Certificate of Incorporation was rejected',
      message: 'Certificate of Incorporation was rejected (Blurred scan). Upload a new one.',
      target: { kind: 'KYC_DOCUMENTS', documentTypeId: DOC_TYPE_ID },
    },
    {
      code: 'KYC_STEP_INCOMPLETE',
      severity: 'warning',
      title: 'Add the addresses',
      message: 'Add the registered office address (step 2).',
      target: { kind: 'KYC_STEP', step: 'ADDRESSES' },
    },
    {
      code: 'DEFERRAL_DUE',
      severity: 'warning',
      title: 'The CAC 2 is due soon',
      message: 'Upload it by 2026-06-04.',
      target: { kind: 'KYC_DOCUMENTS', documentTypeId: DOC_TYPE_ID },
      dueDate: '2026-06-04T09:00:00.000Z',
    },
    {
      code: 'PRODUCT_REQUIREMENTS_MISSING',
      severity: 'warning',
      title: 'Complete your application for POS',
      message: 'One required item is not answered yet: Shop front photo.',
      target: { kind: 'PRODUCT', productCode: 'POS-1' },
    },
    {
      code: 'DEFERRAL_PENDING',
      severity: 'info',
      title: 'Deferral requested for the MEMART',
      message: 'Waiting for a decision.',
      target: { kind: 'DEFERRALS' },
    },
  ],
}

const deferral = (overrides: Record<string, unknown> = {}) => ({
  id: crypto.randomUUID(),
  businessId: BUSINESS_ID,
  documentType: { id: DOC_TYPE_ID, code: 'CAC_2', name: 'CAC 2 – Statement of share capital', isCac: true },
  days: 14,
  reason: 'The CAC has not issued it yet.',
  status: 'APPROVED',
  displayStatus: 'APPROVED',
  isOverdue: false,
  requestedBy: null,
  requestedAt: '2026-05-01T09:00:00.000Z',
  decidedBy: null,
  decidedAt: '2026-05-02T09:00:00.000Z',
  decisionComment: null,
  dueDate: '2026-06-04T09:00:00.000Z',
  fulfilledAt: null,
  ...overrides,
})

const product = {
  id: 'a1',
  productId: 'b1',
  code: 'POS-1',
  name: 'POS terminals',
  category: 'Payments',
  status: 'PENDING',
  createdAt: '2026-05-01T09:00:00.000Z',
  updatedAt: '2026-05-01T09:00:00.000Z',
}

let api: ReturnType<typeof mockApi>
afterEach(() => {
  api.restore()
  sessionStorage.clear()
})

const titlesOf = (list: HTMLElement) =>
  within(list)
    .getAllByRole('listitem')
    .map((li) => li.querySelector('strong')?.textContent)

describe('BusinessDashboard', () => {
  it('shows the KYC progress, the outstanding list from the API with links, the products, the deferrals and the team', async () => {
    api = mockApi(
      ...reference,
      route('GET', `/businesses/${BUSINESS_ID}`, { data: business() }),
      route('GET', `/businesses/${BUSINESS_ID}/outstanding`, { data: FRESH }),
      route('GET', `/businesses/${BUSINESS_ID}/products`, { data: [product] }),
      route('GET', `/deferrals/business-deferrals/${BUSINESS_ID}`, {
        data: page([deferral(), deferral({ status: 'PENDING', displayStatus: 'PENDING', dueDate: null, days: 21 })], 7),
      }),
      route('GET', `/businesses/${BUSINESS_ID}/users`, {
        data: { content: [], pageNumber: 1, pageSize: 1, totalElements: 3, totalPages: 3 },
      }),
    )
    renderWithClient(<BusinessDashboard businessId={BUSINESS_ID} permissions={owner} />)

    expect(await screen.findByRole('heading', { name: 'Adebayo Foods Limited' })).toBeInTheDocument()
    expect(screen.getByText('KYC not submitted')).toBeInTheDocument()

    const steps = await screen.findByRole('list', { name: 'KYC progress' })
    expect(screen.getByText('1 of 5 steps done')).toBeInTheDocument()
    const stepLinks = within(steps).getAllByRole('link')
    expect(stepLinks.map((a) => a.textContent)).toEqual([
      '✓Company detailsDone',
      '2AddressesTo do · 2 things to do',
      '3Means of IDTo do · 2 things to do',
      '4ShareholdersTo do · 2 things to do',
      '5DocumentsTo do · 2 things to do',
    ])
    expect(stepLinks[1]).toHaveAttribute('href', `/s/businesses/dashboard-details/kyc?businessId=${BUSINESS_ID}&step=ADDRESSES`)

    const outstanding = screen.getByRole('list', { name: 'Outstanding' })
    expect(titlesOf(outstanding)).toEqual([
      'Urgent: Certificate of Incorporation was rejected',
      'To do: Add the addresses',
      'To do: The CAC 2 is due soon',
      'To do: Complete your application for POS',
      'For your information: Deferral requested for the MEMART',
    ])
    expect(within(outstanding).getByText(/Blurred scan/)).toBeInTheDocument()
    expect(within(outstanding).getByText('Due 04-Jun-2026')).toBeInTheDocument()
    expect(
      within(outstanding).getByRole('link', { name: 'Upload it: Certificate of Incorporation was rejected' }),
    ).toHaveAttribute('href', `/s/businesses/kyc-document?businessId=${BUSINESS_ID}`)
    expect(within(outstanding).getByRole('link', { name: 'Continue KYC: Add the addresses' })).toHaveAttribute(
      'href',
      `/s/businesses/dashboard-details/kyc?businessId=${BUSINESS_ID}&step=ADDRESSES`,
    )
    expect(
      within(outstanding).getByRole('link', { name: 'Open the application: Complete your application for POS' }),
    ).toHaveAttribute('href', `/s/products/ProductKyc?productCode=POS-1&businessId=${BUSINESS_ID}`)
    expect(within(outstanding).getByRole('link', { name: /^See the request/ })).toHaveAttribute(
      'href',
      `/s/businesses/kyc-document?businessId=${BUSINESS_ID}#kyc-deferrals-heading`,
    )

    const products = await screen.findByRole('list', { name: 'Products' })
    expect(within(products).getByRole('link', { name: 'POS terminals' })).toHaveAttribute(
      'href',
      `/s/products/ProductKyc?productCode=POS-1&businessId=${BUSINESS_ID}`,
    )
    expect(within(products).getByText('Pending')).toBeInTheDocument()

    const deferrals = await screen.findByRole('list', { name: 'Deferral requests' })
    expect(within(deferrals).getAllByRole('listitem')).toHaveLength(2)
    expect(within(deferrals).getByText('due 04-Jun-2026')).toBeInTheDocument()
    expect(within(deferrals).getByText('21 days asked for')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'All 7 deferral requests' })).toHaveAttribute(
      'href',
      `/s/businesses/kyc-document?businessId=${BUSINESS_ID}#kyc-deferrals-heading`,
    )
    expect(api.calls.some((c) => c.url === `/deferrals/business-deferrals/${BUSINESS_ID}?pageNumber=1&pageSize=5`)).toBe(true)

    expect(await screen.findByText('3 users')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Manage users' })).toHaveAttribute(
      'href',
      `/s/businesses/manage-users?businessId=${BUSINESS_ID}`,
    )
  })

  it('shows why a business is blocked and what blocks it, and does not count users for a member who may not read them', async () => {
    const overdue: OutstandingItem = {
      code: 'RECERTIFICATION_OVERDUE',
      severity: 'danger',
      title: 'Recertification overdue',
      message: 'Recertification was due on 01-Jan-2020, and the business is blocked until you update and confirm its KYC.',
      target: { kind: 'KYC_STEP', step: 'COMPANY_DETAILS' },
      dueDate: '2020-01-01',
      blocking: true,
    }
    api = mockApi(
      ...reference,
      route('GET', `/businesses/${BUSINESS_ID}`, {
        data: business({
          approvalStatus: 'APPROVED',
          kycDetailsCompleted: true,
          blocked: true,
          blockedReasons: ['Recertification was due on 01-Jan-2020'],
          recertificationDate: '2020-01-01',
        }),
      }),
      route('GET', `/businesses/${BUSINESS_ID}/outstanding`, { data: { kycProgress: progress(5), items: [overdue] } }),
      route('GET', `/businesses/${BUSINESS_ID}/products`, {
        data: [{ ...product, name: 'Payment gateway', status: 'COMPLETED' }],
      }),
      route('GET', `/deferrals/business-deferrals/${BUSINESS_ID}`, { data: page([]) }),
    )
    renderWithClient(<BusinessDashboard businessId={BUSINESS_ID} permissions={member} />)

    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('This business is blocked')
    expect(alert).toHaveTextContent('Recertification was due on 01-Jan-2020')
    expect(await screen.findByText('Payment gateway')).toBeInTheDocument()
    expect(screen.getByText('Live')).toBeInTheDocument()
    const outstanding = await screen.findByRole('list', { name: 'Outstanding' })
    const item = within(outstanding).getByRole('listitem')
    expect(item).toHaveTextContent('Recertification overdue')
    expect(item).toHaveTextContent('Blocks the business')
    expect(item).toHaveTextContent('Due 01-Jan-2020')
    expect(within(item).getByRole('link', { name: /^Review your KYC/ })).toHaveAttribute(
      'href',
      `/s/businesses/dashboard-details/kyc?businessId=${BUSINESS_ID}&step=COMPANY_DETAILS`,
    )
    expect(screen.getByText('5 of 5 steps done')).toBeInTheDocument()
    expect(await screen.findByRole('heading', { name: 'No deferral requests' })).toBeInTheDocument()
    expect(screen.queryByRole('link', { name: 'Manage users' })).not.toBeInTheDocument()
    expect(api.calls.some((c) => c.url.includes('/users'))).toBe(false)
  })

  it('keeps the reviewers’ reason for a declined business, and leaves the deferrals out for a user who may not read them', async () => {
    api = mockApi(
      ...reference,
      route('GET', `/businesses/${BUSINESS_ID}`, {
        data: business({
          approvalStatus: 'DECLINED',
          decision: {
            decision: 'DECLINED',
            comment: 'The CAC 7 lists other directors.',
            decidedAt: '2026-05-02T09:00:00.000Z',
            decidedBy: 'Ada Reviewer',
          },
        }),
      }),
      route('GET', `/businesses/${BUSINESS_ID}/outstanding`, { data: { kycProgress: progress(5), items: [] } }),
      route('GET', `/businesses/${BUSINESS_ID}/products`, { data: [] }),
    )
    const withoutDeferrals = new Set([...owner].filter((p) => p !== 'CAN_READ_DEFERRALS'))
    renderWithClient(<BusinessDashboard businessId={BUSINESS_ID} permissions={withoutDeferrals} />)

    expect(await screen.findByText('The CAC 7 lists other directors.')).toBeInTheDocument()
    expect(screen.getByText(/Declined on 02-May-2026/)).toBeInTheDocument()
    expect(await screen.findByText('Nothing is outstanding. Well done.')).toBeInTheDocument()
    expect(await screen.findByRole('heading', { name: 'No products yet' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Browse products' })).toHaveAttribute('href', '/s/products')
    expect(screen.queryByRole('heading', { name: 'Deferrals' })).not.toBeInTheDocument()
    expect(api.calls.some((c) => c.url.startsWith('/deferrals'))).toBe(false)
  })

  it('says when the outstanding list cannot be loaded, once, and loads it again on retry', async () => {
    let failures = 1
    api = mockApi(
      ...reference,
      route('GET', `/businesses/${BUSINESS_ID}`, { data: business() }),
      route('GET', `/businesses/${BUSINESS_ID}/outstanding`, () =>
        failures-- > 0 ? apiError(500, 'INTERNAL', 'Something broke on our side') : { data: FRESH },
      ),
      route('GET', `/businesses/${BUSINESS_ID}/products`, { data: [] }),
      route('GET', `/deferrals/business-deferrals/${BUSINESS_ID}`, { data: page([]) }),
      route('GET', `/businesses/${BUSINESS_ID}/data-views`, { data: page([]) }),
    )
    renderWithClient(<BusinessDashboard businessId={BUSINESS_ID} permissions={member} />)

    expect(await screen.findByRole('heading', { name: "Couldn't load what is outstanding" })).toBeInTheDocument()
    expect(screen.getByText('The KYC progress could not be loaded.')).toBeInTheDocument()
    expect(screen.getAllByRole('alert')).toHaveLength(1)
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }))
    expect(titlesOf(await screen.findByRole('list', { name: 'Outstanding' }))).toHaveLength(FRESH.items.length)
    expect(await screen.findByRole('list', { name: 'KYC progress' })).toBeInTheDocument()
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

describe('outstandingLink', () => {
  const link = (code: OutstandingItem['code'], target: OutstandingItem['target']) =>
    outstandingLink({ code, target }, BUSINESS_ID)

  it('opens a KYC step by name, and the preview to mark the KYC complete', () => {
    expect(link('KYC_STEP_INCOMPLETE', { kind: 'KYC_STEP', step: 'SHAREHOLDERS' })).toEqual({
      href: `/s/businesses/dashboard-details/kyc?businessId=${BUSINESS_ID}&step=SHAREHOLDERS`,
      label: 'Continue KYC',
    })
    expect(link('KYC_NOT_SUBMITTED', { kind: 'KYC_STEP', step: 'PREVIEW' })).toEqual({
      href: `/s/businesses/dashboard-details/kyc/preview-form?businessId=${BUSINESS_ID}`,
      label: 'Open the preview',
    })
    expect(link('BUSINESS_DECLINED', { kind: 'KYC_STEP', step: 'DOCUMENTS' })!.label).toBe('Review your KYC')
  })
  it('leads documents and deferrals to the documents page, products to the application or the catalogue, and waiting to nowhere', () => {
    expect(link('DOCUMENT_MISSING', { kind: 'KYC_DOCUMENTS' })).toEqual({
      href: paths.business.documents(BUSINESS_ID),
      label: 'Go to documents',
    })
    expect(link('DEFERRAL_PENDING', { kind: 'DEFERRALS' })!.href).toBe(
      `/s/businesses/kyc-document?businessId=${BUSINESS_ID}#kyc-deferrals-heading`,
    )
    expect(link('PRODUCT_DECLINED', { kind: 'PRODUCT', productCode: 'POS 1' })!.href).toBe(
      `/s/products/ProductKyc?productCode=POS%201&businessId=${BUSINESS_ID}`,
    )
    expect(link('NO_PRODUCTS', { kind: 'PRODUCT' })).toEqual({ href: '/s/products', label: 'Browse products' })
    expect(link('AWAITING_APPROVAL', { kind: 'NONE' })).toBeNull()
  })

  describe('who viewed your documents', () => {
    const view = (overrides: Record<string, unknown> = {}) => ({
      id: crypto.randomUUID(),
      viewedAt: '2026-05-02T10:15:00.000Z',
      actor: { id: crypto.randomUUID(), name: 'Ada Reviewer', email: 'ada@portal.test', isStaff: true },
      businessId: BUSINESS_ID,
      subjectKind: 'FILE',
      subjectId: crypto.randomUUID(),
      subjectLabel: 'director-passport.pdf',
      detail: 'MEANS_OF_ID',
      purpose: 'KYC review',
      ...overrides,
    })
    const dashboardWith = (...routes: ReturnType<typeof route>[]) =>
      mockApi(
        ...reference,
        route('GET', `/businesses/${BUSINESS_ID}`, { data: business() }),
        route('GET', `/businesses/${BUSINESS_ID}/outstanding`, { data: FRESH }),
        route('GET', `/businesses/${BUSINESS_ID}/products`, { data: [] }),
        route('GET', `/deferrals/business-deferrals/${BUSINESS_ID}`, { data: page([]) }),
        ...routes,
      )

    it('lists which staff opened which document, when and why', async () => {
      api = dashboardWith(route('GET', `/businesses/${BUSINESS_ID}/data-views`, { data: page([view()]) }))
      renderWithClient(<BusinessDashboard businessId={BUSINESS_ID} permissions={owner} />)
      const list = await screen.findByRole('list', { name: 'Staff views of your documents' })
      expect(list).toHaveTextContent('Ada Reviewer opened director-passport.pdf · KYC review')
      expect(within(list).getByText(/02-May-2026/)).toHaveAttribute('datetime', '2026-05-02T10:15:00.000Z')
    })

    it('pages through the views five at a time: the next page asks the API for page 2 and shows it', async () => {
      api = dashboardWith(
        route('GET', `/businesses/${BUSINESS_ID}/data-views`, (call) =>
          call.query.get('pageNumber') === '2'
            ? {
                data: {
                  ...page([view({ actor: { id: crypto.randomUUID(), name: 'Bola Auditor', email: null, isStaff: true } })], 6),
                  pageNumber: 2,
                },
              }
            : { data: page([view(), view(), view(), view(), view()], 6) },
        ),
      )
      renderWithClient(<BusinessDashboard businessId={BUSINESS_ID} permissions={owner} />)
      await screen.findByRole('list', { name: 'Staff views of your documents' })
      const pages = screen.getByRole('navigation', { name: 'Pages of staff views' })
      expect(pages).toHaveTextContent('Showing 1–5 of 6')
      fireEvent.click(within(pages).getByRole('button', { name: 'Next page' }))
      expect(await screen.findByText('Bola Auditor')).toBeInTheDocument()
      const calls = api.calls.filter((c) => c.path === `/businesses/${BUSINESS_ID}/data-views`)
      expect(calls.map((c) => [c.query.get('pageNumber'), c.query.get('pageSize')])).toEqual([
        ['1', '5'],
        ['2', '5'],
      ])
    })

    it('says so when no staff have viewed anything yet', async () => {
      api = dashboardWith(route('GET', `/businesses/${BUSINESS_ID}/data-views`, { data: page([]) }))
      renderWithClient(<BusinessDashboard businessId={BUSINESS_ID} permissions={owner} />)
      expect(await screen.findByRole('heading', { name: 'No staff have viewed your documents yet' })).toBeInTheDocument()
    })

    it('says when the log cannot be loaded, and loads it again on retry', async () => {
      let failures = 1
      api = dashboardWith(
        route('GET', `/businesses/${BUSINESS_ID}/data-views`, () =>
          failures-- > 0 ? apiError(500, 'INTERNAL', 'Something broke on our side') : { data: page([view()]) },
        ),
      )
      renderWithClient(<BusinessDashboard businessId={BUSINESS_ID} permissions={owner} />)
      expect(await screen.findByRole('heading', { name: "Couldn't load who viewed your documents" })).toBeInTheDocument()
      fireEvent.click(screen.getByRole('button', { name: 'Try again' }))
      expect(await screen.findByRole('list', { name: 'Staff views of your documents' })).toBeInTheDocument()
    })
  })
})
