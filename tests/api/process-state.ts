import { CONCURRENT_QUERY_WARNING } from './api-server'

/**
 * The API project runs its files one after another in one process, without isolation (vitest.config.ts). A file
 * changes the process: its environment, and the singletons the app keeps on globalThis (the configuration, the
 * database, throttles, blob and mail clients, the scheduler, shutdown and warm-up state). This module is loaded once
 * for the whole run, before the first file changes anything, and puts the process back as it found it, so each file
 * starts as in a fresh process.
 */
const envAtStart = { ...process.env }
const globalsAtStart = new Set(Object.keys(globalThis))

let concurrentQueryWarnings: string[] = []
// pg queues a query sent while another runs on the same connection, warns, and will refuse it in pg 9: the portal's
// connections run one at a time (server/db/serial-queries.ts). The warning fails the file that caused it.
process.on('warning', (warning) => {
  if (CONCURRENT_QUERY_WARNING.test(warning.message)) concurrentQueryWarnings.push(warning.stack ?? warning.message)
})

/** Warnings a file's server printed before it was stopped mid-file (tests/api/demo-template.ts), for the file's end. */
export function noteConcurrentQueryWarnings(warnings: string[]): void {
  concurrentQueryWarnings.push(...warnings)
}

/** The warnings this process printed since the last call. */
export function takeConcurrentQueryWarnings(): string[] {
  const taken = concurrentQueryWarnings
  concurrentQueryWarnings = []
  return taken
}

/**
 * Stops the scheduled jobs, closes the database and drops the app's singletons. Run after each file, and before the
 * next both before and after its environment is set: a task the last file left running may have opened the database
 * or read the configuration meanwhile, with whatever environment was there (a file whose tests were all skipped
 * runs no afterAll at all).
 */
export async function closeProcessState(): Promise<void> {
  const { stopScheduledJobs } = await import('@/server/jobs/job-scheduler')
  await stopScheduledJobs()
  const { closeDatabase } = await import('@/server/db/client')
  await closeDatabase()
  const scope = globalThis as Record<string, unknown>
  for (const key of Object.keys(scope))
    if (key.startsWith('__') && !key.startsWith('__vitest') && !globalsAtStart.has(key)) delete scope[key]
}

/** Puts the environment back as the run started. */
export function restoreEnvironment(): void {
  const env = process.env
  for (const key of Object.keys(env)) if (!(key in envAtStart)) delete env[key]
  Object.assign(env, envAtStart)
}
