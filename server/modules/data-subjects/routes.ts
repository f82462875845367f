import { z } from '@hono/zod-openapi'
import * as dataSubjectsContract from '@/lib/contracts/data-subjects'
import { PERMISSIONS } from '@/lib/permissions/names'
import { access, jsonBody, stepUp } from '@/server/http/access'
import { actorOf } from '@/server/http/auth'
import { createRouter, errorResponses, json, routesTagged } from '@/server/http/openapi'
import { readArgs, serviceArgs } from '@/server/http/service-args'
import { eraseDataSubject } from './erase-subject'
import type { SubjectExport } from './export-subject'
import { findDataSubjects } from './find-subjects'

/** archiver loads on the first export, not at every server start (docs/architecture.md#start-up). */
const exportDataSubject: (typeof import('./export-subject'))['exportDataSubject'] = async (options) =>
  (await import('./export-subject')).exportDataSubject(options)

const route = routesTagged('Data protection')

const HANDLERS = PERMISSIONS.CAN_HANDLE_DATA_REQUESTS

export const dataSubjectRoutes = createRouter()

const zipResponse = {
  200: {
    description: 'A zip archive: data.json and the person’s files, streamed',
    content: { 'application/zip': { schema: z.string().meta({ format: 'binary' }) } },
  },
}

function streamed(result: SubjectExport): Response {
  return new Response(result.stream, {
    status: 200,
    headers: {
      'Content-Type': 'application/zip',
      'Content-Disposition': `attachment; filename="${result.fileName}"`,
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
    },
  })
}

// GET /accounts/me/data-export – the signed-in user's own data, as one archive
dataSubjectRoutes.openapi(
  route.get('/accounts/me/data-export', {
    summary: 'Download your own data',
    description: 'Everything the portal holds about your account (NDPA 2023, right of access and portability), as a zip.',
    ...access.signedIn(),
    responses: { ...zipResponse, ...errorResponses(401) },
  }),
  async (c) => {
    const actor = actorOf(c)
    return streamed(
      await exportDataSubject({
        ...(await serviceArgs(c)),
        actor,
        kind: 'USER',
        id: actor.userId,
        purpose: 'Own data export',
      }),
    ) as never
  },
)

// GET /data-subjects – find a person by e-mail, name or identity number
dataSubjectRoutes.openapi(
  route.get('/data-subjects', {
    summary: 'Find a data subject',
    description:
      'Users by e-mail or name; people named on a means of ID or as individual shareholders by name, BVN or ID number (matched through blind indexes). Each answer says whether a retention duty forbids erasure.',
    ...access.staff(HANDLERS),
    request: { query: dataSubjectsContract.dataSubjectSearchQuerySchema },
    responses: {
      200: json(z.array(dataSubjectsContract.dataSubjectSchema), 'The people found'),
      ...errorResponses(400, 401, 403),
    },
  }),
  async (c) => c.json(await findDataSubjects({ ...(await readArgs(c)), query: c.req.valid('query') }), 200),
)

// GET /data-subjects/{kind}/{id}/export – everything about one person, as one archive
dataSubjectRoutes.openapi(
  route.get('/data-subjects/{kind}/{id}/export', {
    summary: 'Export a data subject',
    description:
      'data.json (every record about the person, identity numbers in clear) and their files, as one zip, streamed. Logged as a view of their data and audited.',
    ...access.staff(HANDLERS),
    request: { params: dataSubjectsContract.dataSubjectParams, query: dataSubjectsContract.dataSubjectExportQuerySchema },
    responses: { ...zipResponse, ...errorResponses(400, 401, 403, 404) },
  }),
  async (c) => {
    const { kind, id } = c.req.valid('param')
    return streamed(
      await exportDataSubject({ ...(await serviceArgs(c)), kind, id, purpose: c.req.valid('query').purpose }),
    ) as never
  },
)

// POST /data-subjects/{kind}/{id}/erase – erase or pseudonymise a person where no retention duty applies
dataSubjectRoutes.openapi(
  route.post('/data-subjects/{kind}/{id}/erase', {
    summary: 'Erase a data subject',
    description:
      'Pseudonymises the person in place (the business’s records keep their shape), removes their files (rows and blobs), verifications and people drafts, and destroys their subject keys so the personal values sealed in audit rows can no longer be read; the audit chain still verifies. 409 when a retention duty applies (an approved or archived business’s KYC). The reason is audited.',
    ...stepUp(access.staff(HANDLERS)),
    request: { params: dataSubjectsContract.dataSubjectParams, ...jsonBody(dataSubjectsContract.eraseDataSubjectSchema) },
    responses: {
      200: json(dataSubjectsContract.erasureResultSchema, 'What was erased'),
      ...errorResponses(400, 401, 403, 404, 409),
    },
  }),
  async (c) => {
    const { kind, id } = c.req.valid('param')
    return c.json(await eraseDataSubject({ ...(await serviceArgs(c)), kind, id, reason: c.req.valid('json').reason }), 200)
  },
)
