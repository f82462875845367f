import fc from 'fast-check'
import type { JsonSchema, Operation, Parameter } from './openapi'

/**
 * Bad input for one operation, generated from its parameter and body schemas with fast-check. Every node of a body
 * is, with a small weight, replaced by a bad value (wrong type, out of range, NUL, emoji, huge, foreign id), so a
 * case is often valid but for one or two fields, which reaches past validation into the services; the transport
 * around it varies too (content types, malformed and non-JSON bodies, chunked, no body, oversized).
 */

/** Real ids for a context (path segments and property names, nearest last): `own` belong to the owner identity's business. */
export interface IdSource {
  idsFor(context: string[]): { own: string[]; foreign: string[] }
  all: string[]
}

/** How a request's Authorization header is made for the anonymous identity (the signed-in identities use their token). */
export const ANONYMOUS_AUTH = ['none', 'empty-bearer', 'garbage-bearer', 'basic', 'tampered-token'] as const
export type AnonymousAuth = (typeof ANONYMOUS_AUTH)[number]

export interface FuzzRequest {
  /** Path and query, encoded, as sent (`/api/v1/kyc/addresses/…?x=1`). */
  target: string
  headers: Record<string, string>
  body?: string
  /** Sent with Transfer-Encoding: chunked (no Content-Length), in a few pieces. */
  chunked: boolean
  /** What kind of body this is (json, malformed-json, form, …), for the report. */
  bodyKind: string
  anonymousAuth: AnonymousAuth
}

const MAX_URL_VALUE = 2_000
const HUGE_STRINGS = ['x'.repeat(300_000), '😀'.repeat(60_000), 'é'.repeat(100_000)]
const SPECIAL_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '😀',
  '👨‍👩‍👧‍👦🇳🇬',
  '\ud800',
  '\uffff',
  '\u202e',
  'null',
  'undefined',
  'NaN',
  'Infinity',
  '-0',
  '1e999',
  '0x10',
  "' OR '1'='1",
  '"; DROP TABLE businesses; --',
  '<script>alert(1)</script>',
  '%00',
  '%',
  '../../etc/passwd',
  '${7*7}',
  '\\',
  '"',
  'true',
  '[]',
  '{}',
  '__proto__',
  'constructor',
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  '0000-01-01',
  '9999-12-31',
  '2026-02-30',
  '2026-13-01',
  '+275760-09-13T00:00:00.000Z',
  '-271821-04-20T00:00:00.000Z',
  '1970-01-01T00:00:00Z',
  '2026-01-01T25:61:61Z',
  '0001-01-01T00:00:00Z',
  ' leading',
  'trailing ',
  '\t\n',
  'x'.repeat(256),
  'x'.repeat(5_000),
  '9'.repeat(400),
]
const SPECIAL_NUMBERS = [
  0,
  -1,
  1,
  0.5,
  -0.5,
  2 ** 31,
  -(2 ** 31) - 1,
  2 ** 53 + 2,
  Number.MAX_SAFE_INTEGER,
  1e21,
  1e308,
  -1e308,
  5e-324,
]

const oneOfWeighted = <T>(...entries: [number, fc.Arbitrary<T>][]) =>
  fc.oneof(...entries.map(([weight, arbitrary]) => ({ weight, arbitrary })))

function badAny(inBody: boolean): fc.Arbitrary<unknown> {
  const strings = inBody ? [...SPECIAL_STRINGS, ...HUGE_STRINGS] : SPECIAL_STRINGS
  return oneOfWeighted<unknown>(
    [4, fc.constantFrom(...strings)],
    [2, fc.constantFrom(...SPECIAL_NUMBERS)],
    [2, fc.constantFrom<unknown>(null, true, false, [], {}, [null], { a: { b: [1, { c: null }] } })],
    [1, fc.string({ unit: 'binary', maxLength: 40 })],
    [1, fc.string({ unit: 'grapheme', maxLength: 40 })],
    [1, fc.integer()],
    [1, fc.double({ noNaN: true, noDefaultInfinity: true })],
    [1, fc.uuid()],
    [1, fc.date({ min: new Date(-8.64e15), max: new Date(8.64e15), noInvalidDate: true }).map((d) => d.toISOString())],
    ...(inBody
      ? ([
          // Deep nesting, and arrays long enough to reach query parameter limits inside the service.
          [1, fc.constant(JSON.parse('['.repeat(3_000) + ']'.repeat(3_000)))],
          [1, fc.uuid().map((id) => Array.from({ length: 20_000 }, () => id))],
        ] as [number, fc.Arbitrary<unknown>][])
      : []),
  )
}

