import { queryOptions } from '@tanstack/react-query'
import { API_BASE_URL } from '@/lib/config/public'
import type { CountryState } from '@/lib/contracts/locations'
import { COUNTRIES_URL, LOCATIONS_STALE_TIME, locationReads } from '@/lib/query/shared-queries'

export { COUNTRIES_URL, LOCATIONS_STALE_TIME }

export const countryStatesUrl = (countryId: string) => `${API_BASE_URL}/countries/states?country=${encodeURIComponent(countryId)}`

// No shared HTTP client yet: these public, token-less reads use fetch directly.
async function getJson(url: string, signal?: AbortSignal): Promise<unknown> {
  const res = await fetch(url, { signal, headers: { accept: 'application/json' } })
  if (!res.ok) throw new Error(`GET ${url} answered ${res.status}`)
  return res.json()
}

export async function getCountryStates(countryId: string, signal?: AbortSignal): Promise<CountryState[]> {
  return (await getJson(countryStatesUrl(countryId), signal)) as CountryState[]
}

export const locationQueries = {
  all: () => ['locations'] as const,
  /** Shared with the forms that name a country (lib/query/shared-queries.ts). */
  countries: locationReads.countries,
  states: (countryId: string) =>
    queryOptions({
      queryKey: [...locationQueries.all(), 'states', countryId] as const,
      queryFn: ({ signal }) => getCountryStates(countryId, signal),
      staleTime: LOCATIONS_STALE_TIME,
    }),
}
