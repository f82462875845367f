import { z } from '@hono/zod-openapi'
import * as supportContract from '@/lib/contracts/support'
import * as supportValuesContract from '@/lib/contracts/support-values'
import { access } from '@/server/http/access'
import { AppError } from '@/server/http/app-error'
import { optionalActor } from '@/server/http/auth'
import { readMultipart } from '@/server/http/body'
import { type AppContext } from '@/server/http/context'
import { validationErrors } from '@/server/http/errors'
import { createRouter, errorResponses, json, routesTagged } from '@/server/http/openapi'
import { publicArgs, readArgs } from '@/server/http/service-args'
import { findSupportInquiries, SUPPORT_INQUIRY_READERS } from './find-inquiries'
import { submitSupportInquiry } from './submit-inquiry'

const route = routesTagged('Support')

/** The multipart body as documented in the OpenAPI document (the handler validates it with the same zod schema). */
function multipartBody() {
  const { $schema: _ignored, ...fields } = z.toJSONSchema(supportContract.supportInquiryInputSchema, { io: 'input' }) as Record<
    string,
    unknown
  >
  return {
    required: true,
    content: {
      'multipart/form-data': {
        schema: {
          ...fields,
          properties: {
            ...(fields.properties as Record<string, unknown>),
            [supportValuesContract.SUPPORT_ATTACHMENT_FIELD]: {
              type: 'string',
              format: 'binary',
              description: 'Optional: a PNG, JPEG or PDF up to the upload limit (checked by content)',
            },
          },
        } as never,
      },
    },
  }
}

/**
 * Reads the contact-us form: multipart/form-data (with or without Content-Length: a browser's chunked body is read
 * the same way) holding the fields and an optional `attachment`. Another Content-Type is a 415 naming what to send.
 */
async function readInquiryForm(c: AppContext) {
  const field = supportValuesContract.SUPPORT_ATTACHMENT_FIELD
  const { fields, file } = await readMultipart(c, {
    fileField: field,
    unsupported: { message: 'Send the inquiry as multipart/form-data (the contact-us form)', field: 'body' },
  })
  let attachment: { fileName: string; bytes: Uint8Array } | undefined
  if (typeof file === 'string') {
    // An empty file input arrives as an empty string in some clients: no attachment.
    if (file !== '') throw new AppError('VALIDATION_FAILED', 'attachment must be a file', { field })
  } else if (file && !(file.size === 0 && !file.name)) {
    // A file input left empty is sent as a nameless, empty part by browsers.
    attachment = { fileName: file.name || 'attachment', bytes: file.bytes }
  }
  const parsed = supportContract.supportInquiryInputSchema.safeParse(fields)
  if (!parsed.success) {
    const errors = validationErrors(parsed.error, 'form')
    throw new AppError('VALIDATION_FAILED', errors[0]?.message ?? 'Invalid form', { details: errors })
  }
  return { input: parsed.data, attachment }
}

export const supportRoutes = createRouter()

// GET /support/inquiries – staff read the inquiries, newest first
supportRoutes.openapi(
  route.get('/support/inquiries', {
    summary: 'Support inquiries',
    ...access.staffAny(...SUPPORT_INQUIRY_READERS),
    request: { query: supportContract.supportInquiryQuerySchema },
    responses: { 200: json(supportContract.supportInquiryPageSchema, 'A page of inquiries'), ...errorResponses(400, 401, 403) },
  }),
  async (c) => c.json(await findSupportInquiries({ ...(await readArgs(c)), query: c.req.valid('query') }), 200),
)

// POST /support/inquiries – the contact-us form (anyone); stored, mailed to support, acknowledged to the sender
supportRoutes.openapi(
  route.post('/support/inquiries', {
    summary: 'Send a support inquiry',
    description:
      'multipart/form-data with name, email, subject, message and an optional `attachment` (PNG, JPEG or PDF, checked by content: 413 / 415). Anyone may call it; a valid bearer token links the inquiry to the user. The inquiry is e-mailed to the support address and acknowledged to the sender with its reference. At most 20 inquiries an hour from one IP (429).',
    ...access.public(),
    request: { body: multipartBody() },
    responses: {
      201: json(supportContract.supportInquiryReceiptSchema, 'Received; the reference is quoted in the acknowledgement mail'),
      ...errorResponses(400, 413, 415, 422, 429, 503),
    },
  }),
  async (c) => {
    // A token is optional; a bad one is ignored rather than refused, so the form never fails for a stale session.
    const actor = await optionalActor(c)
    const { input, attachment } = await readInquiryForm(c)
    const receipt = await submitSupportInquiry({
      ...(await publicArgs(c)),
      actor,
      input,
      attachment,
    })
    return c.json(receipt, 201)
  },
)
