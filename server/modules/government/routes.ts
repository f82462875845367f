import { z } from '@hono/zod-openapi'
import * as archiveContract from '@/lib/contracts/archive'
import * as governmentContract from '@/lib/contracts/government'
import { access, idParam, jsonBody, noContent } from '@/server/http/access'
import { createRouter, errorResponses, json, routesTagged } from '@/server/http/openapi'
import { readArgs, serviceArgs } from '@/server/http/service-args'
import { changeEntityArchiveStatus, findArchivedEntities } from './archive-entity'
import { createDocument, deleteDocument, getDocument } from './documents'
import { createEntity, findEntities, getEntityDetails } from './entities'
import { GOVERNMENT_OFFICERS } from './government-access'
import { createGovernmentProduct, getGovernmentProduct } from './products'
import {
  createConsultant,
  createParastatal,
  createPaymentChannel,
  findConsultants,
  findParastatals,
  findPaymentChannels,
  updateConsultant,
  updateParastatal,
  updatePaymentChannel,
} from './reference-lists'
import {
  createRepresentative,
  deleteRepresentative,
  getRepresentative,
  getRepresentativeKyc,
  updateRepresentative,
} from './representatives'

const route = routesTagged('Government')
const officers = access.staffAny(...GOVERNMENT_OFFICERS)
const reads = errorResponses(400, 401, 403)
const writes = errorResponses(400, 401, 403, 404, 409)

/** docs/domain.md#government: entities, representatives, documents, entity products, reference lists, archive. */
export const governmentRoutes = createRouter()

// ---- reference lists (static paths before /government/{id}) ----

// GET /government/parastatals – ministries, departments and agencies
governmentRoutes.openapi(
  route.get('/government/parastatals', {
    summary: 'Government parastatals',
    ...officers,
    request: { query: governmentContract.referenceListQuerySchema },
    responses: { 200: json(z.array(governmentContract.parastatalSchema), 'Parastatals'), ...reads },
  }),
  async (c) => c.json(await findParastatals({ ...(await readArgs(c)), ...c.req.valid('query') }), 200),
)

// POST /government/parastatals – add a parastatal
governmentRoutes.openapi(
  route.post('/government/parastatals', {
    summary: 'Add a parastatal',
    ...officers,
    request: jsonBody(governmentContract.parastatalInputSchema),
    responses: { 201: json(governmentContract.parastatalSchema, 'Added'), ...writes },
  }),
  async (c) => c.json(await createParastatal({ ...(await serviceArgs(c)), input: c.req.valid('json') }), 201),
)

// PUT /government/parastatals/{id} – rename, re-tier or deactivate a parastatal
governmentRoutes.openapi(
  route.put('/government/parastatals/{id}', {
    summary: 'Change a parastatal',
    ...officers,
    request: { params: idParam, ...jsonBody(governmentContract.parastatalUpdateSchema) },
    responses: { 200: json(governmentContract.parastatalSchema, 'Changed'), ...writes },
  }),
  async (c) =>
    c.json(await updateParastatal({ ...(await serviceArgs(c)), id: c.req.valid('param').id, input: c.req.valid('json') }), 200),
)

// GET /government/consultants – revenue consultants
governmentRoutes.openapi(
  route.get('/government/consultants', {
    summary: 'Government consultants',
    ...officers,
    request: { query: governmentContract.referenceListQuerySchema },
    responses: { 200: json(z.array(governmentContract.consultantSchema), 'Consultants'), ...reads },
  }),
  async (c) => c.json(await findConsultants({ ...(await readArgs(c)), ...c.req.valid('query') }), 200),
)

// POST /government/consultants – add a consultant
governmentRoutes.openapi(
  route.post('/government/consultants', {
    summary: 'Add a consultant',
    ...officers,
    request: jsonBody(governmentContract.consultantInputSchema),
    responses: { 201: json(governmentContract.consultantSchema, 'Added'), ...writes },
  }),
  async (c) => c.json(await createConsultant({ ...(await serviceArgs(c)), input: c.req.valid('json') }), 201),
)

// PUT /government/consultants/{id} – change or deactivate a consultant
governmentRoutes.openapi(
  route.put('/government/consultants/{id}', {
    summary: 'Change a consultant',
    ...officers,
    request: { params: idParam, ...jsonBody(governmentContract.consultantUpdateSchema) },
    responses: { 200: json(governmentContract.consultantSchema, 'Changed'), ...writes },
  }),
  async (c) =>
    c.json(await updateConsultant({ ...(await serviceArgs(c)), id: c.req.valid('param').id, input: c.req.valid('json') }), 200),
)

// GET /payment-channels – how payers pay into an entity's product
governmentRoutes.openapi(
  route.get('/payment-channels', {
    summary: 'Payment channels',
    ...officers,
    request: { query: governmentContract.referenceListQuerySchema },
    responses: { 200: json(z.array(governmentContract.paymentChannelSchema), 'Payment channels'), ...reads },
  }),
  async (c) => c.json(await findPaymentChannels({ ...(await readArgs(c)), ...c.req.valid('query') }), 200),
)

