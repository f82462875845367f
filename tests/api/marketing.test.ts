import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { getDb } from '@/server/db/client'
import { marketingEvents, userPreferences } from '@/server/db/schema'
import { api, errorsOf, signedInUser } from './helpers'

async function stored(id: string) {
  const db = await getDb()
  const [row] = await db.select().from(marketingEvents).where(eq(marketingEvents.id, id))
  return row!
}

describe('POST /marketing/events', () => {
  it('records a page view from an anonymous visitor', async () => {
    const res = await api('/marketing/events', {
      method: 'POST',
      json: { type: 'page', path: '/products', channel: 'partner-x' },
    })
    expect(res.status).toBe(202)
    const { id } = (await res.json()) as { id: string }
    expect(await stored(id)).toMatchObject({ type: 'page', path: '/products', channel: 'partner-x', userId: null })
  })

  it('normalises an e-mail sent as Email or email to lower-case email', async () => {
    const { token, user } = await signedInUser()
    for (const body of [{ Email: user.email.toUpperCase() }, { email: user.email }]) {
      const res = await api('/marketing/events', { method: 'POST', token, json: { type: 'identify', ...body } })
      expect(res.status).toBe(202)
      expect((await stored(((await res.json()) as { id: string }).id)).email).toBe(user.email.toLowerCase())
    }
  })

  it('links the event to the signed-in user, and ignores a bad token instead of refusing', async () => {
    const { token, user } = await signedInUser()
    const res = await api('/marketing/events', { method: 'POST', token, json: { type: 'track', event: 'Signup Started' } })
    expect((await stored(((await res.json()) as { id: string }).id)).userId).toBe(user.id)
    const anonymous = await api('/marketing/events', { method: 'POST', token: 'garbage', json: { type: 'track', event: 'x' } })
    expect(anonymous.status).toBe(202)
  })

  it('takes the e-mail from the properties as email or Email, keeps it out of the properties, and drops identity numbers', async () => {
    const { token, user } = await signedInUser()
    const res = await api('/marketing/events', {
      method: 'POST',
      token,
      json: {
        type: 'track',
        event: 'Form Filled',
        properties: { Email: user.email.toUpperCase(), bvn: '22212345678', step: 'kyc' },
      },
    })
    expect(res.status).toBe(202)
    const body = (await res.json()) as { id: string; delivered: boolean }
    expect(body.delivered).toBe(true)
    expect(await stored(body.id)).toMatchObject({
      type: 'track',
      email: user.email.toLowerCase(),
      properties: { step: 'kyc' },
    })
  })

  it('records nothing for a user who opted out, signed in or named by e-mail', async () => {
    const { token, user } = await signedInUser()
    const db = await getDb()
    await db.insert(userPreferences).values({ userId: user.id, marketingOptOut: true })
    const before = await db.select().from(marketingEvents)
    for (const [body, bearer] of [
      [{ type: 'track', event: 'Opened Dashboard' }, token],
      [{ type: 'identify', Email: user.email.toUpperCase() }, token],
    ] as const) {
      const res = await api('/marketing/events', { method: 'POST', token: bearer, json: body })
      expect(res.status).toBe(202)
      expect(await res.json()).toEqual({ id: null, delivered: false })
    }
    expect(await db.select().from(marketingEvents)).toEqual(before)
  })
})

describe('POST /marketing/events is bounded (open to visitors)', () => {
  const post = (json: unknown, init: { token?: string; headers?: Record<string, string> } = {}) =>
    api('/marketing/events', { method: 'POST', json, ...init })

  it('accepts identify only from a signed-in user, for their own e-mail; another e-mail on a track call is dropped', async () => {
    const { token, user } = await signedInUser()
    const other = await signedInUser()
    const anonymous = await post({ type: 'identify', email: user.email })
    expect(anonymous.status).toBe(400)
    expect(await errorsOf(anonymous)).toEqual([
      { code: 'VALIDATION_FAILED', field: 'type', message: 'identify is only for a signed-in user' },
    ])
    const someoneElse = await post({ type: 'identify', email: other.user.email }, { token })
    expect(someoneElse.status).toBe(400)
    expect(await errorsOf(someoneElse)).toEqual([
      { code: 'VALIDATION_FAILED', field: 'email', message: 'must be your own e-mail address' },
    ])
    const inProperties = await post({ type: 'identify', properties: { email: other.user.email } }, { token })
    expect(inProperties.status).toBe(400)
    const own = await post({ type: 'identify', email: user.email, properties: { plan: 'pos' } }, { token })
    expect(own.status).toBe(202)

    const tracked = await post({ type: 'track', event: 'Viewed', properties: { email: other.user.email, step: 1 } })
    expect(tracked.status).toBe(202)
    expect(await stored(((await tracked.json()) as { id: string }).id)).toMatchObject({ email: null, properties: { step: 1 } })
  })

  it('caps properties (keys, depth, size) with a 400 naming the field', async () => {
    const tooMany = Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`k${i}`, i]))
    const tooDeep = { a: { b: { c: { d: 1 } } } }
    const tooBig = { blob: 'x'.repeat(9000) }
    for (const [properties, message] of [
      [tooMany, 'must have at most 50 keys (counted at every level)'],
      [tooDeep, 'must be nested at most 3 levels deep'],
      [tooBig, 'must be at most 8 KB as JSON'],
    ] as const) {
      const res = await post({ type: 'track', event: 'Big', properties })
      expect(res.status, message).toBe(400)
      expect(await errorsOf(res)).toEqual([expect.objectContaining({ field: 'properties', message })])
    }
    const fine = await post({ type: 'track', event: 'Fine', properties: { a: { b: { c: 1 } }, list: [1, 2, 3] } })
    expect(fine.status).toBe(202)
  })

  it('drops personal keys at any depth, however they are written, and bare identity or phone numbers', async () => {
    const res = await post({
      type: 'track',
      event: 'Form Filled',
      properties: {
        step: 'kyc',
        NIN: '12345678901',
        'ID Number': 'A1234567',
        Date_Of_Birth: '1990-01-02',
        dob: '1990-01-02',
        phoneNumber: '08031234567',
        Phone: '+234 803 123 4567',
        director: { passportNumber: 'B7654321', name: 'shown', mobile: '+2348031234567', note: '+2348031234567' },
        answers: ['ok', '22212345678', '+234-803-123-4567'],
      },
    })
    expect(res.status).toBe(202)
    const row = await stored(((await res.json()) as { id: string }).id)
    expect(row.properties).toEqual({ step: 'kyc', director: { name: 'shown' }, answers: ['ok'] })
  })

  it('limits each IP to 60 calls a minute, then 429 with Retry-After', async () => {
    // A client IP of its own (behind no trusted proxy in process, every call here shares one counter: use them all).
    let status = 202
    let calls = 0
    while (status === 202 && calls < 200) {
      status = (await post({ type: 'page', path: '/products' })).status
      calls++
    }
    expect(status).toBe(429)
    expect(calls).toBeLessThanOrEqual(61)
    const limited = await post({ type: 'page', path: '/products' })
    expect(limited.status).toBe(429)
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0)
  })
})
