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
    testTimeout: 30_000,
    hookTimeout: 60_000,
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
          css: { modules: { classNameStrategy: 'non-scoped' } },
        },
      },
    ],
  },
})
