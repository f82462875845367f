import { z } from '@hono/zod-openapi'
import { PERMISSIONS } from '@/lib/permissions/names'
import { access, idParam, stepUp } from '@/server/http/access'
import { createRouter, errorResponses, routesTagged } from '@/server/http/openapi'
import { serviceArgs } from '@/server/http/service-args'
import { evidencePublicKeyPem, publicKeyFingerprint } from './signing-key'

const route = routesTagged('Evidence')

export const evidenceRoutes = createRouter()

// GET /businesses/{id}/case-file – the business's verifiable case file, a zip streamed as it is built
evidenceRoutes.openapi(
  route.get('/businesses/{id}/case-file', {
    // The whole file leaves with it: every identity document, and for staff who may reveal them the identity numbers
    // in clear. As revealing one number, it needs a fresh factor (docs/security.md#step-up).
    ...stepUp(access.staff(PERMISSIONS.CAN_READ_BUSINESS)),
    summary: "Download a business's case file",
    description:
      'The KYC summary PDF, every document as stored, verification, screening, risk, deferrals, decisions and the audit slice with the chain links to the head, then manifest.json (each file with its SHA-256), manifest.sig (Ed25519) and public-key.pem. Needs a factor used in the last 5 minutes (401 STEP_UP_REQUIRED). Logged as a view of personal data and audited.',
    request: { params: idParam },
    responses: {
      200: {
        description: 'A zip archive, streamed',
        content: { 'application/zip': { schema: z.string().meta({ format: 'binary' }) } },
      },
      ...errorResponses(400, 401, 403, 404),
    },
  }),
  async (c) => {
    // archiver and pdf-lib load on the first case file, not at every server start (docs/architecture.md#start-up).
    const { buildCaseFile } = await import('./case-file')
    const result = await buildCaseFile({ ...(await serviceArgs(c)), businessId: c.req.valid('param').id })
    return new Response(result.stream, {
      status: 200,
      headers: {
        'Content-Type': 'application/zip',
        'Content-Disposition': `attachment; filename="${result.fileName}"`,
        'Cache-Control': 'no-store',
        'X-Content-Type-Options': 'nosniff',
      },
    }) as never
  },
)

// GET /evidence/signing-key – the public key case files are signed with (also at /.well-known/kyc-evidence-key.pem)
evidenceRoutes.openapi(
  route.get('/evidence/signing-key', {
    ...access.public(),
    summary: 'The public key that signs case files',
    description: 'PEM (SPKI, Ed25519); the X-Key-Fingerprint header is the SHA-256 of its DER, hex.',
    responses: { 200: { description: 'PEM', content: { 'application/x-pem-file': { schema: z.string() } } } },
  }),
  () => {
    const pem = evidencePublicKeyPem()
    return new Response(pem, {
      status: 200,
      headers: {
        'Content-Type': 'application/x-pem-file',
        'X-Key-Fingerprint': publicKeyFingerprint(pem),
        'Cache-Control': 'public, max-age=300',
      },
    }) as never
  },
)
