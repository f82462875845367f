import { createMiddleware } from 'hono/factory'
import * as locationsContract from '@/lib/contracts/locations'
import { access } from '@/server/http/access'
import type { AppEnv } from '@/server/http/context'
import { createRouter, errorResponses, json, routesTagged } from '@/server/http/openapi'
import { findCountries, findCountryStates, getCountry } from './find-countries'

/** Reference data changes only with a deployment: successful answers may be cached for a day. */
const cacheForADay = createMiddleware<AppEnv>(async (c, next) => {
  await next()
  if (c.res.status === 200) c.header('Cache-Control', 'public, max-age=86400')
})

// Public: no token, as the signup and KYC forms need them before anything else.
const route = routesTagged('Locations')
const common = { ...access.public(), middleware: [cacheForADay] }

export const locationRoutes = createRouter()

// GET /countries – every country with its state names (the same list as /countries.json)
locationRoutes.openapi(
  route.get('/countries', {
    ...common,
    summary: 'Countries',
    responses: { 200: json(locationsContract.countryListSchema, 'Every country, by name') },
  }),
  async (c) => c.json(await findCountries(), 200),
)

// GET /countries/states?country= – a country's states with their LGAs (static path before /countries/{id})
locationRoutes.openapi(
  route.get('/countries/states', {
    ...common,
    summary: "A country's states and local government areas",
    description: 'Local government areas are listed for Nigeria; other countries answer empty `lgas` lists.',
    request: { query: locationsContract.countryStatesQuerySchema },
    responses: { 200: json(locationsContract.countryStateListSchema, 'States, by name'), ...errorResponses(400, 404) },
  }),
  async (c) => c.json(await findCountryStates({ countryId: c.req.valid('query').country }), 200),
)

// GET /countries/{id} – one country
locationRoutes.openapi(
  route.get('/countries/{id}', {
    ...common,
    summary: 'One country',
    request: { params: locationsContract.countryIdParamSchema },
    responses: { 200: json(locationsContract.countrySchema, 'The country'), ...errorResponses(400, 404) },
  }),
  async (c) => c.json(await getCountry({ id: c.req.valid('param').id }), 200),
)
