import { z } from '@hono/zod-openapi'
import type { ZodType } from 'zod'
import * as kycContract from '@/lib/contracts/kyc'
import { ownershipGraphSchema } from '@/lib/contracts/ownership'
import { access, idParam, jsonBody, noContent, stepUp } from '@/server/http/access'
import { AppError } from '@/server/http/app-error'
import { readBody } from '@/server/http/body'
import { type AppContext } from '@/server/http/context'
import { validationErrors } from '@/server/http/errors'
import { createRouter, errorResponses, json, routesTagged } from '@/server/http/openapi'
import { readArgs, serviceArgs } from '@/server/http/service-args'
import { deleteDraftForm, DRAFT_DELETE, getDraftForm, getDraftFormOf, saveDraftForm, updateDraftForm } from './draft-forms'
import {
  ADDRESS_PERMISSIONS,
  createAddress,
  deleteAddress,
  deleteAddressFile,
  findAddresses,
  updateAddress,
} from './kyc-addresses'
import {
  createKycDetails,
  deleteKyc,
  DETAILS_PERMISSIONS,
  findAdditionalDocuments,
  findKycDetailsPage,
  getKycDetails,
  getKycDetailsOfBusiness,
  updateKycDetails,
  type UploadedFormFile,
} from './kyc-details'
import { KYC_EDITORS } from './kyc-edit-access'
import { KYC_READ } from './kyc-record'
import {
  createMeansOfId,
  deleteMeansOfId,
  deleteMeansOfIdFile,
  findMeansOfIds,
  MEANS_OF_ID_PERMISSIONS,
  updateMeansOfId,
} from './means-of-ids'
import { readOwnershipGraph } from './ownership-graph'
import { REVEAL_PERMISSION, revealIdentityNumber } from './reveal-identity-numbers'
import {
  createShareholder,
  deleteShareholder,
  findChildShareholders,
  findShareholders,
  SHAREHOLDER_DELETE,
  SHAREHOLDER_WRITE,
  updateShareholder,
} from './shareholders'

const route = routesTagged('KYC')
const draftRoute = routesTagged('Draft forms')

// ---- company details: JSON or multipart ----

/** The JSON Schema of a body that the handler validates itself (JSON or multipart), for the OpenAPI document. */
function documented(schema: ZodType, withFile: boolean) {
  const { $schema: _ignored, ...jsonSchema } = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Record<
    string,
    unknown
  >
  const properties = (jsonSchema.properties ?? {}) as Record<string, unknown>
  const multipart = withFile
    ? {
        ...jsonSchema,
        required: jsonSchema.required,
        properties: {
          ...properties,
          file: { type: 'string', format: 'binary', description: 'An additional company document (PNG, JPEG or PDF)' },
        },
      }
    : jsonSchema
  return {
    required: true,
    content: { 'application/json': { schema: jsonSchema as never }, 'multipart/form-data': { schema: multipart as never } },
  }
}

const NUMERIC_FORM_FIELDS = new Set(['numberOfEmployees', 'annualTurnover'])

/**
 * Reads a company-details body: JSON, or multipart fields (numbers arrive as text) with an optional `file`. Validates
 * with the same schema either way; failures are the usual 400 naming each field.
 */
async function readDetailsBody<T extends ZodType>(
  c: AppContext,
  schema: T,
): Promise<{ input: z.output<T>; file?: UploadedFormFile }> {
  const body = await readBody(c, {
    fileField: 'file',
    unsupported: { message: 'Send the company details as application/json or multipart/form-data' },
  })
  let raw: unknown
  let file: UploadedFormFile | undefined
  if (body.kind === 'json') {
    raw = body.value
  } else {
    const fields: Record<string, unknown> = {}
    for (const [key, value] of Object.entries(body.fields)) {
      if (value.trim() === '') continue
      fields[key] = NUMERIC_FORM_FIELDS.has(key) ? Number(value.replace(/,/g, '')) : value
    }
    if (typeof body.file === 'string') throw new AppError('VALIDATION_FAILED', 'file must be a file', { field: 'file' })
    if (body.file) file = { fileName: body.file.name || 'document', bytes: body.file.bytes }
    raw = fields
  }
  const parsed = schema.safeParse(raw)
  if (!parsed.success) {
    const errors = validationErrors(parsed.error, 'json')
    throw new AppError('VALIDATION_FAILED', errors[0]?.message ?? 'Invalid body', { details: errors })
  }
  return { input: parsed.data, file }
}

