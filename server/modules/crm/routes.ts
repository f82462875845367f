import { z } from '@hono/zod-openapi'
import * as crmContract from '@/lib/contracts/crm'
import { access } from '@/server/http/access'
import { AppError } from '@/server/http/app-error'
import { readMultipart } from '@/server/http/body'
import { createRouter, errorResponses, json, routesTagged } from '@/server/http/openapi'
import { readArgs, serviceArgs } from '@/server/http/service-args'
import { CRM_READERS, getCrmOpportunity, searchCrmAccounts } from './find-crm'
import { CRM_IMPORTERS, importCrmAccounts } from './import-crm-accounts'

const route = routesTagged('CRM')

export const crmRoutes = createRouter()

// GET /crm/search-accounts?accountName=&sizeLimit= – CRM accounts by name (the CRM flow of create-business)
crmRoutes.openapi(
  route.get('/crm/search-accounts', {
    summary: 'Search CRM accounts by name',
    description:
      'Accounts of the configured CRM (CRM_PROVIDER) whose name contains accountName, ignoring case; at most sizeLimit (15).',
    ...access.staff(...CRM_READERS),
    request: { query: crmContract.crmSearchQuerySchema },
    responses: {
      200: json(z.array(crmContract.crmAccountSchema), 'Matching accounts, by name'),
      ...errorResponses(400, 401, 403, 502),
    },
  }),
  async (c) => c.json(await searchCrmAccounts({ ...(await readArgs(c)), ...c.req.valid('query') }), 200),
)

// POST /crm/accounts/import – upsert the built-in CRM directory from a CSV
crmRoutes.openapi(
  route.post('/crm/accounts/import', {
    summary: 'Import CRM accounts from CSV',
    description:
      'multipart/form-data with `file`: a CSV whose header names the columns externalRef, name (required), regNo, typeHint, categoryHint, addressLine1, city, state, country, contactEmail, contactPhone. Upserts by externalRef, all or nothing; a 400 lists each failing cell as `line <n>.<column>`.',
    ...access.staff(...CRM_IMPORTERS),
    request: { body: { required: true, content: { 'multipart/form-data': { schema: crmContract.crmImportFormSchema } } } },
    responses: {
      200: json(crmContract.crmImportResultSchema, 'How many accounts were created and updated'),
      ...errorResponses(400, 401, 403, 413, 415),
    },
  }),
  async (c) => {
    const { file } = await readMultipart(c, {
      fileField: 'file',
      unsupported: { message: 'Send the CSV as multipart/form-data under `file`' },
      otherFiles: 'ignore',
    })
    if (!file || typeof file === 'string')
      throw new AppError('VALIDATION_FAILED', 'Attach the CSV file as `file`', { field: 'file' })
    const csv = new TextDecoder('utf-8', { fatal: false }).decode(file.bytes)
    return c.json(await importCrmAccounts({ ...(await serviceArgs(c)), csv }), 200)
  },
)

// GET /crm/opportunities/{id} – one CRM opportunity
crmRoutes.openapi(
  route.get('/crm/opportunities/{id}', {
    summary: 'A CRM opportunity',
    ...access.staff(...CRM_READERS),
    request: { params: crmContract.crmIdParamSchema },
    responses: { 200: json(crmContract.crmOpportunitySchema, 'The opportunity'), ...errorResponses(400, 401, 403, 404, 502) },
  }),
  async (c) => c.json(await getCrmOpportunity({ ...(await readArgs(c)), id: c.req.valid('param').id }), 200),
)
