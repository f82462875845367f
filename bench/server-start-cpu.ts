/**
 * The CPU time (user + system, from /proc/<pid>/stat) the container's command (`node server.js` in .next/standalone
 * with the image's environment) uses from its start until /api/v1/health/ready answers 200, as each file of the API
 * suite on PostgreSQL starts it (tests/api/api-server.ts: READY_WARM_UP=false, the API tests' environment), after a
 * first API call, and 3 s later (Next's preloading of the pages, when on, goes on after readiness); then the wall
 * time of the first GET /support, a page the warm-up does not load. Linux only. Run by
 * hand (docs/testing.md#ci); `--profile-dir=DIR` writes each server's CPU profile there:
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/<a migrated database> npx tsx bench/server-start-cpu.ts [--runs=8]
 *
 * The database must be migrated (e.g. the template `npm run test:pg` leaves in TEST_DATABASE_URL); nothing is written.
 */
import { readFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { freePort, prepareBlobStorage, startAzurite } from '../scripts/lib/azurite'
import { buildIfStale } from '../scripts/lib/build'
import { startStandalone, waitForHealthy } from '../scripts/lib/next-server'
import { scratchDir } from '../scripts/lib/scratch-dir'
import { TEST_BLOB_ACCOUNT, TEST_BLOB_CONTAINER, TEST_ENV } from '../tests/api/test-env'

const runs = Number(process.argv.find((a) => a.startsWith('--runs='))?.slice(7) ?? 8)
const profileDir = process.argv.find((a) => a.startsWith('--profile-dir='))?.slice(14)
const databaseUrl = process.env.BENCH_DATABASE_URL
if (!databaseUrl) throw new Error('BENCH_DATABASE_URL: a migrated PostgreSQL database')

const TICKS = 100 // USER_HZ on Linux
function cpuSeconds(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  // utime and stime are fields 14 and 15 of the whole line, 12 and 13 after the command.
  return (Number(fields[11]) + Number(fields[12])) / TICKS
}

buildIfStale()
const root = scratchDir('kyc-server-start-')
const azurite = await startAzurite({ accountName: TEST_BLOB_ACCOUNT, port: await freePort(), location: join(root, 'azurite') })
try {
  await prepareBlobStorage(azurite.connectionString, TEST_BLOB_CONTAINER, ['http://127.0.0.1:3000'])
  const atReady: number[] = []
  const afterCall: number[] = []
  const settled: number[] = []
  const firstPage: number[] = []
  for (let i = 0; i < runs; i++) {
    const port = await freePort()
    const child = startStandalone({
      nodeArgs: profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [],
      port,
      host: '127.0.0.1',
      pipeStderr: true,
      env: {
        ...process.env,
        ...TEST_ENV,
        AZURE_STORAGE_CONNECTION_STRING: azurite.connectionString,
        DATABASE_URL: databaseUrl,
        DATA_DIR: join(root, `data-${i}`),
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        READY_WARM_UP: 'false',
      },
    })
    child.stderr?.resume()
    try {
      await waitForHealthy(`http://127.0.0.1:${port}/api/v1/health/ready`, child, 90_000)
      atReady.push(cpuSeconds(child.pid!))
      const res = await fetch(`http://127.0.0.1:${port}/api/v1/products?pageSize=5`)
      await res.arrayBuffer()
      afterCall.push(cpuSeconds(child.pid!))
      await new Promise((r) => setTimeout(r, 3000))
      settled.push(cpuSeconds(child.pid!))
      // A page the readiness warm-up does not load (server/lifecycle/warm-up.ts): its first request's wall time.
      const began = performance.now()
      await (await fetch(`http://127.0.0.1:${port}/support`)).arrayBuffer()
      firstPage.push(Math.round(performance.now() - began))
    } finally {
      const exited = new Promise((r) => child.once('exit', r))
      child.kill('SIGTERM')
      await exited
    }
  }
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!
  console.log(
    JSON.stringify(
      {
        runs,
        loadavg: readFileSync('/proc/loadavg', 'utf8').trim(),
        cpuAtReady: { mean: +mean(atReady).toFixed(2), median: median(atReady), all: atReady },
        cpuAfterFirstCall: { mean: +mean(afterCall).toFixed(2), median: median(afterCall), all: afterCall },
        cpu3sLater: { mean: +mean(settled).toFixed(2), median: median(settled), all: settled },
        firstSupportPageMs: { median: median(firstPage), all: firstPage },
      },
      null,
      2,
    ),
  )
} finally {
  await azurite.stop()
  rmSync(root, { recursive: true, force: true })
}
