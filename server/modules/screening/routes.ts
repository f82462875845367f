import { z } from '@hono/zod-openapi'
import { authorizationDetailSchema } from '@/lib/contracts/authorizations'
import * as screening from '@/lib/contracts/screening'
import { PERMISSIONS } from '@/lib/permissions/names'
import { access, assertStaffWithAny, idParam, jsonBody, stepUp } from '@/server/http/access'
import { createRouter, errorResponses, json, routesTagged } from '@/server/http/openapi'
import { readArgs, serviceArgs } from '@/server/http/service-args'
import { getBlobStorage } from '@/server/integrations/blob/blob-storage'
import './lists/list-kinds'
import { createListUpload, removeUploads, uploadedSources } from './lists/list-uploads'
import { readScreeningLists } from './lists/read-lists'
import { requestDesignation, requestListLoad, requestThresholdChange } from './lists/request-load'
import { stageListVersion } from './lists/stage-version'
import { DEFAULT_MATCH_THRESHOLD } from './matching/score-candidate'
import { adjudicateHit } from './screen/adjudicate-hit'
import { findScreeningQueue, readBusinessScreening } from './screen/read-screening'
import { readMatchThreshold } from './screen/screening-settings'
import { searchScreeningLists } from './screen/search-lists'
import { SCREENING_ADJUDICATORS, SCREENING_LIST_MANAGERS, SCREENING_READERS, SCREENING_STATE_READERS } from './screening-access'

const route = routesTagged('Screening')
const listCodeParam = z.object({ code: z.string().trim().min(1).max(40) })
const pendingOrApplied = (applied: z.ZodType, description: string) => ({
  200: json(z.object({ applied }), `${description} (FOUR_EYES_CONFIG off: applied at once)`),
  202: json(z.object({ pending: authorizationDetailSchema }), 'Waiting for a second person (PUT /authorizations/{id})'),
})

export const screeningRoutes = createRouter()

// GET /businesses/{id}/screening – staff: every check and candidate; the business's users: only whether it is done
screeningRoutes.openapi(
  route.get('/businesses/{id}/screening', {
    summary: "A business's screening against sanctions and PEP lists",
    description:
      "Staff who may read screening get every current check (the business, each person, each corporate shareholder) with its candidates, the listed entries and the factors behind each score. The business's own users, and staff who may read the business but not screening, get only `{ state }`: NOT_STARTED, IN_PROGRESS or DONE.",
    ...access.businessAny(...SCREENING_STATE_READERS),
    request: { params: idParam },
    responses: {
      200: json(z.union([screening.businessScreeningSchema, screening.ownerScreeningSchema]), 'The screening'),
      ...errorResponses(400, 401, 403, 404),
    },
  }),
  async (c) => c.json(await readBusinessScreening({ ...(await readArgs(c)), businessId: c.req.valid('param').id }), 200),
)

// GET /screening/hits – the queue of candidates
screeningRoutes.openapi(
  route.get('/screening/hits', {
    summary: 'Screening candidates, OPEN by default, oldest first',
    ...access.staffAny(...SCREENING_READERS),
    request: { query: screening.screeningQueueQuerySchema },
    responses: { 200: json(screening.screeningQueuePageSchema, 'A page of candidates'), ...errorResponses(400, 401, 403) },
  }),
  async (c) => c.json(await findScreeningQueue({ ...(await readArgs(c)), query: c.req.valid('query') }), 200),
)

// PUT /screening/hits/{id} – adjudicate a candidate
screeningRoutes.openapi(
  route.put('/screening/hits/{id}', {
    summary: 'Adjudicate a screening candidate: FALSE_MATCH or TRUE_MATCH, with the reason',
    description:
      'A FALSE_MATCH is remembered: the same person (same name, date of birth and nationality) against the same list entry never alerts again for this business; a change on either side does. A TRUE_MATCH on a sanctions list blocks approval for good. Whoever adjudicates a candidate of a business may not approve that business. 409 when it was adjudicated already.',
    ...access.staff(...SCREENING_ADJUDICATORS),
    request: { params: idParam, ...jsonBody(screening.adjudicationInputSchema) },
    responses: {
      200: json(
        z.object({ id: z.uuid(), status: z.string(), businessId: z.uuid(), businessScreeningStatus: z.string() }),
        'Adjudicated',
      ),
      ...errorResponses(400, 401, 403, 404, 409),
    },
  }),
  async (c) =>
    c.json(await adjudicateHit({ ...(await serviceArgs(c)), id: c.req.valid('param').id, input: c.req.valid('json') }), 200),
)

// POST /screening/search – ad-hoc search
screeningRoutes.openapi(
  route.post('/screening/search', {
    summary: 'Search every screening list for a name',
    description:
      'Candidates at or above the match threshold, best first, each with its score (0 to 1) and the factors behind it. Audited (the date of birth is not kept).',
    ...access.staffAny(...SCREENING_READERS),
    request: jsonBody(screening.screeningSearchInputSchema),
    responses: { 200: json(screening.screeningSearchResultSchema, 'The candidates'), ...errorResponses(400, 401, 403) },
  }),
  async (c) => c.json(await searchScreeningLists({ ...(await serviceArgs(c)), input: c.req.valid('json') }), 200),
)

// GET /screening/lists – the lists, their versions, the threshold, the monitoring runs
screeningRoutes.openapi(
  route.get('/screening/lists', {
    summary: 'Screening lists with their current and waiting versions',
    ...access.staffAny(...SCREENING_READERS),
    responses: { 200: json(screening.screeningListsSchema, 'The lists'), ...errorResponses(401, 403) },
  }),
  async (c) => c.json(await readScreeningLists(await readArgs(c)), 200),
)

