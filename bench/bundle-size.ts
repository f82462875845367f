import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { constants as zlibConstants, gzipSync } from 'node:zlib'
import { COMPILE_HINT } from '../scripts/lib/compile-hints'

/**
 * First-load JS per page route, gzip, computed from a production build's `build-manifest.json`.
 *
 * A route's first-load JS is the de-duplicated union of the `.js` files in `pages[route]` and `pages['/_app']`.
 * That is the rule Next.js itself applies in `.next/diagnostics/route-bundle-stats.json` (uncompressed), and it is
 * exactly the set of scripts the page's HTML lists (the loader's list, `components/layouts/paint-first-head.tsx`), minus
 * the `lowPriorityFiles` (`_buildManifest.js` and friends, a few hundred bytes, also left out by Next). Not counted:
 * - CSS (not JS);
 * - `polyfillFiles`: served `nomodule`, so modern browsers never download them;
 * - `rootMainFiles`: the app router's shared chunks; a pages-router page does not load them.
 *
 * Each file is gzipped on its own (as a server would serve it) at level 9; kB = 1000 bytes.
 */

/** Every route's first-load JS (issue 36). */
export const DEFAULT_BUDGET_KB = 150
/** The floor, `/_app` alone: a bare Next.js pages-router page (~109 kB) plus the shell and React Query (issue 36). */
export const DEFAULT_APP_BUDGET_KB = 135
export const GZIP_LEVEL = zlibConstants.Z_BEST_COMPRESSION

interface BuildManifest {
  pages: Record<string, string[]>
  polyfillFiles?: string[]
  rootMainFiles?: string[]
}

export interface FileSize {
  /** Relative to the dist dir, as in the manifest (`static/chunks/…`). */
  file: string
  bytes: number
  gzipBytes: number
}

export interface RouteSize {
  route: string
  /** The build-manifest entry whose files the route loads (`/_error` for a 404/500 without its own page). */
  entry: string
  files: FileSize[]
  bytes: number
  gzipBytes: number
  /** What the route adds on top of the floor. */
  ownGzipBytes: number
  overBudget: boolean
}

export interface BundleSizeReport {
  buildId: string
  distDir: string
  gzipLevel: number
  budgetBytes: number
  floor: { definition: string; files: FileSize[]; bytes: number; gzipBytes: number; budgetBytes: number; overBudget: boolean }
  routes: RouteSize[]
  /** The routes over `budgetBytes`, and `/_app` when the floor is over its own budget. */
  overBudget: string[]
  /** Disagreements with Next's own uncompressed figures (`diagnostics/route-bundle-stats.json`); empty when all agree. */
  crossCheck: string[]
}

export interface MeasureOptions {
  /** The Next dist dir, `.next` by default. */
  distDir?: string
  budgetKb?: number
  /** The budget of `/_app` alone, kB gzip. */
  appBudgetKb?: number
}

export const FLOOR_DEFINITION =
  "JS of the `/_app` entry alone (Turbopack runtime, React/ReactDOM, Next's pages-router client, pages/_app.tsx): " +
  'every page loads it, so no route can be smaller.'

const PAGES_NOT_ROUTES = new Set(['/_app', '/_document'])
const SERVED_BY_ERROR_PAGE = new Set(['/404', '/500'])

function readJson<T>(file: string): T {
  return JSON.parse(readFileSync(file, 'utf8')) as T
}

export function measureFirstLoadJs(options: MeasureOptions = {}): BundleSizeReport {
  const distDir = options.distDir ?? join(process.cwd(), '.next')
  const budgetBytes = (options.budgetKb ?? DEFAULT_BUDGET_KB) * 1000
  const appBudgetBytes = (options.appBudgetKb ?? DEFAULT_APP_BUDGET_KB) * 1000
  const manifest = readJson<BuildManifest>(join(distDir, 'build-manifest.json'))
  const appFiles = manifest.pages['/_app']
  if (!appFiles) throw new Error(`${distDir}/build-manifest.json has no /_app entry: is this a pages-router build?`)

  const sizes = new Map<string, FileSize>()
  const sizeOf = (file: string): FileSize => {
    let size = sizes.get(file)
    if (!size) {
      const content = readFileSync(join(distDir, file))
      size = { file, bytes: content.byteLength, gzipBytes: gzipSync(content, { level: GZIP_LEVEL }).byteLength }
      sizes.set(file, size)
    }
    return size
  }
  const measure = (files: string[]) => {
    const measured = [...new Set(files.filter((f) => f.endsWith('.js')))].map(sizeOf)
    return {
      files: measured,
      bytes: measured.reduce((sum, f) => sum + f.bytes, 0),
      gzipBytes: measured.reduce((sum, f) => sum + f.gzipBytes, 0),
    }
  }

  const appMeasured = measure(appFiles)
  const floor = {
    definition: FLOOR_DEFINITION,
    ...appMeasured,
    budgetBytes: appBudgetBytes,
    overBudget: appMeasured.gzipBytes > appBudgetBytes,
  }

  // Page routes: the manifest's entries plus prerendered pages (e.g. /404) that have none of their own.
  const pagesManifestFile = join(distDir, 'server', 'pages-manifest.json')
  const serverPages = existsSync(pagesManifestFile) ? Object.keys(readJson<Record<string, string>>(pagesManifestFile)) : []
  const routeNames = [...new Set([...Object.keys(manifest.pages), ...serverPages])]
    .filter((route) => !PAGES_NOT_ROUTES.has(route) && route !== '/api' && !route.startsWith('/api/'))
    .filter((route) => route in manifest.pages || SERVED_BY_ERROR_PAGE.has(route))
    .sort()

  const routes = routeNames.map((route): RouteSize => {
    const entry = route in manifest.pages ? route : '/_error'
    const measured = measure([...(manifest.pages[entry] ?? []), ...appFiles])
    return {
      route,
      entry,
      ...measured,
      ownGzipBytes: measured.gzipBytes - floor.gzipBytes,
      overBudget: measured.gzipBytes > budgetBytes,
    }
  })

  return {
    buildId: readFileSync(join(distDir, 'BUILD_ID'), 'utf8').trim(),
    distDir,
    gzipLevel: GZIP_LEVEL,
    budgetBytes,
    floor,
    routes,
    overBudget: [...(floor.overBudget ? ['/_app'] : []), ...routes.filter((r) => r.overBudget).map((r) => r.route)],
    crossCheck: crossCheckWithNext(distDir, routes),
  }
}

