// Import boundaries of the app, as `import/no-restricted-paths` zones plus `import/no-cycle`.
//
// Everything is relative to `root`, so the same rules apply to the project (eslint.config.mjs) and to the
// fixture tree tests/fixtures/lint-boundaries (tests/unit/lint-boundaries.test.ts), which mirrors the layout.
//
// Dependencies point one way: pages -> features -> components -> lib.
// Inside server/, floors (docs/architecture.md#import-rules): entry points (app, main, bff, seed) -> modules -> records
// -> the edge (http, auth, audit, integrations, jobs, lifecycle) -> db; authorizations imports no domain module.
// `server/` is the Hono API: it is imported only by pages/api, scripts, bench, tests and e2e, and itself
// imports only the isomorphic parts of lib (never lib/http or lib/query, which are browser code).
import { readdirSync } from 'node:fs'
import path from 'node:path'
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript'

/** Top-level folders (besides pages/api) that may import `server/`. */
export const SERVER_IMPORTERS = ['server', 'scripts', 'bench', 'tests', 'e2e']

/** The parts of `lib/` that `server/` may import (relative to lib/). Everything else in lib/ is browser code. */
export const SERVER_LIB_ALLOWLIST = [
  'contracts',
  'permissions',
  'validation',
  'format',
  'config',
  'kyc',
  'session/keys.ts',
  'session/portal-session.ts',
]

/** What in `server/` sits above `server/db/` (relative to server/); server/db may import none of it. */
export const SERVER_ABOVE_DB = [
  'modules',
  'records',
  'integrations',
  'audit',
  'auth',
  'http',
  'bff',
  'jobs',
  'seed',
  'app.ts',
  'main.ts',
]

/** The floor under the modules and above the database (relative to server/): what every module builds on. */
export const SERVER_EDGE = ['http', 'auth', 'audit', 'integrations', 'jobs', 'lifecycle']

/** The entry points of server/ besides the seed (which has its own zone): they compose the modules. */
export const SERVER_ENTRY = ['bff', 'app.ts', 'main.ts']

/**
 * Modules the authorizations module may import (relative to server/modules): itself, accounts for staff users, and
 * notifications (a sink that imports no domain) to tell a maker of the decision.
 */
export const AUTHORIZATIONS_IMPORTS = ['authorizations', 'accounts', 'notifications']

const SOURCE_EXTENSIONS = ['.ts', '.tsx', '.mts', '.cts', '.js', '.jsx', '.mjs', '.cjs']

/**
 * Feature folders under `<root>/features`, read when the config loads, so a new feature is covered the next time
 * ESLint starts (an editor's ESLint server needs a restart to see a feature created while it runs).
 * @param {string} root
 * @returns {string[]}
 */
