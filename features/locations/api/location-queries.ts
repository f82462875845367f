import { queryOptions } from '@tanstack/react-query'
import { API_BASE_URL } from '@/lib/config/public'
import type { Country, CountryState } from '@/lib/contracts/locations'

/** Reference data changes only with a deployment: keep it fresh for 8 hours (spec). */
export const LOCATIONS_STALE_TIME = 28_800_000

/** The static copy of GET /countries, served from the portal's origin. */
export const COUNTRIES_URL = '/countries.json'

export const countryStatesUrl = (countryId: string) => `${API_BASE_URL}/countries/states?country=${encodeURIComponent(countryId)}`

// No shared HTTP client yet: these public, token-less reads use fetch directly.
async function getJson(url: string, signal?: AbortSignal): Promise<unknown> {
  const res = await fetch(url, { signal, headers: { accept: 'application/json' } })
  if (!res.ok) throw new Error(`GET ${url} answered ${res.status}`)
  return res.json()
}

export async function getCountries(signal?: AbortSignal): Promise<Country[]> {
  // Our own API and static file: typed, not re-validated in the browser (that would ship zod to every form).
  return (await getJson(COUNTRIES_URL, signal)) as Country[]
}

export async function getCountryStates(countryId: string, signal?: AbortSignal): Promise<CountryState[]> {
  return (await getJson(countryStatesUrl(countryId), signal)) as CountryState[]
}

export const locationQueries = {
  all: () => ['locations'] as const,
  countries: () =>
    queryOptions({
      queryKey: [...locationQueries.all(), 'countries'] as const,
      queryFn: ({ signal }) => getCountries(signal),
      staleTime: LOCATIONS_STALE_TIME,
    }),
  states: (countryId: string) =>
    queryOptions({
      queryKey: [...locationQueries.all(), 'states', countryId] as const,
      queryFn: ({ signal }) => getCountryStates(countryId, signal),
      staleTime: LOCATIONS_STALE_TIME,
    }),
}
