import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { KycStepper } from '@/features/kyc/components/kyc-stepper'
import { SYSTEM_ROLES } from '@/lib/permissions/roles'
import { business, BUSINESS_ID } from '@/tests/components/business-fixtures'
import { mockApi, renderWithClient, route } from '@/tests/components/mock-api'
import { mockRouter } from '@/tests/components/router-mock'

const replace = vi.fn(() => Promise.resolve(true))
const push = vi.fn(() => Promise.resolve(true))
vi.mock('next/router', () => import('@/tests/components/router-mock'))
mockRouter({
  pathname: '/s/businesses/dashboard-details/kyc',
  query: { businessId: BUSINESS_ID },
  isReady: true,
  replace,
  push,
})

const owner = new Set<string>(SYSTEM_ROLES.find((r) => r.name === 'BUSINESS_OWNER')!.permissions)
const KYC_ID = '66666666-6666-4666-8666-666666666666'
const details = {
  id: KYC_ID,
  businessId: BUSINESS_ID,
  businessName: 'Adebayo Foods Limited',
  tin: '12345678-0001',
  incorporationDate: '2015-03-02',
  natureOfBusiness: 'Food processing',
  description: null,
  numberOfEmployees: 42,
  annualTurnover: 1000,
  countryOfIncorporation: 'Nigeria',
  createdBy: null,
  createdAt: '2025-01-01T00:00:00Z',
  updatedAt: '2025-01-01T00:00:00Z',
}
const noDraft = (type: string) => route('GET', `/draft-forms/${BUSINESS_ID}/${type}`, { status: 200, data: null })

let api: ReturnType<typeof mockApi>
beforeEach(() => sessionStorage.clear())
afterEach(() => {
  api.restore()
  vi.clearAllMocks()
})

function kycRoutes(
  overrides: {
    details?: unknown
    addresses?: unknown[]
    ids?: unknown[]
    shareholders?: unknown[]
    business?: Record<string, unknown>
  } = {},
) {
  return [
    route('GET', `/businesses/${BUSINESS_ID}`, { data: business(overrides.business) }),
    route(
      'GET',
      `/kyc/details-first-entity/${BUSINESS_ID}`,
      overrides.details === null
        ? { status: 404, data: { errors: [{ code: 'NOT_FOUND', message: 'KYC record not found' }] } }
        : { data: overrides.details ?? details },
    ),
    route('GET', `/kyc/addresses/all-kyc/${KYC_ID}`, { data: overrides.addresses ?? [] }),
    route('GET', `/kyc/means-of-ids/${KYC_ID}`, { data: overrides.ids ?? [] }),
    route('GET', '/kyc/shareholders', { data: overrides.shareholders ?? [] }),
    route('GET', '/files/upload-limits', { data: { maxBytes: 5 * 1024 * 1024, allowedTypes: ['application/pdf'] } }),
    noDraft('COMPANY_DETAILS'),
    noDraft('ADDRESSES'),
    noDraft('MEANS_OF_ID'),
    noDraft('SHAREHOLDERS'),
  ]
}

const render = () =>
  renderWithClient(<KycStepper businessId={BUSINESS_ID} permissions={owner} locationFields={() => <p>Location fields</p>} />)

