import { fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { TextField } from '@/components/ui/text-field'
import { business, CATEGORIES, TYPES } from '@/tests/components/business-fixtures'
import { apiError, mockApi, renderWithClient, route, type Call } from '@/tests/components/mock-api'
import { mockRouter } from '@/tests/components/router-mock'
import { CreateBusinessForm } from '../create-business-form'

const router = mockRouter({
  pathname: '/s/businesses/create-business',
  query: {},
  isReady: true,
  push: vi.fn(async () => true),
  replace: vi.fn(async () => true),
})
vi.mock('next/router', () => import('@/tests/components/router-mock'))

const TAKEN = new Set(['RC7654321', 'adebayo foods limited'])
const checks = [
  route('GET', /^\/businesses\/check\/reg-no\//, (call) => ({
    data: { exists: TAKEN.has(decodeURIComponent(call.url.split('/').pop()!)) },
  })),
  route('GET', /^\/businesses\/check\/business-name\//, (call) => ({
    data: { exists: TAKEN.has(decodeURIComponent(call.url.split('/').pop()!).toLowerCase()) },
  })),
  route('GET', '/business-types', { data: TYPES }),
  route('GET', '/business-categories', { data: CATEGORIES }),
]

let api: ReturnType<typeof mockApi>
afterEach(() => api.restore())
beforeEach(() => {
  router.push.mockClear()
  sessionStorage.clear()
  localStorage.clear()
})

/** The page composes the locations feature's fields; plain fields stand in for them here. */
const locationFields = (
  <>
    <TextField name="address.country" label="Country" />
    <TextField name="address.state" label="State" />
  </>
)

function type(label: string | RegExp, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } })
}

async function fillValidForm() {
  await screen.findByRole('option', { name: 'Private Limited Company' }, { timeout: 5000 })
  type(/^Business name/, 'Kano Grains Cooperative')
  type(/^Registration number/, 'rc 123 4567')
  fireEvent.change(screen.getByLabelText(/^Business type/), { target: { value: TYPES[0]!.id } })
  fireEvent.change(screen.getByLabelText(/^Category/), { target: { value: CATEGORIES[0]!.id } })
  type(/^Business e-mail/, 'info@kanograins.ng')
  type(/^Business phone/, '0803 123 4567')
  type(/^Address\*?$/, '2 Bompai Road')
  type(/^State/, 'Kano')
}

describe('CreateBusinessForm', () => {
  it('says live that a registration number is taken, with its class, and refuses to send the form', async () => {
    api = mockApi(...checks, route('POST', '/businesses', { status: 201, data: business() }))
    renderWithClient(<CreateBusinessForm locationFields={locationFields} />)
    await fillValidForm()
    type(/^Registration number/, ' rc-765 4321 ')

    expect(
      await screen.findByText('Company (RC): RC7654321 is already registered', undefined, { timeout: 3000 }),
    ).toBeInTheDocument()
    expect(api.calls.filter((c) => c.url.startsWith('/businesses/check/reg-no/')).map((c) => c.url)).toContain(
      '/businesses/check/reg-no/RC7654321',
    )

    fireEvent.click(screen.getByRole('button', { name: 'Register business' }))
    await waitFor(
      () => expect(screen.getByLabelText(/^Registration number/)).toHaveAccessibleDescription(/RC7654321 is already registered/),
      { timeout: 3000 },
    )
    expect(api.calls.some((c: Call) => c.method === 'POST')).toBe(false)
    expect(router.push).not.toHaveBeenCalled()
  })

  it('says when a name is taken and when a number is free', async () => {
    api = mockApi(...checks)
    renderWithClient(<CreateBusinessForm locationFields={locationFields} />)
    type(/^Business name/, 'Adebayo  Foods Limited')
    expect(
      await screen.findByText('A business named “Adebayo Foods Limited” is already registered', undefined, { timeout: 3000 }),
    ).toBeInTheDocument()
    type(/^Registration number/, 'BN1234567')
    expect(
      await screen.findByText('Business name (BN): BN1234567 is available', undefined, { timeout: 3000 }),
    ).toBeInTheDocument()
  })

  it('registers the business, makes it the chosen one and opens its dashboard', async () => {
    api = mockApi(...checks, route('POST', '/businesses', { status: 201, data: business({ name: 'Kano Grains Cooperative' }) }))
    renderWithClient(<CreateBusinessForm locationFields={locationFields} />)
    await fillValidForm()
    fireEvent.click(screen.getByRole('button', { name: 'Register business' }))

    await waitFor(() => expect(router.push).toHaveBeenCalledWith(`/s/businesses/dashboard-details?businessId=${business().id}`))
    const sent = api.calls.find((c) => c.method === 'POST')!
    expect(sent.body).toMatchObject({
      name: 'Kano Grains Cooperative',
      regNo: 'RC1234567',
      typeId: TYPES[0]!.id,
      email: 'info@kanograins.ng',
      address: { line1: '2 Bompai Road', country: 'Nigeria', state: 'Kano' },
    })
    expect(sent.body).not.toHaveProperty('website')
    expect(sessionStorage.getItem('businessId')).toBe(business().id)
  })

  it('goes on to the product the visitor came for, with the new business', async () => {
    localStorage.setItem('sourceProduct', 'POS-ACQUIRING')
    api = mockApi(...checks, route('POST', '/businesses', { status: 201, data: business({ name: 'Kano Grains Cooperative' }) }))
    renderWithClient(<CreateBusinessForm locationFields={locationFields} />)
    await fillValidForm()
    fireEvent.click(screen.getByRole('button', { name: 'Register business' }))

    await waitFor(() =>
      expect(router.push).toHaveBeenCalledWith(`/s/products/ProductKyc?productCode=POS-ACQUIRING&businessId=${business().id}`),
    )
  })

  it('shows the API’s field errors on their fields', async () => {
    api = mockApi(
      ...checks,
      route('POST', '/businesses', apiError(409, 'CONFLICT', 'A business with this name already exists', 'name')),
    )
    renderWithClient(<CreateBusinessForm locationFields={locationFields} />)
    await fillValidForm()
    fireEvent.click(screen.getByRole('button', { name: 'Register business' }))
    await waitFor(() =>
      expect(screen.getByLabelText(/^Business name/)).toHaveAccessibleDescription(/A business with this name already exists/),
    )
    expect(router.push).not.toHaveBeenCalled()
  })

  it('can be sent once the type and category lists are in, and a prefill’s type and category are filled from them', async () => {
    api = mockApi(...checks)
    renderWithClient(
      <CreateBusinessForm
        locationFields={locationFields}
        isStaff
        prefill={{ name: 'Ogun Cassava Ltd', typeName: 'Private Limited Company', categoryName: 'Manufacturing' }}
      />,
    )
    const register = screen.getByRole('button', { name: 'Register business' })
    expect(register).toBeDisabled()

    await waitFor(() => expect(register).toBeEnabled())
    expect(screen.getByLabelText(/^Business type/)).toHaveValue(TYPES[0]!.id)
    expect(screen.getByLabelText(/^Category/)).toHaveValue(CATEGORIES[0]!.id)
  })

  it('asks staff for the owner’s e-mail', () => {
    api = mockApi(...checks)
    renderWithClient(<CreateBusinessForm locationFields={locationFields} isStaff />)
    expect(screen.getByLabelText(/^Owner's e-mail/)).toBeInTheDocument()
  })
})
