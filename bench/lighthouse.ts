import { existsSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import lighthouse from 'lighthouse'
import puppeteer, { type Page } from 'puppeteer-core'
import { DEMO_PASSWORD, signIn, startProductionServer } from './production-server'

/**
 * Lighthouse (mobile preset, simulated throttling: its defaults) on the production server with Debian's Chromium:
 * the sign-in and sign-up pages, the public products page, and a business owner's dashboard after signing in through
 * the login form. Goals (issue 19): performance ≥ 90, LCP ≤ 2.5 s, TBT ≤ 300 ms on each.
 */
export interface LighthouseOptions {
  chromePath: string
  /** Runs per page; the median performance score's run is kept. */
  runs: number
}

export interface LighthousePage {
  name: string
  path: string
  performance: number
  lcpMs: number
  tbtMs: number
  fcpMs: number
  speedIndexMs: number
  clsScore: number
  /** What the largest contentful paint was (Lighthouse's snippet of the element), to know what to make faster. */
  lcpElement: string
  /** Every run's score, for the spread. */
  scores: number[]
}

export interface LighthouseReport {
  options: LighthouseOptions
  pages: LighthousePage[]
  goals: { goal: string; actual: string; met: boolean }[]
}

export const DEFAULT_CHROME_PATH = '/usr/bin/chromium'
const OWNER = 'owner@example.com'

async function audit(page: Page, url: string, keepStorage: boolean) {
  if (keepStorage) {
    // Signed in: keep sessionStorage and cookies, but start from a cold HTTP cache like the other pages.
    const cdp = await page.createCDPSession()
    await cdp.send('Network.clearBrowserCache')
    await cdp.detach()
  }
  const result = await lighthouse(
    url,
    { output: 'json', logLevel: 'error', onlyCategories: ['performance'], disableStorageReset: keepStorage },
    undefined,
    page,
  )
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`)
  const { lhr } = result
  // BENCH_LIGHTHOUSE_SAVE=DIR keeps each run's full report, to read its long tasks and network chain.
  const saveDir = process.env.BENCH_LIGHTHOUSE_SAVE
  if (saveDir)
    writeFileSync(join(saveDir, `${new URL(url).pathname.replace(/\W+/g, '_')}-${Date.now()}.json`), JSON.stringify(lhr))
  if (lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`)
  if (new URL(lhr.finalDisplayedUrl).pathname !== new URL(url).pathname)
    throw new Error(`Lighthouse on ${url} ended on ${lhr.finalDisplayedUrl} (signed out?)`)
  const metric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN
  return {
    performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    lcpMs: Math.round(metric('largest-contentful-paint')),
    tbtMs: Math.round(metric('total-blocking-time')),
    fcpMs: Math.round(metric('first-contentful-paint')),
    speedIndexMs: Math.round(metric('speed-index')),
    clsScore: Math.round(metric('cumulative-layout-shift') * 1000) / 1000,
    lcpElement: lcpElementOf(lhr.audits['lcp-breakdown-insight']?.details),
  }
}

/**
 * The LCP element and where its time went, from Lighthouse 13's `lcp-breakdown-insight` (a list: the subparts table,
 * then the element's node).
 */
function lcpElementOf(details: unknown): string {
  type Item = { type?: string; snippet?: string; items?: { label?: string; duration?: number }[] }
  const items = (details as { items?: Item[] } | undefined)?.items ?? []
  const node = items.find((i) => i.type === 'node')?.snippet?.slice(0, 160) ?? 'unknown'
  const parts = items.find((i) => i.type === 'table')?.items ?? []
  return `${node}; ${parts.map((p) => `${p.label} ${Math.round(p.duration ?? 0)} ms`).join(', ')}`
}

async function signInThroughForm(page: Page, origin: string, destination: string) {
  await page.goto(`${origin}/auth/login?from=${encodeURIComponent(destination)}`, { waitUntil: 'networkidle0' })
  await page.type('input[name="email"]', OWNER)
  await page.type('input[name="password"]', DEMO_PASSWORD)
  await Promise.all([
    page.waitForFunction(
      (path) => window.location.pathname === path,
      { timeout: 30_000 },
      new URL(origin + destination).pathname,
    ),
    page.click('button[type="submit"]'),
  ])
}