describe('KycStepper', () => {
  it('opens the step kept in session storage and marks it current in a keyboard-usable step list', async () => {
    sessionStorage.setItem('selectedStep', 'MEANS_OF_ID')
    api = mockApi(...kycRoutes())
    render()
    const nav = await screen.findByRole('navigation', { name: 'KYC steps' })
    const current = within(nav).getByRole('button', { current: 'step' })
    expect(current).toHaveTextContent('Means of ID')
    expect(within(nav).getByRole('button', { name: /Company details/ })).toHaveTextContent('Done')
    expect(await screen.findByRole('heading', { name: '3. Means of ID' })).toBeInTheDocument()

    fireEvent.click(within(nav).getByRole('button', { name: /Shareholders/ }))
    expect(await screen.findByRole('heading', { name: '4. Shareholders' })).toHaveFocus()
    expect(sessionStorage.getItem('selectedStep')).toBe('SHAREHOLDERS')
    expect(replace).toHaveBeenCalledWith(
      expect.objectContaining({ query: expect.objectContaining({ step: 'SHAREHOLDERS' }) }),
      undefined,
      expect.anything(),
    )
  })

  it('will not leave a step as done while it is invalid, and says what is wrong', async () => {
    sessionStorage.setItem('selectedStep', 'ADDRESSES')
    api = mockApi(
      ...kycRoutes({
        addresses: [
          {
            id: 'a1',
            kycDetailsId: KYC_ID,
            businessId: BUSINESS_ID,
            type: 'OPERATING',
            contactName: null,
            line1: '1 Marina',
            line2: null,
            city: null,
            country: 'Nigeria',
            state: 'Lagos',
            lga: 'Lagos Island',
            addressDoc: null,
            passportPhoto: null,
            verificationStatus: 'PENDING',
            verificationComment: null,
            verifiedAt: null,
            createdAt: '',
            updatedAt: '',
          },
        ],
      }),
    )
    render()
    await waitFor(() => expect(screen.getByRole('button', { name: 'Continue to means of ID' })).toBeEnabled())
    fireEvent.click(screen.getByRole('button', { name: 'Continue to means of ID' }))
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('This step is not complete yet')
    expect(alert).toHaveTextContent('Add the registered office address.')
    expect(screen.getByRole('heading', { name: '2. Addresses' })).toBeInTheDocument()
    const nav = screen.getByRole('navigation', { name: 'KYC steps' })
    // The dashboard's words (lib/status kycStepStatus); the "!" marks a step with something to put right.
    expect(within(nav).getByRole('button', { name: /Addresses/ })).toHaveTextContent('!AddressesTo do')
    expect(within(nav).getByRole('button', { name: /Addresses/ })).toHaveAttribute('data-state', 'problem')
    expect(within(nav).getByRole('button', { name: /Addresses/ })).not.toHaveTextContent('Done')
  })

  it('lists over-allocated shareholdings and beneficial owners without ID as what blocks the steps', async () => {
    sessionStorage.setItem('selectedStep', 'SHAREHOLDERS')
    const base = {
      kycDetailsId: KYC_ID,
      businessId: BUSINESS_ID,
      nationality: 'Nigerian',
      bvn: null,
      companyName: null,
      registrationNumber: null,
      depth: 0,
      childrenTotalPercentage: null,
      role: null,
      votesFollowShares: true,
      appointsMajority: false,
      significantInfluence: false,
      influenceDescription: null,
      controlReasons: ['SHARES'],
      createdAt: '',
      updatedAt: '',
    }
    api = mockApi(
      ...kycRoutes({
        shareholders: [
          {
            ...base,
            id: 'h1',
            parentShareholderId: null,
            type: 'INDIVIDUAL',
            firstName: 'Ada',
            lastName: 'Obi',
            percentage: 70,
            votingPercentage: 70,
            effectiveStake: 70,
            effectiveOwnership: 70,
            isBeneficialOwner: true,
            needsMeansOfId: true,
          },
          {
            ...base,
            id: 'h2',
            parentShareholderId: null,
            type: 'INDIVIDUAL',
            firstName: 'Bola',
            lastName: 'Ade',
            percentage: 40,
            votingPercentage: 40,
            effectiveStake: 40,
            effectiveOwnership: 40,
            isBeneficialOwner: true,
            needsMeansOfId: false,
          },
        ],
      }),
    )
    render()
    await screen.findByText('Bola Ade')
    await waitFor(() => expect(screen.getByRole('button', { name: 'Continue to documents' })).toBeEnabled())
    fireEvent.click(screen.getByRole('button', { name: 'Continue to documents' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Direct shareholdings add up to 110%; they can be at most 100%.')
    const nav = screen.getByRole('navigation', { name: 'KYC steps' })
    expect(within(nav).getByRole('button', { name: /Means of ID/ })).toHaveTextContent('To do')
  })

  it('restores a company-details draft after a reload and autosaves changes about a second after typing stops', async () => {
    api = mockApi(
      route('GET', `/draft-forms/${BUSINESS_ID}/COMPANY_DETAILS`, {
        data: {
          id: 'd1',
          businessId: BUSINESS_ID,
          kycDetailTypeId: 'COMPANY_DETAILS',
          data: { natureOfBusiness: 'Cassava flour milling' },
          createdAt: '',
          updatedAt: '2025-01-02T00:00:00Z',
        },
      }),
      route('POST', '/draft-forms', (call) => ({
        status: 200,
        data: { id: 'd1', ...(call.body as object), createdAt: '', updatedAt: '' },
      })),
      ...kycRoutes({ details: null }),
    )
    render()
    expect(await screen.findByText(/We restored changes you had not saved yet/)).toBeInTheDocument()
    expect(screen.getByLabelText(/Nature of business/)).toHaveValue('Cassava flour milling')
    fireEvent.change(screen.getByLabelText(/Tax identification number/), { target: { value: '1234567890' } })
    await waitFor(() => expect(api.calls.some((c) => c.method === 'POST' && c.url === '/draft-forms')).toBe(true), {
      timeout: 3000,
    })
    const saved = api.calls.find((c) => c.method === 'POST' && c.url === '/draft-forms')!.body as {
      kycDetailTypeId: string
      data: Record<string, unknown>
    }
    expect(saved).toMatchObject({
      businessId: BUSINESS_ID,
      kycDetailTypeId: 'COMPANY_DETAILS',
      data: { tin: '1234567890', natureOfBusiness: 'Cassava flour milling' },
    })
    expect(await screen.findByText('Draft saved')).toBeInTheDocument()
  })

  it('does not restore a draft equal to the saved step: it deletes it, and shows no banner', async () => {
    api = mockApi(
      route('GET', `/draft-forms/${BUSINESS_ID}/COMPANY_DETAILS`, {
        data: {
          id: 'd1',
          businessId: BUSINESS_ID,
          kycDetailTypeId: 'COMPANY_DETAILS',
          data: { natureOfBusiness: details.natureOfBusiness, numberOfEmployees: details.numberOfEmployees },
          createdAt: '',
          updatedAt: '2025-01-02T00:00:00Z',
        },
      }),
      route('DELETE', '/draft-forms/d1', { status: 204, data: null }),
      ...kycRoutes(),
    )
    render()
    expect(await screen.findByRole('form', { name: 'Company details' })).toBeInTheDocument()
    await waitFor(() => expect(api.calls.some((c) => c.method === 'DELETE' && c.url === '/draft-forms/d1')).toBe(true))
    expect(screen.queryByText(/We restored changes you had not saved yet/)).not.toBeInTheDocument()
  })

  it('"discard them" deletes the stored draft, and keeps the banner with an error when that fails', async () => {
    let deletes = 0
    api = mockApi(
      route('GET', `/draft-forms/${BUSINESS_ID}/COMPANY_DETAILS`, {
        data: {
          id: 'd1',
          businessId: BUSINESS_ID,
          kycDetailTypeId: 'COMPANY_DETAILS',
          data: { natureOfBusiness: 'Cassava flour milling' },
          createdAt: '',
          updatedAt: '2025-01-02T00:00:00Z',
        },
      }),
      route('DELETE', '/draft-forms/d1', () =>
        ++deletes === 1
          ? { status: 503, data: { errors: [{ code: 'UNAVAILABLE', message: 'Try again' }] } }
          : { status: 204, data: null },
      ),
      ...kycRoutes(),
    )
    render()
    expect(await screen.findByText(/We restored changes you had not saved yet/)).toBeInTheDocument()
    fireEvent.click(screen.getByRole('button', { name: 'discard them' }))
    await waitFor(() => expect(deletes).toBe(1))
    // The delete failed: the draft would come back, so the banner stays.
    expect(screen.getByText(/We restored changes you had not saved yet/)).toBeInTheDocument()
    fireEvent.click(screen.getByRole('button', { name: 'discard them' }))
    await waitFor(() => expect(screen.queryByText(/We restored changes you had not saved yet/)).not.toBeInTheDocument())
    expect(deletes).toBe(2)
    expect(screen.getByLabelText(/Nature of business/)).toHaveValue(details.natureOfBusiness)
  })

  it('asks for the company details before the other steps, and refuses a bad form with field messages', async () => {
    sessionStorage.setItem('selectedStep', 'ADDRESSES')
    api = mockApi(...kycRoutes({ details: null }))
    render()
    expect(await screen.findByText(/Save the company details first/)).toBeInTheDocument()
    fireEvent.click(screen.getByRole('button', { name: 'Go to company details' }))
    const form = await screen.findByRole('form', { name: 'Company details' })
    fireEvent.change(within(form).getByLabelText(/Tax identification number/), { target: { value: '12-34' } })
    fireEvent.click(within(form).getByRole('button', { name: 'Save company details' }))
    expect(await within(form).findByText(/TIN must be 8 digits/)).toBeInTheDocument()
    expect(within(form).getByLabelText(/Tax identification number/)).toHaveAttribute('aria-invalid', 'true')
    expect(api.calls.some((c) => c.method === 'POST' && c.url === '/kyc/details')).toBe(false)
  })

  it('is read-only for the owner once the business is approved', async () => {
    api = mockApi(...kycRoutes({ business: { approvalStatus: 'APPROVED', kycDetailsCompleted: true } }))
    render()
    expect(await screen.findByText(/This business is approved/)).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /Save/ })).not.toBeInTheDocument()
    expect(sessionStorage.getItem('setKycIsCompleted')).toBe('true')
    // Nothing left to submit: the preview is offered to read, not "to submit".
    expect(screen.getByRole('link', { name: 'Open the preview' })).toBeInTheDocument()
    expect(screen.queryByRole('link', { name: 'Preview and submit' })).not.toBeInTheDocument()
  })

  it('offers "Preview and submit" while the owner may still submit', async () => {
    api = mockApi(...kycRoutes())
    render()
    expect(await screen.findByRole('link', { name: 'Preview and submit' })).toBeInTheDocument()
  })
})
