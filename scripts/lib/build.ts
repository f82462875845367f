import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'

const SOURCES = [
  'pages',
  'components',
  'features',
  'lib',
  'server',
  'styles',
  'public',
  'proxy.ts',
  'next.config.ts',
  'package-lock.json',
  'tsconfig.json',
]

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0
  const stat = statSync(path)
  if (!stat.isDirectory()) return stat.mtimeMs
  let newest = stat.mtimeMs
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry.startsWith('.')) continue
    newest = Math.max(newest, newestMtime(join(path, entry)))
  }
  return newest
}

/** The production build is missing, or a source file changed after it. */
export function isBuildStale(root = process.cwd()): boolean {
  const marker = join(root, '.next', 'BUILD_ID')
  if (!existsSync(marker)) return true
  const built = statSync(marker).mtimeMs
  return SOURCES.some((s) => newestMtime(join(root, s)) > built)
}

export function buildIfStale(root = process.cwd()): void {
  if (!isBuildStale(root)) return
  console.log('Building the portal (next build)…')
  const result = spawnSync(process.execPath, ['node_modules/next/dist/bin/next', 'build'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' },
  })
  if (result.status !== 0) throw new Error('next build failed')
}
