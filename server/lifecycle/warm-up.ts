import { randomBytes } from 'node:crypto'
import { hashPassword, verifyPassword } from '@/server/auth/password'
import type { Logger } from '@/server/logger'

/**
 * What an instance does once before it says it is ready (GET /health/ready): the first page after a start took
 * 4.6–7.3 s and the first staff sign-in 5.4–10.2 s (issue 34), because Next loads each route's code on its first
 * request and argon2 allocates on its first hash. So the first readiness probe starts this, readiness answers 503
 * `warmUp` until it has run, and the first user meets routes as fast as they will be later. Every step is best
 * effort: a failure is logged and the instance becomes ready anyway (a dependency that is down is the other checks'
 * job). `bench/first-requests.ts` measures the first requests with and without it.
 */

/** Pages and calls that every visitor or every sign-in meets first; GETs and a refused POST, so nothing is written. */
export const WARM_UP_REQUESTS: readonly { method: 'GET' | 'POST'; path: string; body?: string }[] = [
  { method: 'GET', path: '/' },
  { method: 'GET', path: '/auth/login' },
  { method: 'GET', path: '/auth/signup' },
  { method: 'GET', path: '/products' },
  // The page guard (proxy.ts) and its session check, on a signed-in page without a session (a redirect).
  { method: 'GET', path: '/s/businesses/dashboard-details' },
  // The BFF sign-in route without a body: refused (400) before anything is stored, but its code is loaded.
  { method: 'POST', path: '/api/login', body: '{}' },
  { method: 'GET', path: '/api/v1/health' },
]

/**
 * The whole warm-up's bound: past it the instance says it is ready anyway (a machine that slow gains more from
 * serving than from warming), and the steps not run are skipped.
 */
export const WARM_UP_BUDGET_MS = 20_000

// Once per process, on globalThis like the process's other state (the API tests forget it between files).
const globalForWarmUp = globalThis as unknown as { __warmUp?: { started: Promise<void> | null; warm: boolean } }
const warmUpState = () => (globalForWarmUp.__warmUp ??= { started: null, warm: false })

/** True once the warm-up has run (or was not needed). */
export function isWarm(): boolean {
  return warmUpState().warm
}

/**
 * Starts the warm-up once per process, against the instance's own listener at `origin` (`http://127.0.0.1:3000`);
 * `origin` null (no socket, as in `app.request()` tests) skips it. Resolves when it has run.
 */
export function warmUpOnce(options: { origin: string | null; logger: Logger }): Promise<void> {
  const { origin, logger } = options
  const state = warmUpState()
  if (!origin) state.warm = true
  state.started ??= origin
    ? run({ origin, logger }).finally(() => {
        state.warm = true
      })
    : Promise.resolve()
  return state.started
}

async function run({ origin, logger }: { origin: string; logger: Logger }) {
  const began = performance.now()
  let budgetFrom = began
  const left = () => WARM_UP_BUDGET_MS - (performance.now() - budgetFrom)
  const timings: Record<string, number | 'skipped'> = {}
  const timed = async (name: string, step: () => Promise<unknown>) => {
    const t = performance.now()
    try {
      await step()
    } catch (error) {
      logger.warn({ err: error, step: name }, 'warm-up step failed')
    }
    timings[name] = Math.round(performance.now() - t)
  }
  // The first argon2 hash and verify of the process (a sign-in's cost, once).
  await timed('argon2', async () => verifyPassword(await hashPassword(randomBytes(12).toString('hex')), 'warm-up'))
  // One at a time: on two cores, parallel first requests only slow each other down. The budget runs from here, and
  // the first request is always made.
  budgetFrom = performance.now()
  for (const [index, request] of WARM_UP_REQUESTS.entries()) {
    if (index > 0 && left() <= 0) {
      timings[`${request.method} ${request.path}`] = 'skipped'
      continue
    }
    await timed(`${request.method} ${request.path}`, async () => {
      const response = await fetch(new URL(request.path, origin), {
        method: request.method,
        redirect: 'manual',
        signal: AbortSignal.timeout(Math.max(1_000, Math.round(left()))),
        headers: { 'x-warm-up': '1', ...(request.body ? { 'content-type': 'application/json' } : {}) },
        body: request.body,
      })
      await response.arrayBuffer()
    })
  }
  logger.info({ ms: Math.round(performance.now() - began), steps: timings }, 'warm-up done')
}
