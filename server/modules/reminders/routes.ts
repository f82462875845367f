import * as reviewsContract from '@/lib/contracts/reviews'
import { PERMISSIONS as P } from '@/lib/permissions/names'
import { access } from '@/server/http/access'
import { createRouter, errorResponses, json, routesTagged } from '@/server/http/openapi'
import { serviceArgs } from '@/server/http/service-args'
import { runReminders } from './run-reminders'

const route = routesTagged('Reminders')

/** Decision: staff who look after businesses' deadlines (officers, reviewers, deferral approvers) may run it. */
const REMINDER_RUNNERS = [P.CAN_UPDATE_BUSINESS, P.CAN_APPROVE_BUSINESS, P.CAN_APPROVE_DEFERRAL] as const

export const reminderRoutes = createRouter()

// POST /reminders/run – send the due-date reminders now (the daily job does the same)
reminderRoutes.openapi(
  route.post('/reminders/run', {
    summary: 'Send due-date reminders now',
    description:
      'E-mails the owners 3 days before an approved deferral or a recertification date falls due; never twice for the same item and due date.',
    ...access.staffAny(...REMINDER_RUNNERS),
    responses: { 200: json(reviewsContract.reminderRunSchema, 'What this run sent'), ...errorResponses(401, 403) },
  }),
  async (c) => c.json(await runReminders(await serviceArgs(c)), 200),
)