// POST /payment-channels – add a payment channel
governmentRoutes.openapi(
  route.post('/payment-channels', {
    summary: 'Add a payment channel',
    ...officers,
    request: jsonBody(governmentContract.paymentChannelInputSchema),
    responses: { 201: json(governmentContract.paymentChannelSchema, 'Added'), ...writes },
  }),
  async (c) => c.json(await createPaymentChannel({ ...(await serviceArgs(c)), input: c.req.valid('json') }), 201),
)

// PUT /payment-channels/{id} – change or deactivate a payment channel
governmentRoutes.openapi(
  route.put('/payment-channels/{id}', {
    summary: 'Change a payment channel',
    ...officers,
    request: { params: idParam, ...jsonBody(governmentContract.paymentChannelUpdateSchema) },
    responses: { 200: json(governmentContract.paymentChannelSchema, 'Changed'), ...writes },
  }),
  async (c) =>
    c.json(
      await updatePaymentChannel({ ...(await serviceArgs(c)), id: c.req.valid('param').id, input: c.req.valid('json') }),
      200,
    ),
)

// ---- representatives ----

// POST /government/rep – add a representative with their means of ID
governmentRoutes.openapi(
  route.post('/government/rep', {
    summary: 'Add a representative',
    ...officers,
    request: jsonBody(governmentContract.representativeInputSchema),
    responses: { 201: json(governmentContract.representativeSchema, 'Added'), ...writes },
  }),
  async (c) => c.json(await createRepresentative({ ...(await serviceArgs(c)), input: c.req.valid('json') }), 201),
)

// GET /government/rep/{id}/kyc-type/{type} – one KYC record of a representative
governmentRoutes.openapi(
  route.get('/government/rep/{id}/kyc-type/{type}', {
    summary: "A representative's KYC of one type",
    ...officers,
    request: { params: governmentContract.kycTypeParams },
    responses: { 200: json(governmentContract.representativeKycSchema, 'The KYC record'), ...errorResponses(400, 401, 403, 404) },
  }),
  async (c) => c.json(await getRepresentativeKyc({ ...(await readArgs(c)), ...c.req.valid('param') }), 200),
)

// GET /government/rep/{id} – a representative
governmentRoutes.openapi(
  route.get('/government/rep/{id}', {
    summary: 'A representative',
    ...officers,
    request: { params: idParam },
    responses: {
      200: json(governmentContract.representativeSchema, 'The representative'),
      ...errorResponses(400, 401, 403, 404),
    },
  }),
  async (c) => c.json(await getRepresentative({ ...(await readArgs(c)), id: c.req.valid('param').id }), 200),
)

// PUT /government/rep/{id} – change a representative
governmentRoutes.openapi(
  route.put('/government/rep/{id}', {
    summary: 'Change a representative',
    ...officers,
    request: { params: idParam, ...jsonBody(governmentContract.representativeUpdateSchema) },
    responses: { 200: json(governmentContract.representativeSchema, 'Changed'), ...writes },
  }),
  async (c) =>
    c.json(
      await updateRepresentative({ ...(await serviceArgs(c)), id: c.req.valid('param').id, input: c.req.valid('json') }),
      200,
    ),
)

// DELETE /government/rep/{id} – remove a representative and their KYC files
governmentRoutes.openapi(
  route.delete('/government/rep/{id}', {
    summary: 'Remove a representative',
    ...officers,
    request: { params: idParam },
    responses: { ...noContent, ...writes },
  }),
  async (c) => {
    await deleteRepresentative({ ...(await serviceArgs(c)), id: c.req.valid('param').id })
    return c.body(null, 204)
  },
)

// ---- documents ----

// POST /government/document – attach an uploaded document to an entity
governmentRoutes.openapi(
  route.post('/government/document', {
    summary: 'Attach a document to an entity',
    ...officers,
    request: jsonBody(governmentContract.governmentDocumentInputSchema),
    responses: { 201: json(governmentContract.governmentDocumentSchema, 'Attached'), ...writes },
  }),
  async (c) => c.json(await createDocument({ ...(await serviceArgs(c)), input: c.req.valid('json') }), 201),
)

// GET /government/document/{id} – a document of an entity
governmentRoutes.openapi(
  route.get('/government/document/{id}', {
    summary: 'A document of an entity',
    ...officers,
    request: { params: idParam },
    responses: { 200: json(governmentContract.governmentDocumentSchema, 'The document'), ...errorResponses(400, 401, 403, 404) },
  }),
  async (c) => c.json(await getDocument({ ...(await readArgs(c)), id: c.req.valid('param').id }), 200),
)

