import { randomInt, randomUUID } from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import { Redis } from 'ioredis'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { isoDay } from '@/lib/format/iso-day'
import { THROTTLE_LIMITS } from '@/server/auth/throttles'
import { getDb } from '@/server/db/client'
import { mailOutbox } from '@/server/db/schema'
import { startApiServer, type RunningApiServer } from '../api/api-server'
import { createTestBusiness, signedInUser } from '../api/helpers'
import { PASSWORD, signUpAndActivate } from '../api/throttle-fixtures'

/**
 * Two portal processes (the container's command, `node server.js` in the standalone build) on one PostgreSQL database and one Redis, as behind a
 * load balancer (docs/architecture.md#several-instances): sessions, revocation, the throttles and the scheduled work
 * hold across them. Both trust the loopback proxy (TRUSTED_PROXIES=loopback), so each test picks its client's
 * address with X-Forwarded-For. Needs TEST_DATABASE_URL (PGlite is one process) and Redis (TEST_REDIS_URL, default
 * redis://127.0.0.1:6379/5); the keys live under a prefix of their own and are deleted afterwards.
 */
const postgresUrl = process.env.TEST_DATABASE_URL
const redisUrl = process.env.TEST_REDIS_URL || 'redis://127.0.0.1:6379/5'
const redisKeyPrefix = `kyc-inst-test:${randomUUID().slice(0, 8)}:`

const servers: RunningApiServer[] = []
let a: string
let b: string
/** An owner whose business's recertification falls due in 3 days, seeded before the servers start. */
let reminded: { email: string; businessId: string }
/** A business still pending approval, which its owner may rename. */
let pending: { token: string; businessId: string }

const client = () => `198.51.100.${randomInt(1, 250)}`

function call(
  base: string,
  path: string,
  init: { method?: string; token?: string; json?: unknown; from?: string; body?: BodyInit },
) {
  const headers = new Headers()
  if (init.token) headers.set('authorization', `Bearer ${init.token}`)
  if (init.from) headers.set('x-forwarded-for', init.from)
  if (init.json !== undefined) headers.set('content-type', 'application/json')
  return fetch(`${base}${path}`, {
    method: init.method ?? 'GET',
    headers,
    body: init.json !== undefined ? JSON.stringify(init.json) : init.body,
  })
}

