import type { AddressInfo } from 'node:net'
import { serve, type ServerType } from '@hono/node-server'
import { afterAll, describe, expect, it } from 'vitest'
import { createApp } from '@/server/app'
import { WARM_UP_REQUESTS } from '@/server/lifecycle/warm-up'

// The API on a real listener in this process (a warm-up needs a socket to call its own instance back on); the paths
// Next would serve (pages, the BFF) answer 404 here, which is enough to see them asked for.
const app = createApp()
const warmUpCalls: string[] = []
let server: ServerType
const origin = await new Promise<string>((resolve) => {
  server = serve(
    {
      fetch: (request, env) => {
        if (request.headers.get('x-warm-up')) warmUpCalls.push(`${request.method} ${new URL(request.url).pathname}`)
        return app.fetch(request, env)
      },
      port: 0,
      hostname: '127.0.0.1',
    },
    (info: AddressInfo) => resolve(`http://127.0.0.1:${info.port}`),
  )
})
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

type Readiness = { status: string; checks: Record<string, { status: string }> }

describe('readiness waits for the warm-up', () => {
  it('answers 503 warmUp on the first probe, then 200 once the main pages and calls were each asked for once', async () => {
    const first = await fetch(`${origin}/api/v1/health/ready`)
    expect(first.status).toBe(503)
    expect(((await first.json()) as Readiness).checks).toMatchObject({
      database: { status: 'ok' },
      blobStorage: { status: 'ok' },
      warmUp: { status: 'unavailable' },
    })

    let ready: Response | undefined
    for (let i = 0; i < 240 && ready?.status !== 200; i++) {
      if (i) await new Promise((r) => setTimeout(r, 250))
      ready = await fetch(`${origin}/api/v1/health/ready`)
    }
    expect(ready!.status).toBe(200)
    expect(((await ready!.json()) as Readiness).checks.warmUp).toEqual({ status: 'ok' })
    // In order, one at a time; on a machine so loaded that the 20 s budget runs out, the rest are skipped.
    const all = WARM_UP_REQUESTS.map((r) => `${r.method} ${r.path}`)
    expect(warmUpCalls.length).toBeGreaterThan(0)
    expect(warmUpCalls).toEqual(all.slice(0, warmUpCalls.length))
    expect(all).toEqual(expect.arrayContaining(['GET /', 'GET /auth/login', 'POST /api/login']))
  }, 90_000)
})
