import { z } from '@hono/zod-openapi'
import { authorizationDetailSchema } from '@/lib/contracts/authorizations'
import * as contract from '@/lib/contracts/service-levels'
import { STAFF_SIDE_PERMISSIONS } from '@/lib/permissions/checks'
import { access, jsonBody } from '@/server/http/access'
import { createRouter, errorResponses, json, routesTagged } from '@/server/http/openapi'
import { readArgs, serviceArgs } from '@/server/http/service-args'
import { CONFIG_FOUR_EYES_NOTE } from '@/server/modules/authorizations/config-four-eyes'
import {
  assignItems,
  claimItem,
  findAssignees,
  getAvailability,
  QUEUE_SUPERVISORS,
  setAvailability,
  takeNextItem,
} from './assignment'
import { findEscalations } from './find-escalations'
import { QUEUE_DECIDERS } from './queue-sources'
import { addHoliday, findHolidays, findServiceLevels, removeHoliday, requestServiceLevel } from './service-level-settings'

const route = routesTagged('Service levels')
const dayParam = z.object({ day: z.iso.date({ message: 'must be a date (YYYY-MM-DD)' }) })
const itemParam = contract.queueParamSchema.extend({ itemId: z.string().trim().min(1, 'must be an item id').max(100) })

export const serviceLevelRoutes = createRouter()

// GET /service-levels – every queue's target (business days) and auto-assignment
serviceLevelRoutes.openapi(
  route.get('/service-levels', {
    summary: "The queues' service levels",
    ...access.staffAny(...STAFF_SIDE_PERMISSIONS),
    responses: { 200: json(z.array(contract.serviceLevelSchema), 'One per queue'), ...errorResponses(401, 403) },
  }),
  async (c) => c.json(await findServiceLevels(await readArgs(c)), 200),
)

// GET /service-levels/holidays?year= – public and added holidays
serviceLevelRoutes.openapi(
  route.get('/service-levels/holidays', {
    summary: 'Holidays (not business days)',
    description:
      "The year's Nigerian public holidays (date-holidays, NG, `public` entries) and the holidays staff added, by day.",
    ...access.staffAny(...STAFF_SIDE_PERMISSIONS),
    request: { query: contract.holidaysQuerySchema },
    responses: { 200: json(z.array(contract.holidaySchema), 'By day'), ...errorResponses(400, 401, 403) },
  }),
  async (c) => c.json(await findHolidays({ ...(await readArgs(c)), year: c.req.valid('query').year }), 200),
)

// POST /service-levels/holidays – add a declared holiday
serviceLevelRoutes.openapi(
  route.post('/service-levels/holidays', {
    summary: 'Add a declared holiday',
    description: 'At once (declared at short notice), audited. 409 when the day is already a holiday.',
    ...access.staffAny(...QUEUE_SUPERVISORS),
    request: jsonBody(contract.holidayInputSchema),
    responses: { 201: json(z.array(contract.holidaySchema), "The year's holidays"), ...errorResponses(400, 401, 403, 409) },
  }),
  async (c) => c.json(await addHoliday({ ...(await serviceArgs(c)), input: c.req.valid('json') }), 201),
)

// DELETE /service-levels/holidays/{day} – withdraw an added holiday
serviceLevelRoutes.openapi(
  route.delete('/service-levels/holidays/{day}', {
    summary: 'Withdraw an added holiday',
    ...access.staffAny(...QUEUE_SUPERVISORS),
    request: { params: dayParam },
    responses: { 200: json(z.array(contract.holidaySchema), "The year's holidays"), ...errorResponses(400, 401, 403, 404) },
  }),
  async (c) => c.json(await removeHoliday({ ...(await serviceArgs(c)), day: c.req.valid('param').day }), 200),
)

// GET /service-levels/availability – the caller's away date and open items
serviceLevelRoutes.openapi(
  route.get('/service-levels/availability', {
    summary: 'My availability',
    ...access.staffAny(...STAFF_SIDE_PERMISSIONS),
    responses: { 200: json(contract.availabilitySchema, 'Away until, and my open items'), ...errorResponses(401, 403) },
  }),
  async (c) => c.json(await getAvailability(await readArgs(c)), 200),
)

// PUT /service-levels/availability – set myself away until a day, or back
serviceLevelRoutes.openapi(
  route.put('/service-levels/availability', {
    summary: 'Set myself away or back',
    ...access.staffAny(...STAFF_SIDE_PERMISSIONS),
    request: jsonBody(contract.availabilityInputSchema),
    responses: { 200: json(contract.availabilitySchema, 'Updated'), ...errorResponses(400, 401, 403) },
  }),
  async (c) => c.json(await setAvailability({ ...(await serviceArgs(c)), awayUntil: c.req.valid('json').awayUntil }), 200),
)

