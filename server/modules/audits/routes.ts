import { z } from '@hono/zod-openapi'
import * as auditsContract from '@/lib/contracts/audits'
import { PERMISSIONS } from '@/lib/permissions/names'
import { access } from '@/server/http/access'
import { createRouter, errorResponses, json, routesTagged } from '@/server/http/openapi'
import { readArgs } from '@/server/http/service-args'
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
