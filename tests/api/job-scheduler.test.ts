import { sql } from 'drizzle-orm'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { getDb } from '@/server/db/client'
import { inProcessScheduler, postgresQueueScheduler, type JobScheduler } from '@/server/jobs/job-scheduler'

/** Scheduled work (server/jobs): timers in process with PGlite; pg-boss on PostgreSQL, once across instances. */
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))
const schedulers: JobScheduler[] = []
afterEach(async () => {
  vi.useRealTimers()
  await Promise.all(schedulers.splice(0).map((s) => s.stop()))
})

describe('in process (PGlite)', () => {
  it('runs a daily job after its first delay, then every 24 h, never two runs at once, and not after stop()', async () => {
    vi.useFakeTimers()
    const scheduler = inProcessScheduler()
    schedulers.push(scheduler)
    let runs = 0
    let finish: () => void = () => {}
    scheduler.daily({ name: 'probe', firstDelayMs: 60_000, run: () => (runs++, new Promise<void>((r) => (finish = r))) })
    await vi.advanceTimersByTimeAsync(59_000)
    expect(runs).toBe(0)
    await vi.advanceTimersByTimeAsync(1_000)
    expect(runs).toBe(1)
    // Still running a day later: that tick is skipped.
    await vi.advanceTimersByTimeAsync(86_400_000)
    expect(runs).toBe(1)
    finish()
    await vi.advanceTimersByTimeAsync(86_400_000)
    expect(runs).toBe(2)
    finish()
    await scheduler.stop()
    await vi.advanceTimersByTimeAsync(3 * 86_400_000)
    expect(runs).toBe(2)
  })
})

describe.skipIf(!process.env.DATABASE_URL)('on PostgreSQL (pg-boss)', () => {
  it('runs a daily job once although two instances offer it at once, and stop() waits for the run under way', async () => {
    const url = process.env.DATABASE_URL!
    const name = `probe-${process.pid}-${Date.now()}`
    const first = postgresQueueScheduler(url)
    const second = postgresQueueScheduler(url)
    schedulers.push(first, second)
    let runs = 0
    let finished = 0
    const run = async () => {
      runs++
      await sleep(1_500)
      finished++
    }
    first.daily({ name, firstDelayMs: 10, run })
    second.daily({ name, firstDelayMs: 10, run })
    const deadline = Date.now() + 20_000
    while (runs === 0 && Date.now() < deadline) await sleep(50)
    expect(runs).toBe(1)

    // Shut down mid-run: both stop, the run finishes first, and no second run appeared meanwhile.
    await Promise.all(schedulers.splice(0).map((s) => s.stop()))
    expect(finished).toBe(1)
    expect(runs).toBe(1)
    const db = await getDb()
    const jobs = (await db.execute(sql`SELECT state FROM pgboss.job WHERE name = ${name}`)) as unknown as {
      rows: { state: string }[]
    }
    expect(jobs.rows.map((j) => j.state)).toEqual(['completed'])
  })
})
