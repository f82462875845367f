import { createMiddleware } from 'hono/factory'
import { AppError } from './app-error'
import type { AppEnv } from './context'

const NUL = '\u0000'

/** The dotted path of the first string holding a NUL character, or null. */
function nulPath(value: unknown, path: string[] = [], depth = 0): string | null {
  if (typeof value === 'string') return value.includes(NUL) ? path.join('.') || 'body' : null
  if (depth > 64 || value === null || typeof value !== 'object') return null
  for (const [key, child] of Object.entries(value)) {
    if (key.includes(NUL)) return [...path, key].join('.')
    const found = nulPath(child, [...path, key], depth + 1)
    if (found !== null) return found
  }
  return null
}

const refuse = (field: string) => new AppError('VALIDATION_FAILED', 'must not contain a NUL character', { field })

/**
 * PostgreSQL text cannot hold the NUL character: a query filter, path value or body string carrying one would fail
 * inside the database with a 500. Refused up front as a 400 naming where it was. Bodies are read through Hono's body
 * cache, so the route's own validator reads them again unchanged; a body that does not parse is left to it.
 */
export const rejectNulCharacters = createMiddleware<AppEnv>(async (c, next) => {
  const url = new URL(c.req.url)
  if (/%00/i.test(url.pathname)) throw refuse('path')
  if (/%00/i.test(url.search)) {
    for (const [name, values] of Object.entries(c.req.queries()))
      if (name.includes(NUL) || values.some((v) => v.includes(NUL))) throw refuse(name)
  }
  const type = (c.req.header('content-type') ?? '').toLowerCase()
  if (type.startsWith('application/json')) {
    const text = await c.req.text()
    if (text.includes('\\u0000')) {
      let parsed: unknown
      try {
        parsed = JSON.parse(text)
      } catch {
        return next()
      }
      const field = nulPath(parsed)
      if (field !== null) throw refuse(field)
    }
  } else if (type.startsWith('multipart/form-data')) {
    let form: Record<string, unknown>
    try {
      form = await c.req.parseBody({ all: true })
    } catch {
      return next()
    }
    for (const [key, value] of Object.entries(form)) {
      const values = Array.isArray(value) ? value : [value]
      if (key.includes(NUL) || values.some((v) => typeof v === 'string' && v.includes(NUL))) throw refuse(key)
    }
  }
  await next()
})
