import { z } from '@hono/zod-openapi'
import * as businessesContract from '@/lib/contracts/businesses'
import * as kycDocumentsContract from '@/lib/contracts/kyc-documents'
import { PERMISSIONS as P } from '@/lib/permissions/names'
import { access, jsonBody } from '@/server/http/access'
import { createRouter, errorResponses, json, routesTagged } from '@/server/http/openapi'
import { readArgs, serviceArgs } from '@/server/http/service-args'
import { KYC_EDITORS } from '@/server/modules/kyc/kyc-edit-access'
import { completeKycDetails } from './complete-kyc'
import { createDocumentType, findDocumentTypes, updateDocumentType } from './document-types'
import {
  attachKycDocument,
  deleteKycDocument,
  DOCUMENT_DELETE,
  DOCUMENTS_READ,
  findKycDocuments,
  getDocumentChecklist,
} from './kyc-documents'

const route = routesTagged('KYC documents')

const uuid = (label: string) => z.uuid({ message: `must be ${label} (UUID)` })

export const kycDocumentRoutes = createRouter()

// GET /kyc-document-types?isCac=&registrationClass=&typeOwner=
kycDocumentRoutes.openapi(
  route.get('/kyc-document-types', {
    summary: 'KYC document types with the per-class matrix',
    ...access.signedIn(),
    request: { query: kycDocumentsContract.documentTypeListQuerySchema },
    responses: { 200: json(z.array(kycDocumentsContract.documentTypeSchema), 'Document types'), ...errorResponses(400, 401) },
  }),
  async (c) => c.json(await findDocumentTypes({ ...(await readArgs(c)), query: c.req.valid('query') }), 200),
)

// POST /kyc-document-types (staff, CAN_UPDATE_DEFERRABLE)
kycDocumentRoutes.openapi(
  route.post('/kyc-document-types', {
    summary: 'Create a document type',
    ...access.staff(P.CAN_UPDATE_DEFERRABLE),
    request: jsonBody(kycDocumentsContract.createDocumentTypeSchema),
    responses: { 201: json(kycDocumentsContract.documentTypeSchema, 'Created'), ...errorResponses(400, 401, 403, 409) },
  }),
  async (c) => c.json(await createDocumentType({ ...(await serviceArgs(c)), input: c.req.valid('json') }), 201),
)

// PUT /kyc-document-types/{id} (staff, CAN_UPDATE_DEFERRABLE)
kycDocumentRoutes.openapi(
  route.put('/kyc-document-types/{id}', {
    summary: 'Update a document type and its matrix rows',
    ...access.staff(P.CAN_UPDATE_DEFERRABLE),
    request: { params: z.object({ id: uuid('a document type id') }), ...jsonBody(kycDocumentsContract.updateDocumentTypeSchema) },
    responses: { 200: json(kycDocumentsContract.documentTypeSchema, 'Updated'), ...errorResponses(400, 401, 403, 404, 409) },
  }),
  async (c) =>
    c.json(await updateDocumentType({ ...(await serviceArgs(c)), id: c.req.valid('param').id, input: c.req.valid('json') }), 200),
)

// GET /kyc/document-checklist/{businessId} – the class's documents and where each stands
kycDocumentRoutes.openapi(
  route.get('/kyc/document-checklist/{businessId}', {
    summary: "The business's documents checklist",
    ...access.business(DOCUMENTS_READ),
    request: { params: z.object({ businessId: uuid('a business id') }) },
    responses: { 200: json(kycDocumentsContract.documentChecklistSchema, 'Checklist'), ...errorResponses(400, 401, 403, 404) },
  }),
  async (c) => c.json(await getDocumentChecklist({ ...(await readArgs(c)), businessId: c.req.valid('param').businessId }), 200),
)

// POST /kyc/documents – attach a confirmed upload as a document type (replaces the current one)
kycDocumentRoutes.openapi(
  route.post('/kyc/documents', {
    summary: 'Attach a KYC document',
    ...access.business(...KYC_EDITORS),
    request: jsonBody(kycDocumentsContract.attachKycDocumentSchema),
    responses: { 201: json(kycDocumentsContract.kycDocumentSchema, 'Attached'), ...errorResponses(400, 401, 403, 404, 409) },
  }),
  async (c) => c.json(await attachKycDocument({ ...(await serviceArgs(c)), input: c.req.valid('json') }), 201),
)

// GET /kyc/documents/{kycDetailsId}?typeOwner=
kycDocumentRoutes.openapi(
  route.get('/kyc/documents/{kycDetailsId}', {
    summary: 'Current documents of a KYC record',
    ...access.business(DOCUMENTS_READ),
    request: {
      params: z.object({ kycDetailsId: uuid('a KYC record id') }),
      query: kycDocumentsContract.kycDocumentListQuerySchema,
    },
    responses: { 200: json(z.array(kycDocumentsContract.kycDocumentSchema), 'Documents'), ...errorResponses(400, 401, 403, 404) },
  }),
  async (c) =>
    c.json(
      await findKycDocuments({
        ...(await readArgs(c)),
        kycDetailsId: c.req.valid('param').kycDetailsId,
        typeOwner: c.req.valid('query').typeOwner,
      }),
      200,
    ),
)

// DELETE /kyc/documents/{id} – removes the document, its file and its blob
kycDocumentRoutes.openapi(
  route.delete('/kyc/documents/{id}', {
    summary: 'Delete a KYC document',
    ...access.business(...KYC_EDITORS, DOCUMENT_DELETE),
    request: { params: z.object({ id: uuid('a document id') }) },
    responses: { 204: { description: 'Deleted' }, ...errorResponses(400, 401, 403, 404, 409) },
  }),
  async (c) => {
    await deleteKycDocument({ ...(await serviceArgs(c)), id: c.req.valid('param').id })
    return c.body(null, 204)
  },
)

// PUT /businesses/{id}/completed-kyc-details – mark the KYC complete (or resubmit after a decline)
kycDocumentRoutes.openapi(
  route.put('/businesses/{id}/completed-kyc-details', {
    summary: 'Mark the KYC complete',
    description:
      'Refused with 409 PRECONDITION_FAILED, one entry per missing item, until every step and required document is done.',
    ...access.business(...KYC_EDITORS),
    request: { params: z.object({ id: uuid('a business id') }) },
    responses: {
      200: json(businessesContract.businessSchema, 'Complete; the business is PENDING review'),
      ...errorResponses(400, 401, 403, 404, 409),
    },
  }),
  async (c) => c.json(await completeKycDetails({ ...(await serviceArgs(c)), businessId: c.req.valid('param').id }), 200),
)
