import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { freePort, prepareBlobStorage, startAzurite } from '../scripts/lib/azurite'
import { isBuildStale } from '../scripts/lib/build'
import { demoPortalEnv, startNext, waitForHealthy } from '../scripts/lib/next-server'
import { PROJECT_ROOT } from './paths'
import { DEMO_PASSWORD } from './production-server'

/**
 * The first requests a fresh instance serves, the moment /health/ready says it is ready (issue 34: the first page
 * after a start took 4.6–7.3 s, the first staff sign-in 5.4–10.2 s). For each mode, a new `next start` on the build
 * (the existing build) with demo data on a throwaway PGlite and Azurite: `cold` with READY_WARM_UP=false (readiness as before the
 * warm-up), `warm` as shipped. Each step is timed on its first run and on a second run right after.
 *
 *   npx tsx bench/first-requests.ts [--modes=cold,warm] [--port=3221] [--azurite-port=3222] [--out=bench/results/x.json]
 */

const args = Object.fromEntries(
  process.argv.slice(2).map((a) => {
    const [k, v] = a.replace(/^--/, '').split('=')
    return [k!, v ?? 'true']
  }),
)
const modes = (args.modes ?? 'cold,warm').split(',') as ('cold' | 'warm')[]

interface Step {
  name: string
  run: (origin: string, jar: Map<string, string>) => Promise<Response>
}

const cookieHeader = (jar: Map<string, string>) => [...jar].map(([k, v]) => `${k}=${v}`).join('; ')
const keepCookies = (jar: Map<string, string>, response: Response) => {
  for (const line of response.headers.getSetCookie()) {
    const [pair] = line.split(';')
    const [name, ...value] = pair!.split('=')
    jar.set(name!.trim(), value.join('='))
  }
}

/** Signs in as the login form does: the API's answer, then the BFF call that sets the portal cookie. */
const signIn =
  (email: string): Step['run'] =>
  async (origin, jar) => {
    const answer = await fetch(`${origin}/api/v1/accounts/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: DEMO_PASSWORD }),
    })
    if (answer.status !== 200) return answer
    const bff = await fetch(`${origin}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin, 'sec-fetch-site': 'same-origin' },
      body: JSON.stringify({ user_auth_data: await answer.json() }),
    })
    keepCookies(jar, bff)
    return bff
  }

const page =
  (path: string): Step['run'] =>
  (origin, jar) =>
    fetch(`${origin}${path}`, { headers: { cookie: cookieHeader(jar) }, redirect: 'manual' })

const STEPS: { who: 'anonymous' | 'staff' | 'owner'; step: Step }[] = [
  { who: 'anonymous', step: { name: 'GET / (home)', run: page('/') } },
  { who: 'anonymous', step: { name: 'GET /auth/login', run: page('/auth/login') } },
  { who: 'staff', step: { name: 'staff sign-in (API + BFF)', run: signIn('officer@example.com') } },
  { who: 'staff', step: { name: 'GET /s/admin/businesses', run: page('/s/admin/businesses') } },
  { who: 'owner', step: { name: 'owner sign-in (API + BFF)', run: signIn('owner@example.com') } },
  { who: 'owner', step: { name: 'GET /s/businesses/dashboard-details', run: page('/s/businesses/dashboard-details') } },
]

async function measure(mode: 'cold' | 'warm', port: number, azuritePort: number) {
  const dataDir = mkdtempSync(join(tmpdir(), `kyc-first-${mode}-`))
  const azurite = await startAzurite({ accountName: 'test', port: azuritePort, location: join(dataDir, 'azurite') })
  await prepareBlobStorage(azurite.connectionString, 'blob', [`http://127.0.0.1:${port}`])
  const started = performance.now()
  const server = startNext({
    port,
    host: '127.0.0.1',
    quiet: true,
    env: {
      ...demoPortalEnv({ port, dataDir, azuriteConnectionString: azurite.connectionString }),
      READY_WARM_UP: mode === 'warm' ? 'true' : 'false',
    },
  })
  try {
    const origin = `http://127.0.0.1:${port}`
    await waitForHealthy(`${origin}/api/v1/health/ready`, server, 180_000)
    const readyAfterMs = Math.round(performance.now() - started)
    const jars = { anonymous: new Map<string, string>(), staff: new Map<string, string>(), owner: new Map<string, string>() }
    const rows: { step: string; firstMs: number; secondMs: number; status: number }[] = []
    for (const { who, step } of STEPS) {
      const times: number[] = []
      let status = 0
      for (let run = 0; run < 2; run++) {
        const t = performance.now()
        const response = await step.run(origin, jars[who])
        await response.arrayBuffer()
        times.push(Math.round(performance.now() - t))
        status = response.status
      }
      rows.push({ step: step.name, firstMs: times[0]!, secondMs: times[1]!, status })
    }
    return { mode, readyAfterMs, rows }
  } finally {
    server.kill('SIGTERM')
    await new Promise((resolve) => (server.exitCode !== null ? resolve(null) : server.once('exit', resolve)))
    await azurite.stop()
    rmSync(dataDir, { recursive: true, force: true })
  }
}

process.chdir(PROJECT_ROOT)
// Measures the build there is (npm run build first); a stale one is said, not rebuilt, so a run stays comparable.
if (isBuildStale()) console.warn('Note: the build is older than the sources (npm run build to measure the current code).')
const port = Number(args.port ?? (await freePort()))
const azuritePort = Number(args['azurite-port'] ?? (await freePort()))
const results = []
for (const mode of modes) {
  const result = await measure(mode, port, azuritePort)
  results.push(result)
  console.log(`\n${mode}: ready after ${result.readyAfterMs} ms`)
  console.table(result.rows)
}
const out = args.out ?? join('bench', 'results', `first-requests-${new Date().toISOString().replace(/[:.]/g, '-')}.json`)
mkdirSync(join(out, '..'), { recursive: true })
writeFileSync(out, `${JSON.stringify({ measuredAt: new Date().toISOString(), results }, null, 2)}\n`)
console.log(`\nWritten to ${out}`)
