import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Representative } from '@/features/government/api/types'
import { RepresentativesPanel } from '@/features/government/components/representatives-panel'
import { mockApi, renderWithClient, route } from '@/tests/components/admin-api-mock'
import { polyfillDialog } from '@/tests/components/dialog-polyfill'
import { mockRouter } from '@/tests/components/router-mock'

mockRouter({ pathname: '/s/government/kyc', query: {}, isReady: true, replace: vi.fn(), push: vi.fn() })
vi.mock('next/router', () => import('@/tests/components/router-mock'))
polyfillDialog()

const ENTITY_ID = '11111111-1111-4111-8111-111111111111'
const rep = (overrides: Partial<Representative> = {}): Representative => ({
  id: '22222222-2222-4222-8222-222222222222',
  entityId: ENTITY_ID,
  firstName: 'Tunde',
  lastName: 'Bakare',
  position: 'Director of Finance',
  email: 'tunde@kogi.example.gov.ng',
  phone: '+2348035550001',
  idType: 'NATIONAL_ID_CARD',
  idTypeName: 'National ID card (NIN)',
  idNumber: '*******8901',
  idIssueDate: null,
  idExpiryDate: null,
  idFile: null,
  address: null,
  addressFile: null,
  photoFile: null,
  dateOfBirth: null,
  hasDateOfBirth: false,
  pep: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  ...overrides,
})

const type = (element: HTMLElement, value: string) => fireEvent.change(element, { target: { value } })
const yearsAgo = (years: number) => `${new Date().getUTCFullYear() - years}${new Date().toISOString().slice(4, 10)}`

let api: ReturnType<typeof mockApi>
beforeEach(() => {
  // The countries of a PEP's position come from the static /countries.json.
  vi.stubGlobal(
    'fetch',
    vi.fn(async () =>
      Response.json([
        { id: 'GH', country: 'Ghana', code: 'GH', capital: '', latitude: '', longitude: '', states: [] },
        { id: 'NG', country: 'Nigeria', code: 'NG', capital: '', latitude: '', longitude: '', states: [] },
      ]),
    ),
  )
})
afterEach(() => {
  api?.restore()
  vi.unstubAllGlobals()
})

describe('a representative’s date of birth and PEP declaration', () => {
  it('shows one captured before as a gap, and fills it in: an adult, the PEP’s position and country', async () => {
    const filled = rep({
      dateOfBirth: '**********',
      hasDateOfBirth: true,
      pep: { status: 'PEP', position: 'Commissioner for Finance', country: 'GH' },
    })
    api = mockApi(route('PUT', `/government/rep/${filled.id}`, { data: filled }))
    renderWithClient(<RepresentativesPanel entityId={ENTITY_ID} representatives={[rep()]} frozen={false} />)
    const card = screen.getByRole('heading', { name: 'Tunde Bakare' }).closest('li')!
    expect(within(card).getByText('Date of birth not given')).toBeInTheDocument()
    expect(within(card).getByText('PEP declaration not given')).toBeInTheDocument()

    fireEvent.click(within(card).getByRole('button', { name: 'Add what is missing' }))
    const form = await screen.findByRole('form', { name: 'Date of birth and PEP declaration of Tunde Bakare' })
    type(within(form).getByLabelText(/Date of birth/), yearsAgo(17))
    type(within(form).getByRole('combobox', { name: /Is this person a politically exposed person/ }), 'PEP')
    const country = await within(form).findByRole('combobox', { name: 'Country of the position' })
    await waitFor(() => expect(within(country).getByRole('option', { name: 'Ghana' })).toBeInTheDocument())
    expect(country).toHaveValue('NG')
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }))
    expect(await within(form).findByText('A representative must be at least 18 years old')).toBeInTheDocument()
    expect(await within(form).findByText(/Enter the public position/)).toBeInTheDocument()
    expect(api.calls.filter((c) => c.method === 'PUT')).toHaveLength(0)

    type(within(form).getByLabelText(/Date of birth/), '1971-08-30')
    type(within(form).getByLabelText(/Public position held/), 'Commissioner for Finance')
    type(country, 'GH')
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(api.calls.filter((c) => c.method === 'PUT')).toHaveLength(1))
    expect(api.calls.find((c) => c.method === 'PUT')!.body).toEqual({
      dateOfBirth: '1971-08-30',
      pep: { status: 'PEP', position: 'Commissioner for Finance', country: 'GH' },
    })
  })

  it('shows a given date masked and the declaration in clear, with nothing to fill', () => {
    api = mockApi()
    renderWithClient(
      <RepresentativesPanel
        entityId={ENTITY_ID}
        representatives={[
          rep({
            dateOfBirth: '**********',
            hasDateOfBirth: true,
            pep: { status: 'CLOSE_ASSOCIATE', position: 'Senator', country: 'NG' },
          }),
        ]}
        frozen={false}
      />,
    )
    const details = screen.getByTestId('person-details')
    expect(details).toHaveTextContent('Born **********')
    expect(details).toHaveTextContent('Close associate of a PEP: Senator (NG)')
    expect(screen.queryByRole('button', { name: 'Add what is missing' })).not.toBeInTheDocument()
  })
})
