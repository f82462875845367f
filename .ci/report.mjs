/* global process, console */
// Prints the CI's stage table (wall time of each stage, from the TSV .ci/run writes), the ten slowest test files
// of each runner and, last (where a CI log's tail is read), every failed or flaky test with the start of its error
// (from the vitest and Playwright JSON reports in the same folder). Plain Node, no dependencies, so it
// also reports a run whose install failed. Usage: node .ci/report.mjs <folder>
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'

const dir = process.argv[2]
const seconds = (ms) => (ms / 1000).toFixed(1).padStart(7)
const minutes = (s) => `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`

const rows = existsSync(join(dir, 'stages.tsv'))
  ? readFileSync(join(dir, 'stages.tsv'), 'utf8')
      .trim()
      .split('\n')
      .filter(Boolean)
      .map((line) => line.split('\t'))
  : []
const width = Math.max(5, ...rows.map(([name]) => name.length))
console.log('\n== Stages ==')
// "from": when a "|" row (a job beside others) started, after the first of them.
console.log(`${'stage'.padEnd(width)}  ${'from'.padStart(6)}  ${'wall'.padStart(6)}  ${'CPU'.padStart(6)}  result`)
let total = 0
for (const [name, secs, rc, cpu, from] of rows) {
  if (!name.startsWith('  |')) total += Number(secs) // "|" rows ran side by side: their group's row counts them
  const cpuTime = cpu ? minutes(Number(cpu)) : ''
  const fromTime = from ? minutes(Number(from)) : ''
  console.log(
    `${name.padEnd(width)}  ${fromTime.padStart(6)}  ${minutes(Number(secs)).padStart(6)}  ${cpuTime.padStart(6)}  ${rc === '0' ? 'ok' : `FAILED (${rc})`}`,
  )
}
console.log(`${'all stages'.padEnd(width)}  ${''.padStart(6)}  ${minutes(total).padStart(6)}`)

// The machine's CPU use, minute by minute (from .ci/run's samples of /proc/stat): busy is user + nice + system +
// interrupts of both cores; steal is what the hypervisor gave to others. A minute well under 100 % busy had a core
// waiting; one at 100 % had more work than cores.
const cpuLog = join(dir, 'cpu.log')
if (existsSync(cpuLog)) {
  const samples = readFileSync(cpuLog, 'utf8')
    .trim()
    .split('\n')
    .map((line) => line.split(/\s+/))
    .filter((f) => f[1] === 'cpu')
    .map(([t, , ...counters]) => {
      const [user, nice, system, idle, iowait, irq, softirq, steal] = counters.map(Number)
      return {
        t: Number(t),
        busy: user + nice + system + irq + softirq,
        steal,
        all: user + nice + system + idle + iowait + irq + softirq + steal,
      }
    })
  const minutesOf = []
  for (let i = 0; i + 1 < samples.length; i++) {
    const [a, b] = [samples[i], samples[i + 1]]
    const minute = Math.floor((a.t - samples[0].t) / 60)
    const m = (minutesOf[minute] ??= { busy: 0, steal: 0, all: 0 })
    m.busy += b.busy - a.busy
    m.steal += b.steal - a.steal
    m.all += b.all - a.all
  }
  if (minutesOf.length) {
    const pct = (n, d) => (d ? Math.round((100 * n) / d) : 0)
    console.log('\n== CPU, minute by minute (busy % of both cores / stolen %) ==')
    const cells = minutesOf.map(
      (m, i) => `${String(i).padStart(2)}: ${String(pct(m.busy, m.all)).padStart(3)}/${pct(m.steal, m.all)}`,
    )
    for (let i = 0; i < cells.length; i += 8) console.log(cells.slice(i, i + 8).join('   '))
  }
}

const root = process.cwd()
function printSlowest(title, files) {
  if (!files.length) return
  console.log(`\n== Ten slowest files: ${title} ==`)
  for (const { file, ms } of files.sort((a, b) => b.ms - a.ms).slice(0, 10)) console.log(`${seconds(ms)} s  ${file}`)
}

/** The failed tests (and Playwright's flaky ones), printed last: a run's summary must say what failed, not only that. */
const failures = []
const firstLines = (message) =>
  String(message ?? '')
    .replace(new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g'), '') // the terminal's colours
    .split('\n')
    .map((line) => line.trimEnd())
    .filter(Boolean)
    .slice(0, 4)
    .map((line) => `      ${line.slice(0, 200)}`)
    .join('\n')

for (const name of readdirSync(dir).sort()) {
  if (!name.endsWith('.json')) continue
  const report = JSON.parse(readFileSync(join(dir, name), 'utf8'))
  const title = name.replace(/\.json$/, '')
  if (Array.isArray(report.testResults)) {
    // vitest: each file's own start and end.
    printSlowest(
      title,
      report.testResults.map((r) => ({ file: relative(root, r.name), ms: (r.endTime ?? 0) - (r.startTime ?? 0) })),
    )
    for (const file of report.testResults) {
      const failed = (file.assertionResults ?? []).filter((t) => t.status === 'failed')
      for (const t of failed)
        failures.push(`${title}: ${relative(root, file.name)} › ${t.fullName ?? t.title}\n${firstLines(t.failureMessages?.[0])}`)
      // A file that failed outside its tests (an import, a hook) has no failed test to name.
      if (!failed.length && file.status === 'failed')
        failures.push(`${title}: ${relative(root, file.name)} (the file)\n${firstLines(file.message)}`)
    }
  } else if (Array.isArray(report.suites)) {
    // Playwright: the time of every test (all retries) summed per file and project.
    const perFile = new Map()
    const walk = (suite, file) => {
      for (const spec of suite.specs ?? [])
        for (const test of spec.tests ?? []) {
          const key = `${file} [${test.projectName}]`
          const ms = (test.results ?? []).reduce((sum, r) => sum + (r.duration ?? 0), 0)
          perFile.set(key, (perFile.get(key) ?? 0) + ms)
          if (test.status === 'unexpected' || test.status === 'flaky') {
            const error = (test.results ?? []).find((r) => r.error)?.error
            failures.push(
              `${title} ${test.status === 'flaky' ? '(flaky: passed on its retry)' : '(failed)'}: ${key} › ${spec.title} (line ${spec.line})\n${firstLines(error?.message)}`,
            )
          }
        }
      for (const child of suite.suites ?? []) walk(child, file)
    }
    for (const suite of report.suites) walk(suite, suite.file ?? suite.title)
    printSlowest(
      `${title} (test time summed per file; workers run in parallel)`,
      [...perFile].map(([file, ms]) => ({ file, ms })),
    )
  }
}

if (failures.length) {
  console.log(`\n== Failed or flaky (${failures.length}) ==`)
  for (const failure of failures) console.log(`- ${failure}`)
}