describe.skipIf(!postgresUrl)('two instances on one PostgreSQL database and one Redis', () => {
  beforeAll(async () => {
    const redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 0 })
    await redis.connect().catch((error: unknown) => {
      throw new Error(`Redis does not answer at ${redisUrl} (set TEST_REDIS_URL): ${String(error)}`)
    })
    redis.disconnect()

    const due = isoDay(new Date(Date.now() + 3 * 86_400_000))
    const business = await createTestBusiness({
      approvalStatus: 'APPROVED',
      kycDetailsCompleted: true,
      approvedAt: new Date(),
      recertificationDate: due,
    })
    const owner = await signedInUser({ businesses: [{ businessId: business.id }] })
    reminded = { email: owner.user.email, businessId: business.id }
    const pendingOwner = await signedInUser({ businesses: [{}] })
    pending = { token: pendingOwner.token, businessId: pendingOwner.businessIds[0]! }

    // Not APP_ENV=test, which keeps the scheduled jobs off; both offer the daily runs a second after they start.
    const env = {
      ...process.env,
      APP_ENV: 'development',
      REDIS_URL: redisUrl,
      REDIS_KEY_PREFIX: redisKeyPrefix,
      TRUSTED_PROXIES: 'loopback',
      JOBS_FIRST_RUN_DELAY_SECONDS: '1',
      // As in production (tests/api/test-env.ts turns it off for the other files): answers kept for 5 s per instance.
      ANSWER_CACHE_MS: '5000',
    }
    const started = await Promise.allSettled([startApiServer('standalone', env), startApiServer('standalone', env)])
    for (const s of started) if (s.status === 'fulfilled') servers.push(s.value)
    for (const s of started) if (s.status === 'rejected') throw s.reason
    ;[a, b] = servers.map((s) => s.baseUrl) as [string, string]
  })

  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()))
    const redis = new Redis(redisUrl)
    const keys = await redis.keys(`${redisKeyPrefix}*`)
    if (keys.length) await redis.del(...keys)
    redis.disconnect()
  })

  it('a session signed in on A works on B, and a logout on A is refused on B within a second', async () => {
    const account = await signUpAndActivate()
    const login = await call(a, '/accounts/login', { method: 'POST', json: account, from: client() })
    expect(login.status).toBe(200)
    const token = ((await login.json()) as { access_token: string }).access_token
    const me = await call(b, '/accounts/me', { token })
    expect(me.status).toBe(200)
    expect(((await me.json()) as { email: string }).email).toBe(account.email)

    expect((await call(a, '/accounts/logout', { method: 'POST', token })).status).toBe(200)
    const loggedOut = Date.now()
    let status = 200
    while (status !== 401 && Date.now() - loggedOut <= 1000) {
      status = (await call(b, '/accounts/me', { token })).status
      if (status !== 401) await new Promise((r) => setTimeout(r, 50))
    }
    expect(status, 'B still served the session a second after the logout on A').toBe(401)
  })

  it("a business's change made on A is in B's answer within a second, though B keeps answers", async () => {
    const { token, businessId: id } = pending
    const nameOn = async (base: string) => {
      const res = await call(base, `/businesses/${id}`, { token })
      expect(res.status).toBe(200)
      return ((await res.json()) as { name: string }).name
    }
    await nameOn(b) // kept on B
    const renamed = `Renamed On A ${Date.now()} Ltd`
    const patched = await call(a, `/businesses/${id}`, { method: 'PATCH', token, json: { name: renamed } })
    expect(patched.status, await patched.clone().text()).toBe(200)
    const changed = Date.now()
    let seen = await nameOn(b)
    while (seen !== renamed && Date.now() - changed <= 1000) {
      await new Promise((r) => setTimeout(r, 50))
      seen = await nameOn(b)
    }
    expect(seen, 'B still answered the old name a second after the change on A').toBe(renamed)
  })

  it('counts failed sign-ins on A and B together: the pair locks after the free failures split over both', async () => {
    const account = await signUpAndActivate()
    const from = client()
    const { pairFreeFailures } = THROTTLE_LIMITS.login
    for (let i = 0; i < pairFreeFailures; i++) {
      const res = await call(i % 2 ? b : a, '/accounts/login', {
        method: 'POST',
        json: { email: account.email, password: `Wrong-${i}-Passw0rd` },
        from,
      })
      expect(res.status).toBe(401)
    }
    for (const server of [a, b]) {
      const res = await call(server, '/accounts/login', {
        method: 'POST',
        json: { email: account.email, password: PASSWORD },
        from,
      })
      expect(res.status).toBe(429)
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0)
    }
    // The owner from another address is not the guesser, on either instance.
    const owner = await call(b, '/accounts/login', { method: 'POST', json: account, from: client() })
    expect(owner.status).toBe(200)
  })

  it('limits support inquiries per client IP over both instances (behind the trusted proxy)', async () => {
    const inquiry = () => {
      const form = new FormData()
      form.set('name', 'Ngozi Eze')
      form.set('email', `sender.${randomUUID().slice(0, 8)}@example.ng`)
      form.set('subject', 'Where is my certificate?')
      form.set('message', 'The upload stops half way.')
      return form
    }
    // The proxy appends the client's address; what the client wrote before it is not believed.
    const from = client()
    const limit = THROTTLE_LIMITS.support.inquiriesPerIpPerHour
    for (let i = 0; i < limit; i++) {
      const res = await call(i % 2 ? b : a, '/support/inquiries', {
        method: 'POST',
        body: inquiry(),
        from: `10.0.${i}.1, ${from}`,
      })
      expect(res.status).toBe(201)
    }
    for (const server of [a, b]) {
      expect((await call(server, '/support/inquiries', { method: 'POST', body: inquiry(), from })).status).toBe(429)
    }
    expect((await call(b, '/support/inquiries', { method: 'POST', body: inquiry(), from: client() })).status).toBe(201)
  })

  it("runs the daily reminders once although both instances queued today's run: one mail, one job", async () => {
    const db = await getDb()
    const reminders = () => db.select({ template: mailOutbox.template }).from(mailOutbox).where(eq(mailOutbox.to, reminded.email))
    const deadline = Date.now() + 30_000
    while (!(await reminders()).some((m) => m.template === 'due-reminder') && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 250))
    }
    // Both instances offered the run a second after they started; give a second run every chance to show up.
    await new Promise((r) => setTimeout(r, 3000))
    expect((await reminders()).filter((m) => m.template === 'due-reminder')).toHaveLength(1)

    const jobs = (await db.execute(sql`SELECT state FROM pgboss.job WHERE name = 'due-reminders'`)) as unknown as {
      rows: { state: string }[]
    }
    expect(jobs.rows.map((j) => j.state)).toEqual(['completed'])
  })
})

describe.skipIf(!!postgresUrl)('two instances (skipped)', () => {
  it('needs TEST_DATABASE_URL: two processes cannot share one PGlite data directory', () => {})
})
