import type { ApiError } from '@/lib/contracts/errors'
import { locationAlias } from '@/lib/contracts/locations'
import { AppError } from '@/server/http/app-error'
import { loadLocations } from '@/server/modules/locations/load-locations'

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase()

/** A country name from the reference dataset (any case) → its name as the dataset spells it; else 400 on `field`. */
export async function canonicalCountry(name: string, field: string): Promise<string> {
  const { countries } = await loadLocations()
  const country = countries.find((c) => same(c.country, name))
  if (!country) throw new AppError('VALIDATION_FAILED', 'Choose a country from the list', { field })
  return country.country
}

/**
 * Country, state and LGA names from the reference dataset, spelled as the dataset spells them. A country with states
 * needs one of them; a state with LGAs (Nigeria) needs one of its LGAs; a country without states takes any region.
 * One 400 entry per wrong field.
 */
export async function canonicalLocation(input: {
  country: string
  state: string
  lga?: string | null
}): Promise<{ country: string; state: string; lga: string | null }> {
  const { countries, statesById } = await loadLocations()
  const country = countries.find((c) => same(c.country, input.country))
  if (!country) throw new AppError('VALIDATION_FAILED', 'Choose a country from the list', { field: 'country' })
  const states = statesById.get(country.id.toUpperCase()) ?? []
  if (states.length === 0) return { country: country.country, state: input.state.trim(), lga: input.lga?.trim() || null }

  const errors: ApiError[] = []
  // By name, or by alias: "Abuja" (the FCT's alias, once a separate entry) still finds the Federal Capital Territory.
  const state = states.find((s) => same(s.state, input.state)) ?? states.find((s) => s.alias === locationAlias(input.state))
  if (!state)
    errors.push({ code: 'VALIDATION_FAILED', field: 'state', message: `Choose a state of ${country.country} from the list` })
  let lga: string | null = input.lga?.trim() || null
  if (state && state.lgas.length > 0) {
    const match = lga ? state.lgas.find((l) => same(l, lga!)) : undefined
    if (!match)
      errors.push({
        code: 'VALIDATION_FAILED',
        field: 'lga',
        message: lga ? `Choose a local government area of ${state.state} from the list` : 'Select a local government area',
      })
    else lga = match
  }
  if (errors.length) throw new AppError('VALIDATION_FAILED', errors[0]!.message, { details: errors })
  return { country: country.country, state: state!.state, lga }
}
