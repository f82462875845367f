import { isIP } from 'node:net'
import {
  RateLimiterMemory,
  RateLimiterRedis,
  type RateLimiterCompatibleAbstract,
  type RateLimiterRes,
} from 'rate-limiter-flexible'
import { getConfig } from '@/lib/config/env'
import { onShutdown } from '@/server/lifecycle/graceful-shutdown'
import { logger } from '@/server/logger'

const DAY_SECONDS = 24 * 3600

/**
 * Every throttle limit in one place (docs/security.md quotes them). Sign-in follows rate-limiter-flexible's
 * "login endpoint protection": failures are counted per (account, IP) pair, so a stranger failing against an
 * account does not lock its owner out of their own device, and per IP, so one address cannot spray many accounts.
 */
export const THROTTLE_LIMITS = {
  login: {
    /** Consecutive failures of one (account, IP) pair before it has to wait. A success clears them. */
    pairFreeFailures: 5,
    /** The pair's failures are forgotten this long after its first one. */
    pairWindowSeconds: DAY_SECONDS,
    /** The wait after the 5th failure; it doubles with every further failure, up to the maximum. */
    backoffFirstSeconds: 60,
    backoffMaxSeconds: 3600,
    /** Failures (sign-in and change-password) from one IP in 24 h; then that IP waits until the day is over. */
    ipFailuresPerDay: 100,
  },
  passwordChange: {
    /** Wrong current passwords of one user in 24 h that sign the session out (each also counts as a sign-in failure). */
    failuresBeforeSignOut: 5,
  },
  reset: {
    /** Reset codes e-mailed to one account in 24 h (beyond that, the same answer and no mail). */
    codesPerAccountPerDay: 5,
    /** Reset requests from one IP in 24 h, whatever the address (then 429). */
    requestsPerIpPerDay: 20,
    /** Wrong codes entered for one account in 24 h, over all its codes (then 429). */
    wrongCodesPerAccountPerDay: 10,
    /** Wrong codes entered from one IP in 24 h (then 429). */
    wrongCodesPerIpPerDay: 30,
  },
  support: {
    /** Support inquiries (POST /support/inquiries, open to visitors) from one IP per hour (then 429). */
    inquiriesPerIpPerHour: 20,
  },
  uploads: {
    /** Upload slots one user may hold open at once (PENDING, SAS still valid); then 429 until one is confirmed or expires. */
    openSlotsPerUser: 5,
    /** Upload slots one user may be given per hour (then 429). */
    slotsPerUserPerHour: 60,
  },
  reveals: {
    /** Clear identity numbers one user may reveal per hour (then 429, and the data protection officers are mailed once). */
    perUserPerHour: 30,
  },
  marketing: {
    /** Marketing calls (POST /marketing/events, open to visitors) from one IP per minute (then 429). */
    eventsPerIpPerMinute: 60,
  },
  handover: {
    /** Failed partner-handover imports (unknown id, wrong or missing handover token) by one user per hour (then 429). */
    failuresPerUserPerHour: 10,
    /** The same from one IP per hour, whichever users (then 429). */
    failuresPerIpPerHour: 30,
  },
} as const

type Limiter = RateLimiterCompatibleAbstract

export interface Throttles {
  loginPairFailures: Limiter
  /** Blocked keys only (block() sets them); a key counts as blocked while it exists. */
  loginPairBlock: Limiter
  loginIpFailures: Limiter
  passwordChangeFailures: Limiter
  resetCodesByAccount: Limiter
  resetRequestsByIp: Limiter
  resetWrongCodesByAccount: Limiter
  resetWrongCodesByIp: Limiter
  supportInquiriesByIp: Limiter
  marketingEventsByIp: Limiter
  uploadSlotsByUser: Limiter
  revealsByUser: Limiter
  /** One key per user per hour: set when the DPO has been told about that user's reveals this hour. */
  revealAlerts: Limiter
  handoverFailuresByUser: Limiter
  handoverFailuresByIp: Limiter
  /** One password check at a time per (account, IP): the counts above are read before and written after it. */
  passwordCheckInFlight: Limiter
}

interface Spec {
  keyPrefix: string
  points: number
  duration: number
}

/** How long the first throttle check waits for Redis to connect before counting in memory meanwhile. */
const REDIS_CONNECT_WAIT_MS = 3000

