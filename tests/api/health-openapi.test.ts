import { Validator } from '@seriousme/openapi-schema-validator'
import { describe, expect, it } from 'vitest'
import { api, signedInUser } from './helpers'

describe('health and contract', () => {
  it('GET /health answers ok without touching anything', async () => {
    const res = await api('/health')
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ status: 'ok' })
  })

  it('GET /health/ready reports the database', async () => {
    const res = await api('/health/ready')
    expect(res.status).toBe(200)
    const body = (await res.json()) as { status: string; checks: { database: { status: string } } }
    expect(body.status).toBe('ok')
    expect(body.checks.database.status).toBe('ok')
  })

  it('GET /health/ready names the database kind only to signed-in staff', async () => {
    const anonymous = (await (await api('/health/ready')).json()) as { checks: { database: Record<string, string> } }
    expect(anonymous.checks.database).toEqual({ status: 'ok' })
    const owner = await signedInUser({ businesses: [{}] })
    const asOwner = (await (await api('/health/ready', { token: owner.token })).json()) as {
      checks: { database: Record<string, string> }
    }
    expect(asOwner.checks.database).toEqual({ status: 'ok' })
    const staff = await signedInUser({ staffRole: 'AUDITOR' })
    const asStaff = (await (await api('/health/ready', { token: staff.token })).json()) as {
      checks: { database: Record<string, string> }
    }
    expect(asStaff.checks.database).toEqual({ status: 'ok', detail: expect.stringMatching(/^(pglite|postgres)$/) })
  })

  it('GET /openapi.json is a valid OpenAPI 3.1 document listing every route', async () => {
    const res = await api('/openapi.json')
    expect(res.status).toBe(200)
    const doc = (await res.json()) as { openapi: string; paths: Record<string, Record<string, unknown>> }
    expect(doc.openapi).toBe('3.1.0')
    const result = await new Validator().validate(doc as never)
    expect(result.errors ?? []).toEqual([])
    expect(result.valid).toBe(true)
    const operations = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`),
    )
    expect(operations).toEqual(
      expect.arrayContaining([
        'GET /api/v1/health',
        'GET /api/v1/openapi.json',
        'GET /api/v1/health/ready',
        'GET /api/v1/audits',
        'GET /api/v1/audits/resources',
        'GET /api/v1/audits/actors',
        'GET /api/v1/audits/verify',
        'POST /api/v1/marketing/events',
      ]),
    )
  })
})
