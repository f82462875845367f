import { z } from '@hono/zod-openapi'
import * as feesContract from '@/lib/contracts/fees'
import { isoDay } from '@/lib/format/iso-day'
import { access, idParam, jsonBody } from '@/server/http/access'
import { createRouter, errorResponses, json, routesTagged } from '@/server/http/openapi'
import { readArgs, serviceArgs } from '@/server/http/service-args'
import {
  answerConfigChange,
  CONFIG_FOUR_EYES_NOTE,
  configChangeResponses,
} from '@/server/modules/authorizations/config-four-eyes'
import { FEE_READ, FEE_WRITE } from './fee-access'
import { findFeeClients, getFeeClientDivision } from './fee-clients'
import { feeTotalsByClient, feeTotalsByService, findFeeReport } from './fee-reports'
import { requestFeeCreate, requestFeeUpdate } from './fee-requests'
import { createFee, getFee, searchFees, updateFee } from './fees'
import { findKycServiceDetails, findKycServiceProviders } from './kyc-services'

const route = routesTagged('Fees')

export const feeRoutes = createRouter()

const divisionParam = z.object({ divisionId: z.uuid({ message: 'must be an id (UUID)' }) })

// GET /fees/clients – the fee clients: business divisions
feeRoutes.openapi(
  route.get('/fees/clients', {
    summary: 'Fee clients (business divisions)',
    ...access.staff(FEE_READ),
    responses: { 200: json(z.array(feesContract.feeClientSchema), 'Clients'), ...errorResponses(401, 403) },
  }),
  async (c) => c.json(await findFeeClients(await readArgs(c)), 200),
)

// GET /fees/clients/{divisionId}/business-division – one client's division
feeRoutes.openapi(
  route.get('/fees/clients/{divisionId}/business-division', {
    summary: "A fee client's business division",
    ...access.staff(FEE_READ),
    request: { params: divisionParam },
    responses: { 200: json(feesContract.feeClientDivisionSchema, 'The division'), ...errorResponses(400, 401, 403, 404) },
  }),
  async (c) => c.json(await getFeeClientDivision({ ...(await readArgs(c)), divisionId: c.req.valid('param').divisionId }), 200),
)

// GET /kyc-service-details/providers – KYC providers
feeRoutes.openapi(
  route.get('/kyc-service-details/providers', {
    summary: 'KYC service providers',
    ...access.staff(FEE_READ),
    responses: { 200: json(z.array(feesContract.kycServiceProviderSchema), 'Providers'), ...errorResponses(401, 403) },
  }),
  async (c) => c.json(await findKycServiceProviders(await readArgs(c)), 200),
)

// GET /kyc-service-details – KYC services with their provider
feeRoutes.openapi(
  route.get('/kyc-service-details', {
    summary: 'KYC services',
    ...access.staff(FEE_READ),
    request: { query: feesContract.kycServiceDetailQuerySchema },
    responses: { 200: json(z.array(feesContract.kycServiceDetailSchema), 'Services'), ...errorResponses(400, 401, 403) },
  }),
  async (c) => c.json(await findKycServiceDetails({ ...(await readArgs(c)), query: c.req.valid('query') }), 200),
)

// POST /fees/reports – a page of charges
feeRoutes.openapi(
  route.post('/fees/reports', {
    summary: 'Fee report: charges',
    description: 'Charges of KYC provider calls, newest first, filtered by date range, client and service.',
    ...access.staff(FEE_READ),
    request: jsonBody(feesContract.feeReportRequestSchema),
    responses: { 200: json(feesContract.feeChargePageSchema, 'A page of charges'), ...errorResponses(400, 401, 403) },
  }),
  async (c) => c.json(await findFeeReport({ ...(await readArgs(c)), query: c.req.valid('json') }), 200),
)

// GET /fees/reports/aggregates – totals by client
feeRoutes.openapi(
  route.get('/fees/reports/aggregates', {
    summary: 'Fee totals by client',
    ...access.staff(FEE_READ),
    request: { query: feesContract.feeReportFilterSchema },
    responses: { 200: json(feesContract.feeClientAggregatesSchema, 'Totals'), ...errorResponses(400, 401, 403) },
  }),
  async (c) => c.json(await feeTotalsByClient({ ...(await readArgs(c)), filter: c.req.valid('query') }), 200),
)

