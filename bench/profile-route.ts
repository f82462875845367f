/**
 * CPU profile of one signed-in route through the production server (not part of `bench:all`):
 *   npx tsx bench/profile-route.ts --backend=postgres|pglite --route=staff|owner [--seconds=10]
 * Starts `next start` with `--cpu-prof`, loads the route with autocannon, stops the server and prints the functions
 * with the most self time (the .cpuprofile stays in the printed directory for Chromium's DevTools).
 */
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import autocannon from 'autocannon'
import { signIn, startProductionServer, type ServerBackend } from './production-server'

interface ProfileNode {
  id: number
  callFrame: { functionName: string; url: string; lineNumber: number }
  hitCount?: number
  children?: number[]
}

const flags = new Map(process.argv.slice(2).map((a) => a.replace(/^--/, '').split('=') as [string, string]))
const backend = (flags.get('backend') ?? 'postgres') as ServerBackend
const which = flags.get('route') ?? 'staff'
const seconds = Number(flags.get('seconds') ?? 10)
const profileDir = mkdtempSync(join(tmpdir(), 'kyc-cpu-prof-'))

const server = await startProductionServer({ backend, nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] })
try {
  const user = await signIn(server.origin, which === 'staff' ? 'approver@example.com' : 'owner@example.com')
  let path = '/api/v1/businesses?pageSize=20&approvalStatus=PENDING&archiveStatus=ACTIVE'
  if (which === 'owner') {
    const mine = await fetch(`${server.origin}/api/v1/businesses/user-businesses/me`, {
      headers: { authorization: `Bearer ${user.token}` },
    })
    path = `/api/v1/businesses/${((await mine.json()) as { id: string }[])[0]!.id}`
  }
  const result = await autocannon({
    url: server.origin + path,
    headers: { authorization: `Bearer ${user.token}` },
    connections: 10,
    duration: seconds,
  })
  console.log(`${path}: ${Math.round(result.requests.average)} req/s, non-2xx ${result.non2xx}`)
} finally {
  await server.stop()
}

const files = readdirSync(profileDir).filter((f) => f.endsWith('.cpuprofile'))
const biggest = files
  .map((f) => ({ f, profile: JSON.parse(readFileSync(join(profileDir, f), 'utf8')) as { nodes: ProfileNode[] } }))
  .sort((a, b) => b.profile.nodes.length - a.profile.nodes.length)[0]!
const self = new Map<string, number>()
let total = 0
for (const node of biggest.profile.nodes) {
  const hits = node.hitCount ?? 0
  total += hits
  const { functionName, url, lineNumber } = node.callFrame
  const key = `${functionName || '(anonymous)'} ${url.replace(/^.*node_modules\//, '~/').replace(/^.*\/\.next\//, '.next/')}:${lineNumber}`
  self.set(key, (self.get(key) ?? 0) + hits)
}
console.log(`profile ${join(profileDir, biggest.f)} (${total} samples)`)
for (const [key, hits] of [...self.entries()].sort((a, b) => b[1] - a[1]).slice(0, 40))
  console.log(`${((hits / total) * 100).toFixed(1).padStart(5)} %  ${key}`)