export const kycRoutes = createRouter()

// GET /kyc/details – KYC records: business users their businesses', staff every one (CAN_READ_BUSINESS)
kycRoutes.openapi(
  route.get('/kyc/details', {
    summary: 'KYC records (company details)',
    ...access.business(KYC_READ),
    request: { query: kycContract.kycDetailsListQuerySchema },
    responses: { 200: json(kycContract.kycDetailsPageSchema, 'A page of KYC records'), ...errorResponses(400, 401, 403) },
  }),
  async (c) => c.json(await findKycDetailsPage({ ...(await readArgs(c)), query: c.req.valid('query') }), 200),
)

// POST /kyc/details – JSON, or multipart with `file` (+ `label`) kept as an additional company document
kycRoutes.openapi(
  route.post('/kyc/details', {
    summary: 'Create company details',
    description:
      'JSON, or multipart/form-data with the same fields plus `file` and optional `label`. One record per business (409 otherwise). Turnover in naira.',
    ...access.business(...KYC_EDITORS, DETAILS_PERMISSIONS.create),
    request: { body: documented(kycContract.createKycDetailsSchema, true) },
    responses: {
      201: json(kycContract.kycDetailsSchema, 'Created'),
      ...errorResponses(400, 401, 403, 404, 409, 413, 415, 422, 503),
    },
  }),
  async (c) => {
    const { input, file } = await readDetailsBody(c, kycContract.createKycDetailsSchema)
    return c.json(await createKycDetails({ ...(await serviceArgs(c)), input, file }), 201)
  },
)

// GET /kyc/details-first-entity/{businessId} – the business's KYC record (404 before the first save)
kycRoutes.openapi(
  route.get('/kyc/details-first-entity/{id}', {
    summary: "A business's KYC record",
    description: '`id` is the business id.',
    ...access.business(KYC_READ),
    request: { params: idParam },
    responses: { 200: json(kycContract.kycDetailsSchema, 'The record'), ...errorResponses(400, 401, 403, 404) },
  }),
  async (c) => c.json(await getKycDetailsOfBusiness({ ...(await readArgs(c)), businessId: c.req.valid('param').id }), 200),
)

// GET /kyc/details/{id}
kycRoutes.openapi(
  route.get('/kyc/details/{id}', {
    summary: 'A KYC record',
    ...access.business(KYC_READ),
    request: { params: idParam },
    responses: { 200: json(kycContract.kycDetailsSchema, 'The record'), ...errorResponses(400, 401, 403, 404) },
  }),
  async (c) => c.json(await getKycDetails({ ...(await readArgs(c)), id: c.req.valid('param').id }), 200),
)

// PUT /kyc/details/{id} – JSON or multipart, like POST
kycRoutes.openapi(
  route.put('/kyc/details/{id}', {
    summary: 'Update company details',
    description: 'Any fields; multipart may carry a `file` (kept as an additional company document) with or without fields.',
    ...access.business(...KYC_EDITORS, DETAILS_PERMISSIONS.update),
    request: { params: idParam, body: documented(kycContract.updateKycDetailsSchema, true) },
    responses: {
      200: json(kycContract.kycDetailsSchema, 'Updated'),
      ...errorResponses(400, 401, 403, 404, 409, 413, 415, 422, 503),
    },
  }),
  async (c) => {
    const { input, file } = await readDetailsBody(c, kycContract.updateKycDetailsSchema)
    return c.json(await updateKycDetails({ ...(await serviceArgs(c)), id: c.req.valid('param').id, input, file }), 200)
  },
)

// GET /kyc/company/additional-doc/{kycDetailsId}
kycRoutes.openapi(
  route.get('/kyc/company/additional-doc/{id}', {
    summary: 'Additional company documents',
    description: '`id` is the KYC record id.',
    ...access.business(KYC_READ),
    request: { params: idParam },
    responses: { 200: json(z.array(kycContract.additionalDocumentSchema), 'Documents'), ...errorResponses(400, 401, 403, 404) },
  }),
  async (c) => c.json(await findAdditionalDocuments({ ...(await readArgs(c)), kycDetailsId: c.req.valid('param').id }), 200),
)

// ---- addresses ----

