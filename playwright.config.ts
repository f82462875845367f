import { existsSync } from 'node:fs'
import { defineConfig, devices, type LaunchOptions } from '@playwright/test'

/** E2E against a production build in Debian's Chromium; Playwright never downloads a browser here. */
const port = Number(process.env.E2E_PORT ?? 3100)

/** Debian's `chromium`: the browser itself, with its PDF viewer. */
const CHROMIUM = '/usr/bin/chromium'
/**
 * Debian's `chromium-headless-shell` (npm run setup:test installs both): the same Chromium build without the
 * browser's own interface, which is what Playwright runs headless by default. The whole suite used less than half the
 * browser CPU time in it (237 CPU-seconds instead of 608, alone on this machine, 2026-12-01:
 * docs/testing.md#the-browser), so the specs run in it; what only the browser has (opening a PDF in a tab) runs in
 * `chromium`, tagged `@full-browser`. CHROMIUM_PATH replaces both.
 */
const HEADLESS_SHELL = '/usr/lib/chromium/chromium-headless-shell'
const launchOptions = (executablePath: string): LaunchOptions => ({
  executablePath: process.env.CHROMIUM_PATH ?? executablePath,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
})
const specBrowser = launchOptions(existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : CHROMIUM)
const FULL_BROWSER = /@full-browser/

export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  globalSetup: './e2e/global-setup.ts',
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  retries: process.env.CI ? 1 : 0,
  // E2E_WORKERS: .ci/run asks for 3, as Playwright runs there beside the server suites (docs/testing.md#ci).
  workers: Number(process.env.E2E_WORKERS) || 2,
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : 'list',
  // Limits for a hang, not speeds (the bench measures speed): CI runs Playwright beside the API suite on two cores,
  // and instances of this machine kind differ by about 1.8x, where a sign-in took over 5 s and an axe scan of a page
  // over 30 s.
  timeout: process.env.CI ? 60_000 : 30_000,
  expect: { timeout: process.env.CI ? 10_000 : 5_000 },
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    // CI: a trace only on the retry of a test that failed (a failure twice keeps it; Playwright's advice for CI): recording
    // every test's trace cost every test, on two cores. Locally: kept for each failure.
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
    // The portal then changes colours at once (styles/globals.css): axe measured a primary button's contrast mid-way
    // through its disabled-to-enabled transition when the button came alive during the check (a flaky failure).
    reducedMotion: 'reduce',
  },
  projects: [
    // Phone specs tap and assume a phone's width: they run in the phone project only.
    {
      name: 'desktop',
      use: { ...devices['Desktop Chrome'], channel: undefined, launchOptions: specBrowser },
      testIgnore: '**/*.mobile.spec.ts',
      grepInvert: FULL_BROWSER,
    },
    {
      name: 'desktop-browser',
      use: { ...devices['Desktop Chrome'], channel: undefined, launchOptions: launchOptions(CHROMIUM) },
      testIgnore: '**/*.mobile.spec.ts',
      grep: FULL_BROWSER,
    },
    {
      name: 'phone',
      use: { ...devices['Pixel 7'], channel: undefined, launchOptions: specBrowser },
      testMatch: '**/*.mobile.spec.ts',
    },
  ],
})