/**
 * Next writes uncompressed first-load sizes per route; for routes with their own entry ours must match, less the
 * compile hint `npm run build` adds to each first-load script after Next has counted it (scripts/lib/compile-hints.ts).
 */
function crossCheckWithNext(distDir: string, routes: RouteSize[]): string[] {
  const file = join(distDir, 'diagnostics', 'route-bundle-stats.json')
  if (!existsSync(file)) return []
  const nextRows = readJson<{ route: string; firstLoadUncompressedJsBytes: number }[]>(file)
  const hintBytes = Buffer.byteLength(COMPILE_HINT)
  const hinted = new Map<string, boolean>()
  const hintedBytesOf = (files: FileSize[]) =>
    files.reduce((sum, { file: name }) => {
      if (!hinted.has(name)) hinted.set(name, readFileSync(join(distDir, name), 'utf8').startsWith(COMPILE_HINT))
      return sum + (hinted.get(name) ? hintBytes : 0)
    }, 0)
  const problems: string[] = []
  for (const route of routes) {
    if (route.entry !== route.route) continue // Next counts a 404 without its own page as _app only; the HTML also loads _error.
    const theirs = nextRows.find((row) => row.route === route.route)
    const beforeHints = route.bytes - hintedBytesOf(route.files)
    if (theirs && theirs.firstLoadUncompressedJsBytes !== beforeHints) {
      problems.push(
        `${route.route}: ${beforeHints} B uncompressed here (before compile hints), ${theirs.firstLoadUncompressedJsBytes} B in Next's route-bundle-stats.json`,
      )
    }
  }
  return problems
}

export const kb = (bytes: number) => (bytes / 1000).toFixed(1)

export function formatBundleReport(report: BundleSizeReport): string {
  const header = [
    'Route',
    'First-load JS (kB gz)',
    'Floor /_app (kB gz)',
    'Route adds (kB gz)',
    `Budget ${kb(report.budgetBytes)} kB`,
  ]
  const rows = report.routes.map((r) => [
    r.entry === r.route ? r.route : `${r.route} (${r.entry})`,
    kb(r.gzipBytes),
    kb(report.floor.gzipBytes),
    `+${kb(r.ownGzipBytes)}`,
    r.overBudget ? 'OVER BUDGET' : 'ok',
  ])
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]!.length)))
  const line = (cells: string[]) =>
    cells.map((c, i) => (i === 0 || i === cells.length - 1 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ')
  const out = [
    `First-load JS per route (build ${report.buildId}; gzip level ${report.gzipLevel}, each file on its own; kB = 1000 B)`,
    line(header),
    line(widths.map((w) => '-'.repeat(w))),
    ...rows.map(line),
    '',
    `Floor /_app: ${kb(report.floor.gzipBytes)} kB gzip, budget ${kb(report.floor.budgetBytes)} kB: ${report.floor.overBudget ? 'OVER BUDGET' : 'ok'}`,
    `Floor: ${report.floor.definition}`,
    `       ${report.floor.files.map((f) => `${f.file} ${kb(f.gzipBytes)}`).join(', ')}`,
  ]
  for (const problem of report.crossCheck) out.push(`WARNING (cross-check with Next): ${problem}`)
  const routesOver = report.overBudget.filter((route) => route !== '/_app')
  if (report.floor.overBudget) out.push(`OVER BUDGET: /_app (> ${kb(report.floor.budgetBytes)} kB gzip)`)
  if (routesOver.length) out.push(`OVER BUDGET (> ${kb(report.budgetBytes)} kB gzip): ${routesOver.join(', ')}`)
  return out.join('\n')
}
