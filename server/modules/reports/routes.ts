import { z } from '@hono/zod-openapi'
import * as businessReportsContract from '@/lib/contracts/business-reports'
import * as returnsContract from '@/lib/contracts/regulatory-returns'
import { isoDay } from '@/lib/format/iso-day'
import { PERMISSIONS as P } from '@/lib/permissions/names'
import { access } from '@/server/http/access'
import { createRouter, errorResponses, json, routesTagged } from '@/server/http/openapi'
import { readArgs } from '@/server/http/service-args'
import { findBusinessReport, streamBusinessReportCsv } from './business-report'
import { findRegulatoryReturns } from './regulatory-returns'
import { findBusinessSummary } from './summary'

const route = routesTagged('Reports')

export const reportRoutes = createRouter()

// GET /reports/businesses – a page of the business report (the list's filters; names, not ids)
reportRoutes.openapi(
  route.get('/reports/businesses', {
    summary: 'Business report',
    description: 'The filters of GET /businesses; each row names its type, category, state and products instead of ids.',
    ...access.staff(P.CAN_READ_BUSINESS),
    request: { query: businessReportsContract.businessReportQuerySchema },
    responses: {
      200: json(businessReportsContract.businessReportPageSchema, 'A page of the report'),
      ...errorResponses(400, 401, 403),
    },
  }),
  async (c) => c.json(await findBusinessReport({ ...(await readArgs(c)), query: c.req.valid('query') }), 200),
)

// GET /reports/businesses/summary – counts by status, type, category and month
reportRoutes.openapi(
  route.get('/reports/businesses/summary', {
    summary: 'Business counts',
    ...access.staff(P.CAN_READ_BUSINESS),
    request: { query: businessReportsContract.businessSummaryQuerySchema },
    responses: { 200: json(businessReportsContract.businessSummarySchema, 'Counts'), ...errorResponses(400, 401, 403) },
  }),
  async (c) => c.json(await findBusinessSummary({ ...(await readArgs(c)), query: c.req.valid('query') }), 200),
)

// GET /reports/businesses/download?format=csv – every business matching the list's filters, streamed as CSV
reportRoutes.openapi(
  route.get('/reports/businesses/download', {
    summary: 'Download the business report',
    description: 'The filters of GET /businesses; every matching row, newest first, streamed.',
    ...access.staff(P.CAN_READ_BUSINESS),
    request: { query: businessReportsContract.businessReportDownloadQuerySchema },
    responses: {
      200: { description: 'CSV with a header line', content: { 'text/csv': { schema: z.string() } } },
      ...errorResponses(400, 401, 403),
    },
  }),
  async (c) => {
    const query = c.req.valid('query')
    const stamp = isoDay(new Date())
    return new Response(streamBusinessReportCsv({ ...(await readArgs(c)), query }), {
      status: 200,
      headers: {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': `attachment; filename="businesses-${stamp}.csv"`,
        'Cache-Control': 'no-store',
        'X-Content-Type-Options': 'nosniff',
      },
    }) as never
  },
)

// GET /reports/regulatory-returns – the figures an examiner asks for over a period
reportRoutes.openapi(
  route.get('/reports/regulatory-returns', {
    summary: 'Regulatory returns',
    description:
      'Over a period of whole days: onboarding by risk tier, PEPs onboarded and their senior approval, screening candidates and their outcomes, true matches reported, periodic reviews due, done and overdue, deferrals outstanding.',
    ...access.staff(P.CAN_READ_BUSINESS),
    request: { query: returnsContract.regulatoryReturnsQuerySchema },
    responses: { 200: json(returnsContract.regulatoryReturnsSchema, 'The figures'), ...errorResponses(400, 401, 403) },
  }),
  async (c) => c.json(await findRegulatoryReturns({ ...(await readArgs(c)), query: c.req.valid('query') }), 200),
)

// GET /reports/regulatory-returns/download?format=xlsx – the same as a workbook, one sheet per section
reportRoutes.openapi(
  route.get('/reports/regulatory-returns/download', {
    summary: 'Download the regulatory returns',
    ...access.staff(P.CAN_READ_BUSINESS),
    request: { query: returnsContract.regulatoryReturnsDownloadQuerySchema },
    responses: {
      200: {
        description: 'XLSX',
        content: {
          'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': { schema: z.string().meta({ format: 'binary' }) },
        },
      },
      ...errorResponses(400, 401, 403),
    },
  }),
  async (c) => {
    const { from, to } = c.req.valid('query')
    const returns = await findRegulatoryReturns({ ...(await readArgs(c)), query: { from, to } })
    // exceljs loads on the first export, not at every server start (docs/architecture.md#start-up).
    const { streamRegulatoryReturnsXlsx } = await import('./regulatory-returns-xlsx')
    return new Response(streamRegulatoryReturnsXlsx(returns), {
      status: 200,
      headers: {
        'Content-Type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        'Content-Disposition': `attachment; filename="regulatory-returns-${from}-to-${to}.xlsx"`,
        'Cache-Control': 'no-store',
        'X-Content-Type-Options': 'nosniff',
      },
    }) as never
  },
)
