import { z } from 'zod'
import {
  type Country,
  type CountryState,
  countryListSchema,
  countryStateListSchema,
  locationAlias,
} from '@/lib/contracts/locations'

/** The reference locations, indexed; built once per process from the files scripts/build-locations.ts writes. */
export interface Locations {
  countries: Country[]
  /** Keyed by upper-cased id, so `ng` finds Nigeria too. */
  byId: Map<string, Country>
  /** Keyed like `byId`: every country's states, with LGAs where the dataset has them (Nigeria). */
  statesById: Map<string, CountryState[]>
}

const localGovernmentsSchema = z.record(z.string(), countryStateListSchema)

let loading: Promise<Locations> | undefined

/** Lazy: the first call reads and checks the data; later calls share it. A failed load is retried next time. */
export function loadLocations(): Promise<Locations> {
  loading ??= readLocations().catch((error: unknown) => {
    loading = undefined
    throw error
  })
  return loading
}

async function readLocations(): Promise<Locations> {
  // public/countries.json is the very file the browser fetches as /countries.json, so the two never differ.
  const [countriesJson, lgasJson] = await Promise.all([
    import('@/public/countries.json'),
    import('@/server/data/local-governments.json'),
  ])
  const countries = countryListSchema.parse(countriesJson.default)
  const lgasByCountry = localGovernmentsSchema.parse(lgasJson.default)

  const byId = new Map<string, Country>()
  const statesById = new Map<string, CountryState[]>()
  for (const country of countries) {
    const key = country.id.toUpperCase()
    byId.set(key, country)
    statesById.set(
      key,
      lgasByCountry[country.id] ?? country.states.map((state) => ({ state, alias: locationAlias(state), lgas: [] })),
    )
  }
  return { countries, byId, statesById }
}
