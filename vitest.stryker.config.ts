import { defineConfig } from 'vitest/config'
import { apiProject } from './vitest.config'

/**
 * The API project as `npm run mutation` (stryker.config.mjs) runs it: only the test files that exercise the access and
 * state-rule modules under mutation, so a run fits in about half an hour on two cores. The Stryker vitest runner
 * replaces the pool with one worker thread per Stryker process.
 */
export default defineConfig({
  resolve: apiProject.resolve,
  test: {
    ...apiProject.test,
    // As these runs were measured and kept: each file isolated (the API project shares one process between files).
    isolate: true,
    include: [
      // Not access-matrix.test.ts: it sends every operation as every caller, so it covers every mutant here and
      // takes minutes a run; the files below name the refusals one by one.
      'tests/api/access-guards.test.ts',
      'tests/api/access-refusals.test.ts',
      'tests/api/access-review.test.ts',
      'tests/api/scope.test.ts',
      'tests/api/kyc-access.test.ts',
      'tests/api/kyc-write-access.test.ts',
      'tests/api/kyc-write-races.test.ts',
      'tests/api/businesses.test.ts',
      'tests/api/reviews.test.ts',
    ],
  },
})
