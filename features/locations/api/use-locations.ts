import { skipToken, useQuery } from '@tanstack/react-query'
import { locationQueries } from './location-queries'

/** Every country (from /countries.json). */
export function useCountries() {
  return useQuery(locationQueries.countries())
}

/** The states (and, for Nigeria, LGAs) of a country; idle until a country id is given. */
export function useCountryStates(countryId: string | undefined) {
  const options = locationQueries.states(countryId ?? '')
  return useQuery({ ...options, queryFn: countryId ? options.queryFn : skipToken })
}
