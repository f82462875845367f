import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ERROR_CODES } from '@/lib/contracts/errors'
import { getDb } from '@/server/db/client'
import { audits } from '@/server/db/schema'
import { fileApiBaseUrl } from './api-server'
import { api, apiServerKind, errorsOf, signedInUser } from './helpers'
import { companyDetailsBody, ownerWithBusiness, PDF } from './kyc-fixtures'
import { sendRaw, serveNextMount, type RawAnswer, type RawRequest } from './raw-http'

/**
 * What browsers and common clients really send, over real HTTP: through the server under test (API_TEST_SERVER=next
 * runs them through `next start`), or in process through the Next mount itself (the pages/api/v1 handler on a plain
 * Node server), never through `app.request()`, which hides the transport.
 */
let baseUrl: string
let closeMount: (() => Promise<void>) | undefined
let owner: Awaited<ReturnType<typeof ownerWithBusiness>>['owner']
let businessId: string

beforeAll(async () => {
  if (apiServerKind) baseUrl = await fileApiBaseUrl(apiServerKind)
  else {
    const mount = await serveNextMount()
    baseUrl = mount.baseUrl
    closeMount = mount.close
  }
  ;({ owner, businessId } = await ownerWithBusiness())
})
afterAll(async () => closeMount?.())

const send = (request: RawRequest) => sendRaw(baseUrl, request)
const bearer = (): [string, string] => ['Authorization', `Bearer ${owner.token}`]
const json: [string, string] = ['Content-Type', 'application/json']

/** An answer (not a reset), with this status and the catalogue's error body. */
function expectError(answer: RawAnswer, status: number, code?: string) {
  expect(answer, JSON.stringify(answer)).toMatchObject({ kind: 'answer', status })
  if (answer.kind !== 'answer') return
  const body = JSON.parse(answer.body) as { errors: { code: string; message: string }[] }
  expect(body.errors.length).toBeGreaterThan(0)
  for (const error of body.errors) {
    expect(ERROR_CODES).toContain(error.code)
    expect(error.message.length).toBeGreaterThan(0)
  }
  if (code) expect(body.errors[0]!.code).toBe(code)
  return body.errors
}

async function newDraft() {
  const res = await api('/draft-forms', {
    method: 'POST',
    token: owner.token,
    json: { businessId, kycDetailTypeId: 'ADDRESSES', data: { line1: 'x' } },
  })
  expect(res.status).toBe(201)
  return ((await res.json()) as { id: string }).id
}

describe('request bodies as clients send them', () => {
  it('deletes with a DELETE that has no body and no Content-Length, as Chromium sends it', async () => {
    const id = await newDraft()
    const answer = await send({ method: 'DELETE', path: `/draft-forms/${id}`, headers: [bearer()] })
    expect(answer).toMatchObject({ kind: 'answer', status: 204 })
    expect((await api(`/draft-forms/${id}`, { token: owner.token })).status).toBe(404)
  })

  it('deletes with a DELETE carrying Content-Length: 0, and with an empty chunked body', async () => {
    const first = await newDraft()
    expect(
      await send({ method: 'DELETE', path: `/draft-forms/${first}`, headers: [bearer(), ['Content-Length', '0']] }),
    ).toMatchObject({ status: 204 })
    const second = await newDraft()
    expect(await send({ method: 'DELETE', path: `/draft-forms/${second}`, headers: [bearer()], chunked: 16 })).toMatchObject({
      status: 204,
    })
  })

  it('reads a JSON body that arrives chunked, in small pieces', async () => {
    const body = JSON.stringify({ businessId, kycDetailTypeId: 'MEANS_OF_ID', data: { note: 'é'.repeat(300) } })
    const answer = await send({ method: 'POST', path: '/draft-forms', headers: [bearer(), json], body, chunked: 7 })
    expect(answer, JSON.stringify(answer)).toMatchObject({ kind: 'answer', status: 201 })
    if (answer.kind === 'answer')
      expect(JSON.parse(answer.body)).toMatchObject({ kycDetailTypeId: 'MEANS_OF_ID', data: { note: 'é'.repeat(300) } })
  })

  it('answers a POST, PUT or PATCH with no body at all (no length, not chunked, or empty) with 400 naming the body', async () => {
    const errors = expectError(await send({ method: 'POST', path: '/accounts/login', headers: [json] }), 400, 'VALIDATION_FAILED')
    expect(errors![0]).toMatchObject({ field: 'body', message: 'Request body is empty: send a JSON object' })
    expectError(
      await send({
        method: 'PUT',
        path: `/draft-forms/${crypto.randomUUID()}`,
        headers: [bearer(), json, ['Content-Length', '0']],
      }),
      400,
    )
    expectError(await send({ method: 'PATCH', path: '/accounts/me', headers: [bearer(), json], chunked: 8 }), 400)
  })

  it('answers JSON sent as text/plain, as form data or with no Content-Type with 415, naming the body', async () => {
    const body = JSON.stringify({ email: 'someone@example.ng', password: 'whatever-it-is' })
    for (const headers of [
      [['Content-Type', 'text/plain;charset=UTF-8']],
      [['Content-Type', 'application/x-www-form-urlencoded']],
      [],
    ] as [string, string][][]) {
      const errors = expectError(
        await send({ method: 'POST', path: '/accounts/login', headers, body: body }),
        415,
        'UNSUPPORTED_MEDIA_TYPE',
      )
      expect(errors![0]).toMatchObject({ field: 'body' })
    }
  })

  it('answers a body that is not JSON with 400 naming the body', async () => {
    const errors = expectError(
      await send({ method: 'POST', path: '/accounts/login', headers: [json], body: '{"email": "a@b.ng",' }),
      400,
      'VALIDATION_FAILED',
    )
    expect(errors![0]).toMatchObject({ field: 'body', message: 'Request body is not valid JSON' })
  })
})

