import { secureHeaders } from 'hono/secure-headers'
import { getConfig } from '@/lib/config/env'
import { access } from './http/access'
import { limitRequestBody } from './http/body-limit'
import type { AppEnv } from './http/context'
import { handleError, notFoundResponse } from './http/errors'
import { rejectNulCharacters } from './http/nul-guard'
import { createRouter, type Router } from './http/openapi'
import { requestContext } from './http/request-context'
import { devOutboxRoutes } from './modules/accounts/dev-routes'
import { accountRoutes } from './modules/accounts/routes'
import { sessionRoutes } from './modules/accounts/session-routes'
import { archiveRoutes } from './modules/archive/routes'
import { auditRoutes } from './modules/audits/routes'
import { assertEveryKindRegistered } from './modules/authorizations/kinds'
import { authorizationRoutes } from './modules/authorizations/routes'
import { businessReferenceRoutes, businessRoutes } from './modules/businesses/routes'
import { cacReviewRoutes } from './modules/cac-review/routes'
import { crmRoutes } from './modules/crm/routes'
import { dataSubjectRoutes } from './modules/data-subjects/routes'
import { dataViewRoutes } from './modules/data-views/routes'
import { deferralReviewRoutes } from './modules/deferral-review/routes'
import { deferralRoutes } from './modules/deferrals/routes'
import { evidenceRoutes } from './modules/evidence/routes'
import { externalBusinessRoutes } from './modules/external-business/routes'
import { factorResetRoutes } from './modules/factor-reset/routes'
import { factorRoutes } from './modules/factors/routes'
import { webauthnRoutes } from './modules/factors/webauthn-routes'
import { feeRoutes } from './modules/fees/routes'
import { fileRoutes } from './modules/files/routes'
import { governmentRoutes } from './modules/government/routes'
import { healthRoutes } from './modules/health/routes'
import { draftFormRoutes, kycDeleteRoutes, kycRoutes } from './modules/kyc/routes'
import { kycDocumentRoutes } from './modules/kyc-documents/routes'
import { locationRoutes } from './modules/locations/routes'
import { marketingRoutes } from './modules/marketing/routes'
import { notificationRoutes } from './modules/notifications/routes'
import { onboardingRoutes } from './modules/onboarding/routes'
import { operationsRoutes } from './modules/operations/routes'
import { productRoutes } from './modules/products/routes'
import { registryCheckRoutes } from './modules/registry-check/routes'
import { reminderRoutes } from './modules/reminders/routes'
import { reportRoutes } from './modules/reports/routes'
import { retentionRoutes } from './modules/retention/routes'
import { reviewRoutes } from './modules/reviews/routes'
import { riskRoutes } from './modules/risk/routes'
import { screeningRoutes } from './modules/screening/routes'
import { serviceLevelRoutes } from './modules/service-levels/routes'
import { ssoRoutes } from './modules/sso/routes'
import { supportRoutes } from './modules/support/routes'
import { verificationRoutes } from './modules/verification/routes'
import { webhookRoutes } from './modules/webhooks/routes'

export const API_BASE_PATH = '/api/v1'
const MULTIPART_FIELDS_ALLOWANCE_BYTES = 256 * 1024

/**
 * Module routers, in order; within each, static paths are registered before parameterised ones. reviewRoutes comes
 * before businessRoutes so `/businesses/for-approval` and the other static review paths win over `/businesses/{id}`.
 * cacReviewRoutes and verificationRoutes come before the KYC routers (static `/kyc/...` paths first);
 * deferralReviewRoutes after deferralRoutes, whose static `/deferrals/deferrable…` paths must win over `/deferrals/{id}`.
 */
