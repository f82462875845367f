import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import type { AxiosAdapter } from 'axios'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ShareholderEditor } from '@/features/kyc/components/shareholder-editor'
import type { ShareholderRecord } from '@/lib/contracts/kyc'
import { apiClient } from '@/lib/http/client'
import { polyfillDialog } from '@/tests/components/dialog-polyfill'
import { apiError, mockApi, renderWithClient, route } from '@/tests/components/mock-api'
import { mockRouter } from '@/tests/components/router-mock'

vi.mock('next/router', () => import('@/tests/components/router-mock'))
mockRouter({
  pathname: '/s/businesses/dashboard-details/kyc',
  query: {},
  isReady: true,
  push: vi.fn(),
  replace: vi.fn(),
})

const KYC = '55555555-5555-4555-8555-555555555555'
let seq = 0
function holder(overrides: Partial<ShareholderRecord>): ShareholderRecord {
  seq++
  return {
    id: `00000000-0000-4000-8000-${String(seq).padStart(12, '0')}`,
    kycDetailsId: KYC,
    businessId: '44444444-4444-4444-8444-444444444444',
    parentShareholderId: null,
    type: 'INDIVIDUAL',
    firstName: 'Ada',
    lastName: 'Obi',
    nationality: 'Nigerian',
    bvn: '22212345678',
    dateOfBirth: '**********',
    hasDateOfBirth: true,
    pep: { status: 'NOT_PEP', position: null, country: null },
    companyName: null,
    registrationNumber: null,
    percentage: 10,
    role: null,
    votingPercentage: 10,
    votesFollowShares: true,
    appointsMajority: false,
    significantInfluence: false,
    influenceDescription: null,
    controlReasons: ['SHARES', 'VOTES'],
    depth: 0,
    effectiveStake: 10,
    effectiveOwnership: 10,
    isBeneficialOwner: true,
    needsMeansOfId: false,
    childrenTotalPercentage: null,
    createdAt: '2025-01-01T00:00:00Z',
    updatedAt: '2025-01-01T00:00:00Z',
    ...overrides,
  }
}

/** Eko Holdings, a corporate shareholder. */
const company = (overrides: Partial<ShareholderRecord>) =>
  holder({
    type: 'CORPORATE',
    firstName: null,
    lastName: null,
    companyName: 'Eko Holdings',
    registrationNumber: 'RC765432',
    effectiveOwnership: null,
    isBeneficialOwner: false,
    ...overrides,
  })

polyfillDialog()

const type = (element: HTMLElement, value: string) => fireEvent.change(element, { target: { value } })
const pepQuestion = (form: HTMLElement) =>
  within(form).getByRole('combobox', { name: /Is this person a politically exposed person/ })

let api: ReturnType<typeof mockApi>
afterEach(() => api?.restore())

