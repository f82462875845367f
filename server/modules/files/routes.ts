import { z } from '@hono/zod-openapi'
import * as dataViewsContract from '@/lib/contracts/data-views'
import * as filesContract from '@/lib/contracts/files'
import { access, idParam, jsonBody } from '@/server/http/access'
import { createRouter, errorResponses, json, routesTagged } from '@/server/http/openapi'
import { readArgs, serviceArgs } from '@/server/http/service-args'
import { KYC_EDITORS } from '@/server/modules/kyc/kyc-edit-access'
import { confirmUpload, createUploadSlot, FILE_READ, getUploadLimits, readFile } from './uploads'

const route = routesTagged('Files')

export const fileRoutes = createRouter()

// GET /files/upload-limits – the one configured limit and the allowed types (no token: the uploader label uses it)
fileRoutes.openapi(
  route.get('/files/upload-limits', {
    summary: 'Upload size limit and allowed types',
    ...access.public(),
    responses: { 200: json(filesContract.uploadLimitsSchema, 'The limits') },
  }),
  (c) => c.json(getUploadLimits(), 200),
)

// POST /files/upload-url – an upload slot: a SAS URL for one new blob
fileRoutes.openapi(
  route.post('/files/upload-url', {
    summary: 'Upload slot (SAS URL for one new blob)',
    description:
      'Checks the declared type and size against the configured limit. Business purposes need `businessId` of a business you may see, and every purpose the right of the write the file is for: KYC files (the purposes x-access declares, KYC editors) the KYC edit check, PRODUCT_REQUIREMENT the right to answer product requirements, GOVERNMENT_DOCUMENT CAN_CREATE_GOVERNMENT_ENTITY, SUPPORT_ATTACHMENT only a signed-in user (403 otherwise).',
    ...access.business(...KYC_EDITORS),
    request: jsonBody(filesContract.uploadUrlRequestSchema),
    responses: { 201: json(filesContract.uploadSlotSchema, 'The slot'), ...errorResponses(400, 401, 403, 404, 409, 413, 415) },
  }),
  async (c) => c.json(await createUploadSlot({ ...(await serviceArgs(c)), input: c.req.valid('json') }), 201),
)

// POST /files/{id}/confirm – check the uploaded bytes (and scan them, with CLAMAV_HOST); refuse and delete anything not png/jpeg/pdf, too large or infected
fileRoutes.openapi(
  route.post('/files/{id}/confirm', {
    summary: 'Confirm an upload',
    description:
      'Only the uploader, still holding the right the slot needed (403 otherwise). Reads the staged blob once (size, magic bytes) and, when the portal has a virus scanner (ClamAV), has it scan those bytes; copies them where the upload URL cannot write, and records their SHA-256. Refused files are deleted (413 / 415, 422 MALWARE_FOUND). A scanner that does not answer: 503 SCANNER_UNAVAILABLE, the file stays unconfirmed (not attachable) and may be confirmed again. Idempotent.',
    ...access.business(),
    request: { params: idParam },
    responses: {
      200: json(filesContract.fileSummarySchema, 'Confirmed'),
      ...errorResponses(400, 401, 403, 404, 409, 413, 415, 422, 503),
    },
  }),
  async (c) => c.json(await confirmUpload({ ...(await serviceArgs(c)), fileId: c.req.valid('param').id }), 200),
)

// GET /files/{id} – a confirmed file, after checking its size and SHA-256, to those who may see its business
fileRoutes.openapi(
  route.get('/files/{id}', {
    summary: 'Read a file',
    description:
      "Members of the file's business and staff with CAN_READ_BUSINESS; a file of no business: its uploader and staff. Every read is logged as a view of personal data (`purpose` says why; by default staff's is a KYC review). Answers 500 when the stored bytes are not those confirmed (size or SHA-256).",
    ...access.business(FILE_READ),
    request: { params: idParam, query: dataViewsContract.viewPurposeQuerySchema },
    responses: {
      200: {
        description: 'The bytes',
        content: {
          'application/pdf': { schema: z.string().meta({ format: 'binary' }) },
          'image/png': { schema: z.string().meta({ format: 'binary' }) },
          'image/jpeg': { schema: z.string().meta({ format: 'binary' }) },
        },
      },
      ...errorResponses(400, 401, 404),
    },
  }),
  async (c) => {
    const file = await readFile({
      ...(await readArgs(c)),
      fileId: c.req.valid('param').id,
      purpose: c.req.valid('query').purpose,
      requestId: c.get('requestId'),
    })
    return new Response(file.bytes, {
      status: 200,
      headers: {
        'Content-Type': file.contentType,
        'Content-Length': String(file.bytes.byteLength),
        'Content-Disposition': `inline; filename="${file.fileName}"; filename*=UTF-8''${encodeURIComponent(file.fileName)}`,
        'X-Content-Type-Options': 'nosniff',
        'Cache-Control': 'private',
      },
    }) as never
  },
)