// GET /fees/reports/aggregates/kyc – totals by KYC service
feeRoutes.openapi(
  route.get('/fees/reports/aggregates/kyc', {
    summary: 'Fee totals by KYC service',
    ...access.staff(FEE_READ),
    request: { query: feesContract.feeReportFilterSchema },
    responses: { 200: json(feesContract.feeServiceAggregatesSchema, 'Totals'), ...errorResponses(400, 401, 403) },
  }),
  async (c) => c.json(await feeTotalsByService({ ...(await readArgs(c)), filter: c.req.valid('query') }), 200),
)

// GET /fees/reports/downloads?format=xlsx – charges and totals as a workbook, streamed
feeRoutes.openapi(
  route.get('/fees/reports/downloads', {
    summary: 'Download the fee report',
    description: 'Sheets: Charges (with a total row), By client, By service. Streamed.',
    ...access.staff(FEE_READ),
    request: { query: feesContract.feeReportDownloadQuerySchema },
    responses: {
      200: {
        description: 'XLSX workbook',
        content: { 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': { schema: z.string() } },
      },
      ...errorResponses(400, 401, 403),
    },
  }),
  async (c) => {
    const { format: _format, ...filter } = c.req.valid('query')
    const { db } = await readArgs(c)
    // exceljs loads on the first export, not at every server start (docs/architecture.md#start-up).
    const { streamFeeReportXlsx } = await import('./fee-report-xlsx')
    return new Response(streamFeeReportXlsx({ db, filter }), {
      status: 200,
      headers: {
        'Content-Type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        'Content-Disposition': `attachment; filename="fees-${isoDay(new Date())}.xlsx"`,
        'Cache-Control': 'no-store',
        'X-Content-Type-Options': 'nosniff',
      },
    }) as never
  },
)

// GET /fees/search – fees by client, service and active flag
feeRoutes.openapi(
  route.get('/fees/search', {
    summary: 'Search fees',
    ...access.staff(FEE_READ),
    request: { query: feesContract.feeSearchQuerySchema },
    responses: { 200: json(feesContract.feePageSchema, 'A page of fees'), ...errorResponses(400, 401, 403) },
  }),
  async (c) => c.json(await searchFees({ ...(await readArgs(c)), query: c.req.valid('query') }), 200),
)

// POST /fees – a new fee (202 under four-eyes)
feeRoutes.openapi(
  route.post('/fees', {
    summary: 'Create a fee',
    description: CONFIG_FOUR_EYES_NOTE,
    ...access.staff(FEE_WRITE),
    request: jsonBody(feesContract.feeInputSchema),
    responses: { ...configChangeResponses(201, feesContract.feeSchema, 'Created'), ...errorResponses(400, 401, 403, 409) },
  }),
  async (c) => {
    const args = { ...(await serviceArgs(c)), input: c.req.valid('json') }
    return answerConfigChange(c, {
      request: () => requestFeeCreate(args),
      apply: () => createFee(args),
      status: 201,
    })
  },
)

// GET /fees/{id} – one fee
feeRoutes.openapi(
  route.get('/fees/{id}', {
    summary: 'A fee',
    ...access.staff(FEE_READ),
    request: { params: idParam },
    responses: { 200: json(feesContract.feeSchema, 'The fee'), ...errorResponses(400, 401, 403, 404) },
  }),
  async (c) => c.json(await getFee({ ...(await readArgs(c)), id: c.req.valid('param').id }), 200),
)

// PUT /fees/{id} – change a fee (202 under four-eyes)
feeRoutes.openapi(
  route.put('/fees/{id}', {
    summary: 'Update a fee',
    description: CONFIG_FOUR_EYES_NOTE,
    ...access.staff(FEE_WRITE),
    request: { params: idParam, ...jsonBody(feesContract.feeInputSchema) },
    responses: { ...configChangeResponses(200, feesContract.feeSchema, 'Updated'), ...errorResponses(400, 401, 403, 404, 409) },
  }),
  async (c) => {
    const args = { ...(await serviceArgs(c)), id: c.req.valid('param').id, input: c.req.valid('json') }
    return answerConfigChange(c, {
      request: () => requestFeeUpdate(args),
      apply: () => updateFee(args),
      status: 200,
    })
  },
)
