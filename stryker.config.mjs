// @ts-check
/**
 * `npm run mutation`: StrykerJS over the access and state rules (who may act, and in which state), run by the API
 * tests that exercise them (vitest.stryker.config.ts). Reports: reports/mutation/ (clear text on the console).
 * @type {import('@stryker-mutator/api/core').PartialStrykerOptions}
 */
export default {
  testRunner: 'vitest',
  plugins: ['@stryker-mutator/vitest-runner'],
  vitest: { configFile: 'vitest.stryker.config.ts', related: false },
  mutate: [
    // The guards (the `access` declarations below line 67 run once at import, when the routes are built).
    'server/http/access.ts:32-66',
    'server/http/scope.ts',
    // The KYC edit check and the locked write that repeats it (not the verification-item sync after it).
    'server/modules/kyc/kyc-edit-access.ts:19-100',
    // Not found, object-level access and the last-active-owner rule.
    'server/modules/businesses/business-users.ts:43-47',
    'server/modules/businesses/business-users.ts:55-57',
    'server/modules/businesses/business-users.ts:89-122',
    'server/modules/businesses/business-users.ts:139-143',
    // Four-eyes, staff permission, the decline reason, preconditions and the conditional UPDATE's state gate.
    'server/modules/reviews/decide-business.ts:24-88',
  ],
  // Mutants in code that runs at import are covered by every test and would each cost a full run.
  ignoreStatic: true,
  coverageAnalysis: 'perTest',
  concurrency: 2,
  // Every run copies a PGlite database per test file and starts from cold modules.
  timeoutMS: 60_000,
  timeoutFactor: 2,
  ignorePatterns: [
    '/.next',
    '/.data*',
    '/e2e',
    '/reports',
    '/coverage',
    '/test-results',
    '/playwright-report',
    '/bench/results',
    '/.ci',
  ],
  // event-recorder: one file per tested mutant as it finishes, so an interrupted run still shows what it found.
  reporters: ['clear-text', 'progress', 'html', 'json', 'event-recorder'],
  eventReporter: { baseDir: 'reports/mutation/events' },
  htmlReporter: { fileName: 'reports/mutation/mutation.html' },
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  // A re-run tests again only the mutants whose code or covering tests changed (`-- --force` for all).
  incremental: true,
  incrementalFile: 'reports/mutation/stryker-incremental.json',
  tempDirName: '.stryker-tmp',
  cleanTempDir: 'always',
}