// GET /kyc/addresses/all-kyc/{kycDetailsId}
kycRoutes.openapi(
  route.get('/kyc/addresses/all-kyc/{id}', {
    summary: 'Addresses of a KYC record',
    description: '`id` is the KYC record id.',
    ...access.business(KYC_READ),
    request: { params: idParam },
    responses: { 200: json(z.array(kycContract.kycAddressSchema), 'Addresses'), ...errorResponses(400, 401, 403, 404) },
  }),
  async (c) => c.json(await findAddresses({ ...(await readArgs(c)), kycDetailsId: c.req.valid('param').id }), 200),
)

// POST /kyc/addresses
kycRoutes.openapi(
  route.post('/kyc/addresses', {
    summary: 'Add an address',
    description:
      'Country, state and LGA are names from the reference dataset; files are confirmed uploads (ADDRESS_DOC, PASSPORT_PHOTO).',
    ...access.business(...KYC_EDITORS, ADDRESS_PERMISSIONS.create),
    request: jsonBody(kycContract.createKycAddressSchema),
    responses: { 201: json(kycContract.kycAddressSchema, 'Added'), ...errorResponses(400, 401, 403, 404, 409) },
  }),
  async (c) => c.json(await createAddress({ ...(await serviceArgs(c)), input: c.req.valid('json') }), 201),
)

// DELETE /kyc/addresses/{id}/file?type=address_doc|passport_photo
kycRoutes.openapi(
  route.delete('/kyc/addresses/{id}/file', {
    summary: "Remove an address's file",
    ...access.business(...KYC_EDITORS, ADDRESS_PERMISSIONS.update),
    request: { params: idParam, query: kycContract.addressFileQuerySchema },
    responses: {
      200: json(kycContract.kycAddressSchema, 'The address without that file'),
      ...errorResponses(400, 401, 403, 404, 409),
    },
  }),
  async (c) =>
    c.json(
      await deleteAddressFile({ ...(await serviceArgs(c)), id: c.req.valid('param').id, type: c.req.valid('query').type }),
      200,
    ),
)

// PUT /kyc/addresses/{id}
kycRoutes.openapi(
  route.put('/kyc/addresses/{id}', {
    summary: 'Update an address',
    description: 'A changed address goes back to PENDING verification; a replaced file is deleted.',
    ...access.business(...KYC_EDITORS, ADDRESS_PERMISSIONS.update),
    request: { params: idParam, ...jsonBody(kycContract.updateKycAddressSchema) },
    responses: { 200: json(kycContract.kycAddressSchema, 'Updated'), ...errorResponses(400, 401, 403, 404, 409) },
  }),
  async (c) =>
    c.json(await updateAddress({ ...(await serviceArgs(c)), id: c.req.valid('param').id, input: c.req.valid('json') }), 200),
)

// DELETE /kyc/addresses/{id}
kycRoutes.openapi(
  route.delete('/kyc/addresses/{id}', {
    summary: 'Delete an address',
    ...access.business(...KYC_EDITORS, ADDRESS_PERMISSIONS.delete),
    request: { params: idParam },
    responses: { ...noContent, ...errorResponses(400, 401, 403, 404, 409) },
  }),
  async (c) => {
    await deleteAddress({ ...(await serviceArgs(c)), id: c.req.valid('param').id })
    return c.body(null, 204)
  },
)

// ---- means of ID ----

// GET /kyc/means-of-ids/types
kycRoutes.openapi(
  route.get('/kyc/means-of-ids/types', {
    summary: 'Kinds of ID with their number rules',
    ...access.signedIn(),
    responses: { 200: json(z.array(kycContract.meansOfIdTypeSchema), 'Kinds of ID'), ...errorResponses(401) },
  }),
  (c) => c.json([...kycContract.MEANS_OF_ID_TYPES], 200),
)

// POST /kyc/means-of-ids
kycRoutes.openapi(
  route.post('/kyc/means-of-ids', {
    summary: 'Add a means of ID',
    description: 'Number per kind; expiring kinds need an expiry date in the future; `fileId` a confirmed MEANS_OF_ID upload.',
    ...access.business(...KYC_EDITORS, MEANS_OF_ID_PERMISSIONS.create),
    request: jsonBody(kycContract.createMeansOfIdSchema),
    responses: { 201: json(kycContract.meansOfIdSchema, 'Added'), ...errorResponses(400, 401, 403, 404, 409) },
  }),
  async (c) => c.json(await createMeansOfId({ ...(await serviceArgs(c)), input: c.req.valid('json') }), 201),
)

