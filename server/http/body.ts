import { AppError } from './app-error'
import type { AppContext } from './context'

/** A file sent in a multipart body, read into memory (the body limit has already bounded its size). */
export type FormFile = { name: string; size: number; bytes: Uint8Array<ArrayBuffer> }

/**
 * What a route that reads its own body was sent: JSON as parsed, or multipart text fields beside the one part that may
 * carry a file (a `FormFile`, the text sent there instead, or nothing).
 */
export type ReadBody =
  { kind: 'json'; value: unknown } | { kind: 'multipart'; fields: Record<string, string>; file: FormFile | string | undefined }

export type ReadBodyOptions = {
  /** The one multipart part that may carry a file. */
  fileField: string
  /** The 415 for another Content-Type: what to send, and the field it names (none when omitted). */
  unsupported: { message: string; field?: string }
  /** A file in another part: refused with a 400 naming that part (the default), or left out of `fields`. */
  otherFiles?: 'refuse' | 'ignore'
}

/**
 * The one reader of a body a route validates itself (JSON, or multipart/form-data with a file). It runs after
 * `limitRequestBody` (server/http/body-limit.ts), so the body is already bounded and buffered: an oversized one never
 * reaches it. Answers: 415 for another Content-Type, 400 naming `body` for JSON or multipart that does not parse, 400
 * naming the part for a file where text belongs or for two files under `fileField`.
 */
export async function readBody(c: AppContext, options: ReadBodyOptions): Promise<ReadBody> {
  const type = (c.req.header('content-type') ?? '').toLowerCase()
  if (!type.startsWith('application/json')) return readMultipart(c, options)
  const value: unknown = await c.req.json().catch(() => {
    throw new AppError('VALIDATION_FAILED', 'Request body is not valid JSON', { field: 'body' })
  })
  return { kind: 'json', value }
}

/** `readBody` for a route that takes multipart/form-data only (JSON is a 415 like any other type). */
export async function readMultipart(c: AppContext, options: ReadBodyOptions): Promise<Extract<ReadBody, { kind: 'multipart' }>> {
  const type = (c.req.header('content-type') ?? '').toLowerCase()
  if (!type.startsWith('multipart/form-data')) {
    const { message, field } = options.unsupported
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', message, field === undefined ? undefined : { field })
  }
  const form = await c.req.parseBody().catch(() => {
    throw new AppError('VALIDATION_FAILED', 'Request body is not valid multipart form data', { field: 'body' })
  })
  const fields: Record<string, string> = {}
  let file: FormFile | string | undefined
  for (const [key, value] of Object.entries(form)) {
    if (key === options.fileField) {
      if (Array.isArray(value)) throw new AppError('VALIDATION_FAILED', 'Attach one file only', { field: key })
      file =
        typeof value === 'string'
          ? value
          : { name: value.name, size: value.size, bytes: new Uint8Array(await value.arrayBuffer()) }
      continue
    }
    if (typeof value === 'string') {
      fields[key] = value
      continue
    }
    if (options.otherFiles === 'ignore') continue
    throw new AppError('VALIDATION_FAILED', `Only \`${options.fileField}\` may carry a file`, { field: key })
  }
  return { kind: 'multipart', fields, file }
}
