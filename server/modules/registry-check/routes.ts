import { z } from '@hono/zod-openapi'
import { registryExtractInputSchema, registryExtractSchema } from '@/lib/contracts/registry-check'
import { access, jsonBody } from '@/server/http/access'
import { createRouter, errorResponses, json, routesTagged } from '@/server/http/openapi'
import { readArgs, serviceArgs } from '@/server/http/service-args'
import { getRegistryCheck, lookUpRegistryExtract, putRegistryExtract, REGISTRY_READERS, REGISTRY_WRITE } from './registry-extract'

const route = routesTagged('KYC verification')
const params = z.object({ id: z.uuid({ message: 'must be a business id (UUID)' }) })

const stateSchema = z
  .object({ provider: z.enum(['MANUAL', 'DOJAH']), extract: registryExtractSchema.nullable() })
  .meta({ id: 'RegistryCheck' })

/** The registry check (docs/ownership.md#registry-check). */
export const registryCheckRoutes = createRouter()

registryCheckRoutes.openapi(
  route.get('/businesses/{id}/registry-extract', {
    summary: "A business's registry extract",
    description:
      'The current extract (or null) and the configured provider: MANUAL (staff enter it) or DOJAH (staff look it up).',
    ...access.staffAny(...REGISTRY_READERS),
    request: { params },
    responses: { 200: json(stateSchema, 'The extract'), ...errorResponses(400, 401, 403, 404) },
  }),
  async (c) => c.json(await getRegistryCheck({ ...(await readArgs(c)), businessId: c.req.valid('param').id }), 200),
)

registryCheckRoutes.openapi(
  route.put('/businesses/{id}/registry-extract', {
    summary: 'Enter the registry extract',
    description:
      'The directors and direct shareholders as the registry holds them, obtained by staff. Replaces the previous extract; each difference with the declared structure becomes a REGISTRY_DIFFERENCE verification item.',
    ...access.staff(REGISTRY_WRITE),
    request: { params, ...jsonBody(registryExtractInputSchema) },
    responses: { 200: json(registryExtractSchema, 'Stored'), ...errorResponses(400, 401, 403, 404, 409) },
  }),
  async (c) =>
    c.json(
      await putRegistryExtract({ ...(await serviceArgs(c)), businessId: c.req.valid('param').id, input: c.req.valid('json') }),
      200,
    ),
)

registryCheckRoutes.openapi(
  route.post('/businesses/{id}/registry-extract/lookup', {
    summary: 'Look the business up in the registry',
    description: 'With the Dojah provider: its CAC lookup becomes the extract. 409 with the manual provider.',
    ...access.staff(REGISTRY_WRITE),
    request: { params },
    responses: { 200: json(registryExtractSchema, 'Looked up and stored'), ...errorResponses(400, 401, 403, 404, 409, 502) },
  }),
  async (c) => c.json(await lookUpRegistryExtract({ ...(await serviceArgs(c)), businessId: c.req.valid('param').id }), 200),
)