// DELETE /kyc/means-of-ids/{id}/file
kycRoutes.openapi(
  route.delete('/kyc/means-of-ids/{id}/file', {
    summary: "Remove a means of ID's file",
    ...access.business(...KYC_EDITORS, MEANS_OF_ID_PERMISSIONS.update),
    request: { params: idParam },
    responses: {
      200: json(kycContract.meansOfIdSchema, 'The means of ID without its file'),
      ...errorResponses(400, 401, 403, 404, 409),
    },
  }),
  async (c) => c.json(await deleteMeansOfIdFile({ ...(await serviceArgs(c)), id: c.req.valid('param').id }), 200),
)

// POST /kyc/means-of-ids/{id}/reveal and /kyc/shareholders/{id}/reveal
for (const [target, path, what] of [
  ['means_of_id', '/kyc/means-of-ids/{id}/reveal', 'a means of ID'],
  ['shareholder', '/kyc/shareholders/{id}/reveal', 'a shareholder'],
] as const) {
  kycRoutes.openapi(
    route.post(path, {
      summary: `Reveal the clear BVN, ID number or date of birth of ${what}`,
      description: `Answers lists carry identity numbers and dates of birth masked. This answers one in clear, for a stated reason (at least ${kycContract.REVEAL_REASON_MIN} characters), and audits it: who, whose, which field, why. Staff need ${REVEAL_PERMISSION}; inside the business, its owner and KYC editors may. Each user may reveal 30 numbers an hour; beyond, 429 and the data protection officers are told.`,
      ...stepUp(access.business(REVEAL_PERMISSION)),
      request: { params: idParam, ...jsonBody(kycContract.revealIdentityNumberSchema) },
      responses: {
        200: json(kycContract.revealedIdentityNumberSchema, 'The clear value'),
        ...errorResponses(400, 401, 403, 404, 429),
      },
    }),
    async (c) =>
      c.json(
        await revealIdentityNumber({
          ...(await serviceArgs(c)),
          target,
          id: c.req.valid('param').id,
          input: c.req.valid('json'),
        }),
        200,
      ),
  )
}

// GET /kyc/means-of-ids/{kycDetailsId}
kycRoutes.openapi(
  route.get('/kyc/means-of-ids/{id}', {
    summary: 'Means of ID of a KYC record',
    description: '`id` is the KYC record id.',
    ...access.business(KYC_READ),
    request: { params: idParam },
    responses: { 200: json(z.array(kycContract.meansOfIdSchema), 'Means of ID'), ...errorResponses(400, 401, 403, 404) },
  }),
  async (c) => c.json(await findMeansOfIds({ ...(await readArgs(c)), kycDetailsId: c.req.valid('param').id }), 200),
)

// PUT /kyc/means-of-ids/{id}
kycRoutes.openapi(
  route.put('/kyc/means-of-ids/{id}', {
    summary: 'Update a means of ID',
    ...access.business(...KYC_EDITORS, MEANS_OF_ID_PERMISSIONS.update),
    request: { params: idParam, ...jsonBody(kycContract.updateMeansOfIdSchema) },
    responses: { 200: json(kycContract.meansOfIdSchema, 'Updated'), ...errorResponses(400, 401, 403, 404, 409) },
  }),
  async (c) =>
    c.json(await updateMeansOfId({ ...(await serviceArgs(c)), id: c.req.valid('param').id, input: c.req.valid('json') }), 200),
)

// DELETE /kyc/means-of-ids/{id}
kycRoutes.openapi(
  route.delete('/kyc/means-of-ids/{id}', {
    summary: 'Delete a means of ID',
    ...access.business(...KYC_EDITORS, MEANS_OF_ID_PERMISSIONS.delete),
    request: { params: idParam },
    responses: { ...noContent, ...errorResponses(400, 401, 403, 404, 409) },
  }),
  async (c) => {
    await deleteMeansOfId({ ...(await serviceArgs(c)), id: c.req.valid('param').id })
    return c.body(null, 204)
  },
)

// ---- shareholders ----