describe('ShareholderEditor', () => {
  it('shows the tree with nested corporates, effective ownership and beneficial-owner flags', async () => {
    api = mockApi()
    const ada = holder({ percentage: 60, effectiveOwnership: 60 })
    const eko = holder({
      type: 'CORPORATE',
      firstName: null,
      lastName: null,
      companyName: 'Eko Holdings',
      registrationNumber: 'RC765432',
      percentage: 40,
      effectiveStake: 40,
      effectiveOwnership: null,
      isBeneficialOwner: false,
      childrenTotalPercentage: 50,
    })
    const tunde = holder({
      parentShareholderId: eko.id,
      depth: 1,
      firstName: 'Tunde',
      lastName: 'Bello',
      percentage: 50,
      effectiveStake: 20,
      effectiveOwnership: 20,
      needsMeansOfId: true,
    })
    const kemi = holder({
      parentShareholderId: eko.id,
      depth: 1,
      firstName: 'Kemi',
      lastName: 'Ade',
      percentage: 10,
      effectiveStake: 4,
      effectiveOwnership: 4,
      isBeneficialOwner: false,
    })
    renderWithClient(<ShareholderEditor kycDetailsId={KYC} shareholders={[ada, eko, tunde, kemi]} readOnly={false} />)

    const top = screen.getByRole('list', { name: 'Shareholders of the business' })
    const nested = within(top).getByRole('list', { name: 'Shareholders of Eko Holdings' })
    expect(within(nested).getAllByRole('listitem')).toHaveLength(2)
    const tundeItem = within(nested).getByText('Tunde Bello').closest('li')!
    expect(tundeItem).toHaveTextContent('Holds 50% of Eko Holdings · 20% of the business through it')
    expect(tundeItem).toHaveTextContent('Effective ownership: 20%')
    expect(within(tundeItem).getByText('Beneficial owner')).toBeInTheDocument()
    expect(within(tundeItem).getByText('Needs a means of ID')).toBeInTheDocument()
    const kemiItem = within(nested).getByText('Kemi Ade').closest('li')!
    expect(within(kemiItem).queryByText('Beneficial owner')).not.toBeInTheDocument()
    expect(screen.getByText(/Held directly in the business:/)).toHaveTextContent('100% of 100%')
    expect(screen.getByText('Its shareholders listed: 50% of 100%')).toBeInTheDocument()
  })

  it('adds a shareholder inside a corporate, refusing more than what is left at that level before calling the API', async () => {
    const eko = company({ percentage: 100, effectiveStake: 100, childrenTotalPercentage: 70 })
    const tunde = holder({ parentShareholderId: eko.id, depth: 1, firstName: 'Tunde', lastName: 'Bello', percentage: 70 })
    const created = holder({
      parentShareholderId: eko.id,
      depth: 1,
      type: 'CORPORATE',
      firstName: null,
      lastName: null,
      companyName: 'Lagoon Ventures',
      registrationNumber: 'BN12345',
      percentage: 30,
    })
    api = mockApi(route('POST', '/kyc/shareholders', { status: 201, data: created }))
    const onDraft = vi.fn()
    renderWithClient(<ShareholderEditor kycDetailsId={KYC} shareholders={[eko, tunde]} readOnly={false} onDraft={onDraft} />)

    fireEvent.click(screen.getByRole('button', { name: 'Add a shareholder to Eko Holdings' }))
    const form = await screen.findByRole('form', { name: 'New shareholder of Eko Holdings' })
    expect(within(form).getByText('At most 30% is left of Eko Holdings.')).toBeInTheDocument()
    type(within(form).getByLabelText(/Kind of shareholder/), 'CORPORATE')
    type(within(form).getByLabelText(/Company name/), 'Lagoon Ventures')
    type(within(form).getByLabelText(/Registration number/), 'bn 12345')
    type(within(form).getByLabelText(/Percentage held of Eko Holdings/), '30.5')
    fireEvent.click(within(form).getByRole('button', { name: 'Add shareholder' }))

    expect(await within(form).findByText('Shares of Eko Holdings would go over 100%: at most 30% is left')).toBeInTheDocument()
    expect(api.calls.filter((c) => c.method === 'POST')).toHaveLength(0)
    await waitFor(() => expect(onDraft).toHaveBeenCalled())
    expect(onDraft.mock.lastCall![0]).toMatchObject({
      id: null,
      parentId: eko.id,
      values: { type: 'CORPORATE', companyName: 'Lagoon Ventures' },
    })

    const percentage = within(form).getByLabelText(/Percentage held of Eko Holdings/)
    type(percentage, '30')
    fireEvent.click(within(form).getByRole('button', { name: 'Add shareholder' }))
    await waitFor(() => expect(api.calls.filter((c) => c.method === 'POST')).toHaveLength(1))
    expect(api.calls.find((c) => c.method === 'POST')!.body).toEqual({
      kycDetailsId: KYC,
      parentShareholderId: eko.id,
      type: 'CORPORATE',
      companyName: 'Lagoon Ventures',
      registrationNumber: 'bn 12345',
      percentage: 30,
      // Votes follow the shares; no appointment right or influence declared.
      votingPercentage: null,
      appointsMajority: false,
      significantInfluence: false,
      influenceDescription: null,
    })
    await waitFor(() => expect(screen.queryByRole('form', { name: 'New shareholder of Eko Holdings' })).not.toBeInTheDocument())
  })

  it('keeps a form opened while another one was saving: the save closes only its own form', async () => {
    const eko = company({ percentage: 40, effectiveStake: 40, childrenTotalPercentage: 0 })
    api = mockApi(route('POST', '/kyc/shareholders', { status: 201, data: holder({ percentage: 10 }) }))
    // The save answers only when released, as a slow network would.
    const answer = apiClient.defaults.adapter as AxiosAdapter
    let release!: () => void
    const released = new Promise<void>((resolve) => (release = resolve))
    let posted = false
    apiClient.defaults.adapter = async (config) => {
      if (config.method === 'post') {
        posted = true
        await released
      }
      return answer(config)
    }
    const { client } = renderWithClient(<ShareholderEditor kycDetailsId={KYC} shareholders={[eko]} readOnly={false} />)

    fireEvent.click(screen.getByRole('button', { name: /^Add a shareholder$/ }))
    const first = await screen.findByRole('form', { name: 'New shareholder of the business' })
    type(within(first).getByLabelText(/First name/), 'Ada')
    type(within(first).getByLabelText(/Last name/), 'Obi')
    type(within(first).getByLabelText(/Nationality/), 'Ghanaian')
    type(within(first).getByLabelText(/Date of birth/), '1980-05-12')
    type(pepQuestion(first), 'NOT_PEP')
    type(within(first).getByLabelText(/Percentage held/), '10')
    fireEvent.click(within(first).getByRole('button', { name: 'Add shareholder' }))
    await waitFor(() => expect(posted).toBe(true))

    // While it saves, the owner opens the form for a shareholder of the company.
    fireEvent.click(screen.getByRole('button', { name: 'Add a shareholder to Eko Holdings' }))
    expect(await screen.findByRole('form', { name: 'New shareholder of Eko Holdings' })).toBeInTheDocument()
    release()
    // Let the save finish (its answer and the refetch: the mutation ends after both), then give React the render of
    // the close the save asks for, before looking. Waiting on the POST alone let a slow run look before the answer.
    await waitFor(() => expect(client.isMutating()).toBe(0))
    expect(api.calls.filter((c) => c.method === 'POST')).toHaveLength(1)
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect(screen.getByRole('form', { name: 'New shareholder of Eko Holdings' })).toBeInTheDocument()
  })

  it('shows field errors from its schema and from the API on the right fields', async () => {
    api = mockApi(
      route(
        'POST',
        '/kyc/shareholders',
        apiError(
          400,
          'VALIDATION_FAILED',
          'Shares held directly in the business would add up to 101%; at most 0% is left',
          'percentage',
        ),
      ),
    )
    renderWithClient(<ShareholderEditor kycDetailsId={KYC} shareholders={[]} readOnly={false} />)
    fireEvent.click(screen.getByRole('button', { name: 'Add a shareholder' }))
    const form = await screen.findByRole('form', { name: 'New shareholder of the business' })
    fireEvent.click(within(form).getByRole('button', { name: 'Add shareholder' }))
    expect(await within(form).findByText('First name is required')).toBeInTheDocument()
    expect(within(form).getByLabelText(/First name/)).toHaveAttribute('aria-invalid', 'true')

    type(within(form).getByLabelText(/First name/), 'Ada')
    type(within(form).getByLabelText(/Last name/), 'Obi')
    type(within(form).getByLabelText(/^BVN/), '123')
    type(within(form).getByLabelText(/Date of birth/), '1980-05-12')
    type(pepQuestion(form), 'NOT_PEP')
    type(within(form).getByLabelText(/Percentage held/), '50')
    fireEvent.click(within(form).getByRole('button', { name: 'Add shareholder' }))
    expect(await within(form).findByText('BVN must be exactly 11 digits')).toBeInTheDocument()

    type(within(form).getByLabelText(/^BVN/), '22212345678')
    fireEvent.click(within(form).getByRole('button', { name: 'Add shareholder' }))
    expect(await within(form).findByText(/at most 0% is left/)).toBeInTheDocument()
    expect(within(form).getByLabelText(/Percentage held/)).toHaveAttribute('aria-invalid', 'true')
  })

  it('asks an individual’s date of birth and the PEP question, with the position and country for a PEP', async () => {
    api = mockApi(route('POST', '/kyc/shareholders', { status: 201, data: holder({ percentage: 40 }) }))
    renderWithClient(<ShareholderEditor kycDetailsId={KYC} shareholders={[]} readOnly={false} />)
    fireEvent.click(screen.getByRole('button', { name: 'Add a shareholder' }))
    const form = await screen.findByRole('form', { name: 'New shareholder of the business' })
    type(within(form).getByLabelText(/First name/), 'Ada')
    type(within(form).getByLabelText(/Last name/), 'Obi')
    type(within(form).getByLabelText(/^BVN/), '22212345678')
    type(within(form).getByLabelText(/Percentage held/), '40')
    fireEvent.click(within(form).getByRole('button', { name: 'Add shareholder' }))
    expect(await within(form).findByText('Enter the date of birth')).toBeInTheDocument()
    expect(within(form).getByText('Answer the PEP question')).toBeInTheDocument()
    expect(within(form).getByText('Who counts as a PEP, a family member or a close associate?')).toBeInTheDocument()

    type(within(form).getByLabelText(/Date of birth/), '2099-01-01')
    type(pepQuestion(form), 'FAMILY_MEMBER')
    // A "yes" asks the position (of the PEP, for a family member) and its country.
    const position = await within(form).findByLabelText(/Public position of the PEP/)
    fireEvent.click(within(form).getByRole('button', { name: 'Add shareholder' }))
    expect(await within(form).findByText('Date of birth cannot be in the future')).toBeInTheDocument()
    expect(await within(form).findByText(/Enter the public position/)).toBeInTheDocument()
    expect(api.calls.filter((c) => c.method === 'POST')).toHaveLength(0)

    type(within(form).getByLabelText(/Date of birth/), '1980-05-12')
    type(position, 'Governor of Lagos State')
    fireEvent.click(within(form).getByRole('button', { name: 'Add shareholder' }))
    await waitFor(() => expect(api.calls.filter((c) => c.method === 'POST')).toHaveLength(1))
    expect(api.calls.find((c) => c.method === 'POST')!.body).toMatchObject({
      type: 'INDIVIDUAL',
      dateOfBirth: '1980-05-12',
      pep: { status: 'FAMILY_MEMBER', position: 'Governor of Lagos State', country: 'NG' },
    })
  })

  it('adds a trustee under a trust, with a role and no shares, and takes votes and an influence for a holding', async () => {
    const trust = company({ companyName: 'Obi Family Trust', type: 'TRUST', registrationNumber: null, percentage: 20 })
    api = mockApi(route('POST', '/kyc/shareholders', { status: 201, data: holder({ percentage: 0 }) }))
    renderWithClient(<ShareholderEditor kycDetailsId={KYC} shareholders={[trust]} readOnly={false} />)
    expect(screen.getByText('(trust)')).toBeInTheDocument()
    fireEvent.click(screen.getByRole('button', { name: 'Add a settlor, trustee or beneficiary to Obi Family Trust' }))
    const form = await screen.findByRole('form', { name: 'New shareholder of Obi Family Trust' })
    expect(within(form).queryByLabelText(/Percentage held/)).not.toBeInTheDocument()
    type(within(form).getByLabelText(/Role in Obi Family Trust/), 'SETTLOR')
    type(within(form).getByLabelText(/First name/), 'Ngozi')
    type(within(form).getByLabelText(/Last name/), 'Obi')
    type(within(form).getByLabelText(/^BVN/), '22212345678')
    type(within(form).getByLabelText(/Date of birth/), '1960-02-03')
    type(pepQuestion(form), 'NOT_PEP')
    fireEvent.click(within(form).getByRole('button', { name: 'Add shareholder' }))
    await waitFor(() => expect(api.calls.filter((c) => c.method === 'POST')).toHaveLength(1))
    const body = api.calls.find((c) => c.method === 'POST')!.body as Record<string, unknown>
    expect(body).toMatchObject({ type: 'INDIVIDUAL', role: 'SETTLOR', parentShareholderId: trust.id, firstName: 'Ngozi' })
    expect(body).not.toHaveProperty('percentage')
    expect(body).not.toHaveProperty('votingPercentage')
  })

  it('asks what the influence is once declared, and sends the votes when they differ from the shares', async () => {
    api = mockApi(route('POST', '/kyc/shareholders', { status: 201, data: holder({ percentage: 2 }) }))
    renderWithClient(<ShareholderEditor kycDetailsId={KYC} shareholders={[]} readOnly={false} />)
    fireEvent.click(screen.getByRole('button', { name: 'Add a shareholder' }))
    const form = await screen.findByRole('form', { name: 'New shareholder of the business' })
    type(within(form).getByLabelText(/Kind of shareholder/), 'CORPORATE')
    type(within(form).getByLabelText(/Company name/), 'Eko Holdings')
    type(within(form).getByLabelText(/Registration number/), 'RC 765432')
    type(within(form).getByLabelText(/Percentage held/), '2')
    type(within(form).getByLabelText(/Voting rights held/), '30')
    fireEvent.click(within(form).getByLabelText(/Can appoint or remove a majority/))
    fireEvent.click(within(form).getByLabelText(/Has significant influence/))
    const description = await within(form).findByLabelText(/Describe the influence/)
    fireEvent.click(within(form).getByRole('button', { name: 'Add shareholder' }))
    expect(await within(form).findByText('Describe the significant influence or control')).toBeInTheDocument()
    expect(api.calls.filter((c) => c.method === 'POST')).toHaveLength(0)
    type(description, 'Veto over the budget')
    fireEvent.click(within(form).getByRole('button', { name: 'Add shareholder' }))
    await waitFor(() => expect(api.calls.filter((c) => c.method === 'POST')).toHaveLength(1))
    expect(api.calls.find((c) => c.method === 'POST')!.body).toMatchObject({
      type: 'CORPORATE',
      percentage: 2,
      votingPercentage: 30,
      appointsMajority: true,
      significantInfluence: true,
      influenceDescription: 'Veto over the budget',
    })
  })

  it('shows a shareholder captured before dates of birth were asked as a gap, and opens it to fill it in', async () => {
    api = mockApi()
    const legacy = holder({ dateOfBirth: null, hasDateOfBirth: false, pep: null })
    renderWithClient(<ShareholderEditor kycDetailsId={KYC} shareholders={[legacy]} readOnly={false} />)
    expect(screen.getByText('Date of birth not given')).toBeInTheDocument()
    expect(screen.getByText('PEP declaration not given')).toBeInTheDocument()
    fireEvent.click(screen.getByRole('button', { name: 'Add what is missing' }))
    const form = await screen.findByRole('form', { name: 'Edit shareholder' })
    expect(within(form).getByLabelText(/Date of birth/)).toHaveValue('')
    expect(pepQuestion(form)).toHaveValue('')
  })

  it('keeps a saved date of birth hidden, sending its mask back unless the owner changes it', async () => {
    const ada = holder({ percentage: 60 })
    api = mockApi(route('PUT', `/kyc/shareholders/${ada.id}`, { data: ada }))
    renderWithClient(<ShareholderEditor kycDetailsId={KYC} shareholders={[ada]} readOnly={false} />)
    expect(screen.getByText('Not a PEP')).toBeInTheDocument()
    fireEvent.click(screen.getByRole('button', { name: 'Edit Ada Obi' }))
    const form = await screen.findByRole('form', { name: 'Edit shareholder' })
    expect(within(form).getByText('Given (hidden)')).toBeInTheDocument()
    expect(within(form).queryByLabelText(/Date of birth/)).not.toBeInTheDocument()
    fireEvent.click(within(form).getByRole('button', { name: 'Save shareholder' }))
    await waitFor(() => expect(api.calls.filter((c) => c.method === 'PUT')).toHaveLength(1))
    expect(api.calls.find((c) => c.method === 'PUT')!.body).toMatchObject({
      dateOfBirth: '**********',
      pep: { status: 'NOT_PEP' },
    })

    fireEvent.click(screen.getByRole('button', { name: 'Edit Ada Obi' }))
    const again = await screen.findByRole('form', { name: 'Edit shareholder' })
    fireEvent.click(within(again).getByRole('button', { name: 'Change the date of birth' }))
    expect(within(again).getByLabelText(/Date of birth/)).toHaveValue('')
  })

  it('asks before deleting a corporate, naming how many shareholders go with it', async () => {
    const eko = holder({
      type: 'CORPORATE',
      firstName: null,
      lastName: null,
      companyName: 'Eko Holdings',
      registrationNumber: 'RC1',
      percentage: 50,
      isBeneficialOwner: false,
      effectiveOwnership: null,
      childrenTotalPercentage: 100,
    })
    const lagoon = holder({
      type: 'CORPORATE',
      parentShareholderId: eko.id,
      firstName: null,
      lastName: null,
      companyName: 'Lagoon',
      registrationNumber: 'RC2',
      percentage: 100,
      isBeneficialOwner: false,
      effectiveOwnership: null,
    })
    const deep = holder({ parentShareholderId: lagoon.id, percentage: 100 })
    api = mockApi(route('DELETE', `/kyc/shareholders/${eko.id}`, { data: { deleted: 3 } }))
    renderWithClient(<ShareholderEditor kycDetailsId={KYC} shareholders={[eko, lagoon, deep]} readOnly={false} />)

    fireEvent.click(screen.getByRole('button', { name: 'Delete Eko Holdings' }))
    const dialog = await screen.findByRole('alertdialog')
    expect(dialog).toHaveTextContent(
      'Eko Holdings and the 2 shareholders listed under it will be deleted, with their uploaded documents.',
    )
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete 3 shareholders' }))
    await waitFor(() =>
      expect(api.calls.some((c) => c.method === 'DELETE' && c.url === `/kyc/shareholders/${eko.id}`)).toBe(true),
    )
  })

  it('offers no changes when read-only', () => {
    api = mockApi()
    renderWithClient(<ShareholderEditor kycDetailsId={KYC} shareholders={[holder({})]} readOnly />)
    expect(screen.queryByRole('button', { name: /Add a shareholder/ })).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /Edit/ })).not.toBeInTheDocument()
  })
})