/** The edge values of one schema: just past its bounds, the wrong case of an enum, a near-uuid. */
function badFor(schema: JsonSchema, inBody: boolean): fc.Arbitrary<unknown> {
  const edges: unknown[] = []
  const types = typesOf(schema)
  if (schema.maxLength !== undefined) edges.push('x'.repeat(schema.maxLength + 1))
  if (schema.minLength) edges.push('x'.repeat(schema.minLength - 1))
  if (schema.pattern) edges.push('a', 'A-1 ')
  if (schema.enum)
    edges.push(...schema.enum.map((v) => (typeof v === 'string' ? v.toLowerCase() : v)), `${String(schema.enum[0])} `)
  if (schema.format === 'uuid')
    edges.push('not-a-uuid', '123', 'ABCDEFAB-1234-4234-8234-123456789ABC', 'g0000000-0000-0000-0000-000000000000')
  if (schema.format === 'email') edges.push('a@', '@b.c', 'a b@c.d', `${'x'.repeat(300)}@example.test`)
  if (schema.format === 'date' || schema.format === 'date-time')
    edges.push('2026-02-29', '2026-04-31', '10000-01-01', '-000001-01-01', '2026-1-1', '31/12/2026')
  if (schema.minimum !== undefined) edges.push(schema.minimum - 1, schema.minimum - 0.5)
  if (schema.maximum !== undefined) edges.push(schema.maximum + 1, schema.maximum + 0.5)
  if (schema.exclusiveMinimum !== undefined) edges.push(schema.exclusiveMinimum)
  if (schema.exclusiveMaximum !== undefined) edges.push(schema.exclusiveMaximum)
  if (types.includes('integer')) edges.push(1.5, '1', 2 ** 63)
  if (types.includes('number')) edges.push('1', '1e3')
  if (types.includes('boolean')) edges.push('true', 1, 0)
  if (types.includes('array'))
    edges.push(
      {},
      [[]],
      Array.from({ length: (schema.maxItems ?? 200) + 1 }, () => null),
    )
  if (schema.minItems) edges.push([])
  return edges.length ? oneOfWeighted([1, fc.constantFrom(...edges)], [1, badAny(inBody)]) : badAny(inBody)
}

function typesOf(schema: JsonSchema): string[] {
  if (Array.isArray(schema.type)) return schema.type
  return schema.type ? [schema.type] : []
}

interface GenContext {
  resolve: (schema: JsonSchema) => JsonSchema
  ids: IdSource
  /** Weight of a valid value against 1 for a bad one, at every node. */
  validWeight: number
  inBody: boolean
}

function idArbitrary(ctx: GenContext, context: string[]): fc.Arbitrary<string> {
  const { own, foreign } = ctx.ids.idsFor(context)
  const pick = (ids: string[]) => (ids.length ? fc.constantFrom(...ids) : fc.uuid())
  return oneOfWeighted([4, pick(own)], [3, pick(foreign)], [1, fc.uuid()], [1, pick(ctx.ids.all)])
}