// POST /screening/uploads – where to upload a list file
screeningRoutes.openapi(
  route.post('/screening/uploads', {
    summary: 'A URL to upload one list file to (blob storage), valid for an hour',
    ...access.staff(...SCREENING_LIST_MANAGERS),
    request: jsonBody(screening.listUploadInputSchema),
    responses: {
      201: json(screening.listUploadSchema, 'Upload with PUT to uploadUrl (x-ms-blob-type: BlockBlob)'),
      ...errorResponses(400, 401, 403),
    },
  }),
  async (c) => c.json(createListUpload({ actor: (await readArgs(c)).actor, blobs: getBlobStorage() }), 201),
)

// POST /screening/lists/{code}/versions – the dry run of a load
screeningRoutes.openapi(
  route.post('/screening/lists/{code}/versions', {
    summary: 'Read uploaded list files and compare them with the current list (dry run)',
    description:
      'Streams the uploaded file(s), stages every entry and answers what would be added, changed and removed. Nothing changes for screening until the version is loaded (POST /screening/versions/{id}/load). A malformed file is refused with 400 naming the line or element, and nothing is kept.',
    ...access.staff(...SCREENING_LIST_MANAGERS),
    request: { params: listCodeParam, ...jsonBody(screening.stageListInputSchema) },
    responses: { 201: json(screening.listDryRunSchema, 'The dry run'), ...errorResponses(400, 401, 403, 404) },
  }),
  async (c) => {
    const args = await serviceArgs(c)
    const body = c.req.valid('json')
    const blobs = getBlobStorage()
    const files = await uploadedSources({ actor: args.actor, blobs, files: body.files })
    try {
      const dryRun = await stageListVersion({
        ...args,
        actorId: args.actor.userId,
        listCode: c.req.valid('param').code,
        format: body.format,
        files,
      })
      return c.json(dryRun, 201)
    } finally {
      await removeUploads({ actor: args.actor, blobs, uploadIds: body.files.map((f) => f.uploadId) })
    }
  },
)

// POST /screening/versions/{id}/load – the staged version goes live (four-eyes)
screeningRoutes.openapi(
  route.post('/screening/versions/{id}/load', {
    summary: 'Load a staged list version: four-eyes, then one swap and a re-screening of every business',
    ...stepUp(access.staff(...SCREENING_LIST_MANAGERS)),
    request: { params: idParam, ...jsonBody(screening.loadListInputSchema) },
    responses: {
      ...pendingOrApplied(z.object({ listCode: z.string(), number: z.number() }).passthrough(), 'Loaded'),
      ...errorResponses(400, 401, 403, 404, 409),
    },
  }),
  async (c) => {
    const result = await requestListLoad({
      ...(await serviceArgs(c)),
      versionId: c.req.valid('param').id,
      reason: c.req.valid('json').reason,
    })
    return result.pending ? c.json({ pending: result.pending }, 202) : c.json({ applied: result.applied! }, 200)
  },
)

// POST /screening/lists/{code}/entries – a designation entered by hand (four-eyes)
screeningRoutes.openapi(
  route.post('/screening/lists/{code}/entries', {
    summary: 'Add a designation by hand (the domestic list, a watch list): four-eyes, then re-screening',
    ...stepUp(access.staff(...SCREENING_LIST_MANAGERS)),
    request: { params: listCodeParam, ...jsonBody(screening.designationInputSchema) },
    responses: {
      ...pendingOrApplied(z.object({ entryId: z.uuid(), number: z.number() }).passthrough(), 'Added'),
      ...errorResponses(400, 401, 403, 404, 409),
    },
  }),
  async (c) => {
    const result = await requestDesignation({
      ...(await serviceArgs(c)),
      listCode: c.req.valid('param').code,
      input: c.req.valid('json'),
    })
    return result.pending ? c.json({ pending: result.pending }, 202) : c.json({ applied: result.applied! }, 200)
  },
)

// GET /screening/settings and PUT /screening/settings – the match threshold
screeningRoutes.openapi(
  route.get('/screening/settings', {
    summary: 'The match threshold',
    ...access.staffAny(...SCREENING_READERS),
    responses: { 200: json(screening.screeningSettingsSchema, 'The settings'), ...errorResponses(401, 403) },
  }),
  async (c) => {
    const { db, actor } = await readArgs(c)
    assertStaffWithAny(actor, ...SCREENING_READERS)
    return c.json({ matchThreshold: await readMatchThreshold(db), defaultThreshold: DEFAULT_MATCH_THRESHOLD }, 200)
  },
)
screeningRoutes.openapi(
  route.put('/screening/settings', {
    summary: 'Change the match threshold (four-eyes)',
    ...access.staff(PERMISSIONS.CAN_MANAGE_SCREENING_LISTS),
    request: jsonBody(screening.screeningSettingsInputSchema),
    responses: {
      ...pendingOrApplied(z.object({ matchThreshold: z.number() }), 'Changed'),
      ...errorResponses(400, 401, 403, 409),
    },
  }),
  async (c) => {
    const body = c.req.valid('json')
    const result = await requestThresholdChange({
      ...(await serviceArgs(c)),
      matchThreshold: body.matchThreshold,
      reason: body.reason,
    })
    return result.pending ? c.json({ pending: result.pending }, 202) : c.json({ applied: result.applied! }, 200)
  },
)
