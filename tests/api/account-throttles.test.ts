import { and, eq } from 'drizzle-orm'
import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { parseTrustedProxies } from '@/lib/config/trusted-proxies'
import { getThrottles, ipKey, pairKey, THROTTLE_LIMITS } from '@/server/auth/throttles'
import { getDb } from '@/server/db/client'
import { accountTokens, audits, mailOutbox, users } from '@/server/db/schema'
import { clientIp } from '@/server/http/request-context'
import { auditRowsOfEmail } from './audit-fixtures'
import { errorsOf, latestMail } from './helpers'
import { apiFrom, login, newEmail, PASSWORD, resetCodeFrom, signUpAndActivate } from './throttle-fixtures'

const retryAfterOf = (res: Response) => Number(res.headers.get('retry-after'))

describe('sign-in throttling per (account, IP) and per IP', () => {
  it("does not lock the owner out of their own device after a stranger's failures", async () => {
    const account = await signUpAndActivate()
    const stranger = '203.0.113.10'
    for (let i = 0; i < 5; i++) expect((await login(stranger, account.email, `Wrong-${i}-Passw0rd!`)).status).toBe(401)

    // The stranger waits, even with the right password…
    const blocked = await login(stranger, account.email, PASSWORD)
    expect(blocked.status).toBe(429)
    expect((await errorsOf(blocked))[0]!.code).toBe('RATE_LIMITED')
    expect(retryAfterOf(blocked)).toBeGreaterThan(50)
    expect(retryAfterOf(blocked)).toBeLessThanOrEqual(60)
    // …the owner, from their own address, signs in.
    expect((await login('198.51.100.7', account.email, PASSWORD)).status).toBe(200)
  })

  it('backs off 1, 2, 4 … minutes per further failure of the same pair, and a success clears the count', async () => {
    const account = await signUpAndActivate()
    const ip = '203.0.113.11'
    const throttles = await getThrottles()
    for (let i = 0; i < 5; i++) await login(ip, account.email, 'Wrong-Passw0rd-1')
    const waits: number[] = []
    for (let round = 0; round < 3; round++) {
      const res = await login(ip, account.email, 'Wrong-Passw0rd-1')
      expect(res.status).toBe(429)
      waits.push(retryAfterOf(res))
      // The wait passes (as if time went by), and the pair fails once more.
      await throttles.loginPairBlock.delete(pairKey(account.email, ip))
      expect((await login(ip, account.email, 'Wrong-Passw0rd-1')).status).toBe(401)
    }
    expect(waits.map((w) => Math.round(w / 60))).toEqual([1, 2, 4])

    await throttles.loginPairBlock.delete(pairKey(account.email, ip))
    expect((await login(ip, account.email, PASSWORD)).status).toBe(200)
    for (let i = 0; i < 4; i++) expect((await login(ip, account.email, 'Wrong-Passw0rd-1')).status).toBe(401)
    expect((await login(ip, account.email, PASSWORD)).status).toBe(200)
  })

  it('blocks one IP after 100 failures in a day over any accounts, and only that IP', async () => {
    const account = await signUpAndActivate()
    const sprayer = '203.0.113.12'
    for (let i = 0; i < THROTTLE_LIMITS.login.ipFailuresPerDay; i++) {
      expect((await login(sprayer, `nobody.${i}@example.ng`, 'Wrong-Passw0rd-1')).status).toBe(401)
    }
    const blocked = await login(sprayer, account.email, PASSWORD)
    expect(blocked.status).toBe(429)
    expect(retryAfterOf(blocked)).toBeGreaterThan(23 * 3600)
    expect((await login('198.51.100.8', account.email, PASSWORD)).status).toBe(200)
  }, 120_000)

  it('reads the client IP from the socket, and from X-Forwarded-For only when the socket is a trusted proxy', async () => {
    const nobody = parseTrustedProxies('')
    const proxy = parseTrustedProxies('10.0.0.0/8')
    const probe = new Hono().get('/', (c) => c.text(`${clientIp(c as never, nobody)} ${clientIp(c as never, proxy)}`))
    const viaSocket = (remoteAddress: string, forwardedFor: string) =>
      probe.request('/', { headers: { 'x-forwarded-for': forwardedFor } }, { incoming: { socket: { remoteAddress } } })
    expect(await (await viaSocket('10.0.0.9', '1.2.3.4, 192.0.2.55')).text()).toBe('10.0.0.9 192.0.2.55')
    expect(await (await viaSocket('198.51.100.3', '192.0.2.55')).text()).toBe('198.51.100.3 198.51.100.3')
    expect(await (await viaSocket('10.0.0.9', 'not-an-ip')).text()).toBe('10.0.0.9 10.0.0.9')
    expect(await (await viaSocket('10.0.0.9', '1.2.3.4, [2001:db8::7]:443')).text()).toBe('10.0.0.9 2001:db8::7')
  })

  it('counts an IPv6 client by its /64 and an IPv4-mapped address as its IPv4', () => {
    expect(ipKey('2001:db8:aa:1::1')).toBe(ipKey('2001:0db8:00aa:0001:ffff:1:2:3'))
    expect(ipKey('2001:db8:aa:1::1')).not.toBe(ipKey('2001:db8:aa:2::1'))
    expect(ipKey('::ffff:198.51.100.9')).toBe('198.51.100.9')
    expect(ipKey('198.51.100.9')).toBe('198.51.100.9')
  })

  it('lets a burst of parallel sign-ins of one pair make no more guesses than the free failures', async () => {
    const account = await signUpAndActivate()
    const ip = '203.0.113.12'
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => login(ip, account.email, `Wrong-${i}-Passw0rd!`)))
    const statuses = answers.map((r) => r.status)
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(THROTTLE_LIMITS.login.pairFreeFailures)
    expect(statuses.every((s) => s === 401 || s === 429)).toBe(true)
    // A check that met another under way is told so, with a second's wait, not that it failed too often.
    const busy = answers.filter((r) => r.status === 429 && retryAfterOf(r) === 1)
    expect(busy.length).toBeGreaterThan(0)
    for (const res of busy)
      expect((await errorsOf(res))[0]!.message).toBe('Another sign-in to this account is being checked. Try again in a moment.')
    const failed = await auditRowsOfEmail('LOGIN_FAILED', account.email)
    expect(failed.length).toBeLessThanOrEqual(THROTTLE_LIMITS.login.pairFreeFailures)
  })
})