function validString(schema: JsonSchema, ctx: GenContext, context: string[]): fc.Arbitrary<string> {
  if (schema.format === 'uuid') return idArbitrary(ctx, context)
  if (schema.format === 'email') return fc.nat(999).map((n) => `fuzz.${n}@example.test`)
  if (schema.format === 'date')
    return fc
      .date({ min: new Date('1900-01-01'), max: new Date('2100-01-01'), noInvalidDate: true })
      .map((d) => d.toISOString().slice(0, 10))
  if (schema.format === 'date-time')
    return fc.date({ min: new Date('1990-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }).map((d) => d.toISOString())
  if (schema.format === 'uri' || schema.format === 'url') return fc.webUrl()
  const hinted = byName(context[context.length - 1] ?? '')
  if (hinted) return hinted
  const min = schema.minLength ?? 0
  const max = Math.max(min, Math.min(schema.maxLength ?? 40, 40))
  if (schema.pattern) {
    try {
      return fc
        .stringMatching(new RegExp(schema.pattern))
        .filter((s) => s.length >= min && s.length <= (schema.maxLength ?? Infinity))
    } catch {
      // a pattern JavaScript cannot compile: fall through to a plain string
    }
  }
  return fc.string({ minLength: min, maxLength: max, unit: 'grapheme' })
}

/** Plausible values for fields the schema types only as strings (its own checks are refinements the document cannot show). */
function byName(name: string): fc.Arbitrary<string> | undefined {
  const lower = name.toLowerCase()
  if (lower.includes('email')) return fc.nat(999).map((n) => `fuzz.${n}@example.test`)
  if (lower.includes('phone')) return fc.constantFrom('+2348031234567', '08031234567', '+2348000000001')
  if (lower.includes('password')) return fc.constantFrom('Fuzz-Passw0rd!2026', 'Another-Str0ng-Secret')
  if (lower === 'website' || lower.endsWith('url')) return fc.webUrl()
  if (lower === 'country' || lower === 'nationality' || lower === 'countryofincorporation')
    return fc.constantFrom('Nigeria', 'Ghana')
  if (lower === 'state') return fc.constantFrom('Lagos', 'Kano', 'FCT')
  if (lower === 'lga' || lower === 'city') return fc.constantFrom('Ikeja', 'Eti-Osa', 'Kano Municipal')
  return undefined
}

function validNumber(schema: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const lower = schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + (integer ? 1 : 1e-6) : -1e6)
  const upper = schema.maximum ?? (schema.exclusiveMaximum !== undefined ? schema.exclusiveMaximum - (integer ? 1 : 1e-6) : 1e6)
  const min = Math.max(lower, -1e9)
  const max = Math.min(upper, 1e9)
  if (integer) return fc.integer({ min: Math.ceil(min), max: Math.max(Math.ceil(min), Math.floor(max)) })
  return fc.double({ min, max: Math.max(min, max), noNaN: true, noDefaultInfinity: true })
}

/** A value for the schema whose nodes are each, with weight 1 against ctx.validWeight, a bad value instead. */
function valueFor(input: JsonSchema, ctx: GenContext, context: string[], depth: number): fc.Arbitrary<unknown> {
  const schema = ctx.resolve(input)
  return oneOfWeighted([ctx.validWeight, validValue(schema, ctx, context, depth)], [1, badFor(schema, ctx.inBody)])
}

function validValue(schema: JsonSchema, ctx: GenContext, context: string[], depth: number): fc.Arbitrary<unknown> {
  if (depth > 6) return fc.constant(null)
  if (schema.const !== undefined) return fc.constant(schema.const)
  if (schema.enum?.length) return fc.constantFrom(...schema.enum)
  const variants = schema.oneOf ?? schema.anyOf
  if (variants?.length) return fc.oneof(...variants.map((v) => validValue(ctx.resolve(v), ctx, context, depth + 1)))
  if (schema.allOf?.length) {
    const parts = schema.allOf.map(ctx.resolve)
    const merged: JsonSchema = {
      type: 'object',
      properties: Object.assign({}, ...parts.map((p) => p.properties ?? {})),
      required: parts.flatMap((p) => p.required ?? []),
    }
    return validValue(merged, ctx, context, depth)
  }
  const types = typesOf(schema)
  if (types.length > 1) return fc.oneof(...types.map((type) => validValue({ ...schema, type }, ctx, context, depth)))
  switch (types[0]) {
    case 'null':
      return fc.constant(null)
    case 'boolean':
      return fc.boolean()
    case 'integer':
      return validNumber(schema, true)
    case 'number':
      return validNumber(schema, false)
    case 'string':
      return validString(schema, ctx, context)
    case 'array': {
      const items = schema.items ?? {}
      const minLength = schema.minItems ?? 0
      const maxLength = Math.max(minLength, Math.min(schema.maxItems ?? 3, 3))
      return fc.array(valueFor(items, ctx, context, depth + 1), { minLength, maxLength })
    }
    case 'object':
      return objectValue(schema, ctx, context, depth)
    default:
      return schema.properties ? objectValue(schema, ctx, context, depth) : fc.jsonValue({ maxDepth: 2 })
  }
}

function objectValue(schema: JsonSchema, ctx: GenContext, context: string[], depth: number): fc.Arbitrary<unknown> {
  const properties = schema.properties ?? {}
  const entries = Object.entries(properties).map(
    ([name, child]) => [name, valueFor(child, ctx, [...context, name], depth + 1)] as const,
  )
  const required = (schema.required ?? []).filter((name) => name in properties)
  const record = fc.record(Object.fromEntries(entries), { requiredKeys: required })
  // Now and then a required key goes missing or an unknown one comes along.
  const extraKey = fc.constantFrom(
    'unknownField',
    '__proto__',
    'constructor',
    'id',
    'businessId',
    'createdBy',
    'approvalStatus',
    '',
  )
  return fc.tuple(record, fc.nat(19), fc.nat(), extraKey, badAny(ctx.inBody)).map(([value, roll, index, key, bad]) => {
    const copy: Record<string, unknown> = { ...(value as Record<string, unknown>) }
    if (roll === 0 && required.length) delete copy[required[index % required.length]!]
    if (roll === 1) Object.defineProperty(copy, key, { value: bad, enumerable: true, writable: true, configurable: true })
    return copy
  })
}

const stringForUrl = (value: unknown): string => {
  const text = typeof value === 'string' ? value : value === undefined ? '' : (JSON.stringify(value) ?? '')
  return text.length > MAX_URL_VALUE ? text.slice(0, MAX_URL_VALUE) : text
}

function pathArbitrary(op: Operation, ctx: GenContext): fc.Arbitrary<string> {
  const segments = op.path.split('/').filter(Boolean)
  const params = op.pathParams.map((param) => {
    const before = segments.slice(0, segments.indexOf(`{${param.name}}`))
    return valueFor(param.schema, ctx, [...before, param.name], 0).map(stringForUrl)
  })
  return fc.tuple(...params).map((values) => {
    let path = op.path
    op.pathParams.forEach((param, i) => {
      // An empty segment would be a different URL (Next redirects the trailing slash away); a space stands in for it.
      path = path.replace(`{${param.name}}`, encodeSegment(values[i] || ' '))
    })
    return path
  })
}

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g

/** encodeURIComponent, except that a lone surrogate becomes the (invalid UTF-8) bytes a careless client would send. */
const encodeSegment = (value: string) => value.split(LONE_SURROGATE).map(encodeURIComponent).join('%ED%A0%80')

/** Raw query text URLSearchParams would never produce: bad percent-escapes, invalid UTF-8, stray separators. */
const RAW_QUERY_TAILS = ['&x=%ED%A0%80', '&x=%', '&pageSize=%FF', '&&=&', '&x=%E0%A4%A', '&%00=1']

const UNKNOWN_QUERY_NAMES = [
  'foo',
  '__proto__',
  'constructor',
  'pageSize[]',
  'sort',
  'id',
  'businessId',
  'a b',
  '😀',
  'pageNumber',
]

function queryArbitrary(params: Parameter[], ctx: GenContext, context: string[]): fc.Arbitrary<string> {
  const known = params.map((param) =>
    fc.option(valueFor(param.schema, ctx, [...context, param.name], 0).map(stringForUrl), { nil: undefined, freq: 3 }),
  )
  const unknown = fc.array(fc.tuple(fc.constantFrom(...UNKNOWN_QUERY_NAMES), badAny(false).map(stringForUrl)), { maxLength: 2 })
  const rawTail = fc.option(fc.constantFrom(...RAW_QUERY_TAILS), { nil: '', freq: 6 })
  return fc.tuple(fc.tuple(...known), unknown, rawTail).map(([values, extra, tail]) => {
    const search = new URLSearchParams()
    params.forEach((param, i) => {
      if (values[i] !== undefined) search.append(param.name, values[i]!)
    })
    for (const [name, value] of extra) search.append(name, value)
    const text = search.toString() + tail
    return text ? `?${text}` : ''
  })
}

interface BodyChoice {
  kind: string
  contentType?: string
  body?: string
  chunked?: boolean
}

const MALFORMED_JSON = [
  '{',
  '{"a":',
  '[1,]',
  "{'a':1}",
  'nul',
  '{"a":1}garbage',
  '\ufeff{}',
  '{"a":"\\ud800"}',
  '{"a":"\\u0000"}',
  '{"__proto__":{"x":1}}',
  '{"a":1,"a":2}',
  ' ',
]
const WRONG_TOP_LEVEL = ['[]', '"x"', '1', 'null', 'true', '[{}]']

function formOf(value: unknown): string {
  const search = new URLSearchParams()
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    for (const [k, v] of Object.entries(value)) search.append(k, stringForUrl(v))
  } else {
    search.append('value', stringForUrl(value))
  }
  return search.toString()
}

/** A multipart/form-data body of the value's top-level fields, serialised by the platform's own FormData. */
async function multipartOf(value: unknown): Promise<{ contentType: string; body: string }> {
  const form = new FormData()
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    for (const [k, v] of Object.entries(value)) form.append(k, stringForUrl(v))
  }
  form.append('file', new Blob(['%PDF-1.4 not really a pdf']), 'fuzz.pdf')
  const response = new Response(form)
  return { contentType: response.headers.get('content-type')!, body: await response.text() }
}