// GET /businesses/{id}/ownership – the graph and the persons with significant control (docs/ownership.md)
kycRoutes.openapi(
  route.get('/businesses/{id}/ownership', {
    summary: 'Ownership and control of a business',
    description:
      'The declared shareholding as a graph (the business, companies, trusts, nominees and persons; holdings with shares and votes) and the persons with significant control computed through every layer (CAMA 2020 s.868, docs/ownership.md). Screening state and confirmed PEPs only for screening readers.',
    ...access.business(KYC_READ),
    request: { params: idParam },
    responses: { 200: json(ownershipGraphSchema, 'Ownership graph'), ...errorResponses(400, 401, 403, 404) },
  }),
  async (c) => c.json(await readOwnershipGraph({ ...(await readArgs(c)), businessId: c.req.valid('param').id }), 200),
)

// GET /kyc/shareholders?kycDetailsId= – the whole tree, depth first, with effective ownership
kycRoutes.openapi(
  route.get('/kyc/shareholders', {
    summary: 'Shareholders of a KYC record',
    description:
      'Flat, depth first (each corporate followed by its own shareholders), with `parentShareholderId`, `depth`, `effectiveOwnership` and `isBeneficialOwner` (≥ 5% effective).',
    ...access.business(KYC_READ),
    request: { query: kycContract.shareholderListQuerySchema },
    responses: { 200: json(z.array(kycContract.shareholderSchema), 'Shareholders'), ...errorResponses(400, 401, 403, 404) },
  }),
  async (c) => c.json(await findShareholders({ ...(await readArgs(c)), kycDetailsId: c.req.valid('query').kycDetailsId }), 200),
)

// POST /kyc/shareholders
kycRoutes.openapi(
  route.post('/kyc/shareholders', {
    summary: 'Add a shareholder',
    description:
      'INDIVIDUAL or CORPORATE; `parentShareholderId` places it inside a corporate shareholder. Each level holds at most 100% (400 on `percentage` otherwise).',
    ...access.business(...KYC_EDITORS, SHAREHOLDER_WRITE),
    request: jsonBody(kycContract.createShareholderSchema),
    responses: { 201: json(kycContract.shareholderSchema, 'Added'), ...errorResponses(400, 401, 403, 404, 409) },
  }),
  async (c) => c.json(await createShareholder({ ...(await serviceArgs(c)), input: c.req.valid('json') }), 201),
)

// PUT /kyc/shareholders/{id}
kycRoutes.openapi(
  route.put('/kyc/shareholders/{id}', {
    summary: 'Update a shareholder',
    ...access.business(...KYC_EDITORS, SHAREHOLDER_WRITE),
    request: { params: idParam, ...jsonBody(kycContract.updateShareholderSchema) },
    responses: { 200: json(kycContract.shareholderSchema, 'Updated'), ...errorResponses(400, 401, 403, 404, 409) },
  }),
  async (c) =>
    c.json(await updateShareholder({ ...(await serviceArgs(c)), id: c.req.valid('param').id, input: c.req.valid('json') }), 200),
)

// DELETE /kyc/shareholders/{id} – with its own shareholders, to any depth
kycRoutes.openapi(
  route.delete('/kyc/shareholders/{id}', {
    summary: 'Delete a shareholder and everything below it',
    description: 'Its documents (and those of the shareholders below it) are deleted with it, files included.',
    ...access.business(...KYC_EDITORS, SHAREHOLDER_DELETE),
    request: { params: idParam },
    responses: {
      200: json(
        z.object({ deleted: z.number().int(), documentsDeleted: z.number().int() }),
        'How many shareholders and shareholder documents were removed',
      ),
      ...errorResponses(400, 401, 403, 404, 409),
    },
  }),
  async (c) => c.json(await deleteShareholder({ ...(await serviceArgs(c)), id: c.req.valid('param').id }), 200),
)

// GET /kyc/child-shareholders/{id} – a corporate shareholder's shareholders, nested to any depth
kycRoutes.openapi(
  route.get('/kyc/child-shareholders/{id}', {
    summary: "A corporate shareholder's shareholders",
    description: 'Everything below it, depth first.',
    ...access.business(KYC_READ),
    request: { params: idParam },
    responses: { 200: json(z.array(kycContract.shareholderSchema), 'Shareholders'), ...errorResponses(400, 401, 403, 404) },
  }),
  async (c) => c.json(await findChildShareholders({ ...(await readArgs(c)), shareholderId: c.req.valid('param').id }), 200),
)

// ---- draft forms ----

export const draftFormRoutes = createRouter()