/**
 * The one factory of every limiter: Redis when REDIS_URL is set (every instance shares the counts; keys start with
 * REDIS_KEY_PREFIX), with memory as insurance while Redis is down; process memory otherwise. Commands fail fast
 * rather than queue while Redis is away, so the first checks wait for the connection (bounded), or the first
 * requests after a start would be counted by this instance alone.
 */
async function limiterFactory(): Promise<(spec: Spec) => Limiter> {
  const { redisUrl, redisKeyPrefix } = getConfig()
  if (!redisUrl) return (spec) => new RateLimiterMemory(spec)
  const { Redis } = await import('ioredis')
  const client = new Redis(redisUrl, { enableOfflineQueue: false, maxRetriesPerRequest: 1 })
  client.on('error', (error) => logger.warn({ err: error }, 'throttle store (Redis) unavailable; counting in memory meanwhile'))
  onShutdown('throttle store', async () => void (await client.quit()))
  await new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, REDIS_CONNECT_WAIT_MS)
    client.once('ready', () => {
      clearTimeout(timer)
      resolve()
    })
  })
  return (spec) =>
    new RateLimiterRedis({
      storeClient: client,
      ...spec,
      keyPrefix: `${redisKeyPrefix}${spec.keyPrefix}`,
      insuranceLimiter: new RateLimiterMemory(spec),
    })
}

async function createThrottles(): Promise<Throttles> {
  const make = await limiterFactory()
  const { login } = THROTTLE_LIMITS
  // Counters that never reject by themselves: the services compare the count with the limit.
  const counter = (keyPrefix: string, duration: number) => make({ keyPrefix, points: Number.MAX_SAFE_INTEGER, duration })
  return {
    loginPairFailures: counter('login_pair_fail', login.pairWindowSeconds),
    loginPairBlock: make({ keyPrefix: 'login_pair_block', points: 1, duration: login.backoffMaxSeconds }),
    loginIpFailures: counter('login_ip_fail', DAY_SECONDS),
    passwordChangeFailures: counter('pwchange_fail', DAY_SECONDS),
    resetCodesByAccount: counter('reset_codes_account', DAY_SECONDS),
    resetRequestsByIp: counter('reset_requests_ip', DAY_SECONDS),
    resetWrongCodesByAccount: counter('reset_wrong_account', DAY_SECONDS),
    resetWrongCodesByIp: counter('reset_wrong_ip', DAY_SECONDS),
    supportInquiriesByIp: counter('support_inquiries_ip', 3600),
    marketingEventsByIp: counter('marketing_events_ip', 60),
    uploadSlotsByUser: counter('upload_slots_user', 3600),
    revealsByUser: counter('reveals_user', 3600),
    revealAlerts: make({ keyPrefix: 'reveal_alert', points: 1, duration: 3600 }),
    handoverFailuresByUser: counter('handover_fail_user', 3600),
    handoverFailuresByIp: counter('handover_fail_ip', 3600),
    // Freed when the check ends; the duration only frees a slot whose request died half way.
    passwordCheckInFlight: make({ keyPrefix: 'pw_check_inflight', points: 1, duration: 30 }),
  }
}

const globalForThrottles = globalThis as unknown as { __throttles?: Promise<Throttles> }

export function getThrottles(): Promise<Throttles> {
  globalForThrottles.__throttles ??= createThrottles().catch((error: unknown) => {
    globalForThrottles.__throttles = undefined
    throw error
  })
  return globalForThrottles.__throttles
}

/**
 * The key an address is counted under: IPv4 as is (an IPv4-mapped IPv6 address as its IPv4), IPv6 by its /64, the
 * block one subscriber gets: counting single IPv6 addresses would give one attacker 2^64 fresh keys.
 */