function bodyArbitrary(op: Operation, ctx: GenContext, context: string[]): fc.Arbitrary<BodyChoice | Promise<BodyChoice>> {
  if (op.method === 'GET') return fc.constant({ kind: 'none' })
  const value = op.body ? valueFor(op.body.schema, ctx, context, 0) : fc.jsonValue({ maxDepth: 2 })
  const json = (v: unknown) => JSON.stringify(v) ?? 'null'
  const oversized = JSON.stringify({ value: 'x'.repeat(1_100_000) })
  const choices: [number, fc.Arbitrary<BodyChoice | Promise<BodyChoice>>][] = [
    [op.body ? 24 : 2, value.map((v) => ({ kind: 'json', contentType: 'application/json', body: json(v) }))],
    [2, value.map((v) => ({ kind: 'json-chunked', contentType: 'application/json', body: json(v), chunked: true }))],
    [1, value.map((v) => ({ kind: 'json-without-content-type', body: json(v) }))],
    [1, value.map((v) => ({ kind: 'json-as-text-plain', contentType: 'text/plain', body: json(v) }))],
    [1, value.map((v) => ({ kind: 'form-urlencoded', contentType: 'application/x-www-form-urlencoded', body: formOf(v) }))],
    [1, value.map(async (v) => ({ kind: 'multipart', ...(await multipartOf(v)) }))],
    [2, fc.constantFrom(...MALFORMED_JSON).map((body) => ({ kind: 'malformed-json', contentType: 'application/json', body }))],
    [
      1,
      fc
        .constantFrom(...WRONG_TOP_LEVEL)
        .map((body) => ({ kind: 'wrong-top-level-json', contentType: 'application/json', body })),
    ],
    [1, fc.constant({ kind: 'empty-json', contentType: 'application/json', body: '' })],
    [
      1,
      fc
        .constantFrom('application/json; charset=utf-16', 'application/xml', 'application/json-patch+json', 'APPLICATION/JSON')
        .chain((contentType) => value.map((v) => ({ kind: 'odd-content-type', contentType, body: json(v) }))),
    ],
    [op.body ? 1 : 12, fc.constant({ kind: 'none' })],
    [1, fc.constant({ kind: 'oversized-json', contentType: 'application/json', body: oversized })],
  ]
  return oneOfWeighted(...choices)
}

