import type { Context } from 'hono'
import { getCookie, setCookie } from 'hono/cookie'
import { getConfig } from '@/lib/config/env'
import * as externalBusinessContract from '@/lib/contracts/external-business'
import { access } from '@/server/http/access'
import { createRouter, errorResponses, json, routesTagged } from '@/server/http/openapi'
import { publicArgs, serviceArgs } from '@/server/http/service-args'
import { HANDOVER_COOKIE, HANDOVER_IMPORT_WINDOW_HOURS, importExternalBusiness, retrieveExternalBusiness } from './handover'

const route = routesTagged('External business')

export const externalBusinessRoutes = createRouter()

/** The handover token's cookie: HttpOnly, SameSite=Lax, Secure in production, sent only to the handover's calls. */
const setHandoverCookie = (c: Context, token: string) =>
  setCookie(c, HANDOVER_COOKIE, token, {
    httpOnly: true,
    sameSite: 'Lax',
    secure: getConfig().isProduction,
    path: '/api/v1/external/business',
    maxAge: HANDOVER_IMPORT_WINDOW_HOURS * 3600,
  })

// GET /external/business/retrieve?reference= – verify a partner's signed reference and answer its business
externalBusinessRoutes.openapi(
  route.get('/external/business/retrieve', {
    summary: "Verify a partner's reference",
    description:
      'reference: an HS256 JWT from the partner (EXTERNAL_PARTNER_SECRET), iss = EXTERNAL_PARTNER_ISSUER, exp at most 10 minutes after iat. A bad signature, an expired reference, missing claims or a return URL outside EXTERNAL_PARTNER_ORIGINS answer 400 on `reference`; 404 when no partner is configured. Sets the one-time handover token the import needs as the HttpOnly cookie `kyc_handover`.',
    ...access.public(),
    request: { query: externalBusinessContract.externalRetrieveQuerySchema },
    responses: {
      200: json(externalBusinessContract.externalBusinessSchema, 'The business the partner hands over'),
      ...errorResponses(400, 404),
    },
  }),
  async (c) => {
    const { business, handoverToken } = await retrieveExternalBusiness({
      ...(await publicArgs(c)),
      reference: c.req.valid('query').reference,
      presentedToken: getCookie(c, HANDOVER_COOKIE),
    })
    setHandoverCookie(c, handoverToken)
    return c.json(business, 200)
  },
)

// GET /external/business/import?externalBusinessId=&productCode= – make the handed-over business mine, with the product application
externalBusinessRoutes.openapi(
  route.get('/external/business/import', {
    summary: 'Import a handed-over business',
    description:
      'Creates the business draft (the caller its owner) and the application for productCode from a handover retrieved in the last 24 hours by this browser (its `kyc_handover` cookie; the import spends it for this handover). Idempotent per externalBusinessId for the same user; another user, or a browser without the token, gets 404; after 10 such failures per user (30 per IP) in an hour, 429.',
    ...access.businessUsers(),
    request: { query: externalBusinessContract.externalImportQuerySchema },
    responses: {
      200: json(externalBusinessContract.externalImportResultSchema, 'The business (created, or the one an earlier import made)'),
      ...errorResponses(400, 401, 403, 404, 409, 429),
    },
  }),
  async (c) => {
    const result = await importExternalBusiness({
      ...(await serviceArgs(c)),
      ...c.req.valid('query'),
      handoverToken: getCookie(c, HANDOVER_COOKIE),
    })
    return c.json(result, 200)
  },
)
