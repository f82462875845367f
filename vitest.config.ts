import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'

const root = fileURLToPath(new URL('.', import.meta.url))
const alias = { '@': root }

/**
 * The API files whose subject is the embedded database or the in-process app, which the API suite through a real
 * server on PostgreSQL cannot prove: PGlite's data-directory lock, its first-start migration, concurrent writes on its
 * one connection, and the tests that read the test process's own log, shutdown or socket.
 * CI runs these in process on PGlite (`API_IN_PROCESS=embedded`) and the whole suite once, on PostgreSQL through the
 * container's command; `npm test` runs the whole suite in process (docs/testing.md#ci).
 */
export const EMBEDDED_DATABASE_API_FILES = [
  'tests/api/data-dir-lock.test.ts',
  'tests/api/migrate-on-start.test.ts',
  'tests/api/kyc-write-races.test.ts',
  'tests/api/request-log.test.ts',
  'tests/api/shutdown-readiness.test.ts',
  'tests/api/sessions-list.test.ts',
]

/**
 * The API files CI sends through the container's command on PostgreSQL (`API_FILES=server`); the others run there in
 * process on PostgreSQL (`API_FILES=in-process`), each file once (docs/testing.md#the-api-suite-runs-once-in-ci).
 * These are the files whose subject is the real server (its transport, proxies, shutdown, start, warm-up, origins
 * and cookies, the revocation seen by a second process, the virus scanner it calls); those whose libraries load on
 * first use and so prove they are in the image (exceljs, archiver, pdf-lib, nodemailer, the locations' data:
 * docs/architecture.md#start-up); the access matrix (every operation for every identity through the real mount); and
 * issue 41's (service levels, escalation, assignment, mentions and notifications, the operations dashboard), which it
 * asks to be proven through the server on PostgreSQL. `npm run test:pg` runs every file through it.
 */
export const SERVER_PATH_API_FILES = [
  'tests/api/transport.test.ts',
  'tests/api/trusted-proxies.test.ts',
  'tests/api/graceful-shutdown.test.ts',
  'tests/api/startup.test.ts',
  'tests/api/health-warm-up.test.ts',
  'tests/api/health-openapi.test.ts',
  'tests/api/errors.test.ts',
  'tests/api/page-answers.test.ts',
  'tests/api/page-session.test.ts',
  'tests/api/session-hardening.test.ts',
  'tests/api/passkeys.test.ts',
  'tests/api/sso.test.ts',
  'tests/api/revocation.test.ts',
  'tests/api/support.test.ts',
  'tests/api/malware-scan.test.ts',
  'tests/api/case-file.test.ts',
  'tests/api/fees.test.ts',
  'tests/api/regulatory-returns.test.ts',
  'tests/api/data-subjects.test.ts',
  'tests/api/mail-smtp.test.ts',
  'tests/api/locations.test.ts',
  'tests/api/access-matrix.test.ts',
  'tests/api/service-levels.test.ts',
  'tests/api/queue-due-times.test.ts',
  'tests/api/escalation.test.ts',
  'tests/api/assignment.test.ts',
  'tests/api/mentions.test.ts',
  'tests/api/notifications.test.ts',
  'tests/api/notification-digest.test.ts',
  'tests/api/notifications-demo.test.ts',
  'tests/api/operations-dashboard.test.ts',
  'tests/api/operations-demo.test.ts',
]

/** Which API files this run takes: API_IN_PROCESS=embedded, or API_FILES=server | in-process (above); all by default. */
function apiFiles(): { include: string[]; exclude?: string[] } {
  if (process.env.API_IN_PROCESS === 'embedded') return { include: EMBEDDED_DATABASE_API_FILES }
  const which = process.env.API_FILES?.trim()
  if (!which) return { include: ['tests/api/**/*.test.ts'] }
  if (which === 'server') return { include: SERVER_PATH_API_FILES }
  if (which === 'in-process') return { include: ['tests/api/**/*.test.ts'], exclude: SERVER_PATH_API_FILES }
  throw new Error(`API_FILES must be server or in-process, not "${which}"`)
}