describe('oversized bodies get a 413 the client can read', () => {
  const big = new Uint8Array(3 * 1024 * 1024).fill(0x20)

  it.each([
    [
      'with Content-Length and a JSON type',
      { headers: [json, ['Content-Length', String(big.byteLength)]] as [string, string][] },
    ],
    ['with Content-Length and no Content-Type', { headers: [['Content-Length', String(big.byteLength)]] as [string, string][] }],
    ['chunked, with a JSON type', { headers: [json] as [string, string][], chunked: 64 * 1024 }],
    ['chunked, with no Content-Type', { headers: [] as [string, string][], chunked: 64 * 1024 }],
  ])('%s', async (_name, shape) => {
    const answer = await send({ method: 'POST', path: '/marketing/events', body: big, ...shape })
    expectError(answer, 413, 'PAYLOAD_TOO_LARGE')
  })

  it('holds a multipart body to the JSON limit on a call that takes no multipart', async () => {
    const boundary = 'kycboundary'
    const body = `--${boundary}\r\nContent-Disposition: form-data; name="email"\r\n\r\n${'x'.repeat(2 * 1024 * 1024)}\r\n--${boundary}--\r\n`
    const answer = await send({
      method: 'POST',
      path: '/accounts/login',
      headers: [['Content-Type', `multipart/form-data; boundary=${boundary}`]],
      body,
    })
    expectError(answer, 413, 'PAYLOAD_TOO_LARGE')
  })

  it('takes a multipart body up to the upload limit but not one over it', async () => {
    const boundary = 'kycboundary'
    const huge = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\nContent-Type: application/pdf\r\n\r\n${'x'.repeat(8 * 1024 * 1024)}\r\n--${boundary}--\r\n`
    const answer = await send({
      method: 'POST',
      path: '/kyc/details',
      headers: [bearer(), ['Content-Type', `multipart/form-data; boundary=${boundary}`]],
      body: huge,
      chunked: 256 * 1024,
    })
    expectError(answer, 413, 'PAYLOAD_TOO_LARGE')
  })
})

describe('methods and headers', () => {
  it('ignores a body on GET', async () => {
    const answer = await send({
      method: 'GET',
      path: '/health',
      headers: [json, ['Content-Length', '13']],
      body: '{"a":"b","c"}',
    })
    expect(answer).toMatchObject({ kind: 'answer', status: 200 })
  })

  it('answers HEAD with the GET status and no body', async () => {
    const answer = await send({ method: 'HEAD', path: '/health' })
    expect(answer).toMatchObject({ kind: 'answer', status: 200, body: '' })
    expect(await send({ method: 'HEAD', path: '/accounts/me' })).toMatchObject({ kind: 'answer', status: 401, body: '' })
  })

  it('answers OPTIONS and unknown methods with the catalogue body, not a 500', async () => {
    expectError(
      await send({
        method: 'OPTIONS',
        path: '/businesses',
        headers: [
          ['Origin', 'https://elsewhere.example'],
          ['Access-Control-Request-Method', 'DELETE'],
        ],
      }),
      404,
      'ROUTE_NOT_FOUND',
    )
    expectError(await send({ method: 'PROPFIND', path: '/businesses', headers: [bearer()] }), 404, 'ROUTE_NOT_FOUND')
  })

  it('treats duplicated headers as a client error, never a 500', async () => {
    const body = JSON.stringify({ email: 'someone@example.ng', password: 'whatever-it-is' })
    const twoTypes = await send({
      method: 'POST',
      path: '/accounts/login',
      headers: [json, ['Content-Type', 'text/plain']],
      body,
    })
    expect(twoTypes.kind === 'answer' && twoTypes.status >= 400 && twoTypes.status < 500, JSON.stringify(twoTypes)).toBe(true)
    const twoTokens = await send({ method: 'GET', path: '/accounts/me', headers: [bearer(), bearer()] })
    expectError(twoTokens, 401, 'UNAUTHENTICATED')
    const twoIds = await send({
      method: 'GET',
      path: '/health',
      headers: [
        ['X-Request-Id', 'one'],
        ['X-Request-Id', 'two'],
      ],
    })
    expect(twoIds).toMatchObject({ kind: 'answer', status: 200 })
  })

  it('answers very long query strings and URLs without a 500 or a reset', async () => {
    const staff = await signedInUser({ staffRole: 'SUPER_ADMIN' })
    const longQuery = await send({
      method: 'GET',
      path: `/businesses?businessName=${'a'.repeat(6000)}&unknown=${'b'.repeat(3000)}`,
      headers: [['Authorization', `Bearer ${staff.token}`]],
    })
    expect(longQuery.kind === 'answer' && longQuery.status < 500, JSON.stringify(longQuery).slice(0, 300)).toBe(true)
    const longPath = await send({
      method: 'GET',
      path: `/businesses/${'9'.repeat(7000)}`,
      headers: [['Authorization', `Bearer ${staff.token}`]],
    })
    expectError(longPath, 400, 'VALIDATION_FAILED')
    // Over Node's 16 KB header limit the server refuses the request line itself; the answer is still readable.
    const tooLong = await send({ method: 'GET', path: `/health?q=${'c'.repeat(20_000)}` })
    expect(tooLong).toMatchObject({ kind: 'answer', status: 431 })
  })
})

/** Each middleware that reads or rebuilds the request, through the mount's own request objects. */
describe('every middleware through the real server', () => {
  const http = (path: string, init: RequestInit = {}) => {
    const headers = new Headers(init.headers)
    headers.set('authorization', `Bearer ${owner.token}`)
    return fetch(`${baseUrl}${path}`, { ...init, headers })
  }

  it('request context: echoes the request id and records the client address on the audit row', async () => {
    const echoed = await http('/health', { headers: { 'x-request-id': 'transport-req-1' } })
    expect(echoed.headers.get('x-request-id')).toBe('transport-req-1')
    const res = await http('/draft-forms', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-request-id': 'transport-req-2' },
      body: JSON.stringify({ businessId, kycDetailTypeId: 'DOCUMENTS', data: {} }),
    })
    expect(res.status).toBe(201)
    const db = await getDb()
    const [row] = await db.select({ ip: audits.ip }).from(audits).where(eq(audits.requestId, 'transport-req-2'))
    expect(row?.ip).toMatch(/127\.0\.0\.1/)
  })

  it('secure headers: every answer carries the API policy', async () => {
    const res = await http(`/businesses/${businessId}`)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-security-policy')).toContain("default-src 'none'")
    expect(res.headers.get('x-content-type-options')).toBe('nosniff')
  })

  it('NUL guard: refuses a NUL in a JSON string, a multipart field and the query, naming where', async () => {
    const jsonRes = await http('/draft-forms', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ businessId, kycDetailTypeId: 'DOCUMENTS', data: { note: 'a\u0000b' } }),
    })
    expect(jsonRes.status).toBe(400)
    expect((await errorsOf(jsonRes))[0]).toMatchObject({ field: 'data.note' })
    const form = new FormData()
    form.set('businessId', businessId)
    form.set('tin', '1234\u00005678')
    const formRes = await http('/kyc/details', { method: 'POST', body: form })
    expect(formRes.status).toBe(400)
    expect((await errorsOf(formRes))[0]).toMatchObject({ field: 'tin' })
    const queryRes = await http('/businesses?businessName=a%00b')
    expect(queryRes.status).toBe(400)
    expect((await errorsOf(queryRes))[0]).toMatchObject({ field: 'businessName' })
  })

  it('multipart bodies: a form with a file is read whole and the file served back byte for byte', async () => {
    const form = new FormData()
    for (const [key, value] of Object.entries(companyDetailsBody(businessId))) form.set(key, String(value))
    form.set('label', 'Board resolution')
    form.set('file', new Blob([PDF], { type: 'application/pdf' }), 'resolution.pdf')
    const res = await http('/kyc/details', { method: 'POST', body: form })
    expect(res.status, await res.clone().text()).toBe(201)
    const { id } = (await res.json()) as { id: string }
    const docs = (await (await http(`/kyc/company/additional-doc/${id}`)).json()) as { file: { url: string } }[]
    const download = await http(docs[0]!.file.url.replace('/api/v1', ''))
    expect(download.status).toBe(200)
    expect(new Uint8Array(await download.arrayBuffer())).toEqual(PDF)
  })
})
