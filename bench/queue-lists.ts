/**
 * The staff queues' lists with and without their due-time filter and order (docs/service-levels.md#due-times), one
 * call at a time on an idle server: `bench/api-server.ts` (throwaway PGlite, demo seed, super admin token) in a child
 * process, then per list a warm-up and `--requests` sequential requests, p50/p95/max in ms.
 *
 *   npx tsx bench/queue-lists.ts [--requests=300] [--warmup=50] [--root=DIR] [--out=FILE]
 *
 * `--root` runs another checkout's server (e.g. a worktree of the commit before a change, with node_modules linked),
 * so the same lists are measured before and after; a list that does not know `due` or `sort=dueAt` yet ignores the
 * `due` parameter (zod drops unknown keys) and answers 400 to the sort, which is reported, not timed.
 */
import { spawn } from 'node:child_process'
import { writeFileSync } from 'node:fs'
import { createInterface } from 'node:readline'
import { PROJECT_ROOT } from './paths'

const arg = (name: string, fallback: string) =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback
const requests = Number(arg('requests', '300'))
const warmup = Number(arg('warmup', '50'))
const root = arg('root', PROJECT_ROOT)
const out = arg('out', '')

const LISTS: Array<[string, string]> = [
  ['review queue', '/businesses/for-approval?pageSize=20'],
  ['review queue, due=OVERDUE', '/businesses/for-approval?pageSize=20&due=OVERDUE'],
  ['senior approvals', '/businesses/for-approval?pageSize=20&seniorApproval=true'],
  ['deferral queue', '/deferrals/reviews?pageSize=20'],
  ['deferral queue, due=OVERDUE', '/deferrals/reviews?pageSize=20&due=OVERDUE'],
  ['deferral queue, sort=dueAt', '/deferrals/reviews?pageSize=20&sort=dueAt,asc'],
  ['deferrals', '/deferrals?pageSize=20'],
  ['product applications', '/onboarding-products/approvals?pageSize=20'],
  ['product applications, due=OVERDUE', '/onboarding-products/approvals?pageSize=20&due=OVERDUE'],
  ['product applications, sort=dueAt', '/onboarding-products/approvals?pageSize=20&sort=dueAt,asc'],
  ['screening hits', '/screening/hits?pageSize=20'],
  ['screening hits, due=OVERDUE', '/screening/hits?pageSize=20&due=OVERDUE'],
  ['screening hits, sort=dueAt', '/screening/hits?pageSize=20&sort=dueAt,asc'],
  ['support inquiries', '/support/inquiries?pageSize=20'],
  ['support inquiries, due=OVERDUE', '/support/inquiries?pageSize=20&due=OVERDUE'],
  ['support inquiries, sort=dueAt', '/support/inquiries?pageSize=20&sort=dueAt,asc'],
]

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!
}

const child = spawn(process.execPath, ['--import', 'tsx', 'bench/api-server.ts'], {
  cwd: root,
  stdio: ['pipe', 'pipe', 'inherit'],
})
process.once('exit', () => child.kill('SIGKILL'))
const ready = await new Promise<{ port: number; token: string }>((resolve, reject) => {
  child.once('exit', (code) => reject(new Error(`api-server exited (${code})`)))
  createInterface({ input: child.stdout! }).on('line', (line) => {
    try {
      const parsed = JSON.parse(line) as { ready?: boolean; port: number; token: string }
      if (parsed.ready) resolve(parsed)
    } catch {
      process.stderr.write(`[api-server] ${line}\n`)
    }
  })
})
const headers = { authorization: `Bearer ${ready.token}` }
const base = `http://127.0.0.1:${ready.port}/api/v1`

// The verification items of one demo business (a per-business list).
const someBusiness = (await (await fetch(`${base}/businesses/for-approval?pageSize=1`, { headers })).json()) as {
  content: { id: string }[]
}
const businessId = someBusiness.content[0]?.id
if (businessId) {
  LISTS.push(['verification items', `/verified-kyc/${businessId}`])
  LISTS.push(['verification items, due=OVERDUE', `/verified-kyc/${businessId}?due=OVERDUE`])
}

const results: Array<{ list: string; path: string; status: number; rows?: number; p50?: number; p95?: number; max?: number }> = []
for (const [list, path] of LISTS) {
  const first = await fetch(base + path, { headers })
  const body = (await first.json()) as { content?: unknown[] } | unknown[]
  if (first.status !== 200) {
    results.push({ list, path, status: first.status })
    continue
  }
  for (let i = 0; i < warmup; i++) await (await fetch(base + path, { headers })).arrayBuffer()
  const times: number[] = []
  for (let i = 0; i < requests; i++) {
    const start = performance.now()
    await (await fetch(base + path, { headers })).arrayBuffer()
    times.push(performance.now() - start)
  }
  times.sort((a, b) => a - b)
  const rows = Array.isArray(body) ? body.length : (body.content?.length ?? 0)
  results.push({ list, path, status: 200, rows, p50: percentile(times, 50), p95: percentile(times, 95), max: times.at(-1)! })
}
child.kill('SIGTERM')

const fmt = (n?: number) => (n === undefined ? '—' : n.toFixed(1))
console.log(`${requests} sequential requests per list after ${warmup} warm-up (${root}); ms`)
console.log('list'.padEnd(38), 'rows'.padStart(5), 'p50'.padStart(7), 'p95'.padStart(7), 'max'.padStart(7))
for (const r of results)
  console.log(
    r.list.padEnd(38),
    String(r.rows ?? `(${r.status})`).padStart(5),
    fmt(r.p50).padStart(7),
    fmt(r.p95).padStart(7),
    fmt(r.max).padStart(7),
  )
if (out) writeFileSync(out, `${JSON.stringify({ root, requests, warmup, results }, null, 2)}\n`)
process.exit(0)
