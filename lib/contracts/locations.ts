import { z } from 'zod'

/**
 * Reference locations (spec section 3, docs/api.md#locations), built by scripts/build-locations.ts.
 *
 * Every key is always present. Text the source lacks is the empty string, never absent or null:
 * `code` and `capital` may be '' (the current source has no capitals), and so may `latitude`/`longitude`,
 * which are decimal degrees kept as text ("9.08333333"), exactly as the source gives them.
 * `id` is the ISO 3166-1 alpha-2 code, or a slug of the name when the source has no code.
 */
export const countrySchema = z
  .object({
    id: z.string().min(1),
    country: z.string().min(1),
    code: z.string(),
    capital: z.string(),
    latitude: z.string(),
    longitude: z.string(),
    /** Region names (states, provinces, ...), sorted; empty when the country has none. */
    states: z.array(z.string()),
  })
  .meta({ id: 'Country' })
export type Country = z.infer<typeof countrySchema>

export const countryListSchema = z.array(countrySchema)

/** One state of a country; `lgas` lists its local government areas (Nigeria), empty elsewhere. */
export const countryStateSchema = z
  .object({
    state: z.string().min(1),
    /** Lower case, words joined by underscores (`akwa_ibom`); the FCT and Abuja both use `abuja`. */
    alias: z.string(),
    lgas: z.array(z.string()),
  })
  .meta({ id: 'CountryState' })
export type CountryState = z.infer<typeof countryStateSchema>

export const countryStateListSchema = z.array(countryStateSchema)

const countryIdField = z
  .string({ message: 'is required' })
  .trim()
  .min(1, { message: 'is required' })
  .max(64, { message: 'must be at most 64 characters' })

export const countryStatesQuerySchema = z.object({ country: countryIdField })
export type CountryStatesQuery = z.infer<typeof countryStatesQuerySchema>

export const countryIdParamSchema = z.object({ id: countryIdField })

export { locationAlias, NIGERIA_ID } from './location-ids'
