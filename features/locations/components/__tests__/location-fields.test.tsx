import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { useForm } from 'react-hook-form'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { Form } from '@/components/ui/form'
import { LOCATIONS_STALE_TIME, locationQueries } from '@/features/locations/api/location-queries'
import { LocationFields, type LocationFieldsProps } from '@/features/locations/components/location-fields'
import type { Country, CountryState } from '@/lib/contracts/locations'

const country = (id: string, name: string, states: string[]): Country => ({
  id,
  country: name,
  code: id,
  capital: '',
  latitude: '',
  longitude: '',
  states,
})

const COUNTRIES: Country[] = [
  country('GH', 'Ghana', ['Ashanti', 'Greater Accra']),
  country('MT', 'Malta', []),
  country('NG', 'Nigeria', ['Federal Capital Territory', 'Lagos']),
]

const STATES: Record<string, CountryState[]> = {
  GH: [
    { state: 'Ashanti', alias: 'ashanti', lgas: [] },
    { state: 'Greater Accra', alias: 'greater_accra', lgas: [] },
  ],
  NG: [
    { state: 'Federal Capital Territory', alias: 'abuja', lgas: ['Abaji', 'Bwari'] },
    { state: 'Lagos', alias: 'lagos', lgas: ['Ikeja', 'Surulere'] },
  ],
}

let fetchMock: ReturnType<typeof vi.fn>
let failCountries = false

beforeEach(() => {
  failCountries = false
  fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://portal.test')
    const json = (status: number, body: unknown) =>
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
    if (url.pathname === '/countries.json') return failCountries ? json(503, {}) : json(200, COUNTRIES)
    if (url.pathname === '/api/v1/countries/states') {
      const states = STATES[url.searchParams.get('country') ?? '']
      return states ? json(200, states) : json(404, { errors: [{ code: 'NOT_FOUND', message: 'Country not found' }] })
    }
    return json(404, {})
  })
  vi.stubGlobal('fetch', fetchMock)
})

afterEach(() => {
  vi.unstubAllGlobals()
})

interface Address {
  address: { country: string; state: string; lga: string }
}

function renderFields(options: { defaults?: Partial<Address['address']>; props?: LocationFieldsProps } = {}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  const onSubmit = vi.fn()
  function Harness() {
    const form = useForm<Address>({ defaultValues: { address: { country: '', state: '', lga: '', ...options.defaults } } })
    return (
      <QueryClientProvider client={client}>
        <Form form={form} onSubmit={(values) => onSubmit(values)}>
          <LocationFields {...options.props} />
          <button type="submit">Save</button>
        </Form>
      </QueryClientProvider>
    )
  }
  render(<Harness />)
  return { client, onSubmit }
}

const countrySelect = () => screen.getByLabelText(/^Country/) as HTMLSelectElement
const stateSelect = () => screen.getByLabelText(/^State/) as HTMLSelectElement
const lgaSelect = () => screen.getByLabelText(/^Local government area/) as HTMLSelectElement
const optionsOf = (select: HTMLSelectElement) =>
  within(select)
    .getAllByRole('option')
    .map((o) => o.textContent)

async function choose(select: () => HTMLSelectElement, value: string) {
  await waitFor(() => expect(optionsOf(select())).toContain(value))
  await waitFor(() => expect(select()).toBeEnabled())
  fireEvent.change(select(), { target: { value } })
  expect(select()).toHaveValue(value)
}

async function submit() {
  fireEvent.click(screen.getByRole('button', { name: 'Save' }))
}