/** The API project: Azurite and a seeded PGlite template per run, a database copy per file (vitest.stryker.config.ts reuses it). */
export const apiProject = {
  resolve: { alias },
  test: {
    name: 'api',
    environment: 'node' as const,
    // The tests beside server modules need no database nor server (matching, importers, fees, the cipher): they are
    // the unit project's, so the API suite on PostgreSQL does not run them a second time.
    ...apiFiles(),
    globalSetup: ['tests/api/global-setup.ts'],
    setupFiles: ['tests/api/setup-file.ts'],
    pool: 'forks' as const,
    // One process for all the files, one file at a time: each file's import of the app and its fixtures was about
    // half of the project's time. tests/api/setup-file.ts gives every file a fresh database, environment and process
    // singletons, as a new process would.
    isolate: false,
    // Limits for a hang, not speeds. The tests that run the whole demo seed twice (products, reviews, the demo's
    // queues) took 34–38 s in process on a slow instance of this machine kind beside Playwright (2026-11-29), and longer
    // through real servers; since the demo seed screens every submitted business (issue 38), one took 67 s there
    // (24 s alone, 2026-11-30). In CI a hook may seed the run's demo template (products' `beforeAll`) beside
    // Playwright under `nice`, in process as well as through a server.
    testTimeout: 120_000,
    hookTimeout: process.env.API_TEST_SERVER || process.env.CI ? 180_000 : 60_000,
  },
}

/**
 * The components' test files, split by what they replace (`vi.mock`). A file that mocks a module other than
 * `next/router` runs in its own module graph (vitest's isolation), since its mock would reach every later file that
 * shares the cache. The others share one jsdom and one module graph per worker (`isolate: false`), which took about a
 * fifth of the CPU time (docs/testing.md#less-cpu): building a jsdom and importing React and the app again for each
 * file was most of it. Those that mock `next/router` all mock it with the same stand-in (tests/components/router-mock.ts),
 * so they share a graph of their own (`components-router`), whose setup empties the router before each file as a
 * fresh module would; those that mock nothing share another (`components-shared`), where `next/router` is Next's.
 */
const componentTests = ['tests/components', 'components', 'features', 'lib'].flatMap((dir) =>
  readdirSync(join(root, dir), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.test.tsx'))
    .map((file) => join(dir, file)),
)
const ROUTER_STAND_IN = "vi.mock('next/router', () => import('@/tests/components/router-mock'))"
/** Which graph a file's mocks allow: none, only `next/router`'s shared stand-in (word for word), or its own. */
const graphOf = (file: string): 'shared' | 'router' | 'isolated' => {
  const source = readFileSync(join(root, file), 'utf8')
  const mocks = source.match(/\bvi\.(?:mock|doMock)\(/g)?.length ?? 0
  if (mocks === 0) return 'shared'
  return source.split(ROUTER_STAND_IN).length - 1 === mocks ? 'router' : 'isolated'
}
const inGraph = (graph: ReturnType<typeof graphOf>) => componentTests.filter((file) => graphOf(file) === graph)
const componentsProject = (name: string, include: string[], isolate: boolean, setupFiles: string[] = []) => ({
  resolve: { alias },
  test: {
    name,
    environment: 'jsdom' as const,
    include,
    isolate,
    setupFiles: ['tests/components/setup.ts', ...setupFiles],
    // As for unit: a component test that takes 1.5 s alone took over 5 s (vitest's default) on a loaded machine.
    testTimeout: 20_000,
    css: { modules: { classNameStrategy: 'non-scoped' as const } },
  },
})

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
          include: [
            'tests/unit/**/*.test.ts',
            'lib/**/*.test.ts',
            'features/**/*.test.ts',
            'components/**/*.test.ts',
            'server/**/*.test.ts',
          ],
          env: { LOG_LEVEL: 'silent', APP_ENV: 'test' },
          // A limit for a hang, not a speed: in CI these files share two cores with the build and the other suites.
          testTimeout: 20_000,
        },
      },
      apiProject,
      componentsProject('components', inGraph('isolated'), true),
      componentsProject('components-router', inGraph('router'), false, ['tests/components/router-setup.ts']),
      componentsProject('components-shared', inGraph('shared'), false),
    ],
  },
})
