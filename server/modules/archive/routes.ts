import * as archiveContract from '@/lib/contracts/archive'
import * as businessesContract from '@/lib/contracts/businesses'
import { access, idParam, jsonBody } from '@/server/http/access'
import { createRouter, errorResponses, json, routesTagged } from '@/server/http/openapi'
import { readArgs, serviceArgs } from '@/server/http/service-args'
import { ARCHIVERS, changeArchiveStatus } from './archive-business'
import { ARCHIVE_READ, findArchivedBusinesses } from './find-archived-businesses'

const route = routesTagged('Archive')

export const archiveRoutes = createRouter()

// GET /archive/businesses – archived businesses (staff), with the business list's filters
archiveRoutes.openapi(
  route.get('/archive/businesses', {
    summary: 'Archived businesses',
    ...access.staff(ARCHIVE_READ),
    request: { query: archiveContract.archiveListQuerySchema },
    responses: {
      200: json(archiveContract.archivedBusinessPageSchema, 'A page of archived businesses'),
      ...errorResponses(400, 401, 403),
    },
  }),
  async (c) => c.json(await findArchivedBusinesses({ ...(await readArgs(c)), query: c.req.valid('query') }), 200),
)

// POST /archive/business/{id}/unarchive – back to the active lists (reason required)
archiveRoutes.openapi(
  route.post('/archive/business/{id}/unarchive', {
    summary: 'Unarchive a business',
    ...access.staffAny(...ARCHIVERS),
    request: { params: idParam, ...jsonBody(archiveContract.archiveReasonSchema) },
    responses: { 200: json(businessesContract.businessSchema, 'Unarchived'), ...errorResponses(400, 401, 403, 404, 409) },
  }),
  async (c) =>
    c.json(
      await changeArchiveStatus({
        ...(await serviceArgs(c)),
        businessId: c.req.valid('param').id,
        archive: false,
        reason: c.req.valid('json').reason,
      }),
      200,
    ),
)

// POST /archive/business/{id} – archive a business (reason required)
archiveRoutes.openapi(
  route.post('/archive/business/{id}', {
    summary: 'Archive a business',
    ...access.staffAny(...ARCHIVERS),
    request: { params: idParam, ...jsonBody(archiveContract.archiveReasonSchema) },
    responses: { 200: json(businessesContract.businessSchema, 'Archived'), ...errorResponses(400, 401, 403, 404, 409) },
  }),
  async (c) =>
    c.json(
      await changeArchiveStatus({
        ...(await serviceArgs(c)),
        businessId: c.req.valid('param').id,
        archive: true,
        reason: c.req.valid('json').reason,
      }),
      200,
    ),
)
