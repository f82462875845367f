import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { getDb } from '@/server/db/client'
import { marketingEvents, userPreferences } from '@/server/db/schema'
import { api, signedInUser } from './helpers'

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
    for (const body of [{ Email: 'Ada@Example.COM' }, { email: 'ada@example.com' }]) {
      const res = await api('/marketing/events', { method: 'POST', json: { type: 'identify', ...body } })
      expect(res.status).toBe(202)
      expect((await stored(((await res.json()) as { id: string }).id)).email).toBe('ada@example.com')
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
    const res = await api('/marketing/events', {
      method: 'POST',
      json: { type: 'track', event: 'Form Filled', properties: { Email: 'Chi@Example.NG', bvn: '22212345678', step: 'kyc' } },
    })
    expect(res.status).toBe(202)
    const body = (await res.json()) as { id: string; delivered: boolean }
    expect(body.delivered).toBe(true)
    expect(await stored(body.id)).toMatchObject({ type: 'track', email: 'chi@example.ng', properties: { step: 'kyc' } })
  })

  it('records nothing for a user who opted out, signed in or named by e-mail', async () => {
    const { token, user } = await signedInUser()
    const db = await getDb()
    await db.insert(userPreferences).values({ userId: user.id, marketingOptOut: true })
    const before = await db.select().from(marketingEvents)
    for (const [body, bearer] of [
      [{ type: 'track', event: 'Opened Dashboard' }, token],
      [{ type: 'identify', Email: user.email.toUpperCase() }, undefined],
    ] as const) {
      const res = await api('/marketing/events', { method: 'POST', token: bearer, json: body })
      expect(res.status).toBe(202)
      expect(await res.json()).toEqual({ id: null, delivered: false })
    }
    expect(await db.select().from(marketingEvents)).toEqual(before)
  })
})
