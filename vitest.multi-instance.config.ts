import { defineConfig } from 'vitest/config'
import { apiProject } from './vitest.config'

/**
 * `npm run test:multi-instance`: two production servers on one PostgreSQL database and one Redis
 * (tests/multi-instance). The API project's setup (Azurite, a database cloned per file) with longer timeouts: the
 * servers (the container's command) start once per file, after the production build (built first when stale).
 */
export default defineConfig({
  resolve: apiProject.resolve,
  test: {
    ...apiProject.test,
    name: 'multi-instance',
    include: ['tests/multi-instance/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 600_000,
  },
})