const MODULES: Router[] = [
  healthRoutes,
  accountRoutes,
  sessionRoutes,
  ssoRoutes,
  factorRoutes,
  webauthnRoutes,
  factorResetRoutes,
  screeningRoutes,
  riskRoutes,
  serviceLevelRoutes,
  operationsRoutes,
  auditRoutes,
  evidenceRoutes,
  marketingRoutes,
  supportRoutes,
  locationRoutes,
  reviewRoutes,
  businessRoutes,
  businessReferenceRoutes,
  fileRoutes,
  productRoutes,
  onboardingRoutes,
  cacReviewRoutes,
  verificationRoutes,
  registryCheckRoutes,
  kycDocumentRoutes,
  deferralRoutes,
  deferralReviewRoutes,
  archiveRoutes,
  governmentRoutes,
  reminderRoutes,
  dataViewRoutes,
  retentionRoutes,
  dataSubjectRoutes,
  reportRoutes,
  feeRoutes,
  kycRoutes,
  draftFormRoutes,
  kycDeleteRoutes,
  authorizationRoutes,
  crmRoutes,
  externalBusinessRoutes,
  webhookRoutes,
  notificationRoutes,
]

export function createApp() {
  // The configuration kinds registered themselves when their domains' routes loaded (imports above).
  assertEveryKindRegistered()
  const config = getConfig()
  const app = createRouter().basePath(API_BASE_PATH)

  app.use('*', requestContext)
  app.use(
    '*',
    secureHeaders({
      crossOriginResourcePolicy: 'same-origin',
      contentSecurityPolicy: { defaultSrc: ["'none'"], frameAncestors: ["'none'"], baseUri: ["'none'"] },
      // HSTS only where the portal is served over HTTPS.
      strictTransportSecurity: config.isProduction ? 'max-age=63072000; includeSubDomains' : false,
    }),
  )
  // A multipart form carries one file up to the upload limit plus its fields (the file is checked again by
  // storeServerUpload against the same limit). Only calls that declare a multipart body get that allowance: any other
  // request is held to the JSON limit whatever Content-Type it claims, so it cannot make the server buffer megabytes.
  const multipartLimit = config.uploadMaxBytes + MULTIPART_FIELDS_ALLOWANCE_BYTES
  let multipartCalls: { method: string; path: RegExp }[] | undefined
  const takesMultipart = (method: string, path: string) =>
    (multipartCalls ??= app.openAPIRegistry.definitions.flatMap((d) =>
      d.type === 'route' && d.route.request?.body?.content?.['multipart/form-data']
        ? [
            {
              method: d.route.method.toUpperCase(),
              path: new RegExp(`^${API_BASE_PATH}${d.route.path.replace(/\{[^}/]+\}/g, '[^/]+')}$`),
            },
          ]
        : [],
    )).some((call) => call.method === method && call.path.test(path))
  app.use(
    '*',
    limitRequestBody({
      maxBytesFor: ({ contentType, method, path }) =>
        contentType.startsWith('multipart/form-data') && takesMultipart(method, path) ? multipartLimit : config.apiBodyLimitBytes,
    }),
  )
  app.use('*', rejectNulCharacters)

  for (const module of MODULES) app.route('/', module)
  if (config.mail.devOutboxEnabled) app.route('/', devOutboxRoutes)

  app.openAPIRegistry.registerComponent('securitySchemes', 'bearerAuth', {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
  })
  // The document lists itself too, so a client can discover every call from it.
  app.openAPIRegistry.registerPath({
    method: 'get',
    path: '/openapi.json',
    tags: ['Health'],
    summary: 'This OpenAPI 3.1 document',
    ...access.public(),
    responses: {
      200: { description: 'The machine-readable contract', content: { 'application/json': { schema: { type: 'object' } } } },
    },
  })
  // Built once, on first request: generating it walks every route's schemas (tens of milliseconds), and the call is public.
  let openApiDocument: ReturnType<typeof app.getOpenAPI31Document> | undefined
  app.get('/openapi.json', (c) =>
    c.json(
      (openApiDocument ??= app.getOpenAPI31Document({
        openapi: '3.1.0',
        info: {
          title: 'Business onboarding and KYC portal: business API',
          version: '1.0.0',
          description:
            'Errors always answer `{ errors: [{ code, message, field? }] }`. Lists are paginated with pageNumber/pageSize.',
        },
        servers: [{ url: '/' }],
      })),
    ),
  )

  app.notFound((c) => notFoundResponse(c))
  app.onError((error, c) => handleError(error, c))
  return app
}

export type App = ReturnType<typeof createApp>
export type { AppEnv }
