import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'

const root = fileURLToPath(new URL('.', import.meta.url))
const alias = { '@': root }

/** The API project: Azurite and a seeded PGlite template per run, a database copy per file (vitest.stryker.config.ts reuses it). */
export const apiProject = {
  resolve: { alias },
  test: {
    name: 'api',
    environment: 'node' as const,
    include: ['tests/api/**/*.test.ts', 'server/**/*.test.ts'],
    globalSetup: ['tests/api/global-setup.ts'],
    setupFiles: ['tests/api/setup-file.ts'],
    pool: 'forks' as const,
    // Through real servers (API_TEST_SERVER) CI runs the suite beside Playwright and the fuzz on 2 cores, where the
    // demo-seed tests (hundreds of argon2 hashes) took over 30 s: a wait, not a speed, so it is longer there.
    testTimeout: process.env.API_TEST_SERVER ? 120_000 : 30_000,
    hookTimeout: process.env.API_TEST_SERVER ? 180_000 : 60_000,
  },
}

export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'unit',
          environment: 'node',
          // Pure functions' tests beside them (`*.test.ts`); components' tests are `*.test.tsx` (the components project).
          include: ['tests/unit/**/*.test.ts', 'lib/**/*.test.ts', 'features/**/*.test.ts', 'components/**/*.test.ts'],
          env: { LOG_LEVEL: 'silent', APP_ENV: 'test' },
          // A limit for a hang, not a speed: in CI these files share two cores with the build and the other suites.
          testTimeout: 20_000,
        },
      },
      apiProject,
      {
        resolve: { alias },
        test: {
          name: 'components',
          environment: 'jsdom',
          include: ['tests/components/**/*.test.tsx', 'components/**/*.test.tsx', 'features/**/*.test.tsx'],
          setupFiles: ['tests/components/setup.ts'],
          // As for unit: a component test that takes 1.5 s alone took over 5 s (vitest's default) on a loaded machine.
          testTimeout: 20_000,
          css: { modules: { classNameStrategy: 'non-scoped' } },
        },
      },
    ],
  },
})
