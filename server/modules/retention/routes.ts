import * as retentionContract from '@/lib/contracts/retention'
import { PERMISSIONS } from '@/lib/permissions/names'
import { access, jsonBody } from '@/server/http/access'
import { createRouter, errorResponses, json, routesTagged } from '@/server/http/openapi'
import { serviceArgs } from '@/server/http/service-args'
import { runRetention } from './run-retention'

const route = routesTagged('Data protection')

export const retentionRoutes = createRouter()

// POST /data-protection/retention – purge what is past its retention period now, or show what would go
retentionRoutes.openapi(
  route.post('/data-protection/retention', {
    summary: 'Run the retention job (or a dry run)',
    description:
      'Purges businesses past their retention period (never-submitted applications inactive for RETENTION_INACTIVE_APPLICATION_DAYS, declined ones RETENTION_DECLINED_DAYS after the decision, archived ones RETENTION_ENDED_RELATIONSHIP_YEARS after archiving) with their files, and stale step drafts; audited. `dryRun: true` answers the same report and changes nothing. The daily job does the same.',
    ...access.staff(PERMISSIONS.CAN_HANDLE_DATA_REQUESTS),
    request: jsonBody(retentionContract.retentionRunRequestSchema),
    responses: {
      200: json(retentionContract.retentionReportSchema, 'What was (or would be) removed'),
      ...errorResponses(400, 401, 403),
    },
  }),
  async (c) => c.json(await runRetention({ ...(await serviceArgs(c)), dryRun: c.req.valid('json').dryRun }), 200),
)
