import { z } from '@hono/zod-openapi'
import * as auditsContract from '@/lib/contracts/audits'
import { isoDay } from '@/lib/format/iso-day'
import { PERMISSIONS } from '@/lib/permissions/names'
import { access } from '@/server/http/access'
import { createRouter, errorResponses, json, routesTagged } from '@/server/http/openapi'
import { readArgs, serviceArgs } from '@/server/http/service-args'
import { exportAudits } from './export-audits'
import { findAuditActors, findAuditResources, findAudits } from './find-audits'
import { verifyAuditChain } from './verify-audit-chain'

const route = routesTagged('Audits')

export const auditRoutes = createRouter()

// GET /audits/resources – the resource names that appear in the log (static paths first)
auditRoutes.openapi(
  route.get('/audits/resources', {
    ...access.staff(PERMISSIONS.CAN_AUDIT_SYSTEM),
    summary: 'Audited resource names',
    responses: { 200: json(z.array(z.string()), 'Resource names'), ...errorResponses(401, 403) },
  }),
  async (c) => c.json(await findAuditResources(await readArgs(c)), 200),
)

// GET /audits/actors – users who appear in the log
auditRoutes.openapi(
  route.get('/audits/actors', {
    ...access.staff(PERMISSIONS.CAN_AUDIT_SYSTEM),
    summary: 'Actors that appear in the audit log',
    responses: { 200: json(z.array(auditsContract.auditActorSchema), 'Actors'), ...errorResponses(401, 403) },
  }),
  async (c) => c.json(await findAuditActors(await readArgs(c)), 200),
)

// GET /audits/verify – recompute the hash chain
auditRoutes.openapi(
  route.get('/audits/verify', {
    ...access.staff(PERMISSIONS.CAN_AUDIT_SYSTEM),
    summary: 'Verify the audit hash chain',
    responses: { 200: json(auditsContract.auditVerifySchema, 'Chain check result'), ...errorResponses(401, 403) },
  }),
  async (c) => c.json(await verifyAuditChain(await readArgs(c)), 200),
)

// GET /audits/export?format=csv|ndjson – the filtered log with its chain proof, streamed
auditRoutes.openapi(
  route.get('/audits/export', {
    ...access.staff(PERMISSIONS.CAN_EXPORT_AUDIT),
    summary: 'Export the audit log with its chain proof',
    description:
      'The filters of GET /audits; a proof record first (the chain checked over the exported range, the hashes at both ends, the head), then every matching row in the chain order, streamed. Audited.',
    request: { query: auditsContract.auditExportQuerySchema },
    responses: {
      200: {
        description: 'NDJSON or CSV, the proof first',
        content: { 'text/csv': { schema: z.string() }, 'application/x-ndjson': { schema: z.string() } },
      },
      ...errorResponses(400, 401, 403),
    },
  }),
  async (c) => {
    const query = c.req.valid('query')
    const body = await exportAudits({ ...(await serviceArgs(c)), query })
    const stamp = isoDay(new Date())
    return new Response(body, {
      status: 200,
      headers: {
        'Content-Type': query.format === 'ndjson' ? 'application/x-ndjson; charset=utf-8' : 'text/csv; charset=utf-8',
        'Content-Disposition': `attachment; filename="audit-log-${stamp}.${query.format}"`,
        'Cache-Control': 'no-store',
        'X-Content-Type-Options': 'nosniff',
      },
    }) as never
  },
)

// GET /audits – the audit log, filtered and paginated
auditRoutes.openapi(
  route.get('/audits', {
    ...access.staff(PERMISSIONS.CAN_AUDIT_SYSTEM),
    summary: 'Audit log',
    request: { query: auditsContract.auditListQuerySchema },
    responses: { 200: json(auditsContract.auditPageSchema, 'A page of audit rows'), ...errorResponses(400, 401, 403) },
  }),
  async (c) => c.json(await findAudits({ ...(await readArgs(c)), query: c.req.valid('query') }), 200),
)
