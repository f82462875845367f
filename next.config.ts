import type { NextConfig } from 'next'

const nextConfig: NextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  // `npm test` typechecks the whole project (tests included) as its own step; the build need not repeat it.
  typescript: { ignoreBuildErrors: true },
  // Native and wasm server packages stay out of the bundle and load from node_modules at run time.
  serverExternalPackages: ['@electric-sql/pglite', 'pg', 'pino', '@node-rs/argon2', 'azurite'],
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

export default nextConfig
