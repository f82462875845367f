import { describe, expect, it } from 'vitest'
import { shutDown } from '@/server/lifecycle/graceful-shutdown'
import { api, apiServerKind } from './helpers'
import { received, useSegmentListener } from './segment-listener'

useSegmentListener()

// In process only: the shutdown under test is this process's own (the real servers' is graceful-shutdown.test.ts).
describe.skipIf(!!apiServerKind)('shutting down', () => {
  it('answers /health/ready 503 from the first moment, still serves meanwhile, and sends the Segment queue', async () => {
    expect((await api('/health/ready')).status).toBe(200)
    // One marketing call queued (MARKETING_FLUSH_AT is 2 and the interval a minute): nothing sent yet.
    expect(
      (await api('/marketing/events', { method: 'POST', json: { type: 'track', event: 'Queued Before Exit' } })).status,
    ).toBe(202)
    expect(received).toEqual([])

    const done = shutDown({ signal: 'SIGTERM', timeoutMs: 2_000, readyDelayMs: 300 })
    const ready = await api('/health/ready')
    expect(ready.status).toBe(503)
    expect(await ready.json()).toEqual({ status: 'unavailable', checks: { shutdown: { status: 'unavailable' } } })
    // Other calls are still answered while the load balancer notices.
    expect((await api('/health')).status).toBe(200)

    expect(await done).toBe(0)
    expect(received.flatMap((r) => r.batch.map((m) => m.event))).toEqual(['Queued Before Exit'])
  })
})
