import { OpenAPIHono } from '@hono/zod-openapi'
import type { ZodType } from 'zod'
import { errorBodySchema } from '@/lib/contracts/errors'
import type { AppEnv } from './context'
import { errorBody, validationErrors } from './errors'

/** Every module router is one of these, so zod failures everywhere answer the error body of docs/api.md#errors. */
export function createRouter() {
  return new OpenAPIHono<AppEnv>({
    defaultHook: (result, c) => {
      if (!result.success) return c.json(errorBody(validationErrors(result.error, result.target)), 400)
    },
  })
}

export type Router = ReturnType<typeof createRouter>

const ERROR_DESCRIPTIONS = {
  400: 'Validation failed (one entry per field)',
  401: 'No valid token',
  403: 'Lacks the permission, or four-eyes',
  404: 'Not found, or not yours',
  409: 'Conflict, invalid state or unmet precondition',
  413: 'Body too large',
  415: 'Unsupported content',
  429: 'Too many attempts',
} as const

type ErrorStatus = keyof typeof ERROR_DESCRIPTIONS

/** Documents error answers on a route: `responses: { 200: json(schema, '...'), ...errorResponses(401, 403) }`. */
export function errorResponses<S extends ErrorStatus>(...statuses: S[]) {
  return Object.fromEntries(
    statuses.map((s) => [
      s,
      { description: ERROR_DESCRIPTIONS[s], content: { 'application/json': { schema: errorBodySchema } } },
    ]),
  ) as unknown as { [K in S]: { description: string; content: { 'application/json': { schema: typeof errorBodySchema } } } }
}

export function json<T extends ZodType>(schema: T, description: string) {
  return { description, content: { 'application/json': { schema } } }
}

export const bearerSecurity = [{ bearerAuth: [] }]