// PUT /service-levels/{queue} – change a queue's target and auto-assignment (four-eyes)
serviceLevelRoutes.openapi(
  route.put('/service-levels/{queue}', {
    summary: "Change a queue's service level",
    description: CONFIG_FOUR_EYES_NOTE,
    ...access.staffAny(...QUEUE_SUPERVISORS),
    request: { params: contract.queueParamSchema, ...jsonBody(contract.serviceLevelInputSchema) },
    responses: {
      200: json(z.array(contract.serviceLevelSchema), 'Applied (FOUR_EYES_CONFIG off)'),
      202: json(authorizationDetailSchema, 'Waiting for a second person (PUT /authorizations/{id})'),
      ...errorResponses(400, 401, 403, 409),
    },
  }),
  async (c) => {
    const result = await requestServiceLevel({
      ...(await serviceArgs(c)),
      queue: c.req.valid('param').queue,
      input: c.req.valid('json'),
    })
    if (result.pending) return c.json(result.pending, 202)
    return c.json(result.levels!, 200)
  },
)

// GET /escalations – items found past due (supervisors)
serviceLevelRoutes.openapi(
  route.get('/escalations', {
    summary: 'Escalations',
    description: 'Every breach recorded, newest first; `open=true` keeps those still waiting.',
    ...access.staffAny(...QUEUE_SUPERVISORS),
    request: { query: contract.escalationQuerySchema },
    responses: { 200: json(contract.escalationPageSchema, 'A page of escalations'), ...errorResponses(400, 401, 403) },
  }),
  async (c) => c.json(await findEscalations({ ...(await readArgs(c)), query: c.req.valid('query') }), 200),
)

// POST /queues/{queue}/next – take the oldest due item I may decide
serviceLevelRoutes.openapi(
  route.post('/queues/{queue}/next', {
    summary: 'Take the next item',
    description:
      "The oldest due item the caller may decide (the queue's deciding permission; not one they made), assigned to them; null when none waits.",
    ...access.staffAny(...QUEUE_DECIDERS),
    request: { params: contract.queueParamSchema },
    responses: { 200: json(contract.queueItemSchema.nullable(), 'The item, or null'), ...errorResponses(400, 401, 403) },
  }),
  async (c) => c.json(await takeNextItem({ ...(await serviceArgs(c)), queue: c.req.valid('param').queue }), 200),
)

// POST /queues/{queue}/items/{itemId}/claim – take one unassigned item (409 when someone has it)
serviceLevelRoutes.openapi(
  route.post('/queues/{queue}/items/{itemId}/claim', {
    summary: 'Take an item',
    ...access.staffAny(...QUEUE_DECIDERS),
    request: { params: itemParam },
    responses: { 200: json(contract.queueItemSchema, 'Mine now'), ...errorResponses(400, 401, 403, 404, 409) },
  }),
  async (c) => {
    const { queue, itemId } = c.req.valid('param')
    return c.json(await claimItem({ ...(await serviceArgs(c)), queue, itemId }), 200)
  },
)

// POST /queues/{queue}/assignments – assign or reassign items in bulk, with a reason (supervisors)
serviceLevelRoutes.openapi(
  route.post('/queues/{queue}/assignments', {
    summary: 'Assign or reassign items',
    ...access.staffAny(...QUEUE_SUPERVISORS),
    request: { params: contract.queueParamSchema, ...jsonBody(contract.bulkAssignInputSchema) },
    responses: { 200: json(contract.assignmentResultSchema, 'Assigned'), ...errorResponses(400, 401, 403, 409) },
  }),
  async (c) =>
    c.json(await assignItems({ ...(await serviceArgs(c)), queue: c.req.valid('param').queue, ...c.req.valid('json') }), 200),
)

// GET /queues/{queue}/assignees – who may be given the queue's items (supervisors)
serviceLevelRoutes.openapi(
  route.get('/queues/{queue}/assignees', {
    summary: "Who may be given the queue's items",
    ...access.staffAny(...QUEUE_SUPERVISORS),
    request: { params: contract.queueParamSchema },
    responses: {
      200: json(z.array(contract.assigneeSchema), 'Staff holding the deciding permission'),
      ...errorResponses(400, 401, 403),
    },
  }),
  async (c) => c.json(await findAssignees({ ...(await readArgs(c)), queue: c.req.valid('param').queue }), 200),
)