export interface CaseInput {
  target: string
  body: BodyChoice | Promise<BodyChoice>
  anonymousAuth: AnonymousAuth
}

export function caseArbitrary(
  op: Operation,
  options: { resolve: (s: JsonSchema) => JsonSchema; ids: IdSource },
): fc.Arbitrary<CaseInput> {
  const urlCtx: GenContext = { resolve: options.resolve, ids: options.ids, validWeight: 3, inBody: false }
  const bodyCtx: GenContext = { resolve: options.resolve, ids: options.ids, validWeight: 8, inBody: true }
  const context = op.path.split('/').filter((s) => s && !s.startsWith('{'))
  return fc
    .record({
      path: pathArbitrary(op, urlCtx),
      query: queryArbitrary(op.queryParams, urlCtx, context),
      body: bodyArbitrary(op, bodyCtx, context),
      anonymousAuth: fc.constantFrom(...ANONYMOUS_AUTH),
    })
    .map(({ path, query, body, anonymousAuth }) => ({ target: path + query, body, anonymousAuth }))
}

/** The cases of one operation: deterministic for (seed, operation key), and case i is the same whatever the count. */
export async function casesFor(
  op: Operation,
  options: { resolve: (s: JsonSchema) => JsonSchema; ids: IdSource; seed: number; count: number },
): Promise<FuzzRequest[]> {
  const inputs = fc.sample(caseArbitrary(op, options), { seed: seedFor(options.seed, op.key), numRuns: options.count })
  return Promise.all(
    inputs.map(async (input) => {
      const body = await input.body
      const headers: Record<string, string> = { accept: 'application/json' }
      if (body.contentType) headers['content-type'] = body.contentType
      return {
        target: input.target,
        headers,
        body: body.body,
        chunked: !!body.chunked,
        bodyKind: body.kind,
        anonymousAuth: input.anonymousAuth,
      }
    }),
  )
}

/** A per-operation seed, so adding an operation does not change the cases of the others. */
export function seedFor(seed: number, key: string): number {
  let hash = seed | 0
  for (const char of key) hash = (Math.imul(hash, 31) + char.charCodeAt(0)) | 0
  return hash
}
