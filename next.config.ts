import type { NextConfig } from 'next'
import { PHASE_PRODUCTION_BUILD } from 'next/constants'

const nextConfig: NextConfig = {
  reactStrictMode: true,
  // The worktree, not a parent folder with its own lockfile, is the root of the traced files.
  outputFileTracingRoot: process.cwd(),
  // What the server reads with fs at run time, which the tracer cannot see: the SQL migrations (read by path) and
  // PGlite's wasm, data and pg_trgm files (loaded by URL).
  outputFileTracingIncludes: {
    '/**': [
      'server/db/migrations/**/*',
      // The shipped sanctions lists, loaded at first start (server/modules/screening/lists/shipped-lists.ts).
      'server/data/screening/*',
      'node_modules/@electric-sql/pglite/dist/{pglite.wasm,pglite.data,initdb.wasm,pg_trgm.tar.gz}',
    ],
  },
  poweredByHeader: false,
  experimental: {
    // Fewer, larger chunks per page: each file is compressed on its own, so a route's first-load JavaScript split over
    // seven small files weighs ~2 kB gzip more than the same code in four (docs/architecture.md#the-javascript-budget).
    // The price: a page reached by navigation fetches more code another page already had (13.7 kB gzip of page code
    // between two /s pages on average, instead of 8.6 kB).
    turbopackChunking: { minChunkSize: 150_000 },
    // Each page's code loads on its first request, not all of it at start (docs/architecture.md#start-up): the
    // readiness warm-up loads the main pages before the instance says it is ready, and every start (each file of the
    // API suite on PostgreSQL starts one) no longer loads the staff screens it may never serve.
    preloadEntriesOnStart: false,
  },
  // `npm test` typechecks the whole project (tests included) as its own step; the build need not repeat it.
  typescript: { ignoreBuildErrors: true },
  // Native and wasm server packages stay out of the bundle and load from node_modules at run time.
  serverExternalPackages: ['@electric-sql/pglite', 'pg', 'pino', '@node-rs/argon2', 'azurite'],
  // No `rewrites()`: any rewrite here makes every page's client router carry Next's rewrite matching (path-to-regexp
  // destinations, cookie parsing: ~3.5 kB gzip on every route; docs/architecture.md#the-javascript-budget). The one
  // rewrite the portal has (/.well-known/kyc-evidence-key.pem) is proxy.ts's.
  async redirects() {
    // docs/decisions.md#old-screen-urls: the old fragments redirect to the current paths.
    return [
      { source: '/s/businesses/dashboardDetails/:rest*', destination: '/s/businesses/dashboard-details/:rest*', permanent: true },
      {
        source: '/s/businesses/dashboard-details/kyc/preview',
        destination: '/s/businesses/dashboard-details/kyc/preview-form',
        permanent: true,
      },
    ]
  },
}

/**
 * The build writes the standalone server the container runs (docs/architecture.md#container); `npm run build`
 * completes it. `next start` (npm start, the demo, the tests) reads this file again and would warn that it "does not
 * work" with standalone output (it does: same .next), so `output` is only set for the build.
 */
export default function config(phase: string): NextConfig {
  return phase === PHASE_PRODUCTION_BUILD ? { ...nextConfig, output: 'standalone' } : nextConfig
}