export function featureNames(root) {
  try {
    return readdirSync(path.join(root, 'features'), { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && !entry.name.startsWith('.'))
      .map((entry) => entry.name)
      .sort()
  } catch (error) {
    if (/** @type {NodeJS.ErrnoException} */ (error).code === 'ENOENT') return []
    throw error
  }
}

/**
 * The `zones` of `import/no-restricted-paths`, relative to `root` (the rule's `basePath`).
 * Each forbidden import is reported by exactly one zone, whose message names the rule it breaks.
 * @param {string} root
 */
export function boundaryZones(root) {
  const notServerImporters = `!(pages|${SERVER_IMPORTERS.join('|')})/**`
  return [
    {
      // Glob targets: every top-level folder except the server importers and pages (their own zone below), and files
      // at the root (configs; proxy.ts and instrumentation.ts have their own zones below).
      target: [notServerImporters, '!(proxy.ts|instrumentation.ts)'],
      from: 'server',
      message:
        'server/ is the API implementation: only pages/api, scripts, bench, tests and e2e import it. Share types and schemas through lib/contracts.',
    },
    {
      // Pages except pages/api (`pages/*` are the files directly in pages/, `pages/!(api)/**` the subfolders): a page's
      // getServerSideProps may read the API's answers for its visitor (Next leaves it out of the browser's bundle).
      target: ['pages/*', 'pages/!(api)/**'],
      from: 'server',
      except: ['./bff/page-answers.ts'],
      message:
        'server/ is the API implementation: a page may import only server/bff/page-answers (in getServerSideProps); pages/api, scripts, bench, tests and e2e import the rest.',
    },
    {
      // proxy.ts checks page sessions against the same revocation as the API, through the BFF's page check only.
      target: 'proxy.ts',
      from: 'server',
      except: ['./bff/page-session.ts'],
      message: 'proxy.ts may import only server/bff/page-session from server/ (the page session check).',
    },
    {
      // instrumentation.ts installs the graceful shutdown when a server process starts (docs/architecture.md#shutdown),
      // and the direct path of /api/v1 past Next's router (server/lifecycle/api-direct.ts).
      target: 'instrumentation.ts',
      from: 'server',
      except: ['./lifecycle/graceful-shutdown.ts', './lifecycle/api-direct.ts', './logger.ts'],
      message:
        'instrumentation.ts may import only server/lifecycle/graceful-shutdown, server/lifecycle/api-direct and server/logger from server/.',
    },
    {
      target: 'lib',
      from: ['features', 'components', 'pages'],
      message: 'lib/ is the bottom layer: it must not import features/, components/ or pages/.',
    },
    {
      target: 'components',
      from: ['features', 'pages'],
      message: 'components/ are feature-agnostic: they must not import features/ or pages/. Pass data in through props.',
    },
    {
      target: 'features',
      from: 'pages',
      message: 'features/ must not import pages/: pages compose features, not the other way round.',
    },
    ...featureNames(root).map((name) => ({
      target: `features/${name}`,
      from: 'features',
      except: [`./${name}`],
      message: `features/${name} must not import another feature. Move what both need to lib/ or components/.`,
    })),
    {
      target: 'server',
      from: ['features', 'components', 'pages'],
      message: 'server/ must not import features/, components/ or pages/.',
    },
    {
      // The database layer knows no service: the seed, which composes services, is installed from above on open.
      target: 'server/db',
      from: SERVER_ABOVE_DB.map((p) => `server/${p}`),
      message:
        'server/db/ (schema, client, query helpers) must not import services or the layers above it (modules, records, integrations, audit, auth, http, bff, seed, the app). An entry point installs what runs on open (setDatabaseSetup).',
    },
    {
      target: SERVER_ABOVE_DB.filter((p) => !['seed', 'app.ts', 'main.ts'].includes(p)).map((p) => `server/${p}`),
      from: 'server/seed',
      message:
        'server/seed/ composes services (it sits above the modules): only entry points (server/app, server/main, pages/api, scripts, bench, tests) run it.',
    },
    {
      // Shared records several modules read (the business record, overdue deferrals, the latest decision, attachable
      // files, verification items, display names) sit under the modules, so two modules never need each other for them.
      target: 'server/records',
      from: ['server/modules', ...SERVER_ENTRY.map((p) => `server/${p}`)],
      message:
        'server/records/ sits below the modules: it must not import server/modules/ or the entry points (bff, app, main). Move what it needs down into records/ or below.',
    },
    {
      target: SERVER_EDGE.map((p) => `server/${p}`),
      from: ['server/modules', 'server/records', ...SERVER_ENTRY.map((p) => `server/${p}`)],
      message: `server/${SERVER_EDGE.join(', ')} sit below the records and the modules: they must not import server/modules/, server/records/ or the entry points (bff, app, main). A module hands them what they need.`,
    },
    {
      // The four-eyes registry: each configuration kind lives with its domain and registers itself (registerKinds).
      target: 'server/modules/authorizations',
      from: 'server/modules',
      except: AUTHORIZATIONS_IMPORTS.map((p) => `./${p}`),
      message:
        'server/modules/authorizations imports no domain module (but accounts): a configuration kind lives with its domain and registers itself with registerKinds (authorizations/kinds/index.ts).',
    },
    {
      target: 'server',
      from: 'lib',
      except: SERVER_LIB_ALLOWLIST.map((p) => `./${p}`),
      message: `server/ may import only ${SERVER_LIB_ALLOWLIST.map((p) => `lib/${p.replace(/\.ts$/, '')}`).join(', ')}; the rest of lib/ is browser code.`,
    },
  ]
}

/**
 * The boundary rules, for the plugin registered as `import` (eslint-plugin-import-x).
 * @param {string} root absolute path of the tree the zones describe
 * @returns {import('eslint').Linter.RulesRecord}
 */
export function boundaryRules(root) {
  return {
    'import/no-restricted-paths': ['error', { basePath: root, zones: boundaryZones(root) }],
    // Type-only imports are not followed (they vanish at run time); node_modules are not traversed.
    'import/no-cycle': ['error', { ignoreExternal: true }],
  }
}

/**
 * Settings for eslint-plugin-import-x: resolve `@/*` and relative imports through `<root>/tsconfig.json`.
 * The keys stay `import-x/*` whatever name the plugin is registered under.
 * @param {string} root
 * @returns {Record<string, unknown>}
 */
export function importSettings(root) {
  return {
    'import-x/extensions': SOURCE_EXTENSIONS,
    'import-x/external-module-folders': ['node_modules', 'node_modules/@types'],
    'import-x/resolver-next': [
      createTypeScriptImportResolver({ project: path.join(root, 'tsconfig.json'), alwaysTryTypes: true }),
    ],
  }
}
