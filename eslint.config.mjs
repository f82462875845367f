// ESLint flat config. The architecture's import boundaries live in eslint/boundaries.mjs;
// tests/unit/lint-boundaries.test.ts applies `createConfig` to a fixture tree to prove them.
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import js from '@eslint/js'
import { defineConfig, globalIgnores } from 'eslint/config'
import drizzle from 'eslint-plugin-drizzle'
import { importX } from 'eslint-plugin-import-x'
import tseslint from 'typescript-eslint'
import { boundaryRules, importSettings } from './eslint/boundaries.mjs'

/** Files that may read `process.env`. Everything else asks lib/config (`getConfig()`, or lib/config/public.ts in the browser). */
export const PROCESS_ENV_ALLOWED = [
  'lib/config/**',
  'scripts/**',
  'bench/**',
  'tests/**',
  'e2e/**',
  '**/*.test.{ts,tsx}',
  'playwright.config.ts',
  'vitest.config.ts',
  'drizzle.config.ts',
  // NEXT_RUNTIME (which runtime loads it) and NEXT_MANUAL_SIG_HANDLE are Next's own switches, read as Next reads them.
  'instrumentation.ts',
]

/**
 * The whole lint configuration for the tree at `root` (an absolute path).
 * @param {string} root
 */
/** A body read by hand: the modules read it with readBody / readMultipart. */
const BODY_READER = {
  selector: 'CallExpression > MemberExpression[property.name=/^(parseBody|formData)$/]',
  message: 'Read a JSON or multipart body with readBody / readMultipart (server/http/body.ts).',
}

/** A staff permission spelled in a service's check: the service exports it as a constant its route's access uses too. */
const PERMISSION_NAMED_ONCE = {
  selector: 'CallExpression[callee.name=/^assertStaffWith(Any|All)$/] > MemberExpression[object.name=/^(P|PERMISSIONS)$/]',
  message: 'Name the permission once: a constant the service exports, used by its route (access.*) and this check.',
}

/** PostgreSQL's unique-violation code, read only by uniqueViolationOf (server/db/errors.ts). */
const UNIQUE_VIOLATION_CODE = {
  selector: "Literal[value='23505']",
  message: 'Read a unique violation with uniqueViolationOf (server/db/errors.ts), not its SQLSTATE.',
}

export function createConfig(root) {
  return defineConfig(
    globalIgnores([
      '**/node_modules/',
      '.next/',
      '.data*/',
      'coverage/',
      'test-results/',
      'playwright-report/',
      'next-env.d.ts',
      'server/db/migrations/',
      // Deliberate violations, linted by tests/unit/lint-boundaries.test.ts.
      'tests/fixtures/lint-boundaries/',
    ]),
    {
      linterOptions: { reportUnusedDisableDirectives: 'error' },
    },
    js.configs.recommended,
    tseslint.configs.recommended,
    {
      name: 'project/rules',
      files: ['**/*.{ts,tsx,mts,cts,js,jsx,mjs,cjs}'],
      plugins: { import: importX, drizzle },
      settings: importSettings(root),
      rules: {
        ...boundaryRules(root),
        // One import order everywhere (docs/conventions.md#checks-that-keep-the-structure): node built-ins, packages, then `@/` paths, then
        // relative ones, each group alphabetical; `npm run lint -- --fix` sorts a file.
        'import/order': [
          'error',
          {
            groups: ['builtin', 'external', 'internal', ['parent', 'sibling', 'index']],
            pathGroups: [{ pattern: '@/**', group: 'internal' }],
            pathGroupsExcludedImportTypes: ['builtin'],
            'newlines-between': 'ignore',
            alphabetize: { order: 'asc', caseInsensitive: true },
          },
        ],
        'drizzle/enforce-update-with-where': ['error', { drizzleObjectName: ['db', 'tx'] }],
        'drizzle/enforce-delete-with-where': ['error', { drizzleObjectName: ['db', 'tx'] }],
        '@typescript-eslint/no-unused-vars': [
          'error',
          {
            argsIgnorePattern: '^_',
            varsIgnorePattern: '^_',
            caughtErrorsIgnorePattern: '^_',
            destructuredArrayIgnorePattern: '^_',
          },
        ],
        'no-restricted-properties': [
          'error',
          {
            object: 'process',
            property: 'env',
            message: 'Read configuration through lib/config (getConfig() on the server, lib/config/public.ts in the browser).',
          },
        ],
      },
    },
    {
      // PostgreSQL's error codes are read in one place (docs/architecture.md#import-rules): a service asks
      // uniqueViolationOf and maps the constraint to its own answer.
      name: 'project/database-errors',
      files: ['server/**/*.ts'],
      ignores: ['server/db/errors.ts', '**/*.test.ts'],
      rules: {
        'no-restricted-syntax': ['error', UNIQUE_VIOLATION_CODE],
      },
    },
    {
      // One body reader (docs/conventions.md#checks-that-keep-the-structure): a route that validates its own body
      // reads it with readBody / readMultipart, which answer 415 and the 400s naming the field the same way. Flat
      // config replaces a rule's options per file, so the modules keep the SQLSTATE selector above here too.
      name: 'project/one-body-reader',
      files: ['server/modules/**/*.ts'],
      ignores: ['**/*.test.ts'],
      rules: {
        'no-restricted-syntax': ['error', UNIQUE_VIOLATION_CODE, BODY_READER, PERMISSION_NAMED_ONCE],
      },
    },
    {
      // One way to build a service call (docs/conventions.md#shared-pieces-to-reach-for-first): a route handler takes
      // the database from serviceArgs / readArgs / publicArgs (server/http/service-args.ts), never from getDb itself.
      name: 'project/service-args',
      files: ['server/modules/**/*routes.ts'],
      rules: {
        'no-restricted-syntax': [
          'error',
          UNIQUE_VIOLATION_CODE,
          BODY_READER,
          PERMISSION_NAMED_ONCE,
          {
            selector: "CallExpression[callee.name='getDb']",
            message: 'Give the service its database with serviceArgs / readArgs / publicArgs (server/http/service-args.ts).',
          },
        ],
      },
    },
    {
      name: 'project/process-env-allowed',
      files: PROCESS_ENV_ALLOWED,
      rules: { 'no-restricted-properties': 'off' },
    },
  )
}

export default createConfig(path.dirname(fileURLToPath(import.meta.url)))
