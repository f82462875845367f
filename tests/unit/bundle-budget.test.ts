import { randomBytes } from 'node:crypto'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { DEFAULT_APP_BUDGET_KB, DEFAULT_BUDGET_KB, measureFirstLoadJs } from '@/bench/bundle-size'
import nextConfig from '@/next.config'

/**
 * Issue 36's byte budget: `npm run bench -- bundle` fails (exit 1 when `overBudget` is not empty: bench/run.ts) the
 * change that takes a route over 150 kB or `/_app` over 135 kB of first-load JavaScript, gzip.
 */
let dist: string | undefined
afterEach(() => {
  if (dist) rmSync(dist, { recursive: true, force: true })
  dist = undefined
})

/** A build whose files are random bytes (gzip cannot shrink them), each `kb` kB of gzip, give or take a few bytes. */
function fakeBuild(app: Record<string, number>, pages: Record<string, Record<string, number>>): string {
  dist = mkdtempSync(join(tmpdir(), 'bundle-budget-'))
  mkdirSync(join(dist, 'static', 'chunks'), { recursive: true })
  const write = (files: Record<string, number>) =>
    Object.entries(files).map(([name, kb]) => {
      const file = `static/chunks/${name}.js`
      // gzip adds ~20 bytes of header and framing to random input; the sizes below leave room for that.
      writeFileSync(join(dist!, file), randomBytes(Math.round(kb * 1000) - 40))
      return file
    })
  const manifest = {
    pages: {
      '/_app': write(app),
      ...Object.fromEntries(Object.entries(pages).map(([route, files]) => [route, write(files)])),
    },
  }
  writeFileSync(join(dist, 'build-manifest.json'), JSON.stringify(manifest))
  writeFileSync(join(dist, 'BUILD_ID'), 'test-build')
  return dist
}

describe('the first-load JavaScript budget (bench/bundle-size.ts)', () => {
  it('is 150 kB per route and 135 kB for /_app, as issue 36 sets it', () => {
    expect(DEFAULT_BUDGET_KB).toBe(150)
    expect(DEFAULT_APP_BUDGET_KB).toBe(135)
  })

  it('passes routes and /_app within their budgets', () => {
    const report = measureFirstLoadJs({ distDir: fakeBuild({ app: 134 }, { '/a': { a: 15 } }) })
    expect(report.floor.overBudget).toBe(false)
    expect(report.routes.find((r) => r.route === '/a')?.overBudget).toBe(false)
    expect(report.overBudget).toEqual([])
  })

  it('names a route over 150 kB, counting /_app once with the page', () => {
    const report = measureFirstLoadJs({ distDir: fakeBuild({ app: 120 }, { '/small': { s: 29 }, '/big': { b: 31 } }) })
    expect(report.overBudget).toEqual(['/big'])
    expect(report.routes.find((r) => r.route === '/big')!.gzipBytes).toBeGreaterThan(150_000)
  })

  it('names /_app over 135 kB even when every route is within 150 kB', () => {
    const report = measureFirstLoadJs({ distDir: fakeBuild({ app: 136 }, { '/a': { a: 1 } }) })
    expect(report.floor.overBudget).toBe(true)
    expect(report.overBudget).toEqual(['/_app'])
  })

  it('counts a file that a route shares with /_app once', () => {
    const distDir = fakeBuild({ app: 100 }, { '/a': { extra: 10 } })
    const manifestFile = join(distDir, 'build-manifest.json')
    const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as { pages: Record<string, string[]> }
    manifest.pages['/a'] = [...manifest.pages['/a']!, ...manifest.pages['/_app']!]
    writeFileSync(manifestFile, JSON.stringify(manifest))
    const route = measureFirstLoadJs({ distDir }).routes.find((r) => r.route === '/a')!
    expect(route.gzipBytes).toBeGreaterThan(109_000)
    expect(route.gzipBytes).toBeLessThan(111_000)
  })

  it('is not spent on rewrite matching: next.config.ts declares no rewrites (proxy.ts rewrites)', () => {
    // Any config rewrite puts Next's client-side rewrite matching in /_app, on every route (~3.5 kB gzip).
    for (const phase of ['phase-production-build', 'phase-production-server', 'phase-development-server']) {
      expect(nextConfig(phase).rewrites, phase).toBeUndefined()
    }
  })
})