describe('change-password throttling', () => {
  it('counts wrong current passwords like sign-in failures and signs the session out at the 5th', async () => {
    const account = await signUpAndActivate()
    const ip = '203.0.113.20'
    const token = ((await (await login(ip, account.email, PASSWORD)).json()) as { access_token: string }).access_token
    const change = (currentPassword: string) =>
      apiFrom(ip, '/accounts/change-password', {
        method: 'POST',
        token,
        json: { currentPassword, newPassword: 'Fresh-Palm-Wine-9' },
      })
    for (let i = 0; i < 4; i++) expect((await change(`Guess-${i}-Passw0rd`)).status).toBe(400)
    const fifth = await change('Guess-5-Passw0rd')
    expect(fifth.status).toBe(401)
    expect((await errorsOf(fifth))[0]!.message).toContain('signed out')
    expect((await apiFrom(ip, '/accounts/me', { token })).status).toBe(401)

    // The guesser's address now waits for this account, even with the right password; the owner elsewhere does not.
    expect((await login(ip, account.email, PASSWORD)).status).toBe(429)
    expect((await login('198.51.100.9', account.email, PASSWORD)).status).toBe(200)

    const db = await getDb()
    const user = await db.query.users.findFirst({ where: eq(users.email, account.email) })
    const trail = await db
      .select()
      .from(audits)
      .where(and(eq(audits.resourceId, user!.id), eq(audits.action, 'PASSWORD_CHANGE_FAILED')))
    expect(trail).toHaveLength(5)
    expect(trail.at(-1)!.after).toEqual({ sessionRevoked: true })
  })
})

