import { describe, expect, it } from 'vitest'
import { createApp } from '@/server/app'
import { api, errorsOf } from './helpers'

describe('error catalogue', () => {
  it('answers an unknown call with 404 ROUTE_NOT_FOUND', async () => {
    const res = await api('/nope')
    expect(res.status).toBe(404)
    expect(await errorsOf(res)).toEqual([{ code: 'ROUTE_NOT_FOUND', message: 'No such call: GET /api/v1/nope' }])
  })

  it('answers a known path with the wrong method as an unknown call', async () => {
    const res = await api('/health', { method: 'DELETE' })
    expect(res.status).toBe(404)
    expect((await errorsOf(res))[0]!.code).toBe('ROUTE_NOT_FOUND')
  })

  it('answers malformed JSON with 400 naming the body', async () => {
    const res = await api('/marketing/events', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"type": ',
    })
    expect(res.status).toBe(400)
    expect(await errorsOf(res)).toEqual([{ code: 'VALIDATION_FAILED', message: 'Request body is not valid JSON', field: 'body' }])
  })

  it('answers a body failing its schema with one entry per field, by dotted path', async () => {
    const res = await api('/marketing/events', {
      method: 'POST',
      json: { type: 'shout', email: 'not-an-email', properties: 'nope' },
    })
    expect(res.status).toBe(400)
    const errors = await errorsOf(res)
    expect(errors.every((e) => e.code === 'VALIDATION_FAILED')).toBe(true)
    expect(errors.map((e) => e.field).sort()).toEqual(['email', 'properties', 'type'])
  })

  it('answers a bad query parameter with 400 naming it', async () => {
    const { signedInUser } = await import('./helpers')
    const { token } = await signedInUser({ staffRole: 'AUDITOR' })
    const res = await api('/audits?pageSize=1000&from=yesterday', { token })
    expect(res.status).toBe(400)
    expect((await errorsOf(res)).map((e) => e.field).sort()).toEqual(['from', 'pageSize'])
  })

  it('answers a body over the configured limit with 413', async () => {
    const huge = JSON.stringify({ type: 'page', path: '/', properties: { blob: 'x'.repeat(1024 * 1024 + 10) } })
    const res = await api('/marketing/events', { method: 'POST', headers: { 'content-type': 'application/json' }, body: huge })
    expect(res.status).toBe(413)
    expect((await errorsOf(res))[0]!.code).toBe('PAYLOAD_TOO_LARGE')
  })

  it('answers an unexpected failure with 500 INTERNAL and nothing internal in the body', async () => {
    const boomApp = createApp()
    boomApp.get('/__test/boom', () => {
      throw new Error('connection string postgres://secret@db/prod leaked?')
    })
    const res = await boomApp.request('/api/v1/__test/boom', { headers: { 'x-request-id': 'req-boom-1' } })
    expect(res.status).toBe(500)
    const text = await res.text()
    expect(text).not.toMatch(/secret|postgres|stack|at /)
    const body = JSON.parse(text) as { errors: { code: string; message: string }[] }
    expect(body.errors[0]!.code).toBe('INTERNAL')
    expect(body.errors[0]!.message).toContain('req-boom-1')
  })

  it('answers a transaction PostgreSQL aborted for a deadlock or a serialization failure with 409, not 500', async () => {
    const raceApp = createApp()
    const codes = ['40P01', '40001']
    for (const code of codes) {
      raceApp.get(`/__test/race-${code}`, () => {
        throw new Error('Failed query: update "addresses" ...', {
          cause: Object.assign(new Error('deadlock detected'), { code }),
        })
      })
    }
    for (const code of codes) {
      const res = await raceApp.request(`/api/v1/__test/race-${code}`)
      expect(res.status).toBe(409)
      const errors = await errorsOf(res)
      expect(errors[0]).toMatchObject({ code: 'CONFLICT' })
      expect(errors[0]!.message).not.toMatch(/deadlock|update|addresses/)
    }
  })

  it('echoes X-Request-Id, or generates one', async () => {
    const echoed = await api('/health', { headers: { 'x-request-id': 'abc-123' } })
    expect(echoed.headers.get('x-request-id')).toBe('abc-123')
    const generated = await api('/health')
    expect(generated.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/)
    const unsafe = await api('/health', { headers: { 'x-request-id': 'bad id with spaces\n' } })
    expect(unsafe.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/)
  })
})
