import * as dataViewsContract from '@/lib/contracts/data-views'
import { access, idParam } from '@/server/http/access'
import { createRouter, errorResponses, json, routesTagged } from '@/server/http/openapi'
import { readArgs } from '@/server/http/service-args'
import { BUSINESS_DATA_VIEWS_READ, DATA_VIEW_LOG_READ, findBusinessDataViews, findPersonalDataViews } from './find-views'

const route = routesTagged('Data protection')

export const dataViewRoutes = createRouter()

// GET /personal-data-views – every logged view of personal data, filtered by business, subject and actor
dataViewRoutes.openapi(
  route.get('/personal-data-views', {
    summary: 'Views of personal data (staff log)',
    description:
      'Every opening or download of a KYC file, reveal of a person’s record and data-subject export, newest first; filter by `businessId`, `subjectId` (a file, means of ID, shareholder or user) and `actorId`.',
    ...access.staff(DATA_VIEW_LOG_READ),
    request: { query: dataViewsContract.personalDataViewListQuerySchema },
    responses: { 200: json(dataViewsContract.personalDataViewPageSchema, 'A page of views'), ...errorResponses(400, 401, 403) },
  }),
  async (c) => c.json(await findPersonalDataViews({ ...(await readArgs(c)), query: c.req.valid('query') }), 200),
)

// GET /businesses/{id}/data-views – which staff viewed this business's documents and people's records
dataViewRoutes.openapi(
  route.get('/businesses/{id}/data-views', {
    summary: 'Staff views of a business’s personal data',
    description:
      'For the business’s own users (and staff who may read it): which staff opened its documents or revealed its people’s records, when and why.',
    ...access.business(BUSINESS_DATA_VIEWS_READ),
    request: { params: idParam, query: dataViewsContract.businessDataViewQuerySchema },
    responses: {
      200: json(dataViewsContract.personalDataViewPageSchema, 'A page of views'),
      ...errorResponses(400, 401, 403, 404),
    },
  }),
  async (c) =>
    c.json(
      await findBusinessDataViews({ ...(await readArgs(c)), businessId: c.req.valid('param').id, query: c.req.valid('query') }),
      200,
    ),
)
