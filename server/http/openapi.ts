import { createRoute, OpenAPIHono, type RouteConfig } from '@hono/zod-openapi'
import type { Context, TypedResponse } from 'hono'
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
  422: 'Malware found in the upload (deleted)',
  429: 'Too many attempts',
  502: 'An outside service (the CRM) failed',
  503: 'The virus scanner did not answer (the upload stays unconfirmed)',
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

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete'
type OperationConfig = Omit<RouteConfig, 'method' | 'path' | 'tags'>

/**
 * Declares a module's operations under its tags, method and path first:
 * `router.openapi(route.get('/businesses/{id}', { summary, ...access.business(READ), request, responses }), handler)`.
 * The result is `createRoute`'s, so request and response types flow into the handler as before.
 */
export function routesTagged(...tags: string[]) {
  const operation =
    <M extends Method>(method: M) =>
    <P extends string, R extends OperationConfig>(path: P, config: R) =>
      createRoute({ ...config, method, path, tags })
  return {
    get: operation('get'),
    post: operation('post'),
    put: operation('put'),
    patch: operation('patch'),
    delete: operation('delete'),
  }
}

/**
 * A 200 whose JSON body is already text (an answer kept by server/db/answer-cache.ts): the same bytes and headers
 * `c.json` would send for the value it came from, typed as that value's answer.
 */
export function jsonText<T>(c: Context, text: string): Response & TypedResponse<T, 200, 'json'> {
  return c.body(text, 200, { 'content-type': 'application/json' }) as unknown as Response & TypedResponse<T, 200, 'json'>
}
