import { eq } from 'drizzle-orm'
import { beforeEach, describe, expect, it } from 'vitest'
import { getDb } from '@/server/db/client'
import { marketingEvents, userPreferences } from '@/server/db/schema'
import { api, signedInUser } from './helpers'
import { answerNext, received, SEGMENT_WRITE_KEY, useSegmentListener, waitForBatches } from './segment-listener'

useSegmentListener()
beforeEach(() => {
  received.length = 0
  answerNext.length = 0
})

const post = (body: Record<string, unknown>, token?: string) => api('/marketing/events', { method: 'POST', token, json: body })

describe('POST /marketing/events with MARKETING_PROVIDER=segment', () => {
  it('sends calls in batches of MARKETING_FLUSH_AT to POST {MARKETING_URL}/v1/batch, e-mail from Email or email, nothing stored', async () => {
    const { user, token } = await signedInUser()
    const first = await post({ type: 'identify', Email: user.email.toUpperCase(), properties: { plan: 'gold' } }, token)
    expect(first.status).toBe(202)
    expect(await first.json()).toEqual({ id: null, delivered: true })
    expect(
      (
        await post(
          { type: 'track', event: 'Signup Started', anonymousId: 'anon-7', properties: { email: user.email, step: 2 } },
          token,
        )
      ).status,
    ).toBe(202)
    await waitForBatches(1)

    expect(received[0]!.path).toBe('/v1/batch')
    expect(received[0]!.authorization).toBe(`Basic ${Buffer.from(`${SEGMENT_WRITE_KEY}:`).toString('base64')}`)
    expect(received[0]!.batch).toMatchObject([
      { type: 'identify', userId: user.id, traits: { plan: 'gold', email: user.email.toLowerCase() } },
      { type: 'track', userId: user.id, event: 'Signup Started', properties: { email: user.email.toLowerCase(), step: 2 } },
    ])
    const db = await getDb()
    expect(await db.select().from(marketingEvents).where(eq(marketingEvents.email, user.email.toLowerCase()))).toEqual([])
  })

  it('retries a batch the API answers 503, and sends nothing for a user who opted out', async () => {
    const optedOut = await signedInUser()
    const db = await getDb()
    await db.insert(userPreferences).values({ userId: optedOut.user.id, marketingOptOut: true })
    const skipped = await post({ type: 'identify', email: optedOut.user.email }, optedOut.token)
    expect(await skipped.json()).toEqual({ id: null, delivered: false })
    // Anonymous, but carrying the opted-out user's e-mail: skipped too.
    expect(await (await post({ type: 'track', event: 'Viewed', properties: { Email: optedOut.user.email } })).json()).toEqual({
      id: null,
      delivered: false,
    })

    answerNext.push(503)
    await post({ type: 'track', event: 'First' })
    await post({ type: 'page', path: '/products' })
    await waitForBatches(2)
    expect(received.map((r) => r.batch.map((m) => m.event))).toEqual([
      ['First', 'Page Viewed'],
      ['First', 'Page Viewed'],
    ])
    expect(received[1]!.batch.map((m) => m.messageId)).toEqual(received[0]!.batch.map((m) => m.messageId))
    const everything = JSON.stringify(received)
    expect(everything).not.toContain(optedOut.user.email)
    expect(everything).not.toContain(optedOut.user.id)
  })
})