export function ipKey(ip: string | null): string {
  if (!ip) return 'unknown'
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip)
  if (mapped) return mapped[1]!
  if (isIP(ip) !== 6) return ip
  const [head, tail = ''] = ip.toLowerCase().split('::')
  const left = head ? head.split(':') : []
  const right = tail ? tail.split(':') : []
  const groups = ip.includes('::') ? [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right] : left
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`
}
export const accountKey = (email: string) => email.trim().toLowerCase()
export const pairKey = (email: string, ip: string | null) => `${accountKey(email)}|${ipKey(ip)}`

const secondsOf = (res: RateLimiterRes) => Math.max(1, Math.ceil(res.msBeforeNext / 1000))

/** Seconds until the key's count drops below `limit`; 0 when it is below already. */
async function waitWhenAtLimit(limiter: Limiter, key: string, limit: number): Promise<number> {
  const res = await limiter.get(key)
  return res && res.consumedPoints >= limit ? secondsOf(res) : 0
}

/**
 * Runs a password check (sign-in, change-password) holding the (account, IP) pair's only slot. The wait is read before
 * the check and the failure counted after it, so without the slot a burst of parallel requests would all pass the
 * read before any failure was counted, and get far more guesses than the limits say. A second check of the same pair
 * while one is under way gets `busy()` (a 429 with a one-second wait).
 */
export async function withPasswordCheckSlot<T>(
  options: { email: string; ip: string | null },
  run: () => Promise<T>,
  busy: () => Error,
): Promise<T> {
  const t = await getThrottles()
  const key = pairKey(options.email, options.ip)
  try {
    await t.passwordCheckInFlight.consume(key)
  } catch (rejection) {
    if (rejection instanceof Error) throw rejection
    throw busy()
  }
  try {
    return await run()
  } finally {
    await t.passwordCheckInFlight.delete(key)
  }
}

/** Seconds this (account, IP) must wait before the next sign-in or password check; 0 when it may go ahead. */
export async function signInWaitSeconds(options: { email: string; ip: string | null }): Promise<number> {
  const t = await getThrottles()
  const [ip, pair] = await Promise.all([
    waitWhenAtLimit(t.loginIpFailures, ipKey(options.ip), THROTTLE_LIMITS.login.ipFailuresPerDay),
    waitWhenAtLimit(t.loginPairBlock, pairKey(options.email, options.ip), 1),
  ])
  return Math.max(ip, pair)
}

/** Counts a wrong password for the pair and the IP; from the 5th on, the pair waits 1, 2, 4 … 60 minutes. */
export async function recordSignInFailure(options: { email: string; ip: string | null }): Promise<void> {
  const t = await getThrottles()
  const { pairFreeFailures, backoffFirstSeconds, backoffMaxSeconds } = THROTTLE_LIMITS.login
  const key = pairKey(options.email, options.ip)
  await t.loginIpFailures.penalty(ipKey(options.ip))
  const { consumedPoints: failures } = await t.loginPairFailures.penalty(key)
  if (failures >= pairFreeFailures) {
    await t.loginPairBlock.block(key, Math.min(backoffFirstSeconds * 2 ** (failures - pairFreeFailures), backoffMaxSeconds))
  }
}

/** A success from this device forgets its failures (the IP's daily count stays). */
export async function recordSignInSuccess(options: { email: string; ip: string | null; userId: string }): Promise<void> {
  const t = await getThrottles()
  const key = pairKey(options.email, options.ip)
  await Promise.all([
    t.loginPairFailures.delete(key),
    t.loginPairBlock.delete(key),
    t.passwordChangeFailures.delete(options.userId),
  ])
}

/** Counts a wrong current password (also as a sign-in failure); true when the session must now be signed out. */
export async function recordPasswordChangeFailure(options: {
  userId: string
  email: string
  ip: string | null
}): Promise<boolean> {
  const t = await getThrottles()
  await recordSignInFailure(options)
  const { consumedPoints } = await t.passwordChangeFailures.penalty(options.userId)
  return consumedPoints >= THROTTLE_LIMITS.passwordChange.failuresBeforeSignOut
}

export async function clearPasswordChangeFailures(userId: string): Promise<void> {
  await (await getThrottles()).passwordChangeFailures.delete(userId)
}

/**
 * Counts a reset request. 'ip': this IP asked too often today (answer 429). 'account': the address had its codes
 * for today (answer as usual, send nothing). 'ok': a code may be sent.
 */
export async function takeResetRequest(options: {
  email: string
  ip: string | null
}): Promise<{ verdict: 'ok' | 'account' } | { verdict: 'ip'; retryAfterSeconds: number }> {
  const t = await getThrottles()
  const { requestsPerIpPerDay, codesPerAccountPerDay } = THROTTLE_LIMITS.reset
  const byIp = await t.resetRequestsByIp.penalty(ipKey(options.ip))
  if (byIp.consumedPoints > requestsPerIpPerDay) return { verdict: 'ip', retryAfterSeconds: secondsOf(byIp) }
  const sent = await t.resetCodesByAccount.get(accountKey(options.email))
  return { verdict: sent && sent.consumedPoints >= codesPerAccountPerDay ? 'account' : 'ok' }
}

/** Called when a reset code is really e-mailed to the address. */
export async function recordResetCodeSent(email: string): Promise<void> {
  await (await getThrottles()).resetCodesByAccount.penalty(accountKey(email))
}

/** Seconds until this address (or this IP) may enter a reset code again; 0 when it may now. */
export async function resetCodeWaitSeconds(options: { email: string; ip: string | null }): Promise<number> {
  const t = await getThrottles()
  const { wrongCodesPerAccountPerDay, wrongCodesPerIpPerDay } = THROTTLE_LIMITS.reset
  const [account, ip] = await Promise.all([
    waitWhenAtLimit(t.resetWrongCodesByAccount, accountKey(options.email), wrongCodesPerAccountPerDay),
    waitWhenAtLimit(t.resetWrongCodesByIp, ipKey(options.ip), wrongCodesPerIpPerDay),
  ])
  return Math.max(account, ip)
}

/** Counts a wrong code, for any address (known or not, so the answers stay alike). */
export async function recordWrongResetCode(options: { email: string; ip: string | null }): Promise<void> {
  const t = await getThrottles()
  await Promise.all([
    t.resetWrongCodesByAccount.penalty(accountKey(options.email)),
    t.resetWrongCodesByIp.penalty(ipKey(options.ip)),
  ])
}

/**
 * Counts a support inquiry from this IP; the seconds to wait when the IP has sent its hourly share already (the
 * inquiry is then refused with 429), else 0.
 */
export async function takeSupportInquiry(ip: string | null): Promise<number> {
  const t = await getThrottles()
  const res = await t.supportInquiriesByIp.penalty(ipKey(ip))
  return res.consumedPoints > THROTTLE_LIMITS.support.inquiriesPerIpPerHour ? secondsOf(res) : 0
}

/** Seconds this user (or this IP) must wait before trying a partner handover import again; 0 when it may now. */
export async function handoverImportWaitSeconds(options: { userId: string; ip: string | null }): Promise<number> {
  const t = await getThrottles()
  const { failuresPerUserPerHour, failuresPerIpPerHour } = THROTTLE_LIMITS.handover
  const [user, ip] = await Promise.all([
    waitWhenAtLimit(t.handoverFailuresByUser, options.userId, failuresPerUserPerHour),
    waitWhenAtLimit(t.handoverFailuresByIp, ipKey(options.ip), failuresPerIpPerHour),
  ])
  return Math.max(user, ip)
}

/** Counts a failed handover import (no such handover for this browser) for the user and the IP. */
export async function recordHandoverImportFailure(options: { userId: string; ip: string | null }): Promise<void> {
  const t = await getThrottles()
  await Promise.all([t.handoverFailuresByUser.penalty(options.userId), t.handoverFailuresByIp.penalty(ipKey(options.ip))])
}

/** Counts a marketing call from this IP; the seconds to wait when the IP has made its share this minute, else 0. */
export async function takeMarketingEvent(ip: string | null): Promise<number> {
  const res = await (await getThrottles()).marketingEventsByIp.penalty(ipKey(ip))
  return res.consumedPoints > THROTTLE_LIMITS.marketing.eventsPerIpPerMinute ? secondsOf(res) : 0
}

/** Counts an upload slot given to this user; the seconds to wait when the user has had the hour's share, else 0. */
export async function takeUploadSlot(userId: string): Promise<number> {
  const res = await (await getThrottles()).uploadSlotsByUser.penalty(userId)
  return res.consumedPoints > THROTTLE_LIMITS.uploads.slotsPerUserPerHour ? secondsOf(res) : 0
}

/** Seconds until this user may reveal an identity number again; 0 when they are within the hour's budget. */
export async function revealWaitSeconds(userId: string): Promise<number> {
  return waitWhenAtLimit((await getThrottles()).revealsByUser, userId, THROTTLE_LIMITS.reveals.perUserPerHour)
}

/** Counts a reveal the user was answered. */
export async function recordReveal(userId: string): Promise<void> {
  await (await getThrottles()).revealsByUser.penalty(userId)
}

/** True the first time in an hour a user goes over the reveal budget (the DPO is told then, not at every refusal). */
export async function firstRevealAlertThisHour(userId: string): Promise<boolean> {
  try {
    await (await getThrottles()).revealAlerts.consume(userId)
    return true
  } catch (rejection) {
    if (rejection instanceof Error) throw rejection
    return false
  }
}