describe('LocationFields', () => {
  it('cascades country → state → LGA and submits the names', async () => {
    const { onSubmit } = renderFields()
    await choose(countrySelect, 'Nigeria')
    expect(fetchMock).toHaveBeenCalledWith('/api/v1/countries/states?country=NG', expect.anything())

    await waitFor(() => expect(optionsOf(stateSelect())).toEqual(['Select a state', 'Federal Capital Territory', 'Lagos']))
    expect(lgaSelect()).toBeDisabled()
    expect(optionsOf(lgaSelect())).toEqual(['Select a state first'])

    await choose(stateSelect, 'Lagos')
    expect(optionsOf(lgaSelect())).toEqual(['Select a local government area', 'Ikeja', 'Surulere'])
    await choose(lgaSelect, 'Ikeja')

    await submit()
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ address: { country: 'Nigeria', state: 'Lagos', lga: 'Ikeja' } }))
  })

  it('clears the LGA when the state changes, and state and LGA when the country changes', async () => {
    const { onSubmit } = renderFields()
    await choose(countrySelect, 'Nigeria')
    await choose(stateSelect, 'Lagos')
    await choose(lgaSelect, 'Surulere')

    await choose(stateSelect, 'Federal Capital Territory')
    expect(lgaSelect()).toHaveValue('')
    expect(optionsOf(lgaSelect())).toEqual(['Select a local government area', 'Abaji', 'Bwari'])
    await choose(lgaSelect, 'Bwari')

    await choose(countrySelect, 'Ghana')
    expect(stateSelect()).toHaveValue('')
    expect(screen.queryByLabelText(/^Local government area/)).not.toBeInTheDocument()
    await waitFor(() => expect(optionsOf(stateSelect())).toEqual(['Select a state', 'Ashanti', 'Greater Accra']))
    await choose(stateSelect, 'Greater Accra')

    await submit()
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ address: { country: 'Ghana', state: 'Greater Accra', lga: '' } }))
  })

  it('asks for a free-text region for a country without states', async () => {
    const { onSubmit } = renderFields()
    await choose(countrySelect, 'Malta')
    const region = await screen.findByRole('textbox', { name: /^Region/ })
    expect(screen.queryByLabelText(/^State/)).not.toBeInTheDocument()
    expect(screen.queryByLabelText(/^Local government area/)).not.toBeInTheDocument()
    expect(fetchMock).not.toHaveBeenCalledWith(expect.stringContaining('country=MT'), expect.anything())

    await submit()
    expect(await screen.findByText('Enter a region', { selector: 'p' })).toBeInTheDocument()
    expect(onSubmit).not.toHaveBeenCalled()

    fireEvent.change(region, { target: { value: 'Gozo' } })
    await submit()
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ address: { country: 'Malta', state: 'Gozo', lga: '' } }))

    // Back to a country with states: the region text does not leak into the state.
    await choose(countrySelect, 'Ghana')
    await waitFor(() => expect(stateSelect()).toHaveValue(''))
  })

  it('shows required errors linked to their fields', async () => {
    const { onSubmit } = renderFields()
    await waitFor(() => expect(countrySelect()).toBeEnabled())
    await submit()

    const error = await screen.findByText('Select a country', { selector: 'p' })
    expect(countrySelect()).toHaveAttribute('aria-invalid', 'true')
    expect(countrySelect()).toHaveAttribute('aria-required', 'true')
    expect(countrySelect().getAttribute('aria-describedby')).toBe(error.id)
    // No state is asked for before there is a country.
    expect(screen.queryByText('Select a state', { selector: 'p' })).toBeNull()
    expect(onSubmit).not.toHaveBeenCalled()

    await choose(countrySelect, 'Nigeria')
    await waitFor(() => expect(stateSelect()).toBeEnabled())
    await submit()
    expect(await screen.findByText('Select a state', { selector: 'p' })).toBeInTheDocument()
    expect(stateSelect()).toHaveAttribute('aria-invalid', 'true')
    expect(screen.queryByText('Select a country', { selector: 'p' })).toBeNull()

    await choose(stateSelect, 'Lagos')
    await submit()
    const lgaError = await screen.findByText('Select a local government area', { selector: 'p' })
    expect(lgaSelect().getAttribute('aria-describedby')).toBe(lgaError.id)
    expect(onSubmit).not.toHaveBeenCalled()
  })

  it('takes custom field names and optional fields', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
    const onSubmit = vi.fn()
    function Harness() {
      const form = useForm({ defaultValues: { home: { nation: '', region: '', area: '' } } })
      return (
        <QueryClientProvider client={client}>
          <Form form={form} onSubmit={(values) => onSubmit(values)}>
            <LocationFields
              names={{ country: 'home.nation', state: 'home.region', lga: 'home.area' }}
              required={{ lga: false }}
            />
            <button type="submit">Save</button>
          </Form>
        </QueryClientProvider>
      )
    }
    render(<Harness />)
    await choose(countrySelect, 'Nigeria')
    await choose(stateSelect, 'Lagos')
    expect(lgaSelect()).not.toHaveAttribute('aria-required')
    await submit()
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ home: { nation: 'Nigeria', region: 'Lagos', area: '' } }))
  })

  it('shows a saved address once the lists arrive, without clearing it', async () => {
    const { onSubmit } = renderFields({ defaults: { country: 'Nigeria', state: 'Lagos', lga: 'Surulere' } })
    await waitFor(() => expect(lgaSelect()).toBeEnabled())
    expect(countrySelect()).toHaveValue('Nigeria')
    expect(stateSelect()).toHaveValue('Lagos')
    expect(lgaSelect()).toHaveValue('Surulere')
    await submit()
    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith({ address: { country: 'Nigeria', state: 'Lagos', lga: 'Surulere' } }),
    )
  })

  it('caches the countries for 8 hours and offers a retry when they fail to load', async () => {
    failCountries = true
    const { client } = renderFields()
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not load the countries')
    expect(countrySelect().getAttribute('aria-describedby')).toBeTruthy()
    expect(client.getQueryCache().find({ queryKey: locationQueries.countries().queryKey })?.options).toMatchObject({
      staleTime: LOCATIONS_STALE_TIME,
    })
    expect(LOCATIONS_STALE_TIME).toBe(28_800_000)

    failCountries = false
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }))
    await waitFor(() => expect(optionsOf(countrySelect())).toContain('Nigeria'))
    expect(screen.queryByRole('alert')).toBeNull()
    expect(fetchMock.mock.calls.filter(([url]) => url === '/countries.json')).toHaveLength(2)
  })
})
