import * as externalBusinessContract from '@/lib/contracts/external-business'
import { getDb } from '@/server/db/client'
import { access } from '@/server/http/access'
import { createRouter, errorResponses, json, routesTagged } from '@/server/http/openapi'
import { serviceArgs } from '@/server/http/service-args'
import { importExternalBusiness, retrieveExternalBusiness } from './handover'

const route = routesTagged('External business')

export const externalBusinessRoutes = createRouter()

// GET /external/business/retrieve?reference= – verify a partner's signed reference and answer its business
externalBusinessRoutes.openapi(
  route.get('/external/business/retrieve', {
    summary: "Verify a partner's reference",
    description:
      'reference: an HS256 JWT from the partner (EXTERNAL_PARTNER_SECRET), iss = EXTERNAL_PARTNER_ISSUER, exp at most 10 minutes after iat. A bad signature, an expired reference, missing claims or a return URL outside EXTERNAL_PARTNER_ORIGINS answer 400 on `reference`; 404 when no partner is configured.',
    ...access.public(),
    request: { query: externalBusinessContract.externalRetrieveQuerySchema },
    responses: {
      200: json(externalBusinessContract.externalBusinessSchema, 'The business the partner hands over'),
      ...errorResponses(400, 404),
    },
  }),
  async (c) => c.json(await retrieveExternalBusiness({ db: await getDb(), reference: c.req.valid('query').reference }), 200),
)

// GET /external/business/import?externalBusinessId=&productCode= – make the handed-over business mine, with the product application
externalBusinessRoutes.openapi(
  route.get('/external/business/import', {
    summary: 'Import a handed-over business',
    description:
      'Creates the business draft (the caller its owner) and the application for productCode from a handover retrieved in the last 24 hours. Idempotent per externalBusinessId for the same user; another user gets 404.',
    ...access.businessUsers(),
    request: { query: externalBusinessContract.externalImportQuerySchema },
    responses: {
      200: json(externalBusinessContract.externalImportResultSchema, 'The business (created, or the one an earlier import made)'),
      ...errorResponses(400, 401, 403, 404, 409),
    },
  }),
  async (c) => c.json(await importExternalBusiness({ ...(await serviceArgs(c)), ...c.req.valid('query') }), 200),
)
