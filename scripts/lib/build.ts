import { spawnSync } from 'node:child_process'
import { cpSync, existsSync, readdirSync, rmSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { buildSync } from 'esbuild'
import { hintFirstLoadScripts } from './compile-hints'

const SOURCES = [
  'pages',
  'components',
  'features',
  'lib',
  'server',
  'styles',
  'public',
  'proxy.ts',
  'instrumentation.ts',
  'instrumentation-client.ts',
  'scripts/migrate.ts',
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

/** The standalone server the container runs (docs/architecture.md#container); `npm run build` completes it. */
export const STANDALONE_DIR = join('.next', 'standalone')
/** The migrate command bundled into the standalone folder: `node migrate.mjs` there. */
export const STANDALONE_MIGRATE = 'migrate.mjs'

/** The production build (with its standalone folder) is missing, or a source file changed after it. */
export function isBuildStale(root = process.cwd()): boolean {
  const marker = join(root, '.next', 'BUILD_ID')
  if (!existsSync(marker) || !existsSync(join(root, STANDALONE_DIR, STANDALONE_MIGRATE))) return true
  const built = statSync(marker).mtimeMs
  return SOURCES.some((s) => newestMtime(join(root, s)) > built)
}

/** `npm run build`: `next build`, its first-load scripts marked for eager compiling, then the standalone folder completed. */
export function build(root = process.cwd()): void {
  // Turbopack, Next's default; KYC_BUNDLER=webpack builds with webpack instead, to compare the two
  // (docs/architecture.md#the-javascript-budget).
  const bundler = process.env.KYC_BUNDLER === 'webpack' ? ['--webpack'] : []
  const result = spawnSync(process.execPath, ['node_modules/next/dist/bin/next', 'build', ...bundler], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' },
  })
  if (result.status !== 0) throw new Error('next build failed')
  hintFirstLoadScripts(join(root, '.next'))
  completeStandalone(root)
}

/**
 * Next leaves the static files out of `.next/standalone` (a CDN may serve them): copied in here, so that
 * `node server.js` there serves the whole portal. The migrate command is bundled beside it, its native and wasm
 * packages (serverExternalPackages) loaded from the traced node_modules.
 */
export function completeStandalone(root = process.cwd()): void {
  const standalone = join(root, STANDALONE_DIR)
  for (const path of ['public', join('.next', 'static')]) {
    rmSync(join(standalone, path), { recursive: true, force: true })
    cpSync(join(root, path), join(standalone, path), { recursive: true })
  }
  buildSync({
    absWorkingDir: root,
    entryPoints: ['scripts/migrate.ts'],
    outfile: join(STANDALONE_DIR, STANDALONE_MIGRATE),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    logLevel: 'warning',
    external: ['@electric-sql/pglite', 'pg', 'pino', '@node-rs/argon2', 'azurite'],
    // Bundled CommonJS packages call require() for Node's built-ins.
    banner: {
      js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
    },
  })
}

export function buildIfStale(root = process.cwd()): void {
  if (!isBuildStale(root)) return
  console.log('Building the portal (next build)…')
  build(root)
}