// DELETE /government/document/{id} – remove a document and its file
governmentRoutes.openapi(
  route.delete('/government/document/{id}', {
    summary: 'Remove a document of an entity',
    ...officers,
    request: { params: idParam },
    responses: { ...noContent, ...writes },
  }),
  async (c) => {
    await deleteDocument({ ...(await serviceArgs(c)), id: c.req.valid('param').id })
    return c.body(null, 204)
  },
)

// ---- entities ----

// GET /government – entities, filtered and paged
governmentRoutes.openapi(
  route.get('/government', {
    summary: 'Government entities',
    ...officers,
    request: { query: governmentContract.governmentEntityListQuerySchema },
    responses: { 200: json(governmentContract.governmentEntityPageSchema, 'A page of entities'), ...reads },
  }),
  async (c) => c.json(await findEntities({ ...(await readArgs(c)), query: c.req.valid('query') }), 200),
)

// POST /government – create an entity
governmentRoutes.openapi(
  route.post('/government', {
    summary: 'Create a government entity',
    ...officers,
    request: jsonBody(governmentContract.governmentEntityInputSchema),
    responses: { 201: json(governmentContract.governmentEntitySchema, 'Created'), ...errorResponses(400, 401, 403) },
  }),
  async (c) => c.json(await createEntity({ ...(await serviceArgs(c)), input: c.req.valid('json') }), 201),
)

// GET /government/{id} – an entity with its representatives, documents and products
governmentRoutes.openapi(
  route.get('/government/{id}', {
    summary: 'A government entity',
    ...officers,
    request: { params: idParam },
    responses: {
      200: json(governmentContract.governmentEntityDetailsSchema, 'The entity'),
      ...errorResponses(400, 401, 403, 404),
    },
  }),
  async (c) => c.json(await getEntityDetails({ ...(await readArgs(c)), id: c.req.valid('param').id }), 200),
)

// ---- entity products ----

// POST /government-product – onboard an entity to a product with its payment channels
governmentRoutes.openapi(
  route.post('/government-product', {
    summary: 'Onboard an entity to a product',
    ...officers,
    request: jsonBody(governmentContract.governmentProductInputSchema),
    responses: { 201: json(governmentContract.governmentProductSchema, 'Onboarded'), ...writes },
  }),
  async (c) => c.json(await createGovernmentProduct({ ...(await serviceArgs(c)), input: c.req.valid('json') }), 201),
)

// GET /government-product/{id} – an entity product
governmentRoutes.openapi(
  route.get('/government-product/{id}', {
    summary: 'An entity product',
    ...officers,
    request: { params: idParam },
    responses: {
      200: json(governmentContract.governmentProductSchema, 'The entity product'),
      ...errorResponses(400, 401, 403, 404),
    },
  }),
  async (c) => c.json(await getGovernmentProduct({ ...(await readArgs(c)), id: c.req.valid('param').id }), 200),
)

// ---- archive ----

const archiveRoute = routesTagged('Archive', 'Government')

// GET /archive/government-entities – archived entities
governmentRoutes.openapi(
  archiveRoute.get('/archive/government-entities', {
    summary: 'Archived government entities',
    ...officers,
    request: { query: governmentContract.archivedGovernmentEntityQuerySchema },
    responses: { 200: json(governmentContract.governmentEntityPageSchema, 'A page of archived entities'), ...reads },
  }),
  async (c) => c.json(await findArchivedEntities({ ...(await readArgs(c)), query: c.req.valid('query') }), 200),
)

// POST /archive/government-entity/{id}/unarchive – back to the active list (reason required)
governmentRoutes.openapi(
  archiveRoute.post('/archive/government-entity/{id}/unarchive', {
    summary: 'Unarchive a government entity',
    ...officers,
    request: { params: idParam, ...jsonBody(archiveContract.archiveReasonSchema) },
    responses: { 200: json(governmentContract.governmentEntitySchema, 'Unarchived'), ...writes },
  }),
  async (c) =>
    c.json(
      await changeEntityArchiveStatus({
        ...(await serviceArgs(c)),
        id: c.req.valid('param').id,
        archive: false,
        reason: c.req.valid('json').reason,
      }),
      200,
    ),
)

// POST /archive/government-entity/{id} – archive an entity (reason required); its records freeze
governmentRoutes.openapi(
  archiveRoute.post('/archive/government-entity/{id}', {
    summary: 'Archive a government entity',
    ...officers,
    request: { params: idParam, ...jsonBody(archiveContract.archiveReasonSchema) },
    responses: { 200: json(governmentContract.governmentEntitySchema, 'Archived'), ...writes },
  }),
  async (c) =>
    c.json(
      await changeEntityArchiveStatus({
        ...(await serviceArgs(c)),
        id: c.req.valid('param').id,
        archive: true,
        reason: c.req.valid('json').reason,
      }),
      200,
    ),
)
