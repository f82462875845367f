import { and, asc, eq, inArray, lte } from 'drizzle-orm'
import { WEBHOOK_MAX_ATTEMPTS } from '@/lib/contracts/webhook-values'
import type { Database } from '@/server/db/client'
import { webhookDeliveries, webhookDeliveryAttempts, webhookEndpoints } from '@/server/db/schema'
import { getJobScheduler, type ScheduledJob } from '@/server/jobs/job-scheduler'
import { logger } from '@/server/logger'
import { postToTarget } from './send-webhook'
import { signWebhook } from './signature'
import { resolveWebhookTarget, type HostLookup } from './webhook-target'

/** What the delivery log says of any attempt that got no answer (refused address, connection error, timeout). */
export const NOT_DELIVERED = 'not delivered'

/** Back-off before attempt n+1 after n failed ones: 30 s, 1, 2, 4, 8 min. */
export function webhookBackoffMs(failedAttempts: number): number {
  return 30_000 * 2 ** Math.max(0, failedAttempts - 1)
}

/** How long a claimed delivery is kept from other dispatchers while it is being sent (longer than the timeout). */
const CLAIM_LEASE_MS = 60_000

export interface DispatchResult {
  delivered: number
  retrying: number
  failed: number
}

/**
 * Sends the due deliveries once (docs/api.md#webhooks). Claims up to `limit` PENDING rows whose next attempt is due
 * and whose endpoint is active, with `FOR UPDATE SKIP LOCKED` (several processes never claim the same row) and a
 * lease that moves their next attempt a minute on (a process that dies mid-send leaves them to be retried). Each is
 * POSTed signed, to its host resolved and checked again (webhook-target.ts) and pinned to that address, with a timeout
 * and no redirects; a 2xx is DELIVERED, anything else is retried with exponential back-off until
 * WEBHOOK_MAX_ATTEMPTS, then FAILED. Every attempt is written to the delivery log: the status code of an answer, or
 * only "not delivered" (no timing) when there was none.
 */
export async function dispatchDueWebhooks(options: {
  db: Database
  now?: () => Date
  limit?: number
  timeoutMs?: number
  /** How host names are resolved (tests inject one); the system resolver otherwise. */
  lookup?: HostLookup
}): Promise<DispatchResult> {
  const { db } = options
  const now = options.now ?? (() => new Date())
  const timeoutMs = options.timeoutMs ?? 10_000
  const claimedAt = now()
  const claimed = await db.transaction(async (tx) => {
    const due = await tx
      .select({ id: webhookDeliveries.id })
      .from(webhookDeliveries)
      .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
      .where(
        and(
          eq(webhookDeliveries.status, 'PENDING'),
          lte(webhookDeliveries.nextAttemptAt, claimedAt),
          eq(webhookEndpoints.active, true),
        ),
      )
      .orderBy(asc(webhookDeliveries.nextAttemptAt))
      .limit(options.limit ?? 50)
      .for('update', { of: webhookDeliveries, skipLocked: true })
    if (!due.length) return []
    const ids = due.map((d) => d.id)
    await tx
      .update(webhookDeliveries)
      .set({ nextAttemptAt: new Date(claimedAt.getTime() + CLAIM_LEASE_MS) })
      .where(inArray(webhookDeliveries.id, ids))
    return tx
      .select({ delivery: webhookDeliveries, endpoint: webhookEndpoints })
      .from(webhookDeliveries)
      .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
      .where(inArray(webhookDeliveries.id, ids))
      .orderBy(asc(webhookDeliveries.createdAt))
  })

  const result: DispatchResult = { delivered: 0, retrying: 0, failed: 0 }
  for (const { delivery, endpoint } of claimed) {
    const body = JSON.stringify(delivery.payload)
    const started = now()
    const timestamp = Math.floor(started.getTime() / 1000)
    let responseCode: number | null = null
    let error: string | null = null
    let durationMs = 0
    try {
      // Resolved and checked again at every send: a name that now points inside the network is not reached.
      const target = await resolveWebhookTarget(endpoint.url, { lookup: options.lookup })
      const t0 = performance.now()
      responseCode = await postToTarget({
        target,
        headers: {
          'Content-Type': 'application/json',
          'User-Agent': 'kyc-portal-webhooks/1',
          'Webhook-Id': delivery.id,
          'Webhook-Timestamp': String(timestamp),
          'Webhook-Signature': signWebhook(endpoint.secret, timestamp, body),
        },
        body,
        timeoutMs,
      })
      durationMs = Math.round(performance.now() - t0)
      if (responseCode < 200 || responseCode >= 300) error = `answered ${responseCode}`
    } catch (e) {
      // A refused address, a connection error and a timeout read alike in the log: it must not tell staff which
      // internal hosts exist or how quickly they answer. The operators' log keeps the reason.
      error = NOT_DELIVERED
      logger.warn({ delivery: delivery.id, endpoint: endpoint.id, reason: (e as Error).message }, 'webhook not delivered')
    }
    const attempts = delivery.attempts + 1
    const finished = now()
    const status = !error ? 'DELIVERED' : attempts >= WEBHOOK_MAX_ATTEMPTS ? 'FAILED' : 'PENDING'
    await db.transaction(async (tx) => {
      await tx
        .insert(webhookDeliveryAttempts)
        .values({ deliveryId: delivery.id, attemptedAt: started, responseCode, error, durationMs })
      await tx
        .update(webhookDeliveries)
        .set({
          status,
          attempts,
          lastResponseCode: responseCode,
          lastError: error,
          deliveredAt: status === 'DELIVERED' ? finished : null,
          nextAttemptAt: status === 'PENDING' ? new Date(finished.getTime() + webhookBackoffMs(attempts)) : finished,
          updatedAt: finished,
        })
        .where(eq(webhookDeliveries.id, delivery.id))
    })
    if (status === 'DELIVERED') result.delivered++
    else if (status === 'FAILED') result.failed++
    else result.retrying++
    if (error)
      logger.warn({ delivery: delivery.id, endpoint: endpoint.id, attempts, status, error }, 'webhook delivery attempt failed')
  }
  return result
}

const globalForDispatcher = globalThis as unknown as { __webhookDispatcher?: ScheduledJob }

/**
 * The dispatcher, started with the server: every `intervalMs` (5 s) it sends what is due; runs never overlap. It
 * runs on every instance (server/jobs `every`): claims are per delivery (FOR UPDATE SKIP LOCKED), so a second
 * instance adds throughput and takes over when one dies, and never sends a delivery twice. Once per process; not in
 * tests (APP_ENV=test), which call dispatchDueWebhooks with their own clock.
 */
export function startWebhookDispatcherOnce(
  getDb: () => Promise<Database>,
  appEnv: string,
  intervalMs = 5_000,
): ScheduledJob | undefined {
  if (appEnv === 'test') return undefined
  if (!globalForDispatcher.__webhookDispatcher) {
    globalForDispatcher.__webhookDispatcher = getJobScheduler().every({
      name: 'webhook-dispatcher',
      intervalMs,
      run: async () => {
        // Drain: keep going while full batches come back.
        for (let i = 0; i < 20; i++) {
          const r = await dispatchDueWebhooks({ db: await getDb() })
          if (r.delivered + r.retrying + r.failed < 50) break
        }
      },
    })
    logger.info('webhook dispatcher started')
  }
  return globalForDispatcher.__webhookDispatcher
}