describe('password reset codes', () => {
  const requestCode = (ip: string, email: string) =>
    apiFrom(ip, '/accounts/recover-password', { method: 'POST', json: { email } })
  const reset = (ip: string, email: string, code: string) =>
    apiFrom(ip, `/accounts/reset-password/${code}`, { method: 'PUT', json: { email, password: 'New-Harmattan-77' } })
  /** Lets the next code be sent at once (one a minute per address otherwise). */
  async function ageCodes(email: string) {
    const db = await getDb()
    const user = await db.query.users.findFirst({ where: eq(users.email, email) })
    await db
      .update(accountTokens)
      .set({ createdAt: new Date(Date.now() - 120_000) })
      .where(eq(accountTokens.userId, user!.id))
  }
  async function resetMails(email: string) {
    const db = await getDb()
    return db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, email), eq(mailOutbox.template, 'password-reset')))
  }

  it('are 10 digits, never in the subject', async () => {
    const account = await signUpAndActivate()
    expect((await requestCode('203.0.113.30', account.email)).status).toBe(202)
    const mail = (await latestMail(account.email, 'password-reset'))!
    expect(resetCodeFrom(mail.text)).toMatch(/^\d{10}$/)
    expect(mail.subject).not.toMatch(/\d{4}/)
  })

  it('are e-mailed at most 5 times a day to one address, with the same answer after that', async () => {
    const account = await signUpAndActivate()
    const answers = new Set<string>()
    for (let i = 0; i < 7; i++) {
      const res = await requestCode(`203.0.113.${40 + i}`, account.email)
      expect(res.status).toBe(202)
      answers.add(JSON.stringify(await res.json()))
      await ageCodes(account.email)
    }
    expect(answers.size).toBe(1)
    expect(await resetMails(account.email)).toHaveLength(THROTTLE_LIMITS.reset.codesPerAccountPerDay)
  })

  it('answer 429 to an IP that asked 20 times today', async () => {
    const ip = '203.0.113.50'
    for (let i = 0; i < THROTTLE_LIMITS.reset.requestsPerIpPerDay; i++)
      expect((await requestCode(ip, newEmail())).status).toBe(202)
    const refused = await requestCode(ip, newEmail())
    expect(refused.status).toBe(429)
    expect(retryAfterOf(refused)).toBeGreaterThan(0)
    expect((await requestCode('203.0.113.51', newEmail())).status).toBe(202)
  })

  it('allow 10 wrong codes a day per address over all its codes: then even the right one is refused', async () => {
    const account = await signUpAndActivate()
    let code = ''
    for (let round = 0; round < 3; round++) {
      // Every guess from another address: only the per-account cap is at work.
      expect((await requestCode(`203.0.113.${60 + round}`, account.email)).status).toBe(202)
      code = resetCodeFrom((await latestMail(account.email, 'password-reset'))!.text)
      await ageCodes(account.email)
      const wrong = code === '0000000000' ? '1111111111' : '0000000000'
      for (let i = 0; i < (round < 2 ? 5 : 1); i++) {
        const res = await reset(`198.18.${round}.${i + 1}`, account.email, wrong)
        expect(res.status, `round ${round} guess ${i}`).toBe(round < 2 ? 400 : 429)
      }
    }
    const right = await reset('198.18.9.9', account.email, code)
    expect(right.status).toBe(429)
    expect((await login('198.18.9.9', account.email, PASSWORD)).status).toBe(200)
  })

  it('allow 30 wrong codes a day from one IP, over any addresses', async () => {
    const ip = '203.0.113.70'
    for (let i = 0; i < THROTTLE_LIMITS.reset.wrongCodesPerIpPerDay; i++)
      expect((await reset(ip, newEmail(), '0123456789')).status).toBe(400)
    expect((await reset(ip, newEmail(), '0123456789')).status).toBe(429)
    expect((await reset('203.0.113.71', newEmail(), '0123456789')).status).toBe(400)
  }, 60_000)
})