export async function runLighthouse(
  options: LighthouseOptions,
  log: (line: string) => void = console.log,
): Promise<LighthouseReport> {
  if (!existsSync(options.chromePath)) throw new Error(`No Chromium at ${options.chromePath} (--chrome=PATH)`)
  log('Starting next start on pglite (demo seed) for Lighthouse…')
  const server = await startProductionServer({ backend: 'pglite' })
  const browser = await puppeteer.launch({
    executablePath: options.chromePath,
    headless: true,
    args: ['--no-sandbox', '--disable-dev-shm-usage'],
  })
  try {
    const owner = await signIn(server.origin, OWNER)
    const mine = await fetch(`${server.origin}/api/v1/businesses/user-businesses/me`, {
      headers: { authorization: `Bearer ${owner.token}` },
    })
    const [business] = (await mine.json()) as { id: string }[]
    if (!business) throw new Error(`${OWNER} owns no business`)
    const dashboard = `/s/businesses/dashboard-details?businessId=${business.id}`
    const targets = [
      { name: 'login', path: '/auth/login', signedIn: false },
      { name: 'signup', path: '/auth/signup', signedIn: false },
      { name: 'products', path: '/products', signedIn: false },
      { name: 'business dashboard', path: dashboard, signedIn: true },
    ]
    const pages: LighthousePage[] = []
    // BENCH_LIGHTHOUSE_PAGES=dashboard (names, comma-separated, any part of the name) runs only those pages.
    const only = (process.env.BENCH_LIGHTHOUSE_PAGES ?? '').split(',').filter(Boolean)
    for (const target of targets.filter((t) => only.length === 0 || only.some((name) => t.name.includes(name)))) {
      const runs: Awaited<ReturnType<typeof audit>>[] = []
      for (let i = 0; i < options.runs; i++) {
        const page = await browser.newPage()
        try {
          if (target.signedIn) await signInThroughForm(page, server.origin, target.path)
          else {
            // Next compiles nothing at run time, but the first hit of a route warms the server's own caches.
            await fetch(server.origin + target.path)
          }
          runs.push(await audit(page, server.origin + target.path, target.signedIn))
        } finally {
          await page.close()
        }
      }
      const sorted = [...runs].sort((a, b) => a.performance - b.performance)
      const median = sorted[Math.floor(sorted.length / 2)]!
      const path = target.signedIn ? '/s/businesses/dashboard-details?businessId={id}' : target.path
      pages.push({ name: target.name, path, ...median, scores: runs.map((r) => r.performance) })
      log(
        `  ${target.name}: performance ${median.performance} (runs ${runs.map((r) => r.performance).join(', ')}), LCP ${median.lcpMs} ms, TBT ${median.tbtMs} ms`,
      )
    }
    const goals = pages.flatMap((p) => [
      { goal: `${p.name} performance ≥ 90`, actual: String(p.performance), met: p.performance >= 90 },
      { goal: `${p.name} LCP ≤ 2500 ms`, actual: `${p.lcpMs} ms`, met: p.lcpMs <= 2500 },
      { goal: `${p.name} TBT ≤ 300 ms`, actual: `${p.tbtMs} ms`, met: p.tbtMs <= 300 },
    ])
    return { options, pages, goals }
  } finally {
    await browser.close().catch(() => undefined)
    await server.stop()
  }
}

export function formatLighthouseReport(report: LighthouseReport): string {
  const lines = ['Lighthouse (mobile, simulated throttling):']
  for (const p of report.pages)
    lines.push(
      `  ${p.name.padEnd(19)} perf ${String(p.performance).padStart(3)}  LCP ${p.lcpMs} ms  TBT ${p.tbtMs} ms  FCP ${p.fcpMs} ms  ` +
        `SI ${p.speedIndexMs} ms  CLS ${p.clsScore}  (runs ${p.scores.join(', ')})\n    LCP element: ${p.lcpElement}`,
    )
  for (const g of report.goals.filter((g) => !g.met)) lines.push(`  NOT MET ${g.goal}: ${g.actual}`)
  if (report.goals.every((g) => g.met)) lines.push('  all Lighthouse goals met')
  return lines.join('\n')
}
