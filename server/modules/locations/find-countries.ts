import type { Country, CountryState } from '@/lib/contracts/locations'
import { notFound } from '@/server/http/app-error'
import { loadLocations } from './load-locations'

/** Every country, by name. */
export async function findCountries(): Promise<Country[]> {
  return (await loadLocations()).countries
}

/** One country by id (case-insensitive); NOT_FOUND when unknown. */
export async function getCountry({ id }: { id: string }): Promise<Country> {
  const country = (await loadLocations()).byId.get(id.toUpperCase())
  if (!country) throw notFound('Country')
  return country
}

/** A country's states with their local government areas (Nigeria; empty lists elsewhere); NOT_FOUND when unknown. */
export async function findCountryStates({ countryId }: { countryId: string }): Promise<CountryState[]> {
  const states = (await loadLocations()).statesById.get(countryId.toUpperCase())
  if (!states) throw notFound('Country')
  return states
}
