import { z } from '@hono/zod-openapi'
import * as contract from '@/lib/contracts/operations'
import { access } from '@/server/http/access'
import { createRouter, errorResponses, json, routesTagged } from '@/server/http/openapi'
import { readArgs } from '@/server/http/service-args'
import { DASHBOARD_READERS, findOperationsDashboard, streamDashboardCsv } from './operations-dashboard'

const route = routesTagged('Operations')

export const operationsRoutes = createRouter()

// GET /operations/dashboard – one queue's flow, times, backlog, breaches, reviewers, KYC stops and decline reasons
operationsRoutes.openapi(
  route.get('/operations/dashboard', {
    summary: 'Operations dashboard',
    description:
      'One queue over a period of whole Lagos days (docs/operations-dashboard.md#definitions). Supervisors (CAN_SUPERVISE_QUEUES).',
    ...access.staffAny(...DASHBOARD_READERS),
    request: { query: contract.operationsDashboardQuerySchema },
    responses: { 200: json(contract.operationsDashboardSchema, 'The figures'), ...errorResponses(400, 401, 403) },
  }),
  async (c) => c.json(await findOperationsDashboard({ ...(await readArgs(c)), query: c.req.valid('query') }), 200),
)

// GET /operations/dashboard.csv – the same figures as CSV, streamed
operationsRoutes.openapi(
  route.get('/operations/dashboard.csv', {
    summary: 'Download the operations dashboard',
    description: 'The same filters; one line per figure: section, label, value.',
    ...access.staffAny(...DASHBOARD_READERS),
    request: { query: contract.operationsDashboardCsvQuerySchema },
    responses: {
      200: { description: 'CSV with a header line', content: { 'text/csv': { schema: z.string() } } },
      ...errorResponses(400, 401, 403),
    },
  }),
  async (c) => {
    const query = c.req.valid('query')
    const dashboard = await findOperationsDashboard({ ...(await readArgs(c)), query })
    return new Response(streamDashboardCsv(dashboard), {
      status: 200,
      headers: {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': `attachment; filename="operations-${query.queue.toLowerCase()}-${query.from}-to-${query.to}.csv"`,
        'Cache-Control': 'no-store',
        'X-Content-Type-Options': 'nosniff',
      },
    }) as never
  },
)