// POST /draft-forms – upsert per business and step (201 new, 200 replaced)
draftFormRoutes.openapi(
  draftRoute.post('/draft-forms', {
    summary: 'Save a draft form',
    description:
      'One draft per business and `kycDetailTypeId`: a second POST replaces its data (200). `data` is a JSON object of at most 64 kB (413 otherwise).',
    ...access.business(...KYC_EDITORS),
    request: jsonBody(kycContract.createDraftFormSchema),
    responses: {
      201: json(kycContract.draftFormSchema, 'Created'),
      200: json(kycContract.draftFormSchema, 'Replaced'),
      ...errorResponses(400, 401, 403, 404, 409, 413),
    },
  }),
  async (c) => {
    const { draft, created } = await saveDraftForm({ ...(await serviceArgs(c)), input: c.req.valid('json') })
    return created ? c.json(draft, 201) : c.json(draft, 200)
  },
)

// GET /draft-forms/{businessId}/{kycDetailTypeId}
draftFormRoutes.openapi(
  draftRoute.get('/draft-forms/{businessId}/{kycDetailTypeId}', {
    summary: "A step's draft",
    ...access.business(KYC_READ),
    request: {
      params: z.object({
        businessId: z.uuid({ message: 'must be a business id' }),
        kycDetailTypeId: kycContract.kycDetailTypeSchema,
      }),
    },
    description:
      'The draft of one step, or `null` when the step has none (no draft is not an error). 404 only for a business the caller cannot see.',
    responses: {
      200: json(kycContract.draftFormSchema.nullable(), 'The draft, or null when there is none'),
      ...errorResponses(400, 401, 403, 404),
    },
  }),
  async (c) => {
    const { businessId, kycDetailTypeId } = c.req.valid('param')
    return c.json(await getDraftFormOf({ ...(await readArgs(c)), businessId, kycDetailTypeId }), 200)
  },
)

// GET /draft-forms/{id}
draftFormRoutes.openapi(
  draftRoute.get('/draft-forms/{id}', {
    summary: 'A draft form',
    ...access.business(KYC_READ),
    request: { params: idParam },
    responses: { 200: json(kycContract.draftFormSchema, 'The draft'), ...errorResponses(400, 401, 403, 404) },
  }),
  async (c) => c.json(await getDraftForm({ ...(await readArgs(c)), id: c.req.valid('param').id }), 200),
)

// PUT /draft-forms/{id}
draftFormRoutes.openapi(
  draftRoute.put('/draft-forms/{id}', {
    summary: "Replace a draft's data",
    ...access.business(...KYC_EDITORS),
    request: { params: idParam, ...jsonBody(kycContract.updateDraftFormSchema) },
    responses: { 200: json(kycContract.draftFormSchema, 'Saved'), ...errorResponses(400, 401, 403, 404, 409, 413) },
  }),
  async (c) =>
    c.json(
      await updateDraftForm({ ...(await serviceArgs(c)), id: c.req.valid('param').id, data: c.req.valid('json').data }),
      200,
    ),
)

// DELETE /draft-forms/{id}
draftFormRoutes.openapi(
  draftRoute.delete('/draft-forms/{id}', {
    summary: 'Delete a draft form',
    description: `Needs ${DRAFT_DELETE} too, unless the caller saved the draft last (their own autosave, discarded once the step is saved).`,
    ...access.business(...KYC_EDITORS, DRAFT_DELETE),
    request: { params: idParam },
    responses: { ...noContent, ...errorResponses(400, 401, 403, 404, 409) },
  }),
  async (c) => {
    await deleteDraftForm({ ...(await serviceArgs(c)), id: c.req.valid('param').id })
    return c.body(null, 204)
  },
)

/**
 * DELETE /kyc/{id} – a KYC record and everything hanging off it. Its own router, mounted after every other KYC
 * module, so `/kyc/{id}` never shadows a longer static path.
 */
export const kycDeleteRoutes = createRouter()
kycDeleteRoutes.openapi(
  route.delete('/kyc/{id}', {
    summary: 'Delete a KYC record',
    description:
      'With its addresses, means of ID, shareholders, documents and their files. CAN_DELETE_KYC_DETAIL; only before approval and not while submitted for review (409).',
    ...access.business(...KYC_EDITORS, DETAILS_PERMISSIONS.delete),
    request: { params: idParam },
    responses: { ...noContent, ...errorResponses(400, 401, 403, 404, 409) },
  }),
  async (c) => {
    await deleteKyc({ ...(await serviceArgs(c)), id: c.req.valid('param').id })
    return c.body(null, 204)
  },
)
